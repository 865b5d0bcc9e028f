import Templates

/// The one place that decides how generated Swift is laid out and where its lines map back to the
/// `.bridge` file. One printer prints one adapter, from its attributes to its last brace, passed
/// `inout` through the planner (swift-protobuf's `CodePrinter` is the model). The rendered file
/// passes through `tidy` last, which applies the same blank-line rules to what templates wrote.
///
/// **Layout.** Every line it keeps has no trailing white space; a blank line is never indented,
/// never doubled, never first or last, and never just inside braces.
///
/// **Mapping.** A line printed `from` a `.bridge` line repeats text written there. The printer
/// writes `#sourceLocation(file:line:)` wherever the mapping changes, so the compiler reports a
/// mistake in that text at the `.bridge` line. Swift allows the directive only between
/// statements and declarations, and numbers the lines after it on from it; so the lines of one
/// statement (a `line` and the `continuation`s after it) share one directive, chosen to put as
/// many of them as possible on their own lines (an `anchor` line always). Statements that repeat
/// nothing from the `.bridge` go back to the generated file (`#sourceLocation()`).
public struct CodePrinter: Sendable {
    /// One level of indentation.
    public static let indentUnit = "    "
    /// Longer lines are broken where the planner offers a broken form (swift-format's default).
    public static let lineWidth = 100

    /// The indentation level at which the printed code stands in the file: it counts toward the
    /// line width; the text does not contain it (the template that places the code indents it).
    public let baseLevel: Int
    /// The `.bridge` file's path as a string literal; nil prints no directives.
    let sourceFile: String?
    /// The current level, relative to `baseLevel`.
    private var level = 0
    public private(set) var lines: [String] = []
    /// A blank line asked for and not yet written: written before the next statement unless
    /// that one closes a brace.
    private var pendingBlank = false
    /// The statement being printed: its lines are written together, under one directive.
    private var statement: [PendingLine] = []
    /// The `.bridge` line the next written line has under the directive in force; nil while the
    /// lines are the generated file's own.
    private var nextMappedLine: Int?
    /// The statement in progress goes on from the written lines: no directive before it.
    private var continuesWrittenLines = false

    private struct PendingLine: Sendable {
        var text: String
        var source: Int?
        var anchor: Bool
    }

    /// A printer for code the template places at indentation `level`; `sourceFile` (a string
    /// literal) turns on the mapping.
    public init(level: Int = 0, sourceFile: String? = nil) {
        baseLevel = level
        self.sourceFile = sourceFile
    }

    /// Whether `text`, started on a new line at the current level, fits in the line width with
    /// `reserve` more characters after it (a ` {` that follows).
    public func fits(_ text: String, reserve: Int = 0) -> Bool {
        (baseLevel + level) * Self.indentUnit.count + text.count + reserve <= Self.lineWidth
    }

    /// A line that starts a statement or declaration (a directive may stand before it), written
    /// at the current level. A line break in `text` continues it on more lines; with `source`,
    /// those lines repeat the `.bridge` lines after it.
    public mutating func line(_ text: String, from source: Int? = nil, anchor: Bool = false) {
        endStatement()
        if text.isEmpty { return blankLine() }
        append(text, from: source, anchor: anchor)
    }

    /// A line of the statement begun by the last `line` (inside an argument or parameter list,
    /// where no directive may stand). After `writtenLineCount`, it goes on from the written
    /// lines, under their mapping (a property's `get` after its `var … {`).
    public mutating func continuation(_ text: String, from source: Int? = nil, anchor: Bool = false) {
        if statement.isEmpty && !lines.isEmpty { continuesWrittenLines = true }
        append(text, from: source, anchor: anchor)
    }

    private mutating func append(_ text: String, from source: Int?, anchor: Bool) {
        let indentation = String(repeating: Self.indentUnit, count: level)
        for (offset, line) in text.lines.enumerated() {
            statement.append(
                PendingLine(
                    text: line.isEmpty ? "" : indentation + line, source: source.map { $0 + offset },
                    anchor: anchor && offset == 0))
        }
    }

    /// A blank line before the next statement (dropped where the layout rules say so).
    public mutating func blankLine() {
        endStatement()
        if let previous = lines.last, !previous.isEmpty, !previous.hasSuffix("{") { pendingBlank = true }
    }

