import DeclParser
import Foundation
import Testing

/// A big file is parsed in pieces on several cores; the result must be exactly the whole-file
/// parse, whatever the file holds.
@Suite struct PieceParsingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every .bridge file in the repository: goldens, malformed inputs, examples.
    static func corpus() throws -> [(name: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        for folder in ["Tests/GoldenTests/Inputs", "Tests/GoldenTests/Malformed", "Examples"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".bridge") && !path.contains(".build/") {
                files.append((folder + "/" + path, Array(try Data(contentsOf: base.appendingPathComponent(path)))))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }

    static func whole(_ bytes: [UInt8]) -> (SourceFile, [Diagnostic]) { Parser.parse(bytes, pieceSize: Int.max / 4) }

    @Test func everyFileParsesTheSameInPieces() throws {
        let corpus = try Self.corpus()
        #expect(corpus.count > 100)
        for (name, bytes) in corpus {
            for size in [1, 7, 64] {
                let (file, diagnostics) = Parser.parse(bytes, pieceSize: size)
                let expected = Self.whole(bytes)
                // Bool(…): a whole syntax tree in a failure message would hide which file failed.
                #expect(Bool(file == expected.0), "\(name), pieces of \(size) bytes")
                #expect(Bool(diagnostics == expected.1), "\(name), pieces of \(size) bytes")
            }
        }
    }

    @Test func wellFormedFilesReallyAreSplit() throws {
        let inputs = try Self.corpus().filter { $0.name.hasPrefix("Tests/GoldenTests/Inputs") }
        var joined: [UInt8] = []
        for input in inputs where Self.whole(input.bytes).1.isEmpty { joined += input.bytes + Array("\n".utf8) }
        #expect(Self.whole(joined).1.isEmpty)
        let pieces = try #require(Parser.parseInPieces(joined, pieceSize: 256), "a well-formed file fell back to parsing whole")
        #expect(Bool(pieces == Self.whole(joined).0))
    }

    /// Splits that land inside a comment, a multi-line default value, or documentation that
    /// belongs to the next piece are found out, and the file is parsed whole.
    @Test func splitsInsideADeclarationFallBack() {
        let sources = [
            "/*\n}\n*/\nextension A {\n    func f(completion: @escaping () -> Void)\n}\n",
            "extension A {\n    func f(x: Int = {\n}\n(), completion: @escaping () -> Void)\n}\n",
            "extension A {\n    func f(completion: @escaping () -> Void)\n}\n/// Docs.\n}\n",
            "extension A {\n}\n/// Docs for B.\nextension B {\n    func g(completion: @escaping () -> Void)\n}\n",
            "}\n}\n", "\n}\n", "}",
        ]
        for source in sources {
            let bytes = Array(source.utf8)
            let (file, diagnostics) = Parser.parse(bytes, pieceSize: 1)
            #expect(file == Self.whole(bytes).0, "\(source)")
            #expect(diagnostics == Self.whole(bytes).1, "\(source)")
        }
        #expect(Parser.parseInPieces(Array(sources[0].utf8), pieceSize: 1) == nil)
        #expect(Parser.parseInPieces(Array(sources[1].utf8), pieceSize: 1) == nil)
    }
}
