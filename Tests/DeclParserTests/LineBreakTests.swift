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

    /// Pieces end just after a line holding only `}`: found with `memchr`, exactly where a
    /// byte-by-byte search finds it, from every starting point.
    @Test func piecesEndAfterAClosingLine() {
        func plain(_ bytes: [UInt8], from: Int) -> Int {
            var end = from
            while end < bytes.count
                && !(end >= 2 && bytes[end] == UInt8(ascii: "\n") && bytes[end - 1] == UInt8(ascii: "}")
                    && bytes[end - 2] == UInt8(ascii: "\n"))
            {
                end += 1
            }
            return min(end + 1, bytes.count)
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("}\n }x\r".utf8)
        var samples = ["", "}", "\n}", "}\n", "\n}\n", "a\n}\nb\n}\n", "\n}}\n\n}\n"].map { Array($0.utf8) }
        for _ in 0..<300 {
            samples.append((0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        for bytes in samples {
            for from in 0...bytes.count {
                #expect(Parser.endOfClosingLine(in: bytes, from: from) == plain(bytes, from: from), "\(bytes) from \(from)")
            }
        }
    }
}
