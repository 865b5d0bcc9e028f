import Templates

/// The one place that decides how generated Swift is laid out and where its lines map back to the
/// `.bridge` file. One printer prints the whole generated file, from its header to its last
/// brace, passed `inout` through the planner (swift-protobuf's `CodePrinter` is the model).
///
/// **Layout.** Every line it keeps has no trailing white space; a blank line is never indented,
/// never doubled, never first or last, and never just inside braces.
///
/// **Mapping.** A line printed `from` a `.bridge` line repeats text written there. The printer
/// records each statement with the `.bridge` lines of its lines; `rendered(sourceFile:)` then
/// writes `#sourceLocation(file:line:)` wherever the mapping changes, so the compiler reports a
/// mistake in that text at the `.bridge` line — or writes no directive at all, for output that is
/// committed and reviewed in diffs (docs/decisions.md, decision 34). Swift allows the directive
/// only between statements and declarations, and numbers the lines after it on from it; so the
/// lines of one statement (a `line` and the `continuation`s after it) share one directive,
/// chosen to put as many of them as possible on their own lines (an `anchor` line always).
/// Statements that repeat nothing from the `.bridge` go back to the generated file
/// (`#sourceLocation()`). The layout is the same whether or not directives are written.
public struct CodePrinter: Hashable, Sendable {
    /// One level of indentation.
    public static let indentUnit = "    "
    /// Longer lines are broken where the planner offers a broken form (swift-format's default).
    public static let lineWidth = 100

    /// Whether `from:` lines are kept: off while printing code whose text differs from the
    /// `.bridge` file's (a fake's copy of an adapter), which is then never mapped.
    public var mapsSource = true
    /// The current indentation level.
    private var level = 0
    private var entries: [Entry] = []
    /// The last line written, for the blank-line rules.
    private var lastLine: String?
    /// A blank line asked for and not yet written: written before the next statement unless
    /// that one closes a brace.
    private var pendingBlank = false
    /// The statement being printed: its lines are written together, under one directive.
    private var statement: [PrintedLine] = []
    /// The statement in progress goes on from the written lines: no directive before it.
    private var continuesWrittenLines = false

    /// A printed line, indented, and the `.bridge` line its text repeats.
    struct PrintedLine: Hashable, Sendable {
        var text: String
        var source: Int?
        var anchor: Bool
    }

    enum Entry: Hashable, Sendable {
        case statement([PrintedLine], blankBefore: Bool, continuesWrittenLines: Bool)
        /// Back to the generated file's own lines before the last line written (a closing
        /// brace), when the lines before it are mapped.
        case endMapping
    }

    public init() {}

