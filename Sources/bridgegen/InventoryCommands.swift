import Foundation
import Inventory

/// `bridgegen scan` and `bridgegen audit`: the migration inventory. Their arguments are few and
/// their own, so they are read here rather than by `Options`.
enum InventoryCommands {
    static let scanUsage = "bridgegen scan <paths…> [--output FILE] [--module NAME] [--access internal] [--dependency DIR]…"
    static let auditUsage = "bridgegen audit <app paths…> --bridges <files.bridge…> [--max-legacy-calls N]"

    static let scanHelp = """
        USAGE: \(scanUsage)

        Reads an SDK's sources (.swift, .swiftinterface; folders are searched) and writes a starter
        .bridge file: its public callback APIs, pasted as declarations, with the annotations scan can
        infer, and each skipped declaration named with the reason. The summary goes to standard error.

        OPTIONS:
          --output, -o <file>     The starter file to write (default: standard output); never overwritten.
          --module <name>         The SDK module to import (default: guessed from the paths).
          --access internal       Also list internal declarations (default: public and open only).
          --dependency <dir>      Sources of a module the SDK depends on, read for the closure
                                  typealiases its callbacks use (repeatable; default: the modules
                                  it imports from the other packages of the `.build/checkouts`
                                  the paths are in).
          --help, -h              Print this help.
        """

    static let auditHelp = """
        USAGE: \(auditUsage)

        Lists, on standard error, the app's calls to legacy callback APIs that the .bridge files
        bridge (path:line:col lines) and counts them: the migration's burn-down. With
        --max-legacy-calls N it exits 1 when more than N calls remain (a CI ratchet).

        OPTIONS:
          --bridges <files…>      The .bridge files (or folders) whose legacy APIs to look for.
          --max-legacy-calls <n>  Fail when more than n calls remain.
          --help, -h              Print this help.
        """

    /// `--help` anywhere in a command's arguments prints its usage and succeeds.
    static func wantsHelp(_ arguments: [String]) -> Bool {
        arguments.contains("--help") || arguments.contains("-h")
    }

    static func usageError(_ message: String, _ usage: String, io: CLI.IO) -> CLI.ExitCode {
        io.standardError("error: \(message)\nusage: \(usage)\n")
        return .usage
    }

