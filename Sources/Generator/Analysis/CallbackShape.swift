import DeclParser

/// Which closures are callbacks: what scan lists as callback APIs and what `generate` warns
/// about on an initializer follow the same rule, so the two never disagree on a declaration.
public enum CallbackShape {
    /// A closure that hands the app a result or an event. Not one that returns a value (a
    /// transform, a predicate, a destination), takes an `inout` value (an accumulator or a
    /// modifier: `reduce(into:)`, `requestModifier`), throws (a step whose error the library
    /// handles: `attempt(_:)`), is `async` (the SDK's own async form), or is handed a function to
    /// call (a step the app implements and the library drives: a retry handler,
    /// `scheduleRecursive`).
    public static func deliversResults(_ closure: FunctionTypeSyntax) -> Bool {
        closure.result.isVoid && closure.throwsClause == nil && !closure.isAsync
            && !closure.parameters.contains { parameter in
                if parameter.type.isInout { return true }
                if case .function = parameter.type.unwrappingOptional.kind { return true }
                return false
            }
    }
}
