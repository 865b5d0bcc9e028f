import Foundation
import Generator
import TestSupport
import Testing

/// Byte-exact goldens: every `Inputs/X.bridge` must generate exactly `Expected/X.swift`, and
/// every `Malformed/X.bridge` must produce exactly the diagnostics in `Malformed/X.diagnostics`.
/// The expected Swift files are also compiled (the GoldenAdapters target, warnings as errors)
/// and exercised by BehaviourTests.
///
/// Re-record after an intended change with `BRIDGEGEN_RECORD=1 swift test --filter GoldenTests`,
/// then review `git diff Tests/GoldenTests` before committing.
enum Goldens {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let recording = ProcessInfo.processInfo.environment["BRIDGEGEN_RECORD"] == "1"

    static func files(in folder: String, extension ext: String) -> [String] {
        let directory = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.map { String($0.dropLast(ext.count + 1)) }.sorted()
    }

    static func read(_ relativePath: String) -> String? {
        FileManager.default.contents(atPath: root.appendingPathComponent(relativePath).path)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Compares, or records when asked. On mismatch the failure shows a unified diff.
    static func check(_ actual: String, against relativePath: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = root.appendingPathComponent(relativePath)
        if recording {
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = read(relativePath) else {
            Issue.record("missing golden \(relativePath); record it with BRIDGEGEN_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let diff = UnifiedDiff.diff(old: expected, new: actual, oldName: relativePath, newName: "generated")
            Issue.record("golden \(relativePath) differs:\n\(diff)", sourceLocation: sourceLocation)
        }
    }

    /// The goldens show the build plugin's output: every line that repeats `.bridge` text mapped
    /// back to it (the committed form is the same without the directives: CommittedOutputTests).
    static let generator: GeneratorPipeline = {
        var generator = try! GeneratorPipeline.standard()
        generator.settings.sourceLocations = .lines
        return generator
    }()
    /// For `TestDoubles*` goldens and the runtime the goldens compile with (it holds the scripts).
    static let testDoublesGenerator: GeneratorPipeline = {
        var generator = Goldens.generator
        generator.settings.testDoubles = .all
        return generator
    }()

    /// Paths of every expected Swift file, sorted.
    static func expectedSwiftFiles() throws -> [String] {
        let expected = root.appendingPathComponent("Expected")
        return try FileManager.default.contentsOfDirectory(atPath: expected.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { expected.appendingPathComponent($0).path }
    }
}

@Suite struct GoldenTests {
    static let inputs = Goldens.files(in: "Inputs", extension: "bridge")
    static let malformed = Goldens.files(in: "Malformed", extension: "bridge")

    @Test func thereAreEnoughCases() {
        #expect(Self.inputs.count >= 30)
        #expect(Self.malformed.count >= 20)
    }

    @Test(arguments: inputs)
    func generatesExpectedSwift(_ name: String) throws {
        let source = try #require(FileManager.default.contents(atPath: Goldens.root.appendingPathComponent("Inputs/\(name).bridge").path))
        let generator = name.hasPrefix("TestDoubles") ? Goldens.testDoublesGenerator : Goldens.generator
        let output = generator.generate(source: Array(source), path: "Inputs/\(name).bridge", displayName: "\(name).bridge")
        #expect(output.reports.filter { $0.diagnostic.severity == .error }.isEmpty, "\(output.reports.map(\.formatted))")
        let text = try #require(output.text)
        try Goldens.check(text, against: "Expected/\(name).swift")
    }

    /// The fakes of the test-only layout (GoldenFakes), generated from the TestDoubles input.
    @Test func fakesOnlyFileMatches() throws {
        var generator = Goldens.generator
        generator.settings.testDoubles = .fakes
        generator.settings.fakesImport = "GoldenAdapters"
        let source = try #require(FileManager.default.contents(atPath: Goldens.root.appendingPathComponent("Inputs/TestDoubles.bridge").path))
        let text = try #require(generator.generate(source: Array(source), path: "TestDoubles.bridge", displayName: "TestDoubles.bridge").text)
        try Goldens.check(text, against: "../GoldenFakes/TestDoublesFakes.swift")
    }

    /// An expected file whose input was deleted would keep compiling and hide the removal.
    @Test func everyExpectedFileHasAnInput() {
        let expected = Goldens.files(in: "Expected", extension: "swift")
        #expect(expected == Self.inputs)
        let diagnostics = Goldens.files(in: "Malformed", extension: "diagnostics")
        #expect(diagnostics == Self.malformed)
    }

    @Test(arguments: malformed)
    func reportsExpectedDiagnostics(_ name: String) throws {
        let source = try #require(FileManager.default.contents(atPath: Goldens.root.appendingPathComponent("Malformed/\(name).bridge").path))
        let output = Goldens.generator.generate(source: Array(source), path: "\(name).bridge", displayName: "\(name).bridge")
        #expect(output.text == nil, "malformed input must not produce output")
        #expect(output.reports.contains { $0.diagnostic.severity == .error })
        let text = output.reports.map(\.formatted).joined(separator: "\n") + "\n"
        try Goldens.check(text, against: "Malformed/\(name).diagnostics")
    }
}

/// The binary carries the default templates; they must be the files in Templates/ byte for byte
/// (run scripts/embed-templates after editing them).
@Suite struct EmbeddedTemplatesTests {
    @Test func embeddedCopiesEqualTheFiles() throws {
        let folder = Goldens.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".template") }.sorted()
        let embedded = Planner.defaultTemplates()
        #expect(files == embedded.keys.sorted())
        for file in files {
            let disk = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent(file).path))
            #expect(Data(try #require(embedded[file]).utf8) == disk, "\(file) differs: run scripts/embed-templates")
        }
    }
}

