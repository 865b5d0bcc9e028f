extension Scan {
    /// The closure parameters a method's body never names (ScrollStackController's
    /// `setRowHidden(index:isHidden:animated:completion:)`, which takes a completion and drops
    /// it), as `method|parameter`: nothing calls them, and an adapter would wait for ever. Not a
    /// stub (an empty body, one line, a `fatalError`) that a subclass or a conformer fills in.
    /// Only written closure types (`(…) -> Void`), only methods with a body (not a protocol's
    /// requirements), and only where no method of that name with a parameter of that name uses it.
    static func closuresBodiesNeverUse(in files: [File]) -> Set<String> {
        var unused: Set<String> = []
        var used: Set<String> = []
        for file in files {
            let text = Array(file.bytes)
            var index = 0
            while let found = find(Array("func ".utf8), in: text, from: index) {
                index = found + 5
                guard found == 0 || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(text[found - 1]) else { continue }
                guard let method = readSignature(text, from: index) else { continue }
                index = method.bodyEnd
                let body = codeOnly(String(decoding: text[method.bodyStart..<method.bodyEnd], as: UTF8.self))
                // A stub says nothing of what the real one does: an empty body or one statement
                // (`{}`, `{ nil }`, `{ fatalError() }`) for a subclass or a conformer to fill in.
                let statements = body.split(separator: "\n").filter { line in
                    let code = line.drop(while: { $0 == " " || $0 == "\t" })
                    return !code.isEmpty && !code.hasPrefix("//")
                }
                guard statements.count > 1, !body.contains("fatalError(") else { continue }
                for parameter in method.closureParameters {
                    let key = method.name + "|" + parameter
                    if names(parameter, in: body) { used.insert(key) } else { unused.insert(key) }
                }
            }
        }
        return unused.subtracting(used)
    }

    private static func find(_ needle: [UInt8], in text: [UInt8], from start: Int) -> Int? {
        guard needle.count <= text.count, start <= text.count - needle.count else { return nil }
        var index = start
        while index <= text.count - needle.count {
            if text[index] == needle[0], Array(text[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }

    /// After `func `: the name, the closure parameters' internal names, and the body's bounds;
    /// nil for a requirement (no body) or what cannot be read.
    private static func readSignature(_ text: [UInt8], from start: Int) -> (name: String, closureParameters: [String], bodyStart: Int, bodyEnd: Int)? {
        var index = start
        while index < text.count, text[index] != UInt8(ascii: "("), text[index] != UInt8(ascii: "\n") { index += 1 }
        guard index < text.count, text[index] == UInt8(ascii: "(") else { return nil }
        let name = String(String(decoding: text[start..<index], as: UTF8.self).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard !name.isEmpty else { return nil }
        // The parameter list, to its closing parenthesis; each parameter at depth 1.
        var depth = 0
        var parameters: [String] = []
        var current: [UInt8] = []
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<") { depth += 1 }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || (byte == UInt8(ascii: ">") && text[index - 1] != UInt8(ascii: "-")) { depth -= 1 }
            if depth == 0 { break }
            if depth == 1, byte == UInt8(ascii: ",") {
                parameters.append(String(decoding: current, as: UTF8.self))
                current = []
            } else if !(depth == 1 && byte == UInt8(ascii: "(") && current.isEmpty && parameters.isEmpty) {
                current.append(byte)
            }
            index += 1
        }
        guard index < text.count else { return nil }
        parameters.append(String(decoding: current, as: UTF8.self))
        let closures = parameters.compactMap { parameter -> String? in
            guard let colon = parameter.firstIndex(of: ":") else { return nil }
            let type = parameter[parameter.index(after: colon)...].split(separator: "=").first ?? ""
            guard type.contains("->") else { return nil }
            let inner = parameter[..<colon].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).last.map(String.init)
            return inner == "_" ? nil : inner
        }
        guard !closures.isEmpty else { return nil }
        // To the body's brace; a line that starts another declaration first means there is none.
        index += 1
        var lineStart = false
        while index < text.count, text[index] != UInt8(ascii: "{") {
            if text[index] == UInt8(ascii: "\n") {
                lineStart = true
            } else if lineStart, text[index] != UInt8(ascii: " "), text[index] != UInt8(ascii: "\t") {
                let rest = String(decoding: text[index..<min(text.count, index + 12)], as: UTF8.self)
                if !(rest.hasPrefix("where") || rest.hasPrefix("throws") || rest.hasPrefix("rethrows") || rest.hasPrefix("->") || rest.hasPrefix("async")) {
                    return nil
                }
                lineStart = false
            }
            index += 1
        }
        guard index < text.count else { return nil }
        let bodyStart = index + 1
        depth = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "{") { depth += 1 }
            if text[index] == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return (name, closures, bodyStart, index) }
            }
            index += 1
        }
        return nil
    }

    /// `text` without its comments and string literals (a `// the completion is never called`
    /// names nothing), each replaced by a space.
    static func codeOnly(_ text: String) -> String {
        var result = ""
        var characters = Array(text)[...]
        while let character = characters.first {
            if character == "/", characters.dropFirst().first == "/" {
                characters = characters.drop { $0 != "\n" }
                result.append(" ")
            } else if character == "/", characters.dropFirst().first == "*" {
                characters = characters.dropFirst(2)
                while !characters.isEmpty, !(characters.first == "*" && characters.dropFirst().first == "/") { characters = characters.dropFirst() }
                characters = characters.dropFirst(2)
                result.append(" ")
            } else if character == "\"" {
                // To the closing quote on the line (an escaped quote skipped; an
                // interpolation's text goes with the literal).
                characters = characters.dropFirst()
                while let next = characters.first, next != "\"", next != "\n" {
                    characters = characters.dropFirst(next == "\\" ? 2 : 1)
                }
                characters = characters.dropFirst()
                result.append(" ")
            } else {
                result.append(character)
                characters = characters.dropFirst()
            }
        }
        return result
    }

    /// Whether `body` names `identifier` as a whole word.
    private static func names(_ identifier: String, in body: String) -> Bool {
        var rest = body[...]
        while let range = rest.range(of: identifier) {
            let before = rest[..<range.lowerBound].last
            let after = rest[range.upperBound...].first
            rest = rest[range.upperBound...]
            if let before, before.isLetter || before.isNumber || before == "_" { continue }
            if let after, after.isLetter || after.isNumber || after == "_" { continue }
            return true
        }
        return false
    }
}