    /// Whether `text`, started on a new line at the current level, fits in the line width with
    /// `reserve` more characters after it (a ` {` that follows).
    public func fits(_ text: String, reserve: Int = 0) -> Bool {
        level * Self.indentUnit.count + text.count + reserve <= Self.lineWidth
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
    /// where no directive may stand). After `endStatement`, it goes on from the written lines,
    /// under their mapping (a property's `get` after its `var … {`).
    public mutating func continuation(_ text: String, from source: Int? = nil, anchor: Bool = false) {
        if statement.isEmpty && lastLine != nil { continuesWrittenLines = true }
        append(text, from: source, anchor: anchor)
    }

    /// Lines of text at the current level, each a statement of its own that repeats nothing
    /// (what a template rendered: comments); blank lines inside follow the layout rules, and the
    /// line break that ends the text adds none.
    public mutating func lines(of text: String) {
        var lines = text.lines
        if lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines {
            let trimmed = Self.trimmed(line)
            if trimmed.isEmpty { blankLine() } else { self.line(String(trimmed)) }
        }
    }

    private mutating func append(_ text: String, from source: Int?, anchor: Bool) {
        let indentation = String(repeating: Self.indentUnit, count: level)
        for (offset, line) in text.lines.enumerated() {
            statement.append(
                PrintedLine(
                    text: line.isEmpty ? "" : indentation + line, source: mapsSource ? source.map { $0 + offset } : nil,
                    anchor: anchor && offset == 0))
        }
    }

    /// A blank line before the next statement (dropped where the layout rules say so).
    public mutating func blankLine() {
        endStatement()
        if let previous = lastLine, !previous.isEmpty, !previous.hasSuffix("{") { pendingBlank = true }
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

    /// Ends the statement in progress: what follows is a new statement, or a `continuation` of
    /// the written lines.
    public mutating func endStatement() {
        guard !statement.isEmpty else { return }
        let pending = statement.map { PrintedLine(text: String(Self.trimmed(Substring($0.text))), source: $0.source, anchor: $0.anchor) }
        statement = []
        let blankBefore = pendingBlank && pending[0].text.first(where: { $0 != " " }) != "}"
        pendingBlank = false
        entries.append(.statement(pending, blankBefore: blankBefore, continuesWrittenLines: continuesWrittenLines))
        continuesWrittenLines = false
        lastLine = pending[pending.count - 1].text
    }

    /// When the written lines end under a mapping, returns to the generated file's own lines
    /// before the last one (a closing brace), so that nothing after it is mapped.
    public mutating func endMapping() {
        endStatement()
        entries.append(.endMapping)
    }

    /// A line of the rendered file: code, or a `#sourceLocation` directive; `bridgeLine` is the
    /// `.bridge` line the compiler reports for it (nil: the generated file's own line).
    public struct RenderedLine: Hashable, Sendable {
        public var text: String
        public var isDirective: Bool
        public var bridgeLine: Int?
    }

    /// The printed lines with the directives that map them to the `.bridge` file named by
    /// `sourceFile` (a string literal); none when it is nil.
    public func rendered(sourceFile: String?) -> [RenderedLine] {
        var copy = self
        copy.endStatement()
        var output: [RenderedLine] = []
        /// The `.bridge` line the next written line has under the directive in force.
        var nextMappedLine: Int?
        func directive(_ indentation: String, line: Int?) -> RenderedLine {
            let arguments = line.map { "file:\(sourceFile ?? ""),line:\($0)" } ?? ""
            return RenderedLine(text: indentation + "#sourceLocation(\(arguments))", isDirective: true, bridgeLine: nil)
        }
        for entry in copy.entries {
            switch entry {
            case .statement(let pending, let blankBefore, let continuesWrittenLines):
                if blankBefore {
                    output.append(RenderedLine(text: "", isDirective: false, bridgeLine: nextMappedLine))
                    nextMappedLine = nextMappedLine.map { $0 + 1 }
                }
                // A directive before a closing brace stands inside the block it closes.
                let firstText = pending[0].text
                var indentation = String(firstText.prefix { $0 == " " })
                if firstText.dropFirst(indentation.count).first.map({ "})]".contains($0) }) == true {
                    indentation += Self.indentUnit
                }
                if sourceFile != nil, !continuesWrittenLines {
                    if let first = Self.bestFirstLine(pending) {
                        if nextMappedLine != first { output.append(directive(indentation, line: first)) }
                        nextMappedLine = first
                    } else if nextMappedLine != nil && !pending.allSatisfy({ Self.isClosing($0.text) }) {
                        // Bridgegen's own code: its mistakes are ours, reported in the generated file.
                        output.append(directive(indentation, line: nil))
                        nextMappedLine = nil
                    }
                }
                for line in pending {
                    output.append(RenderedLine(text: line.text, isDirective: false, bridgeLine: nextMappedLine))
                    nextMappedLine = nextMappedLine.map { $0 + 1 }
                }
            case .endMapping:
                guard nextMappedLine != nil, let last = output.popLast() else { continue }
                output.append(directive(String(last.text.prefix { $0 == " " }) + Self.indentUnit, line: nil))
                output.append(RenderedLine(text: last.text, isDirective: false, bridgeLine: nil))
                nextMappedLine = nil
            }
        }
        return output
    }

    /// The printed code without directives, one string per line (what tests compare).
    public var lines: [String] { rendered(sourceFile: nil).map(\.text) }

    /// The printed code without directives and without a final line break.
    public var text: String { lines.joined(separator: "\n") }

    private static func trimmed(_ line: Substring) -> Substring {
        var scalars = line.unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return Substring(scalars)
    }

    /// The `.bridge` line for a statement's first line: the one that puts its anchor line on its
    /// source, else the most of its lines (the earliest on a tie); nil when none repeats the
    /// `.bridge`. Never below 1.
    private static func bestFirstLine(_ pending: [PrintedLine]) -> Int? {
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
