import DeclParser
import Foundation
import Generator
import Templates

/// The `bridgegen` command: reads inputs, runs the generator, writes outputs, picks the exit code.
/// Generation happens entirely in memory first; nothing is written unless every input succeeded.
public enum CLI {
    public static let version = "0.1.0"

    public enum ExitCode: Int32, Error {
        case success = 0
        case diagnostics = 1
        case stale = 2
        case usage = 64
    }

    /// Standard streams, injectable for tests.
    public struct IO: Sendable {
        public var readStandardInput: @Sendable () -> [UInt8]
        public var standardOutput: @Sendable (String) -> Void
        public var standardError: @Sendable (String) -> Void

        public static let process = IO(
            readStandardInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
            standardOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            standardError: { text in FileHandle.standardError.write(Data(text.utf8)) })

        public init(
            readStandardInput: @escaping @Sendable () -> [UInt8], standardOutput: @escaping @Sendable (String) -> Void,
            standardError: @escaping @Sendable (String) -> Void
        ) {
            self.readStandardInput = readStandardInput
            self.standardOutput = standardOutput
            self.standardError = standardError
        }
    }

    public static func run(_ arguments: [String], io: IO = .process) -> ExitCode {
        switch arguments.first {
        case "scan": return InventoryCommands.scan(Array(arguments.dropFirst()), io: io)
        case "audit": return InventoryCommands.audit(Array(arguments.dropFirst()), io: io)
        default: break
        }
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            io.standardError("error: \(error.message)\nRun 'bridgegen --help' for usage.\n")
            return .usage
        }
        switch options.command {
        case .help:
            io.standardOutput(Options.usage(of: options.helpTopic) + "\n")
            return .success
        case .version:
            io.standardOutput("bridgegen \(version)\n")
            return .success
        case .generate, .support, .settings:
            return Run(options: options, arguments: arguments, io: io).execute()
        }
    }
}

/// One invocation of `generate` or `support`.
struct Run {
    let options: Options
    /// The command line as given, for hints that repeat it.
    let arguments: [String]
    let io: CLI.IO

    /// A file to write, with its new contents.
    struct Planned {
        var path: String
        var text: String
    }

    func report(_ reports: [Report]) {
        guard !reports.isEmpty else { return }
        io.standardError(reports.map(\.formatted).joined(separator: "\n") + "\n")
    }

    func fail(_ path: String, _ message: String, note: String? = nil) -> CLI.ExitCode {
        var text = "\(path): error: \(message)\n"
        if let note { text += "\(path): note: \(note)\n" }
        io.standardError(text)
        return .diagnostics
    }

