// swift-tools-version:6.0
import PackageDescription

/// Generated code and the generator itself must stay warning-free; goldens compile with this.
let warningsAsErrors: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "bridgegen",
    products: [
        .executable(name: "bridgegen", targets: ["bridgegen"]),
        // What every target with generated adapters depends on (and its tests, for the fakes).
        .library(name: "BridgegenRuntime", targets: ["BridgegenRuntime"]),
        .plugin(name: "BridgegenPlugin", targets: ["BridgegenPlugin"]),
        .plugin(name: "GenerateBridges", targets: ["GenerateBridges"]),
        .plugin(name: "AuditBridges", targets: ["AuditBridges"]),
    ],
    targets: [
        // The runtime the generated adapters call: one module for the whole app, versioned
        // (generated code names the version it needs). `bridgegen support` writes its sources.
        .target(name: "BridgegenRuntime"),
        // The pipeline, one stage per folder: parse (DeclParser) → analyse → plan → render
        // (Generator/Analysis, Planning with its CodePrinter, Rendering; the template language in
        // Templates).
        .target(name: "DeclParser"),
        .target(name: "Templates"),
        .target(name: "Generator", dependencies: ["DeclParser", "Templates"]),
        // The migration inventory: `scan` (an SDK's callback APIs as a starter .bridge file) and
        // `audit` (the legacy callback calls an app still makes), over ordinary Swift sources.
        .target(name: "Inventory", dependencies: ["DeclParser", "Generator"]),
        // The command line: arguments, files, exit codes.
        .executableTarget(name: "bridgegen", dependencies: ["Generator", "Inventory"]),
        // In the build: one command per .bridge file, outputs in the plugin work directory.
        .plugin(name: "BridgegenPlugin", capability: .buildTool(), dependencies: ["bridgegen"]),
        // On demand: generated files written into the target's Generated/ folder, or --check.
        .plugin(
            name: "GenerateBridges",
            capability: .command(
                intent: .custom(verb: "generate-bridges", description: "Write bridgegen adapters into each target's Generated/ folder"),
                permissions: [.writeToPackageDirectory(reason: "bridgegen writes the generated adapters into Generated/")]),
            dependencies: ["bridgegen"]),
        // On demand: `bridgegen audit` over the package's targets (the migration's burn-down).
        .plugin(
            name: "AuditBridges",
            capability: .command(
                intent: .custom(verb: "audit-bridges", description: "Count the app's remaining legacy callback calls")),
            dependencies: ["bridgegen"]),

        // A deliberately misbehaving legacy SDK that the goldens are compiled against.
        .target(name: "FixtureSDK", path: "Tests/FixtureSDK"),
        // The expected golden outputs, compiled as a module (Swift 6 mode, warnings as errors).
        .target(
            name: "GoldenAdapters", dependencies: ["FixtureSDK", "BridgegenRuntime"], path: "Tests/GoldenTests/Expected",
            swiftSettings: warningsAsErrors),

        // The runtime's own tests: its state machine, every interleaving (no generated code).
        .testTarget(name: "BridgegenRuntimeTests", dependencies: ["BridgegenRuntime"]),
        .testTarget(name: "DeclParserTests", dependencies: ["DeclParser"]),
        .testTarget(name: "TemplatesTests", dependencies: ["Templates"]),
        .testTarget(name: "GeneratorTests", dependencies: ["Generator"]),
        .testTarget(name: "InventoryTests", dependencies: ["Inventory"]),
        .testTarget(
            name: "GoldenTests", dependencies: ["Generator", "BridgegenRuntime", "GoldenAdapters", "FixtureSDK", "TestSupport"],
            exclude: ["Inputs", "Expected", "Malformed"]),
        // The test-only layout: the fakes of the TestDoubles golden generated into a module of
        // their own that imports the adapters (`--test-doubles fakes --fakes-import`).
        .target(
            name: "GoldenFakes", dependencies: ["BridgegenRuntime", "GoldenAdapters", "FixtureSDK"], path: "Tests/GoldenFakes",
            swiftSettings: warningsAsErrors),
        // Helpers shared by the test targets that run generated adapters.
        .target(name: "TestSupport", dependencies: ["BridgegenRuntime", "GoldenAdapters", "FixtureSDK"], path: "Tests/TestSupport"),
        .testTarget(name: "BehaviourTests", dependencies: ["BridgegenRuntime", "GoldenAdapters", "GoldenFakes", "FixtureSDK", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["bridgegen", "Generator", "TestSupport"]),
        // Thousands of randomized interleavings per adapter kind; CI also runs it under TSan.
        .testTarget(name: "StressTests", dependencies: ["BridgegenRuntime", "GoldenAdapters", "FixtureSDK", "TestSupport"]),
    ]
)
