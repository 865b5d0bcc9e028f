import Testing

@testable import Generator

@Suite struct CodePrinterTests {
    /// The layout rules, written the plain way (lines as arrays).
    static func plainLayout(_ text: [UInt8]) -> [UInt8] {
        var lines: [[UInt8]] = []
        for raw in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            var line = Array(raw)
            while let last = line.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") {
                line.removeLast()
            }
            if line.isEmpty {
                guard let previous = lines.last, !previous.isEmpty, previous.last != UInt8(ascii: "{") else { continue }
            } else if line.first(where: { $0 != UInt8(ascii: " ") }) == UInt8(ascii: "}"), lines.last?.isEmpty == true {
                lines.removeLast()
            }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.isEmpty ? [UInt8(ascii: "\n")] : lines.flatMap { $0 + [UInt8(ascii: "\n")] }
    }

    /// Lines printed from random text (what a template renders) follow the layout rules.
    @Test func printedLinesFollowTheRulesOnRandomText() {
        var generator = SystemRandomNumberGenerator()
        let lines = ["", " ", "  \t", "{", "}", "    }", "a {", "b", "  c  ", "\r", "x\r", "}\t", " {", "é {"]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0..<30, using: &generator)
            let text = (0..<count).map { _ in lines.randomElement(using: &generator)! }.joined(separator: "\n")
            var expected = String(decoding: Self.plainLayout(Array(text.utf8)), as: UTF8.self)
            expected.removeLast()
            var printer = CodePrinter()
            printer.lines(of: text)
            #expect(printer.text == expected, "\(text.debugDescription)")
        }
    }

    @Test func ownsBlankLinesAndTrailingWhiteSpace() {
        var printer = CodePrinter()
        printer.lines(of: "\n\na  \n\n\n\nb {\n\n  c\n\n}\n\n")
        #expect(printer.text == "a\n\nb {\n  c\n}")
        #expect(CodePrinter().lines == [])
    }

    /// The level counts toward the line width.
    @Test func levelsIndentAndCountTowardTheWidth() {
        var printer = CodePrinter()
        printer.block("if x {") { $0.line("y()") }
        #expect(printer.text == "if x {\n    y()\n}")
        let ninety = String(repeating: "x", count: 90)
        var nested = CodePrinter()
        nested.indented {
            $0.indented {
                #expect($0.fits(String(repeating: "x", count: 92)))
                #expect(!$0.fits(String(repeating: "x", count: 93)))
            }
        }
        #expect(!CodePrinter().fits(ninety, reserve: 11))
        nested.line("a")
        nested.indented { $0.line("b\nc") }
        #expect(nested.text == "a\n    b\n    c")
    }
}

/// Where the printer puts `#sourceLocation`: each statement under the directive that puts its
/// lines on the `.bridge` lines they repeat, none inside a statement, back to the generated
/// file for bridgegen's own code, and nothing mapped after the printed code.
@Suite struct SourceMappingTests {
    static let file = "\"A.bridge\""

    @Test func aStatementGetsOneDirectiveAndItsLinesCountOn() {
        var printer = CodePrinter()
        printer.line("func f(", from: 7)
        printer.indented { $0.commaSeparated([Sourced("a: Int", from: 8), Sourced("b: Bool", from: 9)]) }
        printer.continuation(") async throws {", from: 10)
        printer.indented { $0.line("work()") }
        printer.line("}")
        printer.endMapping()
        #expect(
            printer.mapped == [
                "#sourceLocation(file:\"A.bridge\",line:7)", "func f(", "    a: Int,", "    b: Bool", ") async throws {",
                "    #sourceLocation()", "    work()", "}",
            ])
    }

    /// A one-line declaration broken by the printer: the most lines land right (here the two
    /// parameters written on lines 4 and 5), the earliest on a tie.
    @Test func theDirectivePutsTheMostLinesRight() {
        var printer = CodePrinter()
        printer.line("f(", from: 2)
        printer.continuation("a,", from: 4)
        printer.continuation("b", from: 5)
        printer.continuation(")")
        #expect(printer.mappedText.hasPrefix("#sourceLocation(file:\"A.bridge\",line:3)\n"))
    }

    /// An anchor wins over the count: a call's labels are reported at its first line.
    @Test func anAnchorLandsOnItsLine() {
        var printer = CodePrinter()
        printer.line("f(", from: 2, anchor: true)
        printer.continuation("a,", from: 4)
        printer.continuation("b", from: 5)
        printer.continuation(")")
        #expect(printer.mappedText.hasPrefix("#sourceLocation(file:\"A.bridge\",line:2)\n"))
    }

    /// A statement that goes on where the numbering already is needs no directive; closing
    /// braces stay under the mapping; the reset before a closing brace stands inside its block.
    @Test func directivesOnlyWhereTheMappingChanges() {
        var printer = CodePrinter()
        printer.block("do {", from: 3) { $0.line("g()", from: 4) }
        printer.line("h()")
        printer.line("}", from: nil)
        #expect(
            printer.mappedText == """
                #sourceLocation(file:"A.bridge",line:3)
                do {
                    g()
                }
                #sourceLocation()
                h()
                }
                """)
        var closing = CodePrinter()
        closing.line("x()", from: 9)
        closing.line("}")
        closing.endMapping()
        #expect(closing.mapped == ["#sourceLocation(file:\"A.bridge\",line:9)", "x()", "    #sourceLocation()", "}"])
    }

    /// A property's `get` goes on from its `var … {` line without a directive between them.
    @Test func aContinuationAfterWrittenLinesTakesNoDirective() {
        var printer = CodePrinter()
        printer.line("var x: Int {", from: 5)
        printer.endStatement()
        printer.continuation("get {")
        printer.indented { $0.line("y()") }
        #expect(printer.mappedText == "#sourceLocation(file:\"A.bridge\",line:5)\nvar x: Int {\nget {\n    #sourceLocation()\n    y()")
    }

    /// The same printed code, rendered for committed output: no directive at all, the same
    /// lines otherwise.
    @Test func withoutASourceFileNothingIsMapped() {
        var printer = CodePrinter()
        printer.line("f()", from: 3)
        printer.block("do {", from: 4) { $0.line("g()") }
        printer.endMapping()
        #expect(printer.rendered(sourceFile: nil).map(\.text) == ["f()", "do {", "    g()", "}"])
        #expect(printer.mapped.filter { !$0.contains("#sourceLocation") } == printer.lines)
        #expect(printer.rendered(sourceFile: nil).allSatisfy { !$0.isDirective && $0.bridgeLine == nil })
    }

    /// A fake's copy repeats no `.bridge` text where it differs: with `mapsSource` off, nothing
    /// it prints is mapped.
    @Test func codePrintedWithoutMappingStaysUnmapped() {
        var printer = CodePrinter()
        printer.mapsSource = false
        printer.line("f()", from: 3, anchor: true)
        #expect(printer.mapped == ["f()"])
    }
}

extension CodePrinter {
    /// The lines as the build plugin renders them, directives included.
    var mapped: [String] { rendered(sourceFile: SourceMappingTests.file).map(\.text) }
    var mappedText: String { mapped.joined(separator: "\n") }
}
