import DeclParser

/// Half of a request's outcome set by a method that returns the request for chaining (Kumulos's
/// `success(_:) -> KSAPIOperation` beside `failure(_:) -> KSAPIOperation`): an adapter of either
/// would not end when the other half's outcome comes. scan comments them out with the reason;
/// pasted back by hand (the twenty-seventh session's outside try), generate refuses them too,
/// so the two can never disagree.
extension Analyzer {
    /// Reports the error and returns true for such a half that is not bridged as a stream.
    /// As scan's: one closure (BrightFutures' `onSuccess(_ context: ExecutionContext, callback:)`,
    /// a future's half that takes where it runs, is a future's, which its oracle awaits).
    mutating func refusesChainedHalf(_ function: FunctionDecl, typeName: String, scope: String) -> Bool {
        let name = function.name.name
        let isSuccess = ClosureRoleNames.successHalves.contains(name)
        let closures = function.parameters.filter { parameter in
            guard let resolved = try? resolver.resolve(parameter.type, scope: scope).unwrappingOptional.strippingAttributes else { return false }
            if case .function = resolved.kind { return true }
            return false
        }
        guard isSuccess || ClosureRoleNames.failureHalves.contains(name), closures.count == 1, !function.attributes.contains(where: { $0.name.name == "stream" }),
            let returned = function.returnType?.strippingAttributes.description,
            returned == "Self" || returned == typeName || returned.hasPrefix(typeName + "<"),
            let other = (isSuccess ? ClosureRoleNames.failureHalves : ClosureRoleNames.successHalves).first(where: blockMethodNames.contains)
        else { return false }
        diagnostics.error(
            "'\(function.fullName)' sets only the \(isSuccess ? "value" : "failure") of the request's outcome, and '\(other)' the other half: an adapter of it alone would not end when the other comes",
            at: function.name.location,
            notes: [
                .init("mark both '@context', and bridge a method of yours that sets both halves and awaits the request (or the SDK's method that gets the whole outcome)")
            ])
        return true
    }
}