/// The goldens compile in Swift 6 mode through the GoldenAdapters target; this checks Swift 5
/// mode (with complete and with minimal concurrency checking) against the same fixture SDK.
@Suite struct Swift5ModeTests {
    @Test(.disabled(if: Goldens.recording, "goldens are being rewritten"), arguments: ["complete", "minimal"])
    func goldensTypeCheckInSwift5Mode(concurrencyChecking: String) async throws {
        let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let modules = buildDirectory.appendingPathComponent("Modules")
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("FixtureSDK.swiftmodule").path))
        let (status, output) = try await runTool(
            [
                "swiftc", "-typecheck", "-swift-version", "5", "-strict-concurrency=\(concurrencyChecking)", "-warnings-as-errors",
                "-package-name", "bridgegen", "-I", modules.path, "-module-name", "GoldenAdaptersSwift5",
            ] + Goldens.expectedSwiftFiles())
        #expect(status == 0, "\(output)")
    }
}

/// Generated code is compiled into app modules, which often declare their own `Result`, `Task`,
/// `Error`, `Notification`, `NotificationCenter` or `Operation`: the adapters name standard types
/// with their modules. `ShadowedNames` (written as such an app would write it) type-checks in a
/// module that declares all of those.
@Suite struct ShadowedNamesTests {
    static let appTypes = """
        struct Notification {}
        enum Result { case none }
        struct Task {}
        final class Operation {}
        protocol Error {}
        final class NotificationCenter {}
        """

    @Test(.disabled(if: Goldens.recording, "goldens are being rewritten"))
    func runtimeAndAdaptersCompileBesideAppTypesOfTheSameNames() async throws {
        let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let modules = buildDirectory.appendingPathComponent("Modules")
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("FixtureSDK.swiftmodule").path))
        let appTypes = FileManager.default.temporaryDirectory.appendingPathComponent("AppTypes-\(UUID().uuidString).swift")
        try Self.appTypes.write(to: appTypes, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: appTypes) }
        let expected = Goldens.root.appendingPathComponent("Expected")
        let (status, output) = try await runTool([
            "swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules.path,
            "-module-name", "ShadowingApp", appTypes.path,
            expected.appendingPathComponent("ShadowedNames.swift").path,
        ])
        #expect(status == 0, "\(output)")
    }
}

/// The SE-0297 golden documents, for each declaration, the async form the Swift compiler imports
/// the Objective-C method as (its own tests' rows). The adapter's signature must be that form,
/// `throws` aside (every adapter throws) and without bridgegen's `nonisolated(nonsending)`.
@Suite struct SE0297Tests {
    @Test func adaptersHaveTheSignaturesSwiftImports() throws {
        let expected = try #require(Goldens.read("Expected/SE0297.swift"))
        let lines = expected.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var checked = 0
        for (index, line) in lines.enumerated() {
            guard line.hasPrefix("/// Swift: `"), let end = line.dropFirst("/// Swift: `".count).firstIndex(of: "`") else {
                continue
            }
            let swift = String(line[line.index(line.startIndex, offsetBy: "/// Swift: `".count)..<end])
            // The adapter: its attributes and signature, up to the body's brace.
            var generated = lines[(index + 1)...].prefix { !$0.hasSuffix("{") }.filter { !$0.hasPrefix("//") && !$0.hasPrefix("#") }
            let head = lines[(index + 1)...].firstIndex { $0.hasSuffix("{") && !$0.hasPrefix("#") } ?? index
            generated.append(lines[head])
            var signature = generated.joined(separator: " ").replacingOccurrences(of: " {", with: "")
            // A property: `var name: T {` then its accessor, `get async throws {`.
            if signature.contains("var ") { signature += " { " + lines[head + 1].dropLast(2) + " }" }
            signature = signature.replacingOccurrences(of: "Swift.Void", with: "Void")
            signature = signature.replacingOccurrences(of: "nonisolated(nonsending) ", with: "")
            // A signature the printer wrapped over several lines reads as one.
            signature = signature.replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
            func withoutThrows(_ text: String) -> String {
                text.replacingOccurrences(of: " throws", with: "").replacingOccurrences(of: "(any Error)", with: "Error")
            }
            #expect(withoutThrows(signature) == withoutThrows(swift), "\(swift)")
            checked += 1
        }
        #expect(checked == 27)
    }
}

