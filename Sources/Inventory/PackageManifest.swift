/// What scan reads from a package's `Package.swift`. The manifest is Swift, not data; its string
/// literals are enough for two things:
/// - the files it excludes from its targets (`exclude: ["AnyPromise.swift"]`, `target.exclude =
///   [...]`): they are not compiled, so scan must not offer their APIs (PromiseKit's starter
///   named `AnyPromise`, which it excludes on Linux);
/// - the module a folder is the target of (`.target(name: "Swinject", path: "Sources")`), when
///   the folder is not SwiftPM's default `Sources/<Module>`.
public enum PackageManifest {
    /// The paths listed, relative to their targets' folders.
    public static func excludedPaths(in text: String) -> [String] {
        var paths: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "exclude") {
            rest = rest[range.upperBound...]
            // `exclude: [` or `.exclude = [`
            let head = rest.prefix { $0 == " " || $0 == ":" || $0 == "=" || $0 == "\n" || $0 == "\t" }
            guard rest.dropFirst(head.count).first == "[", let close = rest.firstIndex(of: "]") else { continue }
            var list = rest[rest.index(after: rest.startIndex)..<close]
            while let open = list.firstIndex(of: "\"") {
                let afterOpen = list.index(after: open)
                guard let end = list[afterOpen...].firstIndex(of: "\"") else { break }
                paths.append(String(list[afterOpen..<end]))
                list = list[list.index(after: end)...]
            }
            rest = rest[close...]
        }
        return paths
    }

    /// Whether `relativePath` (a file's path inside the scanned folder) is excluded: it is an
    /// excluded path, inside an excluded folder, or ends with one (the folder scanned is above
    /// the target's).
    public static func excludes(_ excluded: [String], _ relativePath: String) -> Bool {
        excluded.contains { entry in
            relativePath == entry || relativePath.hasPrefix(entry + "/") || relativePath.hasSuffix("/" + entry)
                || relativePath.contains("/" + entry + "/")
        }
    }

    /// The target whose folder is `relativePath` (from the package root): one that names it as
    /// its `path:`, else the package's only non-test target when it has one.
    public static func target(atPath relativePath: String, in text: String) -> String? {
        var targets: [(name: String, path: String?)] = []
        var rest = Substring(text)
        while let range = rest.range(of: ".target(") {
            rest = rest[range.upperBound...]
            // The call's text, to its closing parenthesis.
            var depth = 1
            var end = rest.startIndex
            while end < rest.endIndex && depth > 0 {
                if rest[end] == "(" { depth += 1 }
                if rest[end] == ")" { depth -= 1 }
                end = rest.index(after: end)
            }
            let call = rest[..<end]
            if let name = stringArgument("name", in: call) { targets.append((name, stringArgument("path", in: call))) }
        }
        let trimmed = relativePath.split(separator: "/").joined(separator: "/")
        if let match = targets.first(where: { $0.path.map { $0.split(separator: "/").joined(separator: "/") } == trimmed }) {
            return match.name
        }
        return targets.count == 1 ? targets[0].name : nil
    }

    /// `label: "value"` in a call's text.
    static func stringArgument(_ label: String, in call: Substring) -> String? {
        guard let range = call.range(of: label + ":") else { return nil }
        let after = call[range.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard after.first == "\"" else { return nil }
        return String(after.dropFirst().prefix { $0 != "\"" })
    }
}
