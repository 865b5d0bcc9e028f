/// The one place that decides how generated Swift is laid out: indentation, line width and blank
/// lines. The planner prints each piece of code through a printer (so "does this call fit on one
/// line?" is asked here, not computed by hand), and the rendered file passes through one printer
/// last, which applies the blank-line rules to what the templates wrote.
///
/// Every line it keeps has no trailing white space; a blank line is never indented, never
/// doubled, never first or last, and never just inside braces (after a line ending in `{` or
/// before one starting with `}`). Templates can therefore be laid out for readability.
public struct CodePrinter: Sendable {
    /// One level of indentation.
    public static let indentUnit = "    "
    /// Longer lines are broken where the planner offers a broken form (swift-format's default).
    public static let lineWidth = 100

    /// The indentation level in the file at which this code will stand: it counts toward the
    /// line width, but the printed text does not contain it (the template that places the code
    /// indents it).
    public let baseLevel: Int
    /// Characters already on the first line before this code (`let call = `).
    private let firstLineOffset: Int
    /// The current level, relative to `baseLevel`.
    private var level = 0
    private var lines: [String] = []
    /// A blank line seen and not yet written: written before the next line unless that one
    /// closes a brace.
    private var pendingBlank = false
    /// The `#sourceLocation` in force inside `mapped`, restored after a nested one.
    private var mapping: (file: String, line: Int)?

    /// A printer for code that the template places at indentation `level`, after `prefix` on
    /// its first line.
    public init(level: Int = 0, after prefix: String = "") {
        baseLevel = level
        firstLineOffset = prefix.count
    }

    /// Whether `text`, started on a new line at the current level, fits in the line width with
    /// `reserve` more characters after it (a ` {` that follows). On the first line the prefix
    /// counts too.
    public func fits(_ text: String, reserve: Int = 0) -> Bool {
        let start = (baseLevel + level) * Self.indentUnit.count + (lines.isEmpty ? firstLineOffset : 0)
        return start + text.count + reserve <= Self.lineWidth
    }

    /// One line at the current level (a line break in `text` starts another line there).
    public mutating func line(_ text: String) {
        for line in text.lines { emit(line) }
    }

    /// Lines printed by `body` one level deeper.
    public mutating func indented(_ body: (inout CodePrinter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// `open`, then `body` one level deeper, then `close`.
    public mutating func block(_ open: String, close: String = "}", _ body: (inout CodePrinter) -> Void) {
        line(open)
        indented(body)
        line(close)
    }

    /// Statements that repeat a `.bridge` file's text written at `line`, between
    /// `#sourceLocation` directives (laid out as swift-format does), so that the compiler reports
    /// a mistake in them at the `.bridge` file; just the statements when `line` is nil.
    public mutating func mapped(to line: Int?, file pathLiteral: String, _ body: (inout CodePrinter) -> Void) {
        guard let line else { return body(&self) }
        let outer = mapping
        mapping = (pathLiteral, line)
        self.line("#sourceLocation(file:\(pathLiteral),line:\(line))")
        body(&self)
        mapping = outer
        // Inside an outer mapping its statement goes on: back to that mapping (its lines are
        // bridgegen's own code, so the exact line there does not matter).
        self.line(outer.map { "#sourceLocation(file:\($0.file),line:\($0.line))" } ?? "#sourceLocation()")
    }

    /// For a piece that the template places inside a statement mapped to `line`: a mapping
    /// printed inside it then returns to that one rather than ending all mapping (an unpaired
    /// `#sourceLocation()` is an error).
    public mutating func assumeMapped(to line: Int?, file pathLiteral: String) {
        mapping = line.map { (pathLiteral, $0) }
    }

    /// Code printed by another printer, each of its lines at the current level.
    public mutating func append(_ code: CodePrinter) {
        for line in code.lines { emit(Substring(line)) }
    }

    /// The code, relative to `baseLevel`, without a final line break: what a template inserts.
    public var text: String { lines.joined(separator: "\n") }

    /// The code as a whole file: every line ends with a line break, and an empty file is one
    /// line break.
    public var fileText: String { lines.isEmpty ? "\n" : lines.joined(separator: "\n") + "\n" }

    /// A whole text laid out by the rules (what the templates rendered).
    public static func tidy(_ text: String) -> String {
        var printer = CodePrinter()
        printer.line(text)
        return printer.fileText
    }

    private mutating func emit(_ text: Substring) {
        var scalars = text.unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        guard !scalars.isEmpty else {
            // Not at the start, not twice, not right after an opening brace.
            if let previous = lines.last, !previous.unicodeScalars.isEmpty, previous.unicodeScalars.last != "{" {
                pendingBlank = true
            }
            return
        }
        if pendingBlank && scalars.first(where: { $0 != " " }) != "}" { lines.append("") }
        pendingBlank = false
        let indentation = String(repeating: Self.indentUnit, count: level)
        lines.append(indentation + String(scalars))
    }
}

extension String {
    /// The text's lines, split at each line feed (a `\r` before it stays on its line).
    public var lines: [Substring] {
        var lines: [Substring] = []
        var start = startIndex
        var index = startIndex
        while index != endIndex {
            let next = utf8.index(after: index)
            if utf8[index] == UInt8(ascii: "\n") {
                lines.append(self[start..<index])
                start = next
            }
            index = next
        }
        lines.append(self[start...])
        return lines
    }
}
