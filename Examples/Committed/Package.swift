// swift-tools-version:6.0
// The command-plugin flow: generated adapters are committed under Sources/Weather/Generated and
// reviewed in diffs. Regenerate with
//   swift package --allow-writing-to-package-directory generate-bridges
// and let CI fail when they are stale with
//   swift package --allow-writing-to-package-directory generate-bridges --check
import PackageDescription

let package = Package(
    name: "Committed",
    dependencies: [
        .package(name: "bridgegen", path: "../..")
    ],
    targets: [
        .target(name: "LegacyWeather", swiftSettings: [.swiftLanguageMode(.v5)]),
        // The .bridge inputs are not sources of the target: only Generated/ is compiled.
        .target(name: "Weather", dependencies: ["LegacyWeather"], exclude: ["Bridges"]),
        .testTarget(name: "WeatherTests", dependencies: ["Weather", "LegacyWeather"]),
    ]
)
