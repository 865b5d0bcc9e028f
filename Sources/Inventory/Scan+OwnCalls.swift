extension Scan {
    /// The requirements of the module's protocols that the protocol's own extensions call
    /// (Kitura-Credentials' `CredentialsTokenTTL.getProfileAndCacheIfNeeded(…)`, which calls
    /// `generateNewProfile(token:options:completion:)`): the app implements them and the library
    /// calls them, as it calls a requirement of an object it keeps in a property. By protocol,
    /// the requirements' names. Only calls written in an extension of that protocol (bare, or on
    /// `self`), so that a method of the same name elsewhere says nothing.
    static func requirementsCalledByOwnExtensions(_ protocols: [SourceType], in files: [File]) -> [String: Set<String>] {
        var requirements: [String: Set<String>] = [:]
        for type in protocols where type.kind == .protocol {
            requirements[type.name, default: []].formUnion(type.members.filter { $0.kind == .function }.map(\.name))
        }
        var called: [String: Set<String>] = [:]
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            var extended: String?
            var depth = 0
            for line in text.split(separator: "\n") where !line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//") {
                let code = line.components(separatedBy: "//").first ?? ""
                let words = code.split(whereSeparator: { " \t:{<".contains($0) })
                if depth == 0 {
                    extended = words.firstIndex(of: "extension").flatMap { $0 + 1 < words.count ? String(words[$0 + 1]) : nil }
                }
                depth = max(0, depth + code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count)
                guard let extended, depth > 0, let names = requirements[extended] else { continue }
                for name in names where code.contains(name + "(") && !called[extended, default: []].contains(name) {
                    if Self.callsOwn(name, in: code) { called[extended, default: []].insert(name) }
                }
            }
        }
        return called
    }

    /// `name(` called bare or on `self` in `line`, not declared there (`func name(`).
    private static func callsOwn(_ name: String, in line: String) -> Bool {
        var rest = line[...]
        while let range = rest.range(of: name + "(") {
            let before = rest[..<range.lowerBound]
            rest = rest[range.upperBound...]
            if let last = before.last, last.isLetter || last.isNumber || last == "_" { continue }
            if before.hasSuffix(".") && !before.hasSuffix("self.") { continue }
            if before.split(whereSeparator: { $0 == " " || $0 == "\t" }).last == "func" { continue }
            return true
        }
        return false
    }
}
