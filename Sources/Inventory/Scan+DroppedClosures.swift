/// Closures a method only hands on, to a method of its own type that never calls them
/// (Material's `ChipBar.select(at:completion:)`): read with `Scan.closureUses(in:)`.
extension Scan {
    /// The closures never called: those never named, then those only handed, by label, to a
    /// closure of a method of the same type that is never called (to a fixed point), grouped by
    /// type, each with the method it is handed to ("" for none); not one whose signature an
    /// override in a subclass uses (`usedByOverrides`: by signature, the overriding types).
    static func droppedClosures(
        unused: Set<String>, handedOn: [String: Set<String>], closureLabels: [String: [String: String]],
        usedByOverrides: [String: Set<String>], superclasses: [String: String] = [:]
    ) -> [String: [String: String]] {
        // Whether a class `name` inherits from `ancestor` (bare names; a cycle ends the walk).
        func inherits(_ name: String, from ancestor: String) -> Bool {
            var seen: Set<String> = []
            var current = name
            while let parent = superclasses[current], seen.insert(parent).inserted {
                if parent == ancestor { return true }
                current = parent
            }
            return false
        }
        var dropped = Dictionary(uniqueKeysWithValues: unused.subtracting(handedOn.keys).map { ($0, "") })
        var changed = true
        while changed {
            changed = false
            for (key, callees) in handedOn.sorted(by: { $0.key < $1.key }) where dropped[key] == nil {
                let targets = callees.sorted().map { callee -> String? in
                    // `Type.callee(labels:)#label` → that method's parameter of that label.
                    let parts = callee.split(separator: "#", maxSplits: 1).map(String.init)
                    guard parts.count == 2, let parameter = closureLabels[parts[0]]?[parts[1]] else { return nil }
                    return parts[0] + "|" + parameter
                }
                let resolved = targets.compactMap { $0 }
                guard let first = resolved.first, resolved.count == targets.count, resolved.allSatisfy({ dropped[$0] != nil }),
                    let dot = first.firstIndex(of: ".")
                else { continue }
                dropped[key] = String(first[first.index(after: dot)...].prefix { $0 != "|" })
                changed = true
            }
        }
        var byType: [String: [String: String]] = [:]
        for (key, via) in dropped {
            guard let dot = key.firstIndex(of: "."), case let member = String(key[key.index(after: dot)...]),
                case let type = String(key[..<dot]),
                !(usedByOverrides[member] ?? []).contains(where: { inherits(StarterBlock.bareTypeName($0), from: StarterBlock.bareTypeName(type)) })
            else { continue }
            byType[type, default: [:]][member] = via
        }
        return byType
    }

    /// How a body names one closure parameter: nil where it never does; else the calls of its
    /// own type it only hands it to, by label (`callee(labels:)#label`: `animate(to: item,
    /// isTriggeredByUserInteraction: false, completion: completion)`), or `.some(nil)` where it
    /// calls it, stores it or hands it anywhere else.
    static func uses(of parameter: String, in tokens: [SkimToken], body: Range<Int>) -> Set<String>?? {
        var callees: Set<String> = []
        var named = false
        for index in body where tokens[index].word == parameter {
            guard index == body.lowerBound || !tokens[index - 1].isPunctuation(".") else { continue }
            // An argument's label (`completion: completion`), not the closure.
            if index + 1 < body.upperBound, tokens[index + 1].isPunctuation(":"), index > body.lowerBound,
                tokens[index - 1].isPunctuation("(") || tokens[index - 1].isPunctuation(",")
            {
                continue
            }
            named = true
            guard let call = ownMethodCall(handing: index, in: tokens, body: body) else { return .some(nil) }
            callees.insert(call.callee + "#" + call.label)
        }
        return named ? .some(callees) : nil
    }

    /// The call of a method of the body's own type (on `self` or on nothing) that the closure
    /// named at `index` is an argument of, `label: closure` or unlabeled (`enqueueFlush(completion)`):
    /// the callee as `name(labels:)` and the closure's label (`_` for none).
    static func ownMethodCall(handing index: Int, in tokens: [SkimToken], body: Range<Int>) -> (callee: String, label: String)? {
        let unlabeled = index > body.lowerBound && (tokens[index - 1].isPunctuation("(") || tokens[index - 1].isPunctuation(","))
        guard index - 2 >= body.lowerBound, tokens[index - 1].isPunctuation(":") || unlabeled,
            let label = unlabeled ? "_" : tokens[index - 2].word,
            index + 1 < body.upperBound, tokens[index + 1].isPunctuation(",") || tokens[index + 1].isPunctuation(")"),
            let open = openingParenthesis(tokens, of: index, from: body.lowerBound), open > body.lowerBound,
            let callee = tokens[open - 1].word
        else { return nil }
        if open - 2 >= body.lowerBound, tokens[open - 2].isPunctuation(".") {
            guard open - 3 >= body.lowerBound, tokens[open - 3].word == "self" else { return nil }
        }
        let labels = argumentRanges(tokens, open: open, end: body.upperBound).map { argument in
            argument.count > 2 && tokens[argument.lowerBound].word != nil && tokens[argument.lowerBound + 1].isPunctuation(":")
                ? tokens[argument.lowerBound].word! : "_"
        }
        return (callee + "(" + labels.map { $0 + ":" }.joined() + ")", label)
    }

    /// A type's declaration at `index` (`class ChipBar: View {`, `fileprivate extension ChipBar {`):
    /// its last name and the index after its closing brace.
    static func typeDeclaration(_ tokens: [SkimToken], at index: Int) -> (name: String, end: Int)? {
        guard let word = tokens[index].word, ["class", "struct", "enum", "extension", "actor", "protocol"].contains(word),
            index == 0 || !tokens[index - 1].isPunctuation("."), index + 1 < tokens.count,
            var name = tokens[index + 1].word, !["func", "var", "let", "subscript", "init", "override", "static", "final"].contains(name)
        else { return nil }
        var cursor = index + 2
        // `extension Outer.Inner`: the last name.
        while cursor + 1 < tokens.count, tokens[cursor].isPunctuation("."), let next = tokens[cursor + 1].word {
            name = next
            cursor += 2
        }
        while cursor < tokens.count, !tokens[cursor].isPunctuation("{") {
            if tokens[cursor].isPunctuation("}") || tokens[cursor].isPunctuation(";") { return nil }
            cursor += 1
        }
        guard cursor < tokens.count else { return nil }
        return (name, tokens.indexAfterBraces(from: cursor))
    }

    /// The words before the `func` at `index`, on its line (`override`, `fileprivate`, `@objc`).
    static func modifierWords(_ tokens: [SkimToken], func index: Int) -> Set<String> {
        var words: Set<String> = []
        var cursor = index
        while cursor > 0, !tokens[cursor].startsLine {
            cursor -= 1
            if let word = tokens[cursor].word { words.insert(word) }
        }
        return words
    }

    /// The `(` of the call whose argument list holds the token at `index`, not past a brace.
    static func openingParenthesis(_ tokens: [SkimToken], of index: Int, from start: Int) -> Int? {
        var depth = 0
        var cursor = index - 1
        while cursor >= start {
            let token = tokens[cursor]
            if token.isPunctuation(")") || token.isPunctuation("]") { depth += 1 }
            if token.isPunctuation("(") || token.isPunctuation("[") {
                if depth == 0 { return token.isPunctuation("(") ? cursor : nil }
                depth -= 1
            }
            if token.isPunctuation("{") || token.isPunctuation("}") { return nil }
            cursor -= 1
        }
        return nil
    }
}
