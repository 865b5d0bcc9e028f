import DeclParser

/// The module's async members that wrap a callback method in a continuation, matched to the
/// methods they wrap (decisions 114, 157, 158).
extension StarterBlock {
    /// The module's async member that wraps `function` in a continuation: the overload its call's
    /// labels can call (Gigya's `GigyaCore.send(api:params:) async`, around `businessApiService.
    /// send(api: api, params: params) {`, wraps `send(api:params:completion:)`, not `send(api:
    /// params:headers:completion:)`: decision 158). A call that goes on past its line is read by
    /// name only, and then one of the same name is taken for another overload, not this one.
    func continuationWrapper(of function: FunctionDecl) -> Scan.ContinuationWrapper? {
        let wrappers = wrappedInContinuations[function.name.name] ?? []
        return wrappers.first { wrapper in
            guard isWrapped(function, returning: wrapper.returns) else { return false }
            guard let arguments = wrapper.arguments else { return wrapper.member != function.name.name + "()" }
            return Self.call(withArguments: arguments, canCall: function.parameters)
        }
    }

    /// Whether a call with these argument labels (`{` for a trailing closure) calls a function
    /// of these parameters, leaving out only parameters with a default value.
    static func call(withArguments arguments: [String], canCall parameters: [Parameter]) -> Bool {
        var rest = arguments[...]
        for (index, parameter) in parameters.enumerated() {
            let label = parameter.label?.name ?? "_"
            if let argument = rest.first, argument == label || (argument == "{" && index == parameters.count - 1) {
                rest.removeFirst()
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return rest.isEmpty
    }

    /// Whether the wrapping async member returns what the method's callback gets: ConfigCat's
    /// `waitForReady() async -> ClientCacheState` and `addOnReady(handler: (ClientCacheState) ->
    /// ())` (not `addOnReady(snapshotHandler:)`), NIO's `get() async throws -> Value` and
    /// `whenComplete(_: (Result<Value, Error>) -> Void)`; an async member that returns nothing
    /// and a callback that gets no value but an error. Not an operation built on the call that
    /// returns something else (Apphud's `fetchPaywallView(…) async throws -> ApphudPaywallView`
    /// around `fetchPaywallScreen(…completion: (ApphudPaywallScreenFetchResult) -> Void)`).
    func isWrapped(_ function: FunctionDecl, returning returned: String) -> Bool {
        let value = String(returned.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        let closures = function.parameters.compactMap { closureType(of: $0) }
        if value.isEmpty || value == "Void" {
            return closures.contains { closure in
                closure.parameters.allSatisfy { $0.type.strippingAttributes.description.hasSuffix("Error?") }
                    || closure.parameters.contains { $0.type.strippingAttributes.description.hasPrefix("Result<Void") }
            }
        }
        return closures.contains { closure in
            closure.parameters.contains { parameter in
                let type = parameter.type.strippingAttributes.description
                return type == value || type == value + "?" || type.hasPrefix("Result<" + value + ",") || type.hasPrefix("Swift.Result<" + value + ",")
            }
        }
    }
}

