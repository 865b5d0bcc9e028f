/// The files a package's manifest excludes from its targets (`exclude: ["AnyPromise.swift"]`,
/// `target.exclude = [...]`): they are not compiled, so scan must not offer their APIs.
/// PromiseKit's starter named `AnyPromise`, which it excludes on Linux. The manifest is Swift,
/// not data; the string literals of every `exclude` array are enough (a target's other
/// settings never list files there).
public enum ManifestExcludes {
    /// The paths listed, relative to their targets' folders.
    public static func paths(inManifest text: String) -> [String] {
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
}
