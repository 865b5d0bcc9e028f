/// Closures a method calls only in its own body, before it returns: never inside a closure it
/// makes (a queue's block, another call's completion), never stored, never handed on.
extension Scan {
    /// Whether every use of `parameter` in the body is a direct call (`block(…)`,
    /// `block?(…)`) outside every closure the body makes (PlayKit's `TracksManager.handleTracks(
    /// item:cea608CaptionsEnabled:block:)`, which reads the item's tracks and calls `block` at
    /// its end): the caller has the value when the method returns, and an adapter would only
    /// wait on a path that never calls it. A brace after `if`, `guard … else`, `for`, `while`,
    /// `switch`, `do`, `catch`, `defer` or `repeat`, at the keyword's depth of parentheses, is a
    /// block of statements; every other brace (a trailing closure, a nested function's body) is
    /// code that may run later.
    static func isCalledOnlyInline(_ parameter: String, in tokens: [SkimToken], body: Range<Int>) -> Bool {
        let statementWords: Set<String> = ["if", "else", "guard", "for", "while", "switch", "do", "catch", "defer", "repeat"]
        var braces: [Bool] = []  // per open brace: whether it opens a closure
        var parentheses = 0
        var statementAt: Int?
        var called = false
        for index in body {
            let token = tokens[index]
            // A keyword, not a label (`setImage(image, for: state)`) nor a member (`.default`).
            if let word = token.word, statementWords.contains(word), index + 1 < body.upperBound, !tokens[index + 1].isPunctuation(":"),
                index == body.lowerBound || !tokens[index - 1].isPunctuation(".")
            {
                statementAt = parentheses
            } else if token.isPunctuation("(") || token.isPunctuation("[") {
                parentheses += 1
            } else if token.isPunctuation(")") || token.isPunctuation("]") {
                parentheses -= 1
            } else if token.isPunctuation("{") {
                braces.append(statementAt != parentheses)
                if statementAt == parentheses { statementAt = nil }
            } else if token.isPunctuation("}") {
                _ = braces.popLast()
            } else if token.word == parameter, index == body.lowerBound || !tokens[index - 1].isPunctuation(".") {
                let next = index + 1 < body.upperBound ? tokens[index + 1] : nil
                // An argument's label (`block: block`) is no use.
                if next?.isPunctuation(":") == true, index > body.lowerBound,
                    tokens[index - 1].isPunctuation("(") || tokens[index - 1].isPunctuation(",")
                {
                    continue
                }
                let isCall = next?.isPunctuation("(") == true
                    || (next?.isPunctuation("?") == true && index + 2 < body.upperBound && tokens[index + 2].isPunctuation("("))
                guard isCall, !braces.contains(true) else { return false }
                called = true
            }
        }
        return called
    }
}
