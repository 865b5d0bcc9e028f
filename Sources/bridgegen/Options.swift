/// The command line, parsed by hand: the tool has no package dependencies.
import Generator

struct Options: Equatable {
    enum Command: Equatable {
        case generate
        case support
        /// The build plugin's per-target check of `bridgegen.json` (one report per build).
        case settings
        case help
        case version
    }

    var command: Command = .help
    /// `bridgegen <command> --help`: the command whose usage to print.
    var helpTopic: Command?
    var inputs: [String] = []
    /// A directory, or "-" for standard output.
    var outputDirectory: String?
    /// One output file for one input (used by the build plugin).
    var outputFile: String?
    /// How the generated code's `#sourceLocation` names the input (default: its file name).
    var sourceLocationPath: String?
    /// `--source-locations lines`: map generated lines to the `.bridge` file (the build plugin's
    /// output); by default none, for output committed and reviewed in diffs.
    var sourceLocations: Settings.SourceLocations?
    var templatesDirectory: String?
    /// `bridgegen.json`; the flags below win over it.
    var configFile: String?
    var access: String?
    var naming: Settings.Naming?
    var availability: String?
    var check = false
    /// `--test-doubles [protocols|fakes]`: protocols, conformances and scriptable fakes.
    var testDoubles: Settings.TestDoubles?
    /// `--fakes-import Module`: the module a fakes-only file stands in for.
    var fakesImport: String?
    /// The command that regenerates the files, named in `--check`'s hints (the command plugin
    /// passes its own); by default this command line without `--check`.
    var regenerateCommand: String?
    var dryRun = false