    func execute() -> CLI.ExitCode {
        let generator: GeneratorPipeline
        switch loadGenerator() {
        case .success(let loaded): generator = loaded
        case .failure(let code): return code
        }

        var planned: [Planned] = []
        var failed = false
        var outputOwners: [String: String] = [:]
        if options.command == .settings, let file = options.outputFile {
            planned.append(Planned(path: file, text: Self.settingsText(generator.settings, config: options.configFile)))
        } else if options.command == .support, let directory = options.outputDirectory {
            for file in GeneratorPipeline.runtimeSources() {
                planned.append(Planned(path: join(directory, file.name), text: file.text))
            }
        } else {
            for input in options.inputs {
                let bytes: [UInt8]
                let displayName: String
                if input == "-" {
                    bytes = io.readStandardInput()
                    displayName = "<stdin>"
                } else {
                    guard let contents = FileManager.default.contents(atPath: input) else {
                        var isDirectory: ObjCBool = false
                        let exists = FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory)
                        failed = true
                        _ = fail(
                            input, exists ? (isDirectory.boolValue ? "is a directory, not a .bridge file" : "cannot be read") : "no such file",
                            note: exists ? nil : "check the path; inputs are .bridge files")
                        continue
                    }
                    bytes = Array(contents)
                    displayName = (input as NSString).lastPathComponent
                }
                let output = generator.generate(
                    source: bytes, path: input == "-" ? "<stdin>" : input, displayName: displayName,
                    sourcePath: options.sourceLocationPath
                        ?? (input == "-" ? nil : Self.defaultSourcePath(for: input, currentDirectory: FileManager.default.currentDirectoryPath)))
                report(output.reports)
                guard let text = output.text else {
                    failed = true
                    continue
                }
                let path = outputPath(for: input)
                if let owner = outputOwners[path], path != "-" {
                    failed = true
                    _ = fail(input, "would write '\(path)', which '\(owner)' also writes", note: "give the inputs different file names")
                    continue
                }
                outputOwners[path] = input
                planned.append(Planned(path: path, text: text))
            }
        }
        if failed { return .diagnostics }
        return deliver(planned)
    }

    func loadGenerator() -> Result<GeneratorPipeline, CLI.ExitCode> {
        var configuration = Configuration()
        if let path = options.configFile {
            switch Configuration.load(path: path) {
            case .success(let loaded): configuration = loaded
            case .failure(let problems):
                io.standardError(problems.lines.joined(separator: "\n") + "\n")
                return .failure(.diagnostics)
            }
        }
        let settings = configuration.settings(overriddenBy: options)
        var overrides: [String: (path: String, source: String)] = [:]
        if let directory = options.templatesDirectory ?? configuration.templates {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                return .failure(fail(directory, "template directory does not exist", note: "pass --templates a directory holding *.template files"))
            }
            // A template of an earlier release that this one no longer reads: say what replaced it.
            for (retired, replacement) in Planner.retiredTemplates.sorted(by: { $0.key < $1.key })
            where FileManager.default.fileExists(atPath: join(directory, retired)) {
                return .failure(
                    fail(join(directory, retired), "'\(retired)' is no longer a bridgegen template", note: replacement))
            }
            let names = Planner.defaultTemplates().keys.sorted()
            var found = false
            for name in names {
                let path = join(directory, name)
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                guard let source = String(validating: data, as: UTF8.self) else {
                    return .failure(fail(path, "template is not valid UTF-8"))
                }
                overrides[name] = (path, source)
                found = true
            }
            if !found {
                return .failure(
                    fail(directory, "contains none of the template files", note: "expected one or more of: " + names.joined(separator: ", ")))
            }
        }
        do throws(TemplateError) {
            var generator = GeneratorPipeline(templates: try Planner.templates(overrides: overrides))
            generator.settings = settings
            return .success(generator)
        } catch {
            io.standardError(error.description + "\n")
            return .failure(.diagnostics)
        }
    }

    /// How `#sourceLocation` names an input by default: its path from the current directory,
    /// so that run from the package root the CLI writes exactly what generate-bridges commits;
    /// its file name when it lies outside. Never an absolute path: committed output must not
    /// depend on the machine.
    static func defaultSourcePath(for input: String, currentDirectory: String) -> String {
        let root = URL(fileURLWithPath: currentDirectory, isDirectory: true).standardizedFileURL
        let file = URL(fileURLWithPath: input, relativeTo: root).standardizedFileURL
        let rootPath = root.path(percentEncoded: false)
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        let filePath = file.path(percentEncoded: false)
        return filePath.hasPrefix(prefix) ? String(filePath.dropFirst(prefix.count)) : file.lastPathComponent
    }

    /// `A/B/Name.bridge` → `<output-dir>/Name.bridge.swift`, the plugins' rule (BridgeFiles).
    func outputPath(for input: String) -> String {
        if let file = options.outputFile { return file }
        guard let directory = options.outputDirectory, directory != "-" else { return "-" }
        return join(directory, BridgeFiles.outputName(for: URL(fileURLWithPath: input == "-" ? "stdin.bridge" : input)))
    }

    func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Prints, checks or writes the planned files.
    func deliver(_ planned: [Planned]) -> CLI.ExitCode {
        if planned.contains(where: { $0.path == "-" }) {
            io.standardOutput(planned.filter { $0.path == "-" }.map(\.text).joined(separator: "\n"))
        }
        let files = planned.filter { $0.path != "-" }
        let legacyRuntime = legacyRuntimeFile()
        if options.check {
            let command = options.regenerateCommand ?? regenerateCommand
            var stale = false
            if let legacyRuntime {
                stale = true
                io.standardError(
                    "\(legacyRuntime): error: the runtime copy of an earlier bridgegen is still here; run '\(command)' to remove it\n"
                        + "\(legacyRuntime): note: \(Self.runtimeDependencyNote)\n")
            }
            for file in files {
                let existing = FileManager.default.contents(atPath: file.path).flatMap { String(validating: $0, as: UTF8.self) }
                let text = file.text
                if existing == text { continue }
                stale = true
                if let existing {
                    io.standardError("\(file.path): error: generated file is stale; run '\(command)' and commit the result\n")
                    io.standardOutput(UnifiedDiff.diff(old: existing, new: text, oldName: file.path, newName: file.path + " (expected)"))
                } else {
                    io.standardError("\(file.path): error: generated file is missing; run '\(command)' and commit the result\n")
                }
            }
            return stale ? .stale : .success
        }
        if options.dryRun {
            for file in files {
                let existing = FileManager.default.contents(atPath: file.path)
                let state = existing == nil ? "would create" : (existing == Data(file.text.utf8) ? "unchanged" : "would update")
                io.standardOutput("\(state) \(file.path)\n")
            }
            if let legacyRuntime { io.standardOutput("would remove \(legacyRuntime)\n") }
            return .success
        }
        if let directory = options.outputDirectory, directory != "-" {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                return fail(directory, "cannot create output directory (\(Self.reason(error)))")
            }
        }
        // Never overwrite a file bridgegen did not write: an output name can collide with a
        // hand-written source file in the same folder.
        for file in files {
            guard let existing = FileManager.default.contents(atPath: file.path) else { continue }
            let firstLine = String(decoding: existing.prefix(200), as: UTF8.self).prefix { $0 != "\n" }
            if !firstLine.contains(GeneratedFile.marker) {
                return fail(
                    file.path, "refusing to overwrite a file that bridgegen did not generate",
                    note: "move it, rename the .bridge input, or choose another --output-dir")
            }
        }
        for file in files {
            do {
                try AtomicFile.write(file.text, to: file.path)
            } catch {
                return fail(file.path, "cannot write generated file (\(error.description))", note: "check that the output directory is writable")
            }
        }
        if let legacyRuntime {
            do {
                try FileManager.default.removeItem(atPath: legacyRuntime)
            } catch {
                return fail(legacyRuntime, "cannot remove the runtime copy of an earlier bridgegen (\(Self.reason(error)))")
            }
            io.standardError("\(legacyRuntime): note: removed the runtime copy of an earlier bridgegen; \(Self.runtimeDependencyNote)\n")
        }
        return .success
    }

    /// What `settings` writes: a Swift file of comments, so a build compiles it as it is.
    static func settingsText(_ settings: Settings, config: String?) -> String {
        let source = config.map { ($0 as NSString).lastPathComponent } ?? "the defaults"
        return """
            // Generated by bridgegen from \(source): the settings this target's adapters are generated with.
            // access: \(settings.access.rawValue)
            // naming: \(settings.naming.rawValue)
            // availability: \(settings.availability)
            // testDoubles: \(settings.testDoubles.rawValue)\(settings.fakesImport.map { ", fakes import \($0)" } ?? "")

            """
    }

    static let runtimeDependencyNote =
        "the adapters import the BridgegenRuntime module: add .product(name: \"BridgegenRuntime\", package: \"bridgegen\") to the target's dependencies (or compile 'bridgegen support --output-dir DIR' as that module)"

    /// `BridgegenSupport.swift` in `generate`'s output folder, written by an earlier release (the
    /// runtime, copied into every module): now a second, clashing definition of the runtime's
    /// types, so `generate` removes it. Only a file bridgegen generated.
    func legacyRuntimeFile() -> String? {
        guard options.command == .generate, let directory = options.outputDirectory, directory != "-" else { return nil }
        let path = join(directory, GeneratorPipeline.legacySupportFileName)
        guard let existing = FileManager.default.contents(atPath: path) else { return nil }
        let firstLine = String(decoding: existing.prefix(200), as: UTF8.self).prefix { $0 != "\n" }
        return firstLine.contains(GeneratedFile.marker) ? path : nil
    }

    /// This command line without `--check`, as a shell would read it back.
    var regenerateCommand: String {
        (["bridgegen"] + arguments.filter { $0 != "--check" }).map(Self.shellQuoted).joined(separator: " ")
    }

    static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Every default template starts its output with a line containing this; custom templates
    /// must keep it so regeneration may replace their output.

    static func reason(_ error: Error) -> String {
        (error as NSError).localizedDescription
    }
}
