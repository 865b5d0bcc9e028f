import DeclParser

/// The imports a starter repeats from the SDK's files.
extension Scan {
    /// A file's imports as `.bridge` lines: `import M`, or an `#if condition` block around it
    /// when the import stands inside one (its first clause). Scoped imports and imports under
    /// `#else` are left out: the starter names modules, not platforms' alternatives.
    static func imports(in text: String) -> [String] {
        var found: [String] = []
        var conditions: [String?] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                conditions.append(String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces))
            } else if line.hasPrefix("#elseif") || line.hasPrefix("#else") {
                if !conditions.isEmpty { conditions[conditions.count - 1] = nil }
            } else if line.hasPrefix("#endif") {
                _ = conditions.popLast()
            } else if line.hasPrefix("import ") || line.hasPrefix("@_exported import ") || line.hasPrefix("@preconcurrency import ") {
                let words = line.split(separator: " ")
                guard var module = words.last, words.count <= 3 else { continue }
                // `import protocol NIOCore.EventLoop` imports one declaration of a module: the module.
                if ["class", "struct", "enum", "func", "protocol", "typealias", "var", "let"].contains(words[words.count - 2]) {
                    guard !line.hasPrefix("@"), let first = module.split(separator: ".").first else { continue }
                    module = first
                }
                if conditions.contains(where: { $0 == nil }) { continue }
                let statement = "import \(module)"
                if conditions.isEmpty {
                    found.append(statement)
                } else {
                    // Nested conditions joined with `&&`, each in parentheses where it has an `||`
                    // (`&&` binds tighter: `os(Linux) || os(Android) && canImport(Android)` holds on Linux).
                    let joined = conditions.compactMap { $0 }
                    let condition = joined.count == 1 ? joined[0] : joined.map { $0.contains("||") ? "(\($0))" : $0 }.joined(separator: " && ")
                    found.append("#if " + condition + "\n    " + statement + "\n#endif")
                }
            }
        }
        return found
    }

    /// The SDK's own imports a starter repeats: the types its declarations name come from them
    /// (on Linux, `URLRequest` from FoundationNetworking, which SDKs import under `#if
    /// canImport`). Not the scanned modules or Foundation, which the starter imports itself; nor
    /// the compiler's own (`_Concurrency`, imported by every file) or the SDK's C shim
    /// (OpenCombine's `COpenCombineHelpers`): an app has no use for them, and should not import
    /// a library's internal module.
    static func importsToRepeat(_ imports: [String], modules: [String]) -> [String] {
        let ownModules = Set(modules + ["Foundation"])
        // An import's module is its last word; a conditional one's, the last word inside its `#if`.
        func module(_ line: String) -> String {
            let words = line.split(whereSeparator: \.isWhitespace)
            return String((line.hasPrefix("#if") ? words.dropLast() : words[...]).last ?? "")
        }
        return imports.filter { line in
            let name = module(line)
            return !ownModules.contains(name) && !name.hasPrefix("_") && !modules.contains { name.hasPrefix("C" + $0) }
        }
    }
}
