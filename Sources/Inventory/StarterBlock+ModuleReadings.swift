import DeclParser

extension StarterBlock {
    /// The annotations inferred from the method's own declaration, refined by what the rest of
    /// the module shows: a degraded-then-final callback (its calls), the stop of a type it does
    /// not declare (its calls on kept values), an outcome that can carry a keeper of the
    /// completion (its types).
    func withModuleReadings(
        _ inferred: [(annotation: String, why: String)], of function: FunctionDecl, tokens: TokenMethods
    ) -> [(annotation: String, why: String)] {
        var annotations = inferred
        if let degraded = degradedFirstAnnotation(of: function), !annotations.contains(where: { $0.annotation.hasPrefix("@stream") }) {
            annotations.insert(degraded, at: 0)
        }
        if let stop = foreignStopAnnotation(of: function, tokens: tokens, given: annotations) {
            annotations = annotations.filter { !$0.why.contains("is not declared in these sources: write '@cancel(token") } + [stop]
        }
        if let reentrant = reentrantAnnotations(of: function) {
            annotations =
                reentrant
                + annotations.filter {
                    !["@stream", "@until", "@success(", "@completion("].contains(where: $0.annotation.hasPrefix) && !$0.why.hasPrefix("one-shot")
                }
        }
        return annotations
    }
}
