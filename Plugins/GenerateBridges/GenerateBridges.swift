import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-bridges [--target T …] [--check]`:
/// writes each target's generated adapters into its `Generated/` folder, to be committed and
/// reviewed in diffs; `--check` writes nothing and fails when the committed files are stale.
/// A target uses either this or the build plugin, never both (the same file would have two
/// producers).
@main
struct GenerateBridges: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        if let unknown = extractor.remainingArguments.first {
            Diagnostics.error("generate-bridges: unknown argument '\(unknown)' (use --target NAME and --check)")
            throw Failure()
        }
        let tool = try context.tool(named: "bridgegen").url
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        var failed = false
        for case let target as SwiftSourceModuleTarget in targets {
            // From the folder, not the target's sources: a target whose outputs are committed
            // excludes its .bridge files (SwiftPM would warn about unhandled files).
            let inputs = BridgeFiles.inputs(in: filesBelow(target.directoryURL))
            if inputs.isEmpty { continue }
            let generated = target.directoryURL.appendingPathComponent("Generated")
            var runs = inputs.map { input in
                let output = generated.appendingPathComponent(BridgeFiles.outputName(for: input, in: target.directoryURL))
                // Committed output: the input named from the package root (where SwiftPM compiles),
                // not by an absolute path that differs on every machine.
                let relative = BridgeFiles.path(input).dropFirst(BridgeFiles.path(context.package.directoryURL).count)
                return [
                    "generate", BridgeFiles.path(input), "--output", BridgeFiles.path(output),
                    "--source-location-path", String(relative.drop { $0 == "/" }),
                ]
            }
            runs.append(["support", "--output", BridgeFiles.path(generated.appendingPathComponent(BridgeFiles.supportFileName))])
            if !check { try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true) }
            let configArguments = BridgeFiles.configuration(in: target.directoryURL).arguments
            for arguments in runs where try run(tool, arguments + configArguments + (check ? ["--check"] : [])) != 0 {
                failed = true
            }
        }
        if failed { throw Failure() }
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

    /// Runs bridgegen; its diagnostics and diffs go straight to the terminal.
    func run(_ tool: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "generate-bridges failed; see the messages above" }
    }
}