    struct UsageError: Error, Equatable {
        var message: String
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var rest = arguments[...]
        guard let first = rest.first else { return options }
        switch first {
        case "generate": options.command = .generate
        case "support": options.command = .support
        case "settings": options.command = .settings
        case "help", "--help", "-h": return options
        case "--version": 
            options.command = .version
            return options
        default:
            throw UsageError(message: "unknown command '\(first)'; expected 'generate', 'support', 'scan' or 'audit'")
        }
        rest = rest.dropFirst()
        func value(for flag: String) throws(UsageError) -> String {
            guard let next = rest.first else { throw UsageError(message: "\(flag) needs a value") }
            rest = rest.dropFirst()
            return next
        }
        var onlyInputs = false
        while let argument = rest.first {
            rest = rest.dropFirst()
            if onlyInputs || argument == "-" || !argument.hasPrefix("-") {
                options.inputs.append(argument)
                continue
            }
            var flag = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                flag = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func take() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                return try value(for: flag)
            }
            switch flag {
            case "--": onlyInputs = true
            case "--output-dir", "-o": options.outputDirectory = try take()
            case "--output": options.outputFile = try take()
            case "--source-location-path": options.sourceLocationPath = try take()
            case "--source-locations":
                guard let value = Settings.SourceLocations(rawValue: try take()) else {
                    throw UsageError(message: "--source-locations must be 'lines' or 'none'")
                }
                options.sourceLocations = value
            case "--regenerate-command": options.regenerateCommand = try take()
            case "--templates": options.templatesDirectory = try take()
            case "--config": options.configFile = try take()
            case "--access":
                let value = try take()
                guard Settings.accessLevels.contains(value) else {
                    throw UsageError(message: "--access must be one of: internal, package, public")
                }
                options.access = value
            case "--naming":
                guard let value = Settings.Naming(rawValue: try take()) else {
                    throw UsageError(message: "--naming must be 'swift' or 'legacy'")
                }
                options.naming = value
            case "--continuation", "--misuse-hook", "--no-support":
                throw UsageError(message: Self.removedFlags[flag]!)
            case "--availability":
                let value = try take()
                guard Configuration.isAvailabilityList(value) else {
                    throw UsageError(message: "--availability must be a platform list ending in '*', e.g. 'iOS 15.0, macOS 12.0, *'")
                }
                options.availability = value
            case "--check": options.check = true
            case "--test-doubles":
                // An optional value: `protocols` or `fakes`; anything else is the next argument.
                if let next = rest.first, next == "protocols" || next == "fakes" {
                    options.testDoubles = Settings.TestDoubles(rawValue: next)
                    rest = rest.dropFirst()
                } else {
                    options.testDoubles = inlineValue.flatMap(Settings.TestDoubles.init(rawValue:)) ?? .all
                }
            case "--fakes-import":
                let value = try take()
                guard Configuration.isQualifiedName(value) else { throw UsageError(message: "--fakes-import must name a module") }
                options.fakesImport = value
            case "--dry-run": options.dryRun = true
            case "--help", "-h":
                options.helpTopic = options.command
                options.command = .help
                return options
            default:
                throw UsageError(message: "unknown option '\(flag)'")
            }
        }
        try options.validate()
        return options
    }

    func validate() throws(UsageError) {
        switch command {
        case .generate:
            if inputs.isEmpty { throw UsageError(message: "no input files; pass one or more .bridge files, or '-' for standard input") }
            if outputDirectory == nil && outputFile == nil {
                throw UsageError(message: "missing --output-dir DIR (or '--output-dir -' to print to standard output)")
            }
            if outputDirectory != nil && outputFile != nil {
                throw UsageError(message: "--output and --output-dir cannot be combined")
            }
            if sourceLocationPath != nil && inputs.count != 1 {
                throw UsageError(message: "--source-location-path takes exactly one input file")
            }
            if outputFile != nil && inputs.count != 1 {
                throw UsageError(message: "--output takes exactly one input file")
            }
            if inputs.filter({ $0 == "-" }).count > 1 {
                throw UsageError(message: "standard input ('-') can be read only once")
            }
            if check && dryRun { throw UsageError(message: "--check and --dry-run cannot be combined") }
            if (outputDirectory == "-" || outputFile == "-") && (check || dryRun) {
                throw UsageError(message: "--check and --dry-run need an output directory, not standard output")
            }
        case .support:
            if !inputs.isEmpty { throw UsageError(message: "'support' takes no input files") }
            if outputFile != nil || outputDirectory == nil || outputDirectory == "-" {
                throw UsageError(
                    message: "'support' writes the BridgegenRuntime module's source files: use --output-dir DIR, and compile DIR as a module named BridgegenRuntime")
            }
        case .settings:
            if !inputs.isEmpty || outputDirectory != nil || outputFile == nil || outputFile == "-" {
                throw UsageError(message: "'settings' writes one file: use --output FILE (with --config FILE)")
            }
        case .help, .version:
            break
        }
    }

    /// Flags of earlier releases that one shared runtime module made meaningless (decision 3).
    static let removedFlags: [String: String] = [
        "--continuation": "--continuation is gone: the BridgegenRuntime module, shared by every module, always uses checked continuations",
        "--misuse-hook":
            "--misuse-hook is gone: every module's adapters report to the one BridgegenMisuse.handler; set it once at launch",
        "--no-support": "--no-support is gone: 'generate' no longer writes a runtime file (the adapters import BridgegenRuntime)",
    ]

    /// The usage of one command, for `bridgegen <command> --help`.
    static func usage(of command: Command?) -> String {
        switch command {
        case .support?:
            return """
                USAGE: bridgegen support --output-dir <dir>

                Writes the sources of the BridgegenRuntime module, the runtime every generated adapter
                imports, for build systems without SwiftPM (Bazel, Xcode projects, CocoaPods). Compile them
                as a module named BridgegenRuntime. With SwiftPM, depend on the bridgegen package's
                BridgegenRuntime product instead.
                """
        case .settings?:
            return """
                USAGE: bridgegen settings --config <bridgegen.json> --output <file.swift>

                Checks a target's bridgegen.json and writes the settings it gives as Swift comments. The
                build plugin runs it once per target, so a bad configuration is reported once.
                """
        default:
            return usage
        }
    }

    static let usage = """
        OVERVIEW: Generate async/await adapters for legacy callback APIs described in .bridge files.

        USAGE: bridgegen generate <input.bridge>... --output-dir <dir> [options]
               bridgegen generate <input.bridge> --output <file.swift> [options]
               bridgegen support --output-dir <dir>
               bridgegen settings --config <bridgegen.json> --output <file.swift>
               bridgegen scan <paths…> [--output <starter.bridge>] [--module <name>] [--access internal] [--dependency <dir>]…
               bridgegen audit <app paths…> --bridges <files.bridge…> [--max-legacy-calls <n>]

        For each input Name.bridge, 'generate' writes Name.bridge.swift to the output directory. The
        adapters import BridgegenRuntime: with SwiftPM, depend on the bridgegen package's
        BridgegenRuntime product; elsewhere, 'support' writes that module's sources to compile as a
        module named BridgegenRuntime. 'settings' checks a bridgegen.json and writes the settings it
        gives as comments (the build plugin runs it once per target).
        Use '-' as the input to read standard input, and '--output-dir -' to print to standard output.
        'scan' writes a starter .bridge file for an SDK's sources (.swift, .swiftinterface); 'audit'
        lists the app's calls to legacy APIs that .bridge files bridge (docs/migrating.md).

        OPTIONS:
          --output-dir, -o <dir>  Directory for generated files ('-' for standard output).
          --output <file>         The generated file for a single input (used by the build plugin).
          --source-locations <lines|none>
                                  'lines' maps each generated statement that repeats .bridge text to
                                  its line (#sourceLocation), so the compiler reports errors there at
                                  the .bridge file: the build plugin's output. 'none' (default)
                                  writes no line numbers, so one edit to a .bridge file changes only
                                  its own adapter's lines: for output committed and reviewed.
          --source-location-path <path>
                                  How #sourceLocation names the input with '--source-locations lines'
                                  (default: the input path as given, from the current directory).
          --templates <dir>       Directory with templates that replace the defaults (same file names).
          --config <file>         A bridgegen.json with a target's settings; the flags below win over it.
          --access <level>        Access level where a block does not say: internal, package, public.
          --naming <rule>         'swift' (SE-0297 names, default) or 'legacy' (keep the SDK's names).
          --availability <list>   Platforms of the generated @available (default: iOS 13.0, macOS 10.15, …, *).
          --check                 Write nothing; exit 2 and print a diff when a file is missing or stale.
          --regenerate-command <text>
                                  The command '--check' tells the user to run (default: this one
                                  without --check; generate-bridges passes its own).
          --test-doubles [protocols|fakes]
                                  Also a protocol per bridged type, its conformance, and a scriptable
                                  fake that runs through the same runtime (docs/testing.md); only the
                                  protocols (an app target), or only the fakes (a test-support target,
                                  with --fakes-import <AppModule>).
          --dry-run               Write nothing; list what would be written.
          --version               Print the version.
          --help, -h              Print this help.

        EXIT CODES: 0 success, 1 errors in the input (reported as path:line:col: error: …),
                    2 stale output with --check, 64 wrong usage.
        """
}
