/// Methods that hand their closure to another method of their type, whatever else they do
/// with it: a wrapper whose work is the other method's.
extension Scan {
    /// The methods (`name(labels:)`) of the same type, called bare or on `self`, that the body
    /// hands one of `closures` to as an argument (RouteComposer's `commitNavigation(to:with:
    /// animated:completion:)`: `try navigate(to: step, with: context, animated: animated,
    /// completion: completion)`, and `completion?(.failure(error))` if that throws).
    static func handOvers(of closures: [String], in tokens: [SkimToken], body: Range<Int>) -> Set<String> {
        Set(body.filter { closures.contains(tokens[$0].word ?? "") }.compactMap { ownMethodCall(handing: $0, in: tokens, body: body)?.callee })
    }
}
