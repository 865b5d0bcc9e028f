/// Methods that hand their closure to another method of their type, whatever else they do
/// with it: a wrapper whose work is the other method's.
extension Scan {
    /// The methods (`name(labels:)`) of the same type, called bare or on `self`, that the body
    /// hands one of `closures` to as an argument (RouteComposer's `commitNavigation(to:with:
    /// animated:completion:)`: `try navigate(to: step, with: context, animated: animated,
    /// completion: completion)`, and `completion?(.failure(error))` if that throws).
    static func handOvers(of closures: [String], in tokens: [SkimToken], body: Range<Int>) -> Set<String> {
        var callees: Set<String> = []
        for index in body where closures.contains(tokens[index].word ?? "") {
            guard index - 2 >= body.lowerBound, index + 1 < body.upperBound, !tokens[index - 1].isPunctuation("."),
                tokens[index + 1].isPunctuation(",") || tokens[index + 1].isPunctuation(")"),
                tokens[index - 1].isPunctuation(":") || tokens[index - 1].isPunctuation("(") || tokens[index - 1].isPunctuation(","),
                let open = openingParenthesis(tokens, of: index, from: body.lowerBound), open > body.lowerBound,
                let callee = tokens[open - 1].word
            else { continue }
            if open - 2 >= body.lowerBound, tokens[open - 2].isPunctuation(".") {
                guard open - 3 >= body.lowerBound, tokens[open - 3].word == "self" else { continue }
            }
            let labels = argumentRanges(tokens, open: open, end: body.upperBound).map { argument in
                argument.count > 2 && tokens[argument.lowerBound].word != nil && tokens[argument.lowerBound + 1].isPunctuation(":")
                    ? tokens[argument.lowerBound].word! : "_"
            }
            callees.insert(callee + "(" + labels.map { $0 + ":" }.joined() + ")")
        }
        return callees
    }
}
