import Generator

/// Whether an argument a body hands its closure can be nil: what tells a method that calls back
/// with a value or with nil and an error (never nil and no error) from one that may hand nil and
/// no error (ClosureUses.neverNilWithoutError).
extension Scan {
    /// An argument that cannot be nil: a value made by a type's initializer (`Message(self, data)`,
    /// `Array(values)`), a literal, or a name bound in the body to one of those or unwrapped
    /// (`if let error = error`, `guard let user`), or a cast (`as?`, below). A lookup, a chain or
    /// any other name may be nil.
    static func isNonNil(_ tokens: [SkimToken], _ argument: Range<Int>, body: Range<Int>) -> Bool {
        guard let first = argument.first else { return false }
        // Past a label (`value: Message(…)`).
        var start = first
        if argument.count > 2, tokens[first].word != nil, tokens[first + 1].isPunctuation(":") { start += 2 }
        let expression = start..<argument.upperBound
        guard let head = expression.first else { return false }
        // A `?` of its own (`data as? T`, `a?.b`, `a ? b : c`), not one inside a call's
        // arguments (`Profile(id: x ?? y)` is a profile, found by the outside try).
        // A cast (`data as? [String: Any]`, Sword's every request) is nil only when what came back
        // is not what the call returns: a malformed reply, thrown as no result, not an absent
        // value (the oracle, written by a helper that never saw bridgegen, agrees 17 times).
        var depth = 0
        var isCast = false
        for index in expression {
            if tokens[index].isPunctuation("(") || tokens[index].isPunctuation("[") { depth += 1 }
            if tokens[index].isPunctuation(")") || tokens[index].isPunctuation("]") { depth -= 1 }
            guard depth == 0, tokens[index].isPunctuation("?") else { continue }
            if index > head, tokens[index - 1].word == "as", !isCast { isCast = true } else { return false }
        }
        if isCast { return true }
        // A field of a reply read by a literal key (`(data as! [String: Int])["pruned"]`, Sword's
        // prune counts): like a cast, nil only for a malformed reply.
        let last = expression.upperBound - 1
        if expression.count > 4, tokens[last].isPunctuation("]"), tokens[last - 1].kind == .string, tokens[last - 2].isPunctuation("["),
            (head..<last - 2).contains(where: { tokens[$0].word == "as" })
        {
            return true
        }
        if isCheckedNonNil(tokens, expression, body: body) { return true }
        if tokens[head].kind == .string || tokens[head].isPunctuation("[") { return true }
        if let word = tokens[head].word, word.first?.isNumber == true || word == "true" || word == "false" { return true }
        if let word = tokens[head].word, word.first?.isUppercase == true, head + 1 < expression.upperBound,
            tokens[head + 1].isPunctuation("(")
        {
            return tokens[expression.upperBound - 1].isPunctuation(")")
        }
        // A case or constant of a type (`ResponseError.decodingFailure`, WordPressKit's).
        if expression.count == 3, tokens[head].word?.first?.isUppercase == true, tokens[head + 1].isPunctuation("."),
            tokens[head + 2].word?.first?.isLowercase == true
        {
            return true
        }
        guard expression.count == 1, let name = tokens[head].word else { return false }
        if name == "self" || (name == "error" && isInCatchBlock(tokens, at: head, body: body)) { return true }
        return isBoundNonNil(name, tokens: tokens, body: body.lowerBound..<head)
            || isFailureClosureParameter(name, tokens: tokens, at: head, body: body)
    }

    /// Whether `name` is a parameter of the closure literal around `index` that is handed as a
    /// failure handler (`failure: { (error, _) in completion(nil, error) }`, WordPressKit's REST
    /// calls): what a failure handler gets is the failure. Not a closure that gets a value and an
    /// error together (`{ data, error in … }`, URLSession's), whose error may be nil.
    static func isFailureClosureParameter(_ name: String, tokens: [SkimToken], at index: Int, body: Range<Int>) -> Bool {
        guard let closure = enclosingClosure(tokens, at: index, body: body), closure.open > body.lowerBound + 1,
            tokens[closure.open - 1].isPunctuation(":"), let label = tokens[closure.open - 2].word,
            ClosureRoleNames.camelWords(label).map({ $0.lowercased() }).contains("failure")
        else { return false }
        return closure.parameters.contains(name)
    }

    /// The method whose callback hands the body the error `name` (`tokenManager.getAccessToken
    /// { (token, error) in … completion(nil, error) }`, FRAuth's `FRUser.getAccessToken`): the
    /// last of two or more parameters of the closure literal around `index`, that literal
    /// trailing a call or handed to one. Handing on that error with nil is handing on the
    /// callee's outcome: nil and no error only where the callee calls back so.
    static func calleeHandingError(_ name: String, tokens: [SkimToken], at index: Int, body: Range<Int>) -> String? {
        guard let closure = enclosingClosure(tokens, at: index, body: body), closure.parameters.count >= 2,
            closure.parameters.last == name, closure.open > body.lowerBound
        else { return nil }
        let before = tokens[closure.open - 1]
        if before.isPunctuation(")"), let open = openingParenthesis(tokens, of: closure.open - 1, from: body.lowerBound), open > body.lowerBound {
            return tokens[open - 1].word
        }
        if before.isPunctuation(":") || before.isPunctuation(",") || before.isPunctuation("(") {
            guard let open = openingParenthesis(tokens, of: closure.open, from: body.lowerBound), open > body.lowerBound else { return nil }
            return tokens[open - 1].word
        }
        guard let word = before.word, !["else", "do", "in", "return", "defer", "repeat", "try", "await"].contains(word) else { return nil }
        return word
    }