    static func scan(_ arguments: [String], io: CLI.IO) -> CLI.ExitCode {
        if wantsHelp(arguments) {
            io.standardOutput(scanHelp + "\n")
            return .success
        }
        var paths: [String] = []
        var dependencies: [String] = []
        var output: String?
        var scan = Scan()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--output", "-o", "--module", "--access", "--dependency":
                guard let value = rest.popFirst() else { return usageError("\(argument) needs a value", scanUsage, io: io) }
                if argument == "--dependency" {
                    dependencies.append(value)
                } else if argument == "--module" {
                    scan.modules = [value]
                } else if argument == "--access" {
                    guard value == "internal" || value == "public" else {
                        return usageError("--access must be 'public' (the default) or 'internal'", scanUsage, io: io)
                    }
                    scan.includesInternal = value == "internal"
                } else {
                    output = value
                }
            default:
                if argument.hasPrefix("-") { return usageError("unknown option '\(argument)'", scanUsage, io: io) }
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { return usageError("no paths to scan", scanUsage, io: io) }
        if let output, output != "-", FileManager.default.fileExists(atPath: output) {
            io.standardError(
                "\(output): error: already exists; scan writes a new starter file\n\(output): note: choose another --output, or move the file away\n")
            return .diagnostics
        }
        var excluded: [String] = []
        let (files, problems) = swiftFiles(in: paths, extensions: ["swift", "swiftinterface"], excluded: &excluded)
        if !problems.isEmpty {
            io.standardError(problems.joined(separator: "\n") + "\n")
            return .diagnostics
        }
        // The modules the SDK depends on: named, or the other packages of the SwiftPM checkouts
        // the SDK was scanned in.
        let fromCheckouts = dependencies.isEmpty
        if fromCheckouts { dependencies = checkoutsBeside(paths, imports: importedModules(files)) }
        var dependencyExcluded: [String] = []
        let (dependencyFiles, dependencyProblems) = swiftFiles(in: dependencies, extensions: ["swift", "swiftinterface"], excluded: &dependencyExcluded)
        if !dependencyProblems.isEmpty {
            io.standardError(dependencyProblems.joined(separator: "\n") + "\n")
            return .diagnostics
        }
        scan.dependencyFiles = dependencyFiles
        var guessed: [String] = []
        var fromManifest = false
        if scan.modules.isEmpty {
            // Every module the files belong to: declarations of several modules need all of them.
            guessed = guessedModules(paths + files.map(\.path))
            // A target with a `path:` of its own (`Sources`, not `Sources/<Module>`): its manifest says.
            if guessed.isEmpty, paths.count == 1, let (manifest, relative) = manifestAndFolder(above: paths[0]),
                let target = PackageManifest.target(atPath: relative, in: manifest)
            {
                guessed = [target]
                fromManifest = true
            }
            scan.modules = guessed
        }
        let result = scan.run(files)
        if let output, output != "-" {
            do {
                try AtomicFile.write(result.text, to: output)
            } catch {
                io.standardError("\(output): error: cannot write the starter file (\(error.description))\n")
                return .diagnostics
            }
        } else {
            io.standardOutput(result.text)
        }
        if guessed.count > 1 {
            io.standardError(
                "scan: note: the files belong to \(guessed.count) modules (\(guessed.joined(separator: ", "))); the starter file imports each of them; "
                    + "scan one module's folder, or pass --module NAME, for a file per module\n")
        } else if let module = guessed.first {
            io.standardError(
                "scan: note: assumed the SDK's module is \(module) (from \(fromManifest ? "Package.swift" : "the paths")); pass --module NAME if it is not\n")
        } else if scan.modules.isEmpty {
            io.standardError(
                "scan: note: could not tell the SDK's module from the paths or a Package.swift; the starter has '// import <the SDK's module>': pass --module NAME\n")
        }
        if !result.dependencyAliases.isEmpty {
            io.standardError(
                "scan: note: pasted \(result.dependencyAliases.count) closure typealias(es) of the modules it depends on (\(result.dependencyAliases.joined(separator: ", ")))"
                    + (fromCheckouts ? ", read from the other packages in .build/checkouts" : "") + "\n")
        }
        if !excluded.isEmpty {
            io.standardError(
                "scan: note: left out \(excluded.count) file(s) the package's manifest excludes: \(excluded.sorted().joined(separator: ", "))\n")
        }
        io.standardError(result.summary + "\n")
        return .success
    }

