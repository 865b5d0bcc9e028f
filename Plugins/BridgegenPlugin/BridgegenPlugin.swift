import Foundation
import PackagePlugin

/// Generates the async adapters of a target's `.bridge` files on every build: one command per
/// file (so editing one reruns only its command), plus one that checks `bridgegen.json` where the
/// target has one. The adapters import `BridgegenRuntime`, which the target must depend on. Outputs go to
/// the plugin's work directory and are compiled with the target; nothing is written into the
/// package. bridgegen's diagnostics (`path:line:col: error: …`) fail the build.
@main
struct BridgegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        if !BridgeFiles.inputs(in: target.sourceFiles.map(\.url)).isEmpty,
            !target.recursiveTargetDependencies.contains(where: { $0.name == BridgeFiles.runtimeModule })
        {
            // One clear error instead of a "no such module" per generated file.
            throw BridgeFiles.MissingRuntime(target: target.name)
        }
        return try commands(
            tool: context.tool(named: "bridgegen").url, workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.name, targetDirectory: target.directoryURL, files: target.sourceFiles.map(\.url))
    }

    func commands(tool: URL, workDirectory: URL, targetName: String, targetDirectory: URL, files: [URL]) throws -> [Command] {
        let inputs = BridgeFiles.inputs(in: files)
        guard !inputs.isEmpty else { return [] }
        if let (input, first) = BridgeFiles.collisions(in: inputs).first {
            throw NameCollision(input: input, first: first)
        }
        let (configArguments, configInputs) = BridgeFiles.configuration(in: targetDirectory)
        // Only the settings command reads bridgegen.json first: the adapters' commands take its
        // output as an input, so a bad configuration fails one command and is reported once, not
        // once per .bridge file.
        var commands: [Command] = []
        var settingsOutputs: [URL] = []
        if !configInputs.isEmpty {
            let settings = workDirectory.appendingPathComponent(BridgeFiles.settingsFileName)
            settingsOutputs = [settings]
            commands.append(
                .buildCommand(
                    displayName: "bridgegen \(targetName) settings", executable: tool,
                    arguments: ["settings", "--output", BridgeFiles.path(settings)] + configArguments, inputFiles: configInputs,
                    outputFiles: [settings]))
        }
        commands += inputs.map { input in
            let output = workDirectory.appendingPathComponent(BridgeFiles.outputName(for: input))
            return .buildCommand(
                displayName: "bridgegen \(targetName)/\(input.lastPathComponent)", executable: tool,
                arguments: [
                    "generate", BridgeFiles.path(input), "--output", BridgeFiles.path(output),
                    // Output that is never committed: errors in copied .bridge text link to the file.
                    "--source-locations", "lines", "--source-location-path", BridgeFiles.path(input),
                ] + configArguments,
                inputFiles: [input] + settingsOutputs + configInputs, outputFiles: [output])
        }
        return commands
    }

    /// Two `.bridge` files of one target with the same name would write the same file.
    struct NameCollision: Error, CustomStringConvertible {
        var input: URL
        var first: URL
        var description: String {
            "\(BridgeFiles.path(input)): error: generates \(BridgeFiles.outputName(for: input)), as \(BridgeFiles.path(first)) does; rename one of them"
        }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension BridgegenPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let files = target.inputFiles.map(\.url)
            return try commands(
                tool: context.tool(named: "bridgegen").url, workDirectory: context.pluginWorkDirectoryURL,
                targetName: target.displayName, targetDirectory: context.xcodeProject.directoryURL, files: files)
        }
    }
#endif