    /// Whether `value` is the parameter just before `error` of the closure literal that gets
    /// them (`{ (token, error) in … completion(token, error) }`, FRAuth's `refreshUsingSSOToken`).
    static func isHandedOnValue(_ tokens: [SkimToken], _ value: Range<Int>, beside error: String, at index: Int, body: Range<Int>) -> Bool {
        guard value.count == 1, let word = tokens[value.lowerBound].word,
            let parameters = enclosingClosure(tokens, at: index, body: body)?.parameters, parameters.count >= 2
        else { return false }
        return parameters[parameters.count - 2] == word && parameters.last == error
    }

    /// The `{` of the innermost closure literal with parameters around `index` (past the blocks
    /// of `if`, `else` and loops, which have none), and its parameters' names.
    static func enclosingClosure(_ tokens: [SkimToken], at index: Int, body: Range<Int>) -> (open: Int, parameters: [String])? {
        for open in enclosingBlocks(tokens, at: index, body: body) {
            if let parameters = closureParameters(tokens, open: open, before: index) { return (open, parameters) }
        }
        return nil
    }

    /// The `{` of every block around `index` within `body`, innermost first.
    private static func enclosingBlocks(_ tokens: [SkimToken], at index: Int, body: Range<Int>) -> [Int] {
        var opens: [Int] = []
        var depth = 0
        for cursor in stride(from: index - 1, to: body.lowerBound, by: -1) {
            if tokens[cursor].isPunctuation("}") { depth += 1 }
            guard tokens[cursor].isPunctuation("{") else { continue }
            if depth > 0 {
                depth -= 1
            } else {
                opens.append(cursor)
            }
        }
        return opens
    }

    /// The names before `in` on the line of the `{` at `open` (`{ [weak self] (token, error) in`);
    /// nil where there is no such list (a statement's block).
    private static func closureParameters(_ tokens: [SkimToken], open: Int, before end: Int) -> [String]? {
        var parameters: [String] = []
        var position = open + 1
        while position < end, !tokens[position].startsLine || position == open + 1 {
            let token = tokens[position]
            if token.word == "in" { return parameters.isEmpty ? nil : parameters }
            if let word = token.word {
                parameters.append(word)
            } else if !["(", ")", "[", "]", ",", ":", "?", "!", ".", "_", "->"].contains(where: token.isPunctuation) {
                return nil
            }
            position += 1
        }
        return nil
    }

    /// An expression the body has just found there: handed on inside the block of `guard
    /// <it> == nil else {` or `if <it> != nil {` (Sword's `getDM(for:then:)`, which answers from
    /// its cache with `completion(self.dms[userId], nil)` when `self.dms[userId]` is not nil).
    static func isCheckedNonNil(_ tokens: [SkimToken], _ expression: Range<Int>, body: Range<Int>) -> Bool {
        let kinds = expression.map { tokens[$0].kind }
        let guardTest: [SkimToken.Kind] = [.punctuation("=="), .word("nil"), .word("else"), .punctuation("{")]
        let ifTest: [SkimToken.Kind] = [.punctuation("!="), .word("nil"), .punctuation("{")]
        for start in body.lowerBound..<expression.lowerBound {
            guard let keyword = tokens[start].word, keyword == "guard" || keyword == "if" else { continue }
            let test = keyword == "guard" ? guardTest : ifTest
            let end = start + 1 + kinds.count
            guard end + test.count <= expression.lowerBound, (start + 1..<end).map({ tokens[$0].kind }) == kinds,
                (end..<end + test.count).map({ tokens[$0].kind }) == test
            else { continue }
            if tokens.indexAfterBraces(from: end + test.count - 1) > expression.upperBound { return true }
        }
        return false
    }

    /// Whether the token at `index` is in a `catch {` block, where `error` is what was thrown.
    static func isInCatchBlock(_ tokens: [SkimToken], at index: Int, body: Range<Int>) -> Bool {
        for open in enclosingBlocks(tokens, at: index, body: body) {
            // The innermost block with `error` unbound: a closure literal's ends the search.
            if closureParameters(tokens, open: open, before: index) != nil { return false }
            if tokens[open - 1].word == "catch" { return true }
        }
        return false
    }

    /// `name` unwrapped (`if let name`, `guard let name`, `, let name`) or bound to a made value
    /// (`var name = [User]()`, `let name = Message(…)`, `var name: [User] = []`) somewhere
    /// before it in the body.
    static func isBoundNonNil(_ name: String, tokens: [SkimToken], body: Range<Int>) -> Bool {
        body.contains { index in
            guard tokens[index].word == name, index > body.lowerBound,
                ["let", "var"].contains(tokens[index - 1].word ?? "")
            else { return false }
            let before = index - 2 >= body.lowerBound ? tokens[index - 2] : nil
            if ["if", "guard"].contains(before?.word ?? "") || before?.isPunctuation(",") == true { return true }
            // Past a type that is not optional (`var returnUsers: [User] = []`).
            var equals = index + 1
            if equals < body.upperBound, tokens[equals].isPunctuation(":") {
                while equals < body.upperBound, !tokens[equals].isPunctuation("="), equals - index < 16 {
                    if tokens[equals].isPunctuation("?") || tokens[equals].isPunctuation("!") { return false }
                    equals += 1
                }
            }
            guard equals + 1 < body.upperBound, tokens[equals].isPunctuation("=") else { return false }
            let value = tokens[equals + 1]
            return value.isPunctuation("[") || (value.word?.first?.isUppercase == true && equals + 2 < body.upperBound && tokens[equals + 2].isPunctuation("("))
        }
    }
}
