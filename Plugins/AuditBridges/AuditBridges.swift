import Foundation
import PackagePlugin

/// `swift package audit-bridges [--target T …] [--max-legacy-calls N]`: `bridgegen audit` over
/// the package's targets (all Swift source targets by default), against every `.bridge` file in
/// the package, so a call to an API bridged in another target counts too. Generated files are
/// never audited. Fails when the count is over `--max-legacy-calls`.
@main
struct AuditBridges: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let limits = extractor.extractOption(named: "max-legacy-calls")
        if let unknown = extractor.remainingArguments.first {
            throw Failure(message: "unknown argument '\(unknown)' (use --target NAME and --max-legacy-calls N)")
        }
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let folders = targets.compactMap { ($0 as? SwiftSourceModuleTarget)?.directoryURL }
        let bridges = BridgeFiles.inputs(in: filesBelow(context.package.directoryURL))
        guard !bridges.isEmpty else { throw Failure(message: "the package has no .bridge files to audit against") }
        var arguments = ["audit"] + folders.map(BridgeFiles.path) + ["--bridges"] + bridges.map(BridgeFiles.path)
        if let limit = limits.last { arguments += ["--max-legacy-calls", limit] }
        let (status, output) = try ToolRun.run(try context.tool(named: "bridgegen").url, arguments)
        FileHandle.standardOutput.write(Data(output.utf8))
        if status != 0 {
            let summary = output.split(separator: "\n").last.map(String.init) ?? ""
            throw Failure(message: summary.hasPrefix("audit:") ? "over the limit: " + summary : "bridgegen audit failed")
        }
    }

    /// Every file below `directory`, skipping hidden folders (`.build` among them).
    func filesBelow(_ directory: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL { files.append(url) }
        return files
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { "audit-bridges: \(message)" }
    }
}
