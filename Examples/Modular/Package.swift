// swift-tools-version:6.0
// An app split into modules, as large apps are: two legacy SDKs, a module that bridges each one
// (the build plugin), and an app module that uses both. All of them share one runtime, the
// BridgegenRuntime product: the app catches `BridgegenError` without knowing which module an
// adapter came from, and one `BridgegenMisuse.handler` receives every module's reports. CI
// builds and tests it.
import PackageDescription

let runtime: Target.Dependency = .product(name: "BridgegenRuntime", package: "bridgegen")
let bridgegen: Target.PluginUsage = .plugin(name: "BridgegenPlugin", package: "bridgegen")

let package = Package(
    name: "Modular",
    dependencies: [
        .package(name: "bridgegen", path: "../..")
    ],
    targets: [
        // Stand-ins for two vendor SDKs, written in Swift 5 mode, as such SDKs are.
        .target(name: "LegacyAccounts", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "LegacyMaps", swiftSettings: [.swiftLanguageMode(.v5)]),
        // One bridged module per SDK. Each holds its .bridge file and one Swift file: SwiftPM
        // builds no target whose only sources a build plugin makes (swiftlang/swift-package-manager#8061).
        .target(name: "AccountsBridge", dependencies: ["LegacyAccounts", runtime], plugins: [bridgegen]),
        .target(name: "MapsBridge", dependencies: ["LegacyMaps", runtime], plugins: [bridgegen]),
        // The app: both bridged modules, and the runtime for `BridgegenError` and the handler.
        .target(name: "ModularApp", dependencies: ["AccountsBridge", "MapsBridge", "LegacyAccounts", "LegacyMaps", runtime]),
        // Fakes of the accounts adapters, generated into the tests (test-only layout): they
        // throw the app's own `BridgegenError`, and report to the app's one handler.
        .testTarget(
            name: "ModularAppTests", dependencies: ["ModularApp", "AccountsBridge", "MapsBridge", "LegacyAccounts", "LegacyMaps", runtime],
            plugins: [bridgegen]),
    ]
)