    /// Lines printed by `body` one level deeper.
    public mutating func indented(_ body: (inout CodePrinter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// `open`, then `body` one level deeper, then `close`.
    public mutating func block(
        _ open: String, from source: Int? = nil, close: String = "}", _ body: (inout CodePrinter) -> Void
    ) {
        line(open, from: source)
        indented(body)
        line(close)
    }

    /// One line per item, a comma after each but the last (an item of several lines gets its
    /// comma on its last line), continuing the statement.
    public mutating func commaSeparated(_ items: [Sourced]) {
        for (index, item) in items.enumerated() {
            continuation(index < items.count - 1 ? item.text + "," : item.text, from: item.line, anchor: item.anchor)
        }
    }

    /// Whether lines are mapped to the `.bridge` file.
    public var isMapping: Bool { sourceFile != nil }

    /// How many lines are written, after the statement in progress: where the next one starts.
    public mutating func writtenLineCount() -> Int {
        endStatement()
        return lines.count
    }

    /// Writes what is pending and, when the written lines end under a mapping, returns to the
    /// generated file's own lines before the last one (a closing brace), so that nothing after
    /// it is mapped.
    public mutating func endMapping() {
        endStatement()
        guard nextMappedLine != nil, let last = lines.popLast() else { return }
        lines.append(Self.resetDirective(indentation: last.prefix { $0 == " " } + Self.indentUnit))
        lines.append(last)
        nextMappedLine = nil
    }

    /// The code, relative to `baseLevel`, without a final line break: what a template inserts.
    public var text: String {
        var copy = self
        copy.endStatement()
        return copy.lines.joined(separator: "\n")
    }

    /// A whole text laid out by the rules (what the templates rendered), with no mapping.
    public static func tidy(_ text: String) -> String {
        var printer = CodePrinter()
        for line in text.lines {
            let trimmed = Self.trimmed(line)
            trimmed.isEmpty ? printer.blankLine() : printer.line(String(trimmed))
        }
        printer.endStatement()
        return printer.lines.isEmpty ? "\n" : printer.lines.joined(separator: "\n") + "\n"
    }

    private static func trimmed(_ line: Substring) -> Substring {
        var scalars = line.unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return Substring(scalars)
    }

    private static func resetDirective<S: StringProtocol>(indentation: S) -> String {
        indentation + "#sourceLocation()"
    }

    /// Writes the statement in progress under the directive that maps its lines best.
    private mutating func endStatement() {
        guard !statement.isEmpty else { return }
        let pending = statement.map { PendingLine(text: String(Self.trimmed(Substring($0.text))), source: $0.source, anchor: $0.anchor) }
        statement = []
        defer { continuesWrittenLines = false }
        let firstText = pending[0].text
        if pendingBlank && firstText.first(where: { $0 != " " }) != "}" {
            lines.append("")
            nextMappedLine = nextMappedLine.map { $0 + 1 }
        }
        pendingBlank = false
        // A directive before a closing brace stands inside the block it closes.
        var indentation = String(firstText.prefix { $0 == " " })
        if firstText.dropFirst(indentation.count).first.map({ "})]".contains($0) }) == true { indentation += Self.indentUnit }
        if let sourceFile, !continuesWrittenLines {
            if let first = Self.bestFirstLine(pending) {
                if nextMappedLine != first {
                    lines.append(indentation + "#sourceLocation(file:\(sourceFile),line:\(first))")
                }
                nextMappedLine = first
            } else if nextMappedLine != nil && !pending.allSatisfy({ Self.isClosing($0.text) }) {
                // Bridgegen's own code: its mistakes are ours, reported in the generated file.
                lines.append(Self.resetDirective(indentation: indentation))
                nextMappedLine = nil
            }
        }
        lines += pending.map(\.text)
        nextMappedLine = nextMappedLine.map { $0 + pending.count }
    }

    /// The `.bridge` line for a statement's first line: the one that puts its anchor line on its
    /// source, else the most of its lines (the earliest on a tie); nil when none repeats the
    /// `.bridge`. Never below 1.
    private static func bestFirstLine(_ pending: [PendingLine]) -> Int? {
        if let index = pending.firstIndex(where: { $0.anchor && $0.source != nil }), let source = pending[index].source {
            return max(1, source - index)
        }
        var votes: [Int: Int] = [:]
        var best: (line: Int, votes: Int)?
        for (index, line) in pending.enumerated() {
            guard let source = line.source, source - index >= 1 else { continue }
            let first = source - index
            votes[first, default: 0] += 1
            if votes[first]! > best?.votes ?? 0 { best = (first, votes[first]!) }
        }
        return best?.line ?? pending.compactMap(\.source).first
    }

    /// A line of closing punctuation only: it repeats nothing and may stay under a mapping.
    private static func isClosing(_ text: String) -> Bool {
        text.allSatisfy { " })],;".contains($0) }
    }
}

/// A piece of code and the `.bridge` line its text comes from; an `anchor` is put on that line
/// whatever else its statement holds (an annotation's expression, a call's labels).
public struct Sourced: Hashable, Sendable {
    public var text: String
    public var line: Int?
    public var anchor: Bool

    public init(_ text: String, from line: Int? = nil, anchor: Bool = false) {
        self.text = text
        self.line = line
        self.anchor = anchor
    }
}
