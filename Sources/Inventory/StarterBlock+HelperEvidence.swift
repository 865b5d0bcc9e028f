/// How far a helper's `callback(nil, nil)` reaches (decision 186). A closure called so outside
/// the public methods is evidence for the public methods whose callback it is (decision 96), but
/// a name alone says little: every SDK calls its closures `completion`. ForgeRock's internal
/// `retrieveToken(completion: TokenCompletionCallback)` answers `(nil, nil)` when no token is
/// stored; that says nothing of `FRUser.getAccessToken(completion: UserCallback)`, whose user is
/// there or whose call failed. And `logoutWithASWebSession(…completion:)` hands its closure nil
/// or an error and never a user: nil there is no value at all, not an absent one.
extension StarterBlock {
    /// The key a closure is matched by: its name, and the typealias it is declared with where it
    /// is one (`completion: TokenCompletionCallback`; `ResultCallback` of `ResultCallback<T>`).
    /// A closure type spelled out (often a generic helper's, `(T?, Error?) -> Void`) keys by name.
    static func closureKey(name: String, type: String?) -> String {
        guard var spelled = type else { return name }
        for attribute in ["@escaping", "@Sendable", "@MainActor"] {
            spelled = spelled.replacingOccurrences(of: attribute, with: "")
        }
        spelled = spelled.trimmingCharacters(in: .whitespaces)
        let alias = spelled.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        let rest = spelled.dropFirst(alias.count)
        guard let first = alias.first, first.isUppercase, rest.isEmpty || rest.hasPrefix("<") || rest == "?" else { return name }
        return name + ": " + alias
    }

    /// The key of `callee` as the helper that starts on line `start` declares it: with its type
    /// when it is one of the helper's parameters, else its name alone.
    static func calleeKey(_ callee: String, helperAt start: Int, in lines: [Substring]) -> String {
        let header = lines[start..<min(lines.count, start + 12)].prefix { !$0.contains("{") }.joined(separator: " ")
            + " " + (lines[start..<min(lines.count, start + 12)].first { $0.contains("{") } ?? "")
        guard let type = parameterType(of: callee, in: header) else { return callee }
        return closureKey(name: callee, type: type)
    }

    /// The type a parameter list gives `name` (`completion: @escaping UserCallback` →
    /// `@escaping UserCallback`), up to the comma or parenthesis that ends it.
    private static func parameterType(of name: String, in header: String) -> String? {
        var rest = header[...]
        while let range = rest.range(of: name + ":") {
            let before = rest[..<range.lowerBound].last
            rest = rest[range.upperBound...]
            guard before.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true else { continue }
            var depth = 0
            var type = ""
            for character in rest {
                if "([<".contains(character) { depth += 1 }
                // Not the `>` of a closure's `->`, which closes nothing.
                if ")]".contains(character) || (character == ">" && type.last != "-") {
                    if depth == 0 { break }
                    depth -= 1
                }
                if character == "," && depth == 0 { break }
                if character == "{" || character == "=" && depth == 0 { break }
                type.append(character)
            }
            let trimmed = type.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : trimmed
        }
        return nil
    }

    /// Whether the helper that starts on line `start` may hand `callee` a value: a call whose
    /// first argument is not `nil`, or any use that is no call (handed on, stored, bound), which
    /// may lead to one. Only a helper whose every call passes nil first is known to hand none.
    static func mayHandAValue(to callee: String, helperAt start: Int, in lines: [Substring]) -> Bool {
        let end = lines.indices.dropFirst(start + 1).first { index in
            lines[index].split(whereSeparator: { $0 == " " || $0 == "\t" }).contains("func")
        } ?? lines.count
        let body = lines[start..<end].joined(separator: "\n")
        var rest = body[...]
        while let range = rest.range(of: callee) {
            let before = rest[..<range.lowerBound].last
            rest = rest[range.upperBound...]
            let isWord = (before.map { !($0.isLetter || $0.isNumber || $0 == "_") } ?? true)
                && (rest.first.map { !($0.isLetter || $0.isNumber || $0 == "_") } ?? true)
            guard isWord else { continue }
            let after = rest.drop { $0 == " " }
            if after.hasPrefix(":") { continue }  // a label, or the parameter's own declaration
            let call = after.hasPrefix("?(") ? after.dropFirst(2) : after.hasPrefix("(") ? after.dropFirst() : nil
            guard let call else { return true }
            let argument = call.prefix { $0 != "," && $0 != ")" }.trimmingCharacters(in: .whitespaces)
            if argument != "nil" { return true }
        }
        return false
    }
}
