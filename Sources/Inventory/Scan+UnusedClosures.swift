extension Scan {
    /// The closure parameters a method's body never names (ScrollStackController's
    /// `setRowHidden(index:isHidden:animated:completion:)`, which takes a completion and drops
    /// it), as `method|parameter`: nothing calls them, and an adapter would wait for ever. Read
    /// through `SourceTokens`, so a comment or a string that names the closure is no use of it.
    /// Not a stub (an empty body, one line, a `fatalError`) that a subclass or a conformer fills
    /// in. Only written closure types (`(…) -> Void`), only methods with a body (not a protocol's
    /// requirements), and only where no method of that name with a parameter of that name uses it.
    static func closuresBodiesNeverUse(in files: [File]) -> Set<String> {
        var unused: Set<String> = []
        var used: Set<String> = []
        for file in files {
            let tokens = SourceTokens.of(file.bytes)
            var index = 0
            while index < tokens.count {
                guard tokens[index].word == "func", index + 1 < tokens.count, let name = tokens[index + 1].word,
                    let method = closureParametersAndBody(tokens, after: index + 1)
                else {
                    index += 1
                    continue
                }
                index = method.body.upperBound
                let body = tokens[method.body]
                let lines = Set(body.map(\.line))
                guard lines.count > 1, !body.contains(where: { $0.word == "fatalError" }) else { continue }
                for parameter in method.closures {
                    let key = name + "|" + parameter
                    if body.contains(where: { $0.word == parameter }) { used.insert(key) } else { unused.insert(key) }
                }
            }
        }
        return unused.subtracting(used)
    }

    /// After a method's name: the internal names of its parameters whose type is written as a
    /// closure, and the range of its body's tokens (inside the braces); nil for a requirement
    /// (no body) or a method with no such parameter.
    private static func closureParametersAndBody(_ tokens: [SkimToken], after name: Int) -> (closures: [String], body: Range<Int>)? {
        var cursor = name + 1
        // Past generic parameters to the parameter list.
        while cursor < tokens.count, !tokens[cursor].isPunctuation("(") {
            if tokens[cursor].isPunctuation("{") || tokens[cursor].isPunctuation("}") || tokens[cursor].startsLine { return nil }
            cursor += 1
        }
        // Each parameter at depth 1: its internal name is the word before its `:`.
        var closures: [String] = []
        var depth = 0
        var parameterName: String?
        var isClosure = false
        func endParameter() {
            if isClosure, let parameterName, parameterName != "_" { closures.append(parameterName) }
            (parameterName, isClosure) = (nil, false)
        }
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") {
                depth -= 1
                if depth == 0 { break }
            }
            if depth == 1, token.isPunctuation(","), parameterName != nil { endParameter() }
            if depth == 1, parameterName == nil, token.isPunctuation(":"), cursor > 0 { parameterName = tokens[cursor - 1].word }
            if parameterName != nil, token.isPunctuation("->") { isClosure = true }
            cursor += 1
        }
        endParameter()
        guard !closures.isEmpty else { return nil }
        // To the body's brace: effects, a result type and a `where` clause may come first; a
        // declaration, an attribute or a closing brace first means there is none.
        let declarationWords: Set<String> = [
            "func", "var", "let", "init", "case", "public", "open", "private", "internal", "fileprivate", "static", "class",
            "struct", "enum", "protocol", "extension", "subscript", "typealias", "override", "mutating",
        ]
        cursor += 1
        while cursor < tokens.count, !tokens[cursor].isPunctuation("{") {
            let token = tokens[cursor]
            if token.isPunctuation("}") || token.isPunctuation(";") || token.isPunctuation("@") { return nil }
            if let word = token.word, declarationWords.contains(word) { return nil }
            cursor += 1
        }
        guard cursor < tokens.count else { return nil }
        let end = tokens.indexAfterBraces(from: cursor)
        return (closures, (cursor + 1)..<max(cursor + 1, end - 1))
    }
}
