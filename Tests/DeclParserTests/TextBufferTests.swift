import DeclParser
import Testing
import Text

/// `TextBuffer` builds every name and every line of generated code: it must give exactly what
/// joining the same strings gives, and copies must not see each other's appends.
@Suite struct TextBufferTests {
    @Test func appendsPiecesOfEveryKindAndGrows() {
        var text = TextBuffer(capacity: 1)
        var expected = ""
        let pieces = ["", "a", "(", "héllo ", "a longer piece that is more than sixteen bytes", "🙂", "\n", "x"]
        for round in 0..<200 {
            let piece = pieces[round % pieces.count]
            if round % 3 == 0 {
                text += piece[...]
            } else {
                text += piece
            }
            expected += piece
        }
        text.append(byte: UInt8(ascii: "!"))
        expected += "!"
        #expect(text.string == expected)
        #expect(text.count == expected.utf8.count)
    }

    @Test func copiesDoNotShareAppends() {
        var first = TextBuffer(capacity: 64)
        first += "shared"
        var second = first
        first += " first"
        second += " second"
        second.append(byte: UInt8(ascii: "."))
        #expect(first.string == "shared first")
        #expect(second.string == "shared second.")
        var third = second
        third.append(first, 0..<6)
        #expect(third.string == "shared second.shared")
        #expect(second.string == "shared second.")
    }

    @Test func indentsNonEmptyLinesOnly() {
        var source = TextBuffer()
        source += "first\n\n  second\nthird"
        var indented = TextBuffer()
        indented += "label: "
        indented.appendIndentedLines(of: source, by: "  ", continuingLine: true)
        #expect(indented.string == "label: first\n\n    second\n  third")
        var twice = TextBuffer()
        twice.appendIndentedLines(of: source, 6..<source.count, by: "  ", times: 2)
        #expect(twice.string == "\n      second\n    third")
    }

    @Test func measuresCharactersAndLines() {
        var text = TextBuffer()
        text += "ab🙂c\nde"
        #expect(text.firstLineEnd == 7)
        #expect(text.width(of: 0..<text.firstLineEnd) == 4)
        #expect(text.firstLineEnd < text.count)
        var crlf = TextBuffer()
        crlf += "a\r\nb"
        #expect(crlf.width == 3)  // "\r\n" is one character
        var joined = TextBuffer()
        joined.append(["a", "b", "c"], separator: ", ")
        joined.newLine(indent: "  ", times: 2)
        #expect(joined.string == "a, b, c\n    ")
        // Repeated text: none for zero or fewer, multi-byte text whole, growing past capacity.
        var repeated = TextBuffer(capacity: 1)
        repeated.append("é🙂", times: 0)
        repeated.append("x", times: -1)
        repeated.append("é🙂", times: 3)
        #expect(repeated.string == "é🙂é🙂é🙂")
        let shared = repeated
        repeated.append("--", times: 40)
        #expect(shared.string == "é🙂é🙂é🙂" && repeated.string == "é🙂é🙂é🙂" + String(repeating: "-", count: 80))
    }
}
