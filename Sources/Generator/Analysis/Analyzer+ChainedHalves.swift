import DeclParser

/// Half of a request's outcome set by a method that returns the request for chaining (Kumulos's
/// `success(_:) -> KSAPIOperation` beside `failure(_:) -> KSAPIOperation`): an adapter of either
/// would not end when the other half's outcome comes. Alone, each is refused (scan's reason and
/// generate's error agree); named on the success half, `@failure(onFailure(_:))`, the two are one
/// adapter (below).
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
                .init(
                    isSuccess
                        ? "name the failure half on it, '@failure(\(other)(_:))' (by its full name): one adapter sets both and awaits whichever comes"
                        : "name it on the success half, '@failure(\(function.fullName))': one adapter sets both and awaits whichever comes"),
                .init("or mark both '@context', and bridge a method of yours that sets both halves and awaits the request (or the SDK's method that gets the whole outcome)"),
            ])
        return true
    }
}

/// `@failure(onFailure(_:))` on the success half: the two halves are one adapter, which sets
/// both and awaits whichever comes (Haneke's `Fetch.onSuccess(_:) -> Self` and `onFailure(_:) ->
/// Self`; ALCamera's fetchers, then `@start(fetch())`). The success half is analysed as if it
/// also took the failure half's closure, which the call hands the failure half, chained.
extension Analyzer {
    struct PairedHalves {
        /// The block's methods, each success half taking its failure half's closure last, the
        /// failure halves left out.
        var functions: [FunctionDecl] = []
        /// The failure half of each success half, by the success half's location.
        var failureHalves: [Int: FunctionDecl] = [:]
        /// Each success half as declared, by its location.
        var successHalves: [Int: FunctionDecl] = [:]
    }

    /// The method a function's `@failure(name(labels:))` names, when it names a method.
    static func failureHalfReference(_ function: FunctionDecl) -> (attribute: Attribute, name: String)? {
        for attribute in function.attributes where attribute.name.name == "failure" {
            guard let arguments = attribute.arguments, arguments.count == 1, arguments[0].label == nil,
                let reference = callReference(arguments[0].text.filter { !$0.isWhitespace }), reference.isReference
            else { continue }
            return (attribute, arguments[0].text.filter { !$0.isWhitespace })
        }
        return nil
    }

    /// `methods`: every method of the block, the failure half among them whether it is marked
    /// `@context` (as scan writes it: no adapter of its own) or not.
    mutating func pairHalves(
        _ functions: [FunctionDecl], among methods: [FunctionDecl], typeName: String, scope: String, isFreeFunction: Bool
    ) -> PairedHalves {
        var paired = PairedHalves()
        let named = functions.compactMap { function in Self.failureHalfReference(function).map { (function, $0) } }
        let consumed = Set(named.map(\.1.name))
        func closures(_ function: FunctionDecl) -> [Int] { function.parameters.indices.filter { isClosure(function.parameters[$0].type, scope: scope) } }
        for function in functions {
            guard let (attribute, name) = Self.failureHalfReference(function) else {
                if !consumed.contains(function.fullName) { paired.functions.append(function) }
                continue
            }
            let usage = "name the failure half by its full name, '@failure(onFailure(_:))', and paste its declaration into this block"
            guard !isFreeFunction else {
                diagnostics.error(
                    "'@failure(\(name))' names a method, but '\(function.fullName)' is a free function", at: attribute.location,
                    notes: [.init("a failure half is a method of the same type, set on what the success half returns")])
                continue
            }
            guard let half = methods.first(where: { $0.fullName == name && $0.location != function.location }) else {
                diagnostics.error("'@failure(\(name))' names no method of this block", at: attribute.location, notes: [.init(usage)])
                continue
            }
            let returned = function.returnType?.strippingAttributes.description ?? "Void"
            guard returned == "Self" || returned == typeName || returned.hasPrefix(typeName + "<") else {
                diagnostics.error(
                    "'\(function.fullName)' returns '\(returned)', not the '\(typeName)' its failure half '\(name)' is set on",
                    at: attribute.location,
                    notes: [.init("the failure half is chained on what the success half returns; bridge a method of yours that sets both and awaits")])
                continue
            }
            guard closures(function).count == 1, half.parameters.count == 1, closures(half).count == 1 else {
                diagnostics.error(
                    "'\(function.fullName)' and '\(name)' must each take one closure, the value's and the failure's",
                    at: attribute.location, notes: [.init("bridge a method of yours that sets both and awaits")])
                continue
            }
            var joined = function
            let failure = half.parameters[0]
            joined.parameters.append(
                Parameter(
                    label: failure.label, name: Identifier(half.name.name, at: failure.name.location), type: failure.type,
                    isVariadic: false, defaultValue: nil, location: failure.location))
            paired.functions.append(joined)
            paired.failureHalves[function.location.offset] = half
            paired.successHalves[function.location.offset] = function
        }
        return paired
    }
}
