import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-bridges [--target T …] [--check]`:
/// writes each target's generated adapters into its `Generated/` folder, to be committed and
/// reviewed in diffs; `--check` writes nothing and fails when the committed files are stale.
///
/// A target is either this plugin's or the build plugin's, never both (the same file would have
/// two producers). Which one is visible in the manifest without reading it: a target whose
/// outputs are committed excludes its `.bridge` files from its sources (otherwise SwiftPM warns
/// about unhandled files); a build-plugin target keeps them as sources, which is how the build
/// plugin receives them. This plugin leaves such targets alone and says so.
@main
struct GenerateBridges: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        if let unknown = extractor.remainingArguments.first {
            throw Failure(summary: "unknown argument '\(unknown)' (use --target NAME and --check)")
        }
        let tool = try context.tool(named: "bridgegen").url
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        // The command to name in hints: the one the user runs, without --check.
        let regenerate =
            "swift package --allow-writing-to-package-directory generate-bridges"
            + names.map { " --target \($0)" }.joined()
        var tally = Tally()
        for case let target as SwiftSourceModuleTarget in targets {
            if target.sourceFiles.contains(where: { $0.url.pathExtension == "bridge" }) {
                guard names.isEmpty else {
                    say(
                        "error: target '\(target.name)' uses the build plugin: its .bridge files are sources of the target, so the build generates its adapters. To commit them instead, remove BridgegenPlugin from the target and exclude its .bridge files (exclude: [\"Bridges\"]) in Package.swift"
                    )
                    tally.failed += 1
                    continue
                }
                say("skipped target '\(target.name)': its .bridge files are sources of the target, so the build plugin generates them")
                continue
            }
            // From the folder, not the target's sources: this target excludes its .bridge files.
            let inputs = BridgeFiles.inputs(in: filesBelow(target.directoryURL))
            if inputs.isEmpty { continue }
            let collisions = BridgeFiles.collisions(in: inputs)
            for (input, first) in collisions {
                say("\(BridgeFiles.path(input)): error: writes \(BridgeFiles.outputName(for: input)), as \(BridgeFiles.path(first)) does; rename one of them")
                tally.failed += 1
            }
            if !collisions.isEmpty { continue }
            if !target.recursiveTargetDependencies.contains(where: { $0.name == BridgeFiles.runtimeModule }) {
                say("error: " + BridgeFiles.MissingRuntime(target: target.name).description)
                tally.failed += 1
                continue
            }
            try generate(
                target, inputs: inputs, tool: tool, package: context.package.directoryURL, check: check,
                regenerate: regenerate, tally: &tally)
        }
        // The summary is the last line: on failure it is the error SwiftPM prints at the end.
        if tally.failed > 0 { throw Failure(summary: tally.summary(check: check)) }
        say("generate-bridges: " + tally.summary(check: check))
    }

    /// One target: a bridgegen run per `.bridge` file, each reported on a
    /// line of its own after bridgegen's messages; then generated files no input produces.
    func generate(
        _ target: SwiftSourceModuleTarget, inputs: [URL], tool: URL, package: URL, check: Bool, regenerate: String,
        tally: inout Tally
    ) throws {
        let generated = target.directoryURL.appendingPathComponent("Generated")
        let runs: [(output: URL, arguments: [String])] = inputs.map { input in
            let output = generated.appendingPathComponent(BridgeFiles.outputName(for: input))
            // Committed output: the input named from the package root (where SwiftPM compiles),
            // not by an absolute path that differs on every machine.
            let relative = BridgeFiles.path(input).dropFirst(BridgeFiles.path(package).count)
            return (
                output,
                [
                    "generate", BridgeFiles.path(input), "--output", BridgeFiles.path(output),
                    "--source-location-path", String(relative.drop { $0 == "/" }),
                ]
            )
        }
        if !check { try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true) }
        let configArguments = BridgeFiles.configuration(in: target.directoryURL).arguments
        for (output, arguments) in runs {
            let before = FileManager.default.contents(atPath: BridgeFiles.path(output))
            let extra = configArguments + ["--regenerate-command", regenerate] + (check ? ["--check"] : [])
            let (status, messages) = try ToolRun.run(tool, arguments + extra)
            if !messages.isEmpty { say(messages.hasSuffix("\n") ? String(messages.dropLast()) : messages) }
            let shown = relativePath(output, to: package)
            switch (status, check) {
            case (0, true):
                say("checked \(shown): current")
                tally.current += 1
            case (0, false):
                let after = FileManager.default.contents(atPath: BridgeFiles.path(output))
                say((before == nil ? "created " : before == after ? "unchanged " : "updated ") + shown)
                if before == after { tally.current += 1 } else { tally.written += 1 }
            case (2, true):
                say("checked \(shown): \(before == nil ? "missing" : "stale")")
                tally.failed += 1
            default:
                say("failed \(shown)")
                tally.failed += 1
            }
        }
        // Generated files that no input produces any more (a .bridge file renamed or deleted).
        let planned = Set(runs.map { $0.output.lastPathComponent })
        for orphan in generatedFiles(in: generated) where !planned.contains(orphan.lastPathComponent) {
            let shown = relativePath(orphan, to: package)
            if check {
                say("\(BridgeFiles.path(orphan)): error: no .bridge file generates this file any more; run '\(regenerate)' to remove it")
                tally.failed += 1
            } else {
                try FileManager.default.removeItem(at: orphan)
                say(
                    orphan.lastPathComponent == BridgeFiles.legacySupportFileName
                        ? "removed \(shown): the runtime copy of an earlier bridgegen (the adapters import BridgegenRuntime now)"
                        : "removed \(shown): no .bridge file generates it")
                tally.removed += 1
            }
        }
    }

    /// A line on standard output, written at once. In a terminal SwiftPM shows a plugin's output
    /// as it comes and a thrown error after it, so the summary ends the output. (Piped, SwiftPM
    /// buffers the plugin's output and its own error line may come first.)
    func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// The `.swift` files in `folder` that bridgegen wrote (their first line says so).
    func generatedFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: BridgeFiles.path(folder))) ?? []
        return names.sorted().filter { $0.hasSuffix(".swift") }.map { folder.appendingPathComponent($0) }.filter { file in
            let head = FileManager.default.contents(atPath: BridgeFiles.path(file))?.prefix(200) ?? Data()
            return String(decoding: head, as: UTF8.self).prefix { $0 != "\n" }.contains(GeneratedFile.marker)
        }
    }

    func relativePath(_ url: URL, to package: URL) -> String {
        let path = BridgeFiles.path(url)
        let root = BridgeFiles.path(package)
        return path.hasPrefix(root) ? String(path.dropFirst(root.count).drop { $0 == "/" }) : path
    }

    /// Every file below `directory`, skipping hidden folders and the generated output.
    func filesBelow(_ directory: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent == "Generated" { enumerator?.skipDescendants() } else { files.append(url) }
        }
        return files
    }

    struct Tally {
        var written = 0
        var removed = 0
        var current = 0
        var failed = 0

        func summary(check: Bool) -> String {
            let failures = failed > 0 ? ", \(failed) failed; see the messages above" : ""
            if check { return "\(current) file(s) current" + (failed > 0 ? ", \(failed) stale, missing or failed; see the messages above" : "") }
            return "\(written) file(s) written, \(current) unchanged" + (removed > 0 ? ", \(removed) removed" : "") + failures
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var summary: String
        var description: String { "generate-bridges: \(summary)" }
    }
}