/// docs/cookbook.md shows goldens; it must show them as they are.
@Suite struct CookbookTests {
    @Test(.disabled(if: Goldens.recording, "goldens are being rewritten"))
    func cookbookMatchesTheGoldens() throws {
        let path = Goldens.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/cookbook.md")
        let text = try String(contentsOf: path, encoding: .utf8)
        let sections = text.components(separatedBy: "<!-- golden: ").dropFirst()
        #expect(sections.count >= 20)
        for section in sections {
            let name = String(section.prefix { $0 != " " })
            let blocks = section.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```\n")[0] }
            try #require(blocks.count == 2, "\(name): expected input and output blocks")
            #expect(blocks[0] == Goldens.read("Inputs/\(name).bridge"), "\(name) input differs: run scripts/make-cookbook")
            #expect(blocks[1] == Goldens.read("Expected/\(name).swift"), "\(name) output differs: run scripts/make-cookbook")
        }
    }
}

/// Generated code is `swift format lint` clean (4-space indentation, 100 columns: the
/// repository's .swift-format), so it passes the checks teams run on their own sources. One
/// exception, by design: a line that repeats a `.bridge` line keeps that line's text together
/// (so a compiler error in it is reported at its `.bridge` line), and may be as long as it
/// needs (docs/language.md, "Compiler errors").
@Suite struct LintTests {
    @Test(.disabled(if: Goldens.recording, "goldens are being rewritten"))
    func goldensAreSwiftFormatLintClean() async throws {
        let repository = Goldens.root.deletingLastPathComponent().deletingLastPathComponent()
        let (_, output) = try await runTool(
            ["swift", "format", "lint", "--strict", "--configuration", repository.appendingPathComponent(".swift-format").path]
                + Goldens.expectedSwiftFiles())
        var mappedLongLines = 0
        for finding in output.split(separator: "\n") {
            // path:line:column: error: [Rule] message
            let parts = finding.split(separator: ":", maxSplits: 3)
            guard parts.count == 4, let line = Int(parts[1]),
                finding.contains("[LineLength]") || finding.contains("[AddLines]"),
                Self.isMappedLongLine(line, in: String(parts[0]))
            else {
                Issue.record("\(finding)")
                continue
            }
            mappedLongLines += 1
        }
        // LongDeclarations.bridge and the other goldens with one-line declarations over 100 columns.
        #expect(mappedLongLines > 0)
    }

    /// Whether line `number` (1-based) of the file is over 100 columns and under a
    /// `#sourceLocation(file:line:)` mapping.
    static func isMappedLongLine(_ number: Int, in path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard number >= 1, number <= lines.count, lines[number - 1].count > 100 else { return false }
        let directive = lines[..<(number - 1)].last { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#sourceLocation(") }
        return directive?.contains("file:") == true
    }
}

/// The README's "Before and after" and architecture.md's worked example show what bridgegen
/// writes for their inputs: each output block must be exactly the generated file, so neither can
/// drift from the generator. (Regenerate a block by running bridgegen on the block above it.)
@Suite struct DocumentedExamplesTests {
    static func swiftBlocks(after anchor: String, in text: String) -> [String] {
        guard let start = text.range(of: anchor) else { return [] }
        return text[start.upperBound...].components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```\n")[0] }
    }

    /// README shows what its command prints (committed output, no line numbers); architecture.md
    /// the build plugin's output, mapped.
    @Test(arguments: [
        ("README.md", "The SDK declares", "bridgegen writes", "Payments.bridge", Settings.SourceLocations.none),
        ("docs/architecture.md", "Input, `Receipts.bridge`:", "**Swift** (render)", "Receipts.bridge", .lines),
    ])
    func theExampleIsWhatBridgegenWrites(
        document: String, inputAnchor: String, outputAnchor: String, name: String, sourceLocations: Settings.SourceLocations
    ) throws {
        let repository = Goldens.root.deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: repository.appendingPathComponent(document), encoding: .utf8)
        let input = try #require(Self.swiftBlocks(after: inputAnchor, in: text).first, "\(document): no input block")
        let shown = try #require(Self.swiftBlocks(after: outputAnchor, in: text).first, "\(document): no output block")
        var generator = Goldens.generator
        generator.settings.sourceLocations = sourceLocations
        let output = generator.generate(source: Array(input.utf8), path: name, displayName: name)
        let generated = try #require(output.text, "\(output.reports.map(\.formatted))")
        if shown != generated {
            Issue.record("\(document)'s example differs from what bridgegen writes:\n\(UnifiedDiff.diff(old: shown, new: generated, oldName: document, newName: "generated"))")
        }
    }
}
