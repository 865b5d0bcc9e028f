import Foundation
import Generator
import TestSupport
import Testing

/// Committed output is reviewed in diffs and merged between branches: one edit to a `.bridge`
/// file must change only its own adapter's lines (decision 34). Checked on the CancelStrategies
/// golden input, in the default (committed) form, and against the mapped form, which cannot
/// promise it.
@Suite struct CommittedOutputTests {
    static let base = Goldens.read("Inputs/CancelStrategies.bridge") ?? ""

    /// A declaration to add, with the doc comment that becomes its adapter's first lines.
    static let added = """
            /// Added on a branch.
            func ping(completion: @escaping (Error?) -> Void)

        """

    static func generate(_ source: String, sourceLocations: Settings.SourceLocations = .none) throws -> String {
        var generator = try GeneratorPipeline.standard()
        generator.settings.sourceLocations = sourceLocations
        let output = generator.generate(source: Array(source.utf8), path: "C.bridge", displayName: "C.bridge")
        return try #require(output.text, "\(output.reports.map(\.formatted))")
    }

    /// The hunks of a unified diff, each as its changed lines (`+`/`-`).
    static func hunks(_ old: String, _ new: String) -> [[String]] {
        var hunks: [[String]] = []
        for line in UnifiedDiff.diff(old: old, new: new, oldName: "a", newName: "b").split(separator: "\n") {
            if line.hasPrefix("@@") {
                hunks.append([])
            } else if !hunks.isEmpty, line.hasPrefix("+") || line.hasPrefix("-") {
                hunks[hunks.count - 1].append(String(line))
            }
        }
        return hunks
    }

    /// `base` with `text` inserted before the line that starts with `marker` (trimmed).
    static func inserting(_ text: String, before marker: String, in source: String) throws -> String {
        let range = try #require(source.range(of: "    " + marker))
        return source.replacingCharacters(in: range.lowerBound..<range.lowerBound, with: text)
    }

    @Test func anAddedDeclarationIsOneHunkOfItsOwnAdapter() throws {
        let edited = try Self.inserting(Self.added, before: "/// An optional token", in: Self.base)
        let hunks = Self.hunks(try Self.generate(Self.base), try Self.generate(edited))
        #expect(hunks.count == 1)
        let lines = try #require(hunks.first)
        #expect(lines.allSatisfy { $0.hasPrefix("+") })
        #expect(lines.contains("+    /// Added on a branch.") && lines.contains { $0.contains("func ping() async throws {") })
        // The mapped form renumbers every adapter below the new one: that is why it is not the
        // committed form.
        #expect(Self.hunks(try Self.generate(Self.base, sourceLocations: .lines), try Self.generate(edited, sourceLocations: .lines)).count > 1)
    }

    @Test func aRemovedDeclarationIsOneHunkOfItsOwnAdapter() throws {
        let removed = Self.base.replacingOccurrences(
            of: """
                    /// The call returns an id that a separate method cancels.
                    @cancel(using: cancelRequest(_:))
                    func startSync(completion: @escaping (Error?) -> Void) -> Int

                """, with: "")
        #expect(removed != Self.base)
        let hunks = Self.hunks(try Self.generate(Self.base), try Self.generate(removed))
        #expect(hunks.count == 1)
        #expect(hunks.first?.allSatisfy { $0.hasPrefix("-") } == true)
        #expect(hunks.first?.contains { $0.contains("func startSync() async throws {") } == true)
    }

    @Test func anEditedDeclarationChangesOnlyItsOwnAdapter() throws {
        let edited = Self.base.replacingOccurrences(of: "func subscribe(topic: String,", with: "func subscribe(topic: String, priority: Int,")
        let old = try Self.generate(Self.base)
        let new = try Self.generate(edited)
        let hunks = Self.hunks(old, new)
        #expect(hunks.count == 1)
        // Every changed line is inside the `subscribe` adapter.
        let adapter = try #require(old.components(separatedBy: "\n\n").first { $0.contains("func subscribe(topic: String)") })
        for line in hunks.flatMap({ $0 }) where line.hasPrefix("-") {
            #expect(adapter.contains(String(line.dropFirst())), "\(line)")
        }
    }

    /// Two branches add a declaration each, at different places of the same `.bridge` file: git
    /// merges their generated files without a conflict, into what the merged `.bridge` generates.
    @Test func twoBranchesAddingDeclarationsMergeWithoutConflict() async throws {
        let ours = try Self.inserting(Self.added, before: "/// An optional token", in: Self.base)
        let second = Self.added.replacingOccurrences(of: "func ping", with: "func pong").replacingOccurrences(of: "Added on a branch", with: "Added on another")
        let theirs = try Self.inserting(second, before: "/// No way to cancel", in: Self.base)
        let merged = try Self.inserting(second, before: "/// No way to cancel", in: ours)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridgegen-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, source) in [("ours", ours), ("base", Self.base), ("theirs", theirs)] {
            try Data(try Self.generate(source).utf8).write(to: folder.appendingPathComponent(name))
        }
        let result = try await runChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "merge-file", "-p", "ours", "base", "theirs"], directory: folder)
        #expect(result.status == 0, "git merge-file reported \(result.status) conflicts")
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == (try Self.generate(merged)))
    }
}
