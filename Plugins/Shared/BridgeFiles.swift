import Foundation

/// The naming rule both plugins share (symlinked into each plugin: plugins cannot depend on a
/// library target). A `.bridge` file's output name comes from its path relative to the target,
/// flattened, so equal base names in two folders of one target never collide:
/// `Bridges/Payments.bridge` → `Bridges_Payments.swift`.
enum BridgeFiles {
    static let supportFileName = "BridgegenSupport.swift"
    static let configFileName = "bridgegen.json"

    /// The target's `.bridge` inputs, in a stable order.
    static func inputs(in files: [URL]) -> [URL] {
        files.filter { $0.pathExtension == "bridge" }.sorted { $0.path < $1.path }
    }

    static func outputName(for input: URL, in targetDirectory: URL) -> String {
        let base = targetDirectory.standardizedFileURL.pathComponents
        var components = input.standardizedFileURL.deletingPathExtension().pathComponents
        if components.starts(with: base) { components.removeFirst(base.count) }
        return components.joined(separator: "_") + ".swift"
    }

    /// The target's `bridgegen.json` if it has one, as command-line arguments, and the files a
    /// command depends on because of it (the file, and the templates folder it names).
    static func configuration(in targetDirectory: URL) -> (arguments: [String], inputs: [URL]) {
        let config = targetDirectory.appendingPathComponent(configFileName)
        guard let data = FileManager.default.contents(atPath: path(config)) else { return ([], []) }
        var inputs = [config]
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        if let templates = object?["templates"] as? String {
            let folder = templates.hasPrefix("/") ? URL(fileURLWithPath: templates) : targetDirectory.appendingPathComponent(templates)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []
            inputs += names.filter { $0.hasSuffix(".template") }.sorted().map { folder.appendingPathComponent($0) }
        }
        return (["--config", path(config)], inputs)
    }

    /// A path as the command line wants it: no percent encoding (spaces stay spaces).
    static func path(_ url: URL) -> String {
        url.path(percentEncoded: false)
    }
}
