@testable import Generator
import DeclParser
import Testing

@Suite struct UnifiedDiffTests {
    @Test func identicalTextsHaveNoDiff() {
        #expect(UnifiedDiff.diff(old: "a\nb\n", new: "a\nb\n", oldName: "x", newName: "y").isEmpty)
    }

    @Test func oneChangedLineGivesOneHunkWithContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "line 5", with: "line five")
        let diff = UnifiedDiff.diff(old: old, new: new, oldName: "a", newName: "b")
        #expect(
            diff == """
                --- a
                +++ b
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test func insertionsAndDeletionsAtTheEdges() {
        let diff = UnifiedDiff.diff(old: "b\nc", new: "a\nb", oldName: "a", newName: "b")
        #expect(diff.contains("+a\n") && diff.contains("-c\n"))
    }
}

@Suite struct PlannerTests {
    @Test func userTextInCommentsIsInert() {
        #expect(SwiftLiteral.commentSafe("ok \u{202E}evil\u{2066}") == "ok \\u{202E}evil\\u{2066}")
        #expect(SwiftLiteral.commentSafe("a\u{7F}b\u{0}") == "a\\u{7F}b\\u{0}")
        #expect(SwiftLiteral.commentSafe("*/ and /* stay */") == "*/ and /* stay */")
    }

    /// Every generated file imports the runtime (in order, as swift-format wants imports) and
    /// names the runtime API version it was generated for.
    @Test func filesImportTheRuntimeAndCheckItsVersion() throws {
        let generator = try GeneratorPipeline.standard()
        let source = "import Zeta\nimport Alpha\nextension Catalog {\n    func ping(completion: @escaping () -> Void)\n}\n"
        let text = try #require(generator.generate(source: Array(source.utf8), path: "P.bridge", displayName: "P.bridge").text)
        #expect(text.contains("import Zeta\nimport Alpha\nimport BridgegenRuntime\n") == false)
        #expect(text.contains("import BridgegenRuntime\nimport Zeta\nimport Alpha\n"))
        #expect(text.contains("private typealias BridgegenRuntimeVersionCheck = BridgegenRuntime.BridgegenRuntimeVersion_\(GeneratedFile.runtimeVersion)\n"))
        let already = "import BridgegenRuntime\n" + source
        let once = try #require(generator.generate(source: Array(already.utf8), path: "P.bridge", displayName: "P.bridge").text)
        #expect(once.components(separatedBy: "import BridgegenRuntime").count == 2)
    }

    /// Past fifty diagnostics the rest are summed up in one line, an error only when an error
    /// was left out: sixty warnings (each adapter named like a method of the type) still write
    /// the file, and the summary does not say it failed.
    @Test func manyWarningsAreSummedUpAsAWarning() throws {
        let generator = try GeneratorPipeline.standard()
        let methods = (1...60).map { "    func c\($0)(callback: @escaping (Int) -> Void)\n    func c\($0)()" }
        let source = "import Zeta\nextension Catalog {\n" + methods.joined(separator: "\n") + "\n}\n"
        let output = generator.generate(source: Array(source.utf8), path: "P.bridge", displayName: "P.bridge")
        #expect(output.text != nil)
        let last = try #require(output.reports.last?.diagnostic)
        #expect(output.reports.count == GeneratorPipeline.maximumReportsPerFile + 1)
        #expect(last.severity == .warning && last.message == "too many warnings; 10 more not shown")
        #expect(!output.reports.contains { $0.diagnostic.severity == .error })
    }

    /// Files saved on Windows (CRLF, a byte order mark) generate exactly what LF files do.
    @Test func byteOrderMarkAndCRLFChangeNothing() throws {
        let source = "import FixtureSDK\n\n/// Docs.\nextension PaymentsClient {\n    func ping(completion: @escaping () -> Void)\n}\n"
        let generator = try GeneratorPipeline.standard()
        let plain = generator.generate(source: Array(source.utf8), path: "P.bridge", displayName: "P.bridge")
        let windows = [0xEF, 0xBB, 0xBF] + Array(source.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let converted = generator.generate(source: windows, path: "P.bridge", displayName: "P.bridge")
        #expect(plain.text != nil)
        #expect(converted.text == plain.text)
    }

    /// A block of typealiases (for name resolution) or context only generates no empty
    /// `extension X { }`, and is not reported.
    @Test func blocksWithoutAdaptersGenerateNothing() throws {
        let source = """
            extension Catalog {
                typealias Handler = (Int) -> Void
            }
            extension Catalog {
                var count: Int { get }
                func load(completion: @escaping Catalog.Handler)
            }
            """
        let output = try GeneratorPipeline.standard().generate(source: Array(source.utf8), path: "C.bridge", displayName: "C.bridge")
        let text = try #require(output.text)
        #expect(text.components(separatedBy: "extension Catalog").count == 2)
        #expect(output.reports.isEmpty, "\(output.reports.map(\.formatted))")
        let contextOnly = try GeneratorPipeline.standard().generate(
            source: Array("extension Catalog {\n    var count: Int { get }\n}\n".utf8), path: "C.bridge", displayName: "C.bridge")
        #expect(contextOnly.text?.contains("extension") == false)
        #expect(contextOnly.reports.count == 1)
    }

    @Test func emptyInputGivesOnlyTheHeader() throws {
        let output = try GeneratorPipeline.standard().generate(source: [], path: "E.bridge", displayName: "E.bridge")
        #expect(output.text == "// Generated by bridgegen from E.bridge. Do not edit: change E.bridge and regenerate.\n")
    }
}
