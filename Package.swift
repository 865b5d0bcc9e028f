// swift-tools-version:6.0
import PackageDescription

/// Generated code and the generator itself must stay warning-free; goldens compile with this.
let warningsAsErrors: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "bridgegen",
    products: [
        .executable(name: "bridgegen", targets: ["bridgegen"]),
        .plugin(name: "BridgegenPlugin", targets: ["BridgegenPlugin"]),
        .plugin(name: "GenerateBridges", targets: ["GenerateBridges"]),
    ],
    targets: [
        // big inputs: an order-preserving map over the cores, memory kept until exit, heaps grown in big steps
        .target(name: "Parallel"),
        // text assembled from many short pieces (names, generated code), as UTF-8 bytes
        .target(name: "Text"),
        // parse
        .target(name: "DeclParser", dependencies: ["Parallel", "Text"]),
        // analyse: shapes, naming, cancellation → adapter model
        .target(name: "Analysis", dependencies: ["DeclParser", "Parallel", "Text"]),
        // render: logic-less templates and the renderer that owns layout
        .target(name: "Templates", dependencies: ["Parallel", "Text"]),
        // plan + drive the pipeline: adapter model → template contexts → Swift text
        .target(name: "Generator", dependencies: ["DeclParser", "Analysis", "Templates", "Parallel", "Text"]),
        // the command line: arguments, files, exit codes
        .target(name: "BridgegenCLI", dependencies: ["Generator"]),
        .executableTarget(name: "bridgegen", dependencies: ["BridgegenCLI", "Parallel"]),
        // In the build: one command per .bridge file, outputs in the plugin work directory.
        .plugin(name: "BridgegenPlugin", capability: .buildTool(), dependencies: ["bridgegen"]),
        // On demand: generated files written into the target's Generated/ folder, or --check.
        .plugin(
            name: "GenerateBridges",
            capability: .command(
                intent: .custom(verb: "generate-bridges", description: "Write bridgegen adapters into each target's Generated/ folder"),
                permissions: [.writeToPackageDirectory(reason: "bridgegen writes the generated adapters into Generated/")]),
            dependencies: ["bridgegen"]),

        // A deliberately misbehaving legacy SDK that the goldens are compiled against.
        .target(name: "FixtureSDK", path: "Tests/FixtureSDK"),
        // The expected golden outputs, compiled as a module (Swift 6 mode, warnings as errors).
        .target(
            name: "GoldenAdapters", dependencies: ["FixtureSDK"], path: "Tests/GoldenTests/Expected",
            swiftSettings: warningsAsErrors),

        .testTarget(name: "DeclParserTests", dependencies: ["DeclParser", "Text"]),
        .testTarget(name: "AnalysisTests", dependencies: ["Analysis", "Text"]),
        .testTarget(name: "TemplatesTests", dependencies: ["Templates", "Text"]),
        .testTarget(name: "GeneratorTests", dependencies: ["Generator", "Parallel"]),
        .testTarget(
            name: "GoldenTests", dependencies: ["Generator", "GoldenAdapters", "FixtureSDK"],
            exclude: ["Inputs", "Expected", "Malformed"]),
        // Helpers shared by the test targets that run generated adapters.
        .target(name: "TestSupport", dependencies: ["GoldenAdapters", "FixtureSDK"], path: "Tests/TestSupport"),
        .testTarget(name: "BehaviourTests", dependencies: ["GoldenAdapters", "FixtureSDK", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["BridgegenCLI"]),
        // Thousands of randomized interleavings per adapter kind; CI also runs it under TSan.
        .testTarget(name: "StressTests", dependencies: ["GoldenAdapters", "FixtureSDK", "TestSupport"]),
    ]
)
