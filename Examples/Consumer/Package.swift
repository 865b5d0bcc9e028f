// swift-tools-version:6.0
// A consumer of bridgegen's build plugin, as an app team would set it up: a legacy SDK, and an
// app target whose .bridge files become async adapters on every build. CI builds and tests it.
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [
        .package(name: "bridgegen", path: "../..")
    ],
    targets: [
        // Stands in for a vendor SDK: completion handlers, a cancellable operation, a delegate
        // and an observer, all misbehaving on request.
        // Written in Swift 5 mode, as such SDKs are.
        .target(name: "LegacyPayments", swiftSettings: [.swiftLanguageMode(.v5)]),
        // Calls only the generated async API; its Bridges/*.bridge files are the plugin's input.
        // The adapters import BridgegenRuntime, so the target depends on it.
        .target(
            name: "PaymentsApp",
            dependencies: ["LegacyPayments", .product(name: "BridgegenRuntime", package: "bridgegen")],
            plugins: [.plugin(name: "BridgegenPlugin", package: "bridgegen")]),
        // The app's tests: the build plugin generates the fakes here from the app's
        // Bridges/Payments.bridge (linked), so the app target ships none (bridgegen.json).
        .testTarget(
            name: "PaymentsAppTests",
            dependencies: ["PaymentsApp", "LegacyPayments", .product(name: "BridgegenRuntime", package: "bridgegen")],
            plugins: [.plugin(name: "BridgegenPlugin", package: "bridgegen")]),
    ]
)
