// swift-tools-version:6.0
// Benchmarks live in their own package so they never slow the main build or CI's tests.
// Run them with `Benchmarks/run` (release build); results are recorded in docs/performance.md.
import PackageDescription

let package = Package(
    name: "BridgegenBenchmarks",
    targets: [
        // Release builds (Benchmarks/run) compile the whole module at once, as apps do.
        .executableTarget(name: "AdapterBenchmarks")
    ]
)
