@testable import DeclParser
import Testing

/// Pieces of a big file start at the line the lexer would be on: line breaks are counted as it
/// counts them (`\n`, `\r\n`, a lone `\r`), with a fast path for files without `\r`.
@Suite struct LineBreakTests {
    @Test func countsAsTheLexerDoes() {
        let samples = ["", "a", "\n", "a\nb\n", "\r\n", "\r", "\r\r\n\n", "a\r\nb\rc\nd", String(repeating: "x\n", count: 100)]
        for sample in samples {
            let bytes = Array(sample.utf8)
            var lexer = Lexer(bytes: bytes)
            let lastLine = lexer.tokenize().last!.location.line
            #expect(Parser.lineBreaks(in: bytes, 0..<bytes.count) + 1 == lastLine, "\(sample.debugDescription)")
        }
        let bytes = Array("ab\ncd\nef".utf8)
        #expect(Parser.lineBreaks(in: bytes, 3..<bytes.count) == 1)
        #expect(Parser.lineBreaks(in: bytes, 2..<2) == 0)
    }
}
