import Foundation

/// The naming rule the CLI and both plugins share (this file is symlinked into each: plugins
/// cannot depend on a library target). `Payments.bridge` → `Payments.bridge.swift`, like
/// `.pb.swift` for protobuf: the name says where the file came from, and it never collides with
/// the app's own `Payments.swift` in the same module (Swift refuses two files of one name).
enum BridgeFiles {
    /// The runtime module every generated file imports: a target with adapters depends on it.
    static let runtimeModule = "BridgegenRuntime"
    /// What the settings command writes where a target has a bridgegen.json (comments only).
    static let settingsFileName = "bridgegen.json.swift"
    /// The runtime copy of earlier releases, which `generate-bridges` removes.
    static let legacySupportFileName = "BridgegenSupport.swift"

    /// A target with `.bridge` files that does not depend on the runtime product.
    struct MissingRuntime: Error, CustomStringConvertible {
        var target: String
        var description: String {
            "target '\(target)' has .bridge files but does not depend on BridgegenRuntime, which the generated adapters import; "
                + "add .product(name: \"BridgegenRuntime\", package: \"bridgegen\") to its dependencies in Package.swift"
        }
    }
    static let configFileName = "bridgegen.json"

    /// The target's `.bridge` inputs, in a stable order.
    static func inputs(in files: [URL]) -> [URL] {
        files.filter { $0.pathExtension == "bridge" }.sorted { $0.path < $1.path }
    }

    static func outputName(for input: URL) -> String {
        input.lastPathComponent + ".swift"
    }

    /// Inputs of one target that would write the same output (equal names in two folders):
    /// each later one, with the first.
    static func collisions(in inputs: [URL]) -> [(input: URL, first: URL)] {
        var owners: [String: URL] = [:]
        var found: [(URL, URL)] = []
        for input in inputs {
            if let first = owners[outputName(for: input)] { found.append((input, first)) } else { owners[outputName(for: input)] = input }
        }
        return found
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