    static func audit(_ arguments: [String], io: CLI.IO) -> CLI.ExitCode {
        if wantsHelp(arguments) {
            io.standardOutput(auditHelp + "\n")
            return .success
        }
        var paths: [String] = []
        var bridges: [String] = []
        var limit: Int?
        var readingBridges = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--bridges":
                readingBridges = true
            case "--max-legacy-calls":
                guard let value = rest.popFirst(), let number = Int(value), number >= 0 else {
                    return usageError("--max-legacy-calls needs a count (0 or more)", auditUsage, io: io)
                }
                limit = number
                readingBridges = false
            default:
                if argument.hasPrefix("-") { return usageError("unknown option '\(argument)'", auditUsage, io: io) }
                if readingBridges { bridges.append(argument) } else { paths.append(argument) }
            }
        }
        guard !paths.isEmpty else { return usageError("no app paths to audit", auditUsage, io: io) }
        guard !bridges.isEmpty else { return usageError("no .bridge files (--bridges)", auditUsage, io: io) }
        var audit = Audit()
        var errors: [String] = []
        let (bridgeFiles, bridgeProblems) = swiftFiles(in: bridges, extensions: ["bridge"])
        errors += bridgeProblems
        for file in bridgeFiles { errors += audit.addBridge(path: file.path, bytes: file.bytes) }
        let (appFiles, appProblems) = swiftFiles(in: paths, extensions: ["swift"])
        errors += appProblems
        if !errors.isEmpty {
            io.standardError(errors.joined(separator: "\n") + "\n")
            return .diagnostics
        }
        let calls = appFiles.flatMap { audit.calls(in: $0.bytes, path: $0.path) }
        var text = calls.map(Audit.report).joined(separator: "\n")
        if !text.isEmpty { text += "\n" }
        io.standardError(text + Audit.summary(calls, limit: limit) + "\n")
        if let limit, calls.count > limit { return .diagnostics }
        return .success
    }

    /// The files with these extensions in `paths` (folders searched recursively, hidden and
    /// `.build` folders skipped), in a stable order; and a diagnostic for each path that is not there
    /// or cannot be read. A folder inside a package leaves out what its manifest excludes (`excluded`).
    static func swiftFiles(in paths: [String], extensions: Set<String>) -> ([Scan.File], [String]) {
        var excluded: [String] = []
        return swiftFiles(in: paths, extensions: extensions, excluded: &excluded)
    }

    /// Every entry below `folder`, relative to it, hidden and `.build` folders skipped. A link to a
    /// folder is followed, as SwiftPM does for a target's sources (SyncKit's `CoreData/Core` links
    /// to the synchronizer every variant shares); a folder reached twice is read once.
    static func relativeEntries(below folder: String, visited: inout Set<String>) -> [String] {
        // Foundation here neither enumerates a link nor resolves a relative one through NSString.
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else { return [] }
        var entries: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: real)
        while let relative = enumerator?.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name == ".build" {
                enumerator?.skipDescendants()
                continue
            }
            entries.append(relative)
            let full = (folder as NSString).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if enumerator?.fileAttributes?[.type] as? FileAttributeType == .typeSymbolicLink,
                FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue
            {
                entries += relativeEntries(below: full, visited: &visited).map { relative + "/" + $0 }
            }
        }
        return entries
    }

    static func swiftFiles(in paths: [String], extensions: Set<String>, excluded: inout [String]) -> ([Scan.File], [String]) {
        var files: [Scan.File] = []
        var problems: [String] = []
        var seen: Set<String> = []  // a file reached both directly and through a link is read once
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append("\(path): error: no such file or directory")
                continue
            }
            var found: [String] = []
            if isDirectory.boolValue {
                let manifestExcludes = manifest(above: path).map(PackageManifest.excludedPaths(in:)) ?? []
                var visited: Set<String> = []
                for relative in relativeEntries(below: path, visited: &visited) {
                    let name = (relative as NSString).lastPathComponent
                    if PackageManifest.excludes(manifestExcludes, relative) {
                        if extensions.contains((name as NSString).pathExtension) { excluded.append(relative) }
                        continue
                    }
                    if extensions.contains((name as NSString).pathExtension) {
                        found.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
                    }
                }
            } else {
                found.append(path)
            }
            for file in found.sorted() where seen.insert(URL(fileURLWithPath: file).resolvingSymlinksInPath().path).inserted {
                guard let data = FileManager.default.contents(atPath: file) else {
                    // A link to nothing (a copied SDK whose links point into the original): say so.
                    let target = try? FileManager.default.destinationOfSymbolicLink(atPath: file)
                    problems.append(
                        "\(file): error: " + (target.map { "is a symbolic link to '\($0)', which does not exist" } ?? "cannot be read"))
                    continue
                }
                files.append(Scan.File(path: file, bytes: Array(data)))
            }
        }
        return (files, problems)
    }

    /// The text of the `Package.swift` in `folder` or the nearest folder above it, if any.
    static func manifest(above folder: String) -> String? {
        manifestAndFolder(above: folder)?.text
    }

    /// The nearest package manifest at or above `folder`, and `folder`'s path from its package.
    static func manifestAndFolder(above folder: String) -> (text: String, relativePath: String)? {
        let start = URL(fileURLWithPath: folder).standardizedFileURL
        var url = start
        for _ in 0..<8 {
            let candidate = url.appendingPathComponent(manifestName(in: url.path))
            if let data = FileManager.default.contents(atPath: candidate.path) {
                let relative = start.path.dropFirst(url.path.count).drop { $0 == "/" }
                return (String(decoding: data, as: UTF8.self), String(relative))
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
        return nil
    }

    /// The manifest SwiftPM reads in `folder`: of the version-specific ones (`Package@swift-5.3.swift`),
    /// the newest this toolchain's tools (6.3) may read, else `Package.swift`. LINE SDK's
    /// `Package.swift` excludes its UI folder, which `Package@swift-5.3.swift` builds.
    static func manifestName(in folder: String) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var best: (version: [Int], name: String)?
        for name in names where name.hasPrefix("Package@swift-") && name.hasSuffix(".swift") {
            let version = name.dropFirst("Package@swift-".count).dropLast(".swift".count).split(separator: ".").map { Int($0) ?? -1 }
            guard !version.contains(-1), version.lexicographicallyPrecedes([6, 3, 1]) || version.starts(with: [6, 3]) else { continue }
            if best.map({ $0.version.lexicographicallyPrecedes(version) }) ?? true { best = (version, name) }
        }
        return best?.name ?? "Package.swift"
    }

    /// `Foo` from `…/Foo.swiftinterface`, `…/Foo.swiftmodule/…` or `…/Sources/Foo/…`.
    /// The modules the files belong to, in order of first appearance: a `.swiftmodule` folder or
    /// a `Module.swiftinterface`, or the folder under `Sources/` (SwiftPM's layout).
    static func guessedModules(_ paths: [String]) -> [String] {
        var modules: [String] = []
        for path in paths {
            let components = path.split(separator: "/").map(String.init)
            var module: String?
            if let folder = components.first(where: { $0.hasSuffix(".swiftmodule") }) {
                module = String(folder.dropLast(12))
            } else if let last = components.last, last.hasSuffix(".swiftinterface"), !last.contains("-") {
                module = String(last.dropLast(15))
            } else if let index = components.lastIndex(of: "Sources"), index + 1 < components.count - 1 {
                module = components[index + 1]
            }
            if let module, !modules.contains(module) { modules.append(module) }
        }
        return modules
    }

    /// The modules the SDK imports that the other packages of its `.build/checkouts` folder
    /// build (`…/.build/checkouts/azure-sdk-for-ios/sdk/…` importing `AzureCore` → a
    /// `Sources/AzureCore` of another package there): the SDK's dependencies, as SwiftPM resolved
    /// them. Only the modules it imports: reading every package there costs seconds.
    static func checkoutsBeside(_ paths: [String], imports: Set<String>) -> [String] {
        var found: [String] = []
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            guard let range = absolute.range(of: "/.build/checkouts/") else { continue }
            let checkouts = String(absolute[..<range.upperBound])
            let own = absolute[range.upperBound...].split(separator: "/").first.map(String.init) ?? ""
            let packages = (try? FileManager.default.contentsOfDirectory(atPath: checkouts)) ?? []
            for package in packages.sorted() where package != own && !package.hasPrefix(".") {
                for module in imports.sorted() {
                    // (A package checked out as a link: its folder, not the link.)
                    let folder = URL(fileURLWithPath: checkouts + package + "/Sources/" + module).resolvingSymlinksInPath().path
                    var isDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue, !found.contains(folder) {
                        found.append(folder)
                    }
                }
            }
        }
        return found
    }

    /// The modules the files import (`import AzureCore`, `@_exported import Core`, `import struct Core.Thing`).
    static func importedModules(_ files: [Scan.File]) -> Set<String> {
        var modules: Set<String> = []
        for file in files {
            for line in String(decoding: file.bytes, as: UTF8.self).split(separator: "\n") {
                let words = line.split(whereSeparator: \.isWhitespace).filter { !$0.hasPrefix("@") }
                guard words.first == "import", words.count >= 2 else { continue }
                let path = words.count >= 3 ? words[2] : words[1]
                if let module = path.split(separator: ".").first { modules.insert(String(module)) }
            }
        }
        return modules
    }
}

