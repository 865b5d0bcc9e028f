import Foundation
import Testing

/// The naming rule the plugins share (`Plugins/Shared/BridgeFiles.swift`, compiled here too).
@Suite struct PluginNamingTests {
    let target = URL(fileURLWithPath: "/pkg/Sources/App")

    @Test func outputNamesFlattenThePathInTheTarget() {
        #expect(BridgeFiles.outputName(for: target.appendingPathComponent("Payments.bridge"), in: target) == "Payments.swift")
        #expect(
            BridgeFiles.outputName(for: target.appendingPathComponent("Bridges/Payments.bridge"), in: target)
                == "Bridges_Payments.swift")
        // Equal base names in two folders do not collide.
        let a = BridgeFiles.outputName(for: target.appendingPathComponent("A/Nums.bridge"), in: target)
        let b = BridgeFiles.outputName(for: target.appendingPathComponent("B/Nums.bridge"), in: target)
        #expect(a != b)
    }

    @Test func onlyBridgeFilesInAStableOrderAndPathsWithoutPercentEncoding() {
        let files = ["b.bridge", "a.swift", "a.bridge", "My Folder/c.bridge"].map { target.appendingPathComponent($0) }
        // By full path, so the order does not depend on the file system.
        #expect(BridgeFiles.inputs(in: files).map(\.lastPathComponent) == ["c.bridge", "a.bridge", "b.bridge"])
        #expect(BridgeFiles.path(target.appendingPathComponent("My Folder/c.bridge")) == "/pkg/Sources/App/My Folder/c.bridge")
    }
}
