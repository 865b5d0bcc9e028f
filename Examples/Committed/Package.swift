// swift-tools-version:6.0
// Both plugins in one package, as teams mix them.
//
// Weather uses the command plugin: its adapters are committed under Sources/Weather/Generated
// and reviewed in diffs. Its .bridge files are excluded from the target (so SwiftPM does not
// hand them to a build plugin). Regenerate with
//   swift package --allow-writing-to-package-directory generate-bridges
// and let CI fail when they are stale with
//   swift package --allow-writing-to-package-directory generate-bridges --check
// Both leave Alerts alone: it uses the build plugin, which generates on every build.
import PackageDescription

let package = Package(
    name: "Committed",
    dependencies: [
        .package(name: "bridgegen", path: "../..")
    ],
    targets: [
        .target(name: "LegacyWeather", swiftSettings: [.swiftLanguageMode(.v5)]),
        // The .bridge inputs are not sources of the target: only Generated/ is compiled.
        .target(
            name: "Weather", dependencies: ["LegacyWeather", .product(name: "BridgegenRuntime", package: "bridgegen")],
            exclude: ["Bridges"]),
        // The .bridge inputs are sources: the build plugin turns them into adapters.
        .target(
            name: "Alerts", dependencies: ["LegacyWeather", .product(name: "BridgegenRuntime", package: "bridgegen")],
            plugins: [.plugin(name: "BridgegenPlugin", package: "bridgegen")]),
        .testTarget(name: "WeatherTests", dependencies: ["Weather", "LegacyWeather"]),
        .testTarget(name: "AlertsTests", dependencies: ["Alerts", "LegacyWeather"]),
    ]
)
