import Foundation
import PackagePlugin

/// Generates the async adapters of a target's `.bridge` files on every build: one command per
/// file (so editing one reruns only its command), plus the runtime support file. Outputs go to
/// the plugin's work directory and are compiled with the target; nothing is written into the
/// package. bridgegen's diagnostics (`path:line:col: error: …`) fail the build.
@main
struct BridgegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        return try commands(
            tool: context.tool(named: "bridgegen").url, workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.name, targetDirectory: target.directoryURL, files: target.sourceFiles.map(\.url))
    }

    func commands(tool: URL, workDirectory: URL, targetName: String, targetDirectory: URL, files: [URL]) -> [Command] {
        let inputs = BridgeFiles.inputs(in: files)
        guard !inputs.isEmpty else { return [] }
        let (configArguments, configInputs) = BridgeFiles.configuration(in: targetDirectory)
        var commands: [Command] = inputs.map { input in
            let output = workDirectory.appendingPathComponent(BridgeFiles.outputName(for: input, in: targetDirectory))
            return .buildCommand(
                displayName: "bridgegen \(targetName)/\(input.lastPathComponent)", executable: tool,
                arguments: [
                    "generate", BridgeFiles.path(input), "--output", BridgeFiles.path(output),
                    // Output that is never committed: errors in copied .bridge text link to the file.
                    "--source-location-path", BridgeFiles.path(input),
                ] + configArguments,
                inputFiles: [input] + configInputs, outputFiles: [output])
        }
        let support = workDirectory.appendingPathComponent(BridgeFiles.supportFileName)
        commands.append(
            .buildCommand(
                displayName: "bridgegen \(targetName) runtime support", executable: tool,
                arguments: ["support", "--output", BridgeFiles.path(support)] + configArguments, inputFiles: configInputs,
                outputFiles: [support]))
        return commands
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
