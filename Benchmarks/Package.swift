// swift-tools-version:6.0
// Benchmarks live in their own package so they never slow the main build or CI's tests.
// Run them with `Benchmarks/run` (release build); results are recorded in docs/performance.md.
import PackageDescription

let package = Package(
    name: "BridgegenBenchmarks",
    dependencies: [.package(name: "bridgegen", path: "..")],
    targets: [
        // Release builds (Benchmarks/run) compile the whole module at once, as apps do; the
        // adapters call the runtime across the module boundary, as in an app.
        .executableTarget(
            name: "AdapterBenchmarks", dependencies: [.product(name: "BridgegenRuntime", package: "bridgegen")])
    ]
)
