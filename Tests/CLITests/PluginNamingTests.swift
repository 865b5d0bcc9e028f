import Foundation
@testable import bridgegen
import Testing

/// The naming rule the plugins share (`Plugins/Shared/BridgeFiles.swift`, compiled here too).
@Suite struct PluginNamingTests {
    let target = URL(fileURLWithPath: "/pkg/Sources/App")

    @Test func outputNamesKeepTheInputsNameAndCollisionsAreFound() {
        #expect(BridgeFiles.outputName(for: target.appendingPathComponent("Payments.bridge")) == "Payments.bridge.swift")
        #expect(BridgeFiles.outputName(for: target.appendingPathComponent("Bridges/Payments.bridge")) == "Payments.bridge.swift")
        let inputs = ["A/Nums.bridge", "B/Nums.bridge", "C/Other.bridge"].map { target.appendingPathComponent($0) }
        let collisions = BridgeFiles.collisions(in: inputs)
        #expect(collisions.map(\.input.path) == [target.appendingPathComponent("B/Nums.bridge").path])
        #expect(collisions.map(\.first.path) == [target.appendingPathComponent("A/Nums.bridge").path])
    }

    /// The CLI writes what the plugins write: the same names, and, run from the package root,
    /// the package-relative `#sourceLocation` that generate-bridges commits. Never an absolute path.
    @Test func theCLINamesInputsAsTheCommandPluginDoes() {
        #expect(Run.defaultSourcePath(for: "/pkg/Sources/App/Bridges/P.bridge", currentDirectory: "/pkg") == "Sources/App/Bridges/P.bridge")
        #expect(Run.defaultSourcePath(for: "Sources/App/P.bridge", currentDirectory: "/pkg") == "Sources/App/P.bridge")
        #expect(Run.defaultSourcePath(for: "./Sources/../Sources/P.bridge", currentDirectory: "/pkg/") == "Sources/P.bridge")
        #expect(Run.defaultSourcePath(for: "/elsewhere/P.bridge", currentDirectory: "/pkg") == "P.bridge")
        #expect(Run.defaultSourcePath(for: "../P.bridge", currentDirectory: "/pkg") == "P.bridge")
    }

    @Test func onlyBridgeFilesInAStableOrderAndPathsWithoutPercentEncoding() {
        let files = ["b.bridge", "a.swift", "a.bridge", "My Folder/c.bridge"].map { target.appendingPathComponent($0) }
        // By full path, so the order does not depend on the file system.
        #expect(BridgeFiles.inputs(in: files).map(\.lastPathComponent) == ["c.bridge", "a.bridge", "b.bridge"])
        #expect(BridgeFiles.path(target.appendingPathComponent("My Folder/c.bridge")) == "/pkg/Sources/App/My Folder/c.bridge")
    }
}
