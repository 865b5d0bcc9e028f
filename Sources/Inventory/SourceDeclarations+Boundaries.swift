import DeclParser

/// Where declarations begin and end among the tokens: modifiers before a keyword, the end of a
/// signature or an initial value, and the `#if` branches around them.
extension SourceDeclarations {
    /// The modifiers and attributes before a keyword: `@available(iOS 13, *) public static`.
    func backUpOverModifiers(from index: Int) -> Int {
        var start = index
        while start > 0 {
            let previous = tokens[start - 1]
            if let word = previous.word, Self.modifiers.contains(word) {
                start -= 1
            } else if previous.isPunctuation(")"), let open = matchingOpen(before: start - 1), open > 0 {
                // `@attr(…)` or `private(set)` / `nonisolated(unsafe)`.
                if open >= 2, tokens[open - 2].isPunctuation("@"), tokens[open - 1].word != nil {
                    start = open - 2
                } else if let word = tokens[open - 1].word, Self.modifiers.contains(word) {
                    start = open - 1
                } else {
                    break
                }
            } else if previous.word != nil, start >= 2, tokens[start - 2].isPunctuation("@") {
                start -= 2
            } else {
                break
            }
        }
        return start
    }

    func matchingOpen(before close: Int) -> Int? {
        var depth = 0
        var index = close
        while index >= 0 {
            if tokens[index].isPunctuation(")") { depth += 1 }
            if tokens[index].isPunctuation("(") {
                depth -= 1
                if depth == 0 { return index }
            }
            index -= 1
        }
        return nil
    }

    /// Where a member's declaration ends (its body, initial value and accessors excluded) and
    /// where reading goes on.
    func endOfDeclaration(from start: Int, kind: SourceMember.Kind) -> (end: Int, next: Int) {
        var index = start
        var depth = 0
        var last = start - 1
        while index < tokens.count {
            let token = tokens[index]
            if depth == 0 {
                if token.isPunctuation("{") {
                    return (last + 1, tokens.indexAfterBraces(from: index))
                }
                if token.isPunctuation("}") || token.isPunctuation(";") { return (last + 1, index) }
                // Only a property has an initial value (an operator function's name may hold `=`).
                if token.isPunctuation("=") && kind == .property {
                    // An initial value: up to the end of the line, or past the brackets it opens
                    // there (`lazy var x: T = { … }()`, a literal over several lines).
                    return (last + 1, endOfInitialValue(from: index))
                }
                if token.startsLine && index > start && !continues(at: index) { return (last + 1, index) }
            }
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") { depth = max(0, depth - 1) }
            last = index
            index += 1
        }
        return (last + 1, index)
    }

    /// Whether the accessor block opening at `start` sets (`set`, or observers of a stored
    /// property: `didSet`, `willSet`).
    func hasSetter(bracesAt start: Int) -> Bool {
        var depth = 0
        for index in start..<tokens.count {
            if tokens[index].isPunctuation("{") { depth += 1 }
            if tokens[index].isPunctuation("}") {
                depth -= 1
                if depth == 0 { return false }
            }
            if depth == 1, let word = tokens[index].word, ["set", "didSet", "willSet"].contains(word) { return true }
        }
        return false
    }

    /// A token at the start of a line that still belongs to the declaration above.
    func continues(at index: Int) -> Bool {
        // A line that ends in the middle of something (`->`, `,`, an open bracket) goes on, whatever
        // starts the next one (NIOSSL's `typealias … = (…) ->` then `Void` on its own line).
        let previous = tokens[index - 1]
        if previous.isPunctuation(",") || previous.isPunctuation("(") || previous.isPunctuation("<") || previous.isPunctuation("[")
            || previous.isPunctuation("->") || previous.isPunctuation(":") || previous.isPunctuation("=")
        {
            return true
        }
        let token = tokens[index]
        if let word = token.word { return Self.continuations.contains(word) }
        return token.isPunctuation("->") || token.isPunctuation(",") || token.isPunctuation(".")
            || token.isPunctuation("&") || token.isPunctuation(":") || token.isPunctuation("<")
            || token.isPunctuation(">") || token.isPunctuation("?") || token.isPunctuation("(")
    }

    /// After `=`: the first line start outside any bracket the value opened, or the `}` that
    /// closes the type around it.
    func endOfInitialValue(from index: Int) -> Int {
        var cursor = index + 1
        var depth = 0
        while cursor < tokens.count {
            let token = tokens[cursor]
            if depth == 0 && (token.startsLine || token.isPunctuation("}")) { return cursor }
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") { depth -= 1 }
            cursor += 1
        }
        return cursor
    }

    /// What holds where reading is now: every open `#if` clause's condition, joined.
    var currentCondition: String? {
        let parts = conditions.compactMap(\.current)
        return parts.isEmpty ? nil : parts.joined(separator: " && ")
    }

    /// Follows `#if`/`#elseif`/`#else`/`#endif` (every branch is read); returns the index after
    /// the directive's line.
    mutating func readDirective(_ word: String, at index: Int) -> Int {
        let end = endOfLine(from: index + 1)
        var condition = index + 1 < end
            ? String(decoding: bytes[tokens[index + 1].start..<tokens[end - 1].end], as: UTF8.self) : ""
        if let comment = condition.range(of: "//") { condition = String(condition[..<comment.lowerBound]) }
        condition = "(" + condition.trimmingCharacters(in: .whitespaces) + ")"
        switch word {
        case "#if":
            conditions.append(([], condition))
        case "#elseif", "#else":
            guard var level = conditions.popLast() else { break }
            level.earlier += level.current.map { [$0] } ?? []
            let negated = level.earlier.map { "!" + $0 }
            level.current = (negated + (word == "#elseif" ? [condition] : [])).joined(separator: " && ")
            conditions.append(level)
        default:
            _ = conditions.popLast()
        }
        return end
    }

    func endOfLine(from index: Int) -> Int {
        var cursor = index
        while cursor < tokens.count && !tokens[cursor].startsLine { cursor += 1 }
        return cursor
    }
}
