import DeclParser
import Generator

/// The methods of an SDK's own future or promise type, read by what a future is: one outcome,
/// awaited once through the method that gets all of it (`onComplete`), not through its halves
/// or the steps of its chain; and a stream of futures (BlueCap's `FutureStream`), which
/// completes again for each of its elements.
extension StarterBlock {
    /// The methods of a future that get its whole outcome.
    static let wholeOutcomeMethods: Set<String> = ["onComplete", "whenComplete", "onCompletion", "onResult", "whenResult"]

    /// Whether the block's type is a future or promise (`Future`, `Futurable`, `Promise`), named
    /// so by the SDK; not a stream of them.
    var isFutureType: Bool {
        let bare = TokenMethods.bareName(type)
        return (bare.contains("Futur") || bare.contains("Promise")) && !bare.hasSuffix("Stream")
    }

    /// Whether the block's type is a stream of futures (BlueCap's `FutureStream`, completed
    /// again by each reconnection): its outcome registrations are called for each element.
    var isStreamOfFutures: Bool {
        let bare = TokenMethods.bareName(type)
        guard bare.hasSuffix("Stream") else { return false }
        let element = bare.dropLast("Stream".count)
        return element.hasSuffix("Future") || element.hasSuffix("Promise")
    }

    /// Why a method of a future is no adapter of its own, if it is not: a step of its chain
    /// (`andThen`, a tap that returns a new future of the same outcome), or half of its outcome
    /// (`onSuccess`, `forEach`, `onFailure`) beside the method that gets all of it: the other
    /// half never calls it.
    /// So are the halves of any type whose outcome one method gets whole (AsyncNinja's
    /// `Completing`, which futures and channels conform to: `onComplete`, `onSuccess`, `onFailure`).
    func futureContextReason(of function: FunctionDecl) -> String? {
        let owner = TokenMethods.bareName(type)
        let name = function.name.name
        if name == "andThen", isFutureType || isStreamOfFutures {
            return "a step of the \(owner)'s chain: it returns a new one of the same outcome, awaited where the chain ends"
        }
        guard !isStreamOfFutures, let whole = Self.wholeOutcomeMethods.first(where: currentMethodNames.contains) else { return nil }
        let successHalf = ["onSuccess", "forEach", "onValue", "onFulfilled"].contains(name)
        let failureHalf = ["onFailure", "onFail", "onError", "onRejected"].contains(name)
        guard successHalf || failureHalf else { return nil }
        return "'\(name)' gets only the \(successHalf ? "value" : "failure") of the \(owner)'s outcome, which a \(successHalf ? "failure" : "success") never calls: "
            + "'\(whole)' gets both, await that"
    }

    /// One half of a request's outcome set by a method that returns the request for chaining,
    /// beside the other half's, with no method that gets both (Kumulos's `KSAPIOperation.success(_:)
    /// -> KSAPIOperation` and `failure(_:) -> KSAPIOperation`): a failure never calls the success
    /// half, a success never the failure half, so an adapter of either waits until the closure
    /// is released (`callbackDropped`), or for ever while the request keeps it.
    func chainedHalfReason(of function: FunctionDecl) -> String? {
        let owner = TokenMethods.bareName(type)
        let name = function.name.name
        let successNames = ClosureRoleNames.successHalves
        let failureNames = ClosureRoleNames.failureHalves
        guard let returned = function.returnType.map({ TokenMethods.bareName($0.strippingAttributes.description) }),
            returned == owner || returned == "Self", function.parameters.filter(isClosure).count == 1
        else { return nil }
        let isSuccess = successNames.contains(name)
        guard isSuccess || failureNames.contains(name),
            let other = (isSuccess ? failureNames : successNames).first(where: currentMethodNames.contains)
        else { return nil }
        // Beside a method that gets both (Tiercel's `Task.completion(onMainQueue:handler:)`): that one.
        // Else, where it can, scan writes the two as one adapter first (`chainedHalfPair`).
        let whole = Self.wholeOutcomeMethods.union(["completion"]).sorted().first(where: currentMethodNames.contains)
        return "'\(name)' sets only the \(isSuccess ? "value" : "failure") of the \(owner)'s outcome and '\(other)' the other half: "
            + "an adapter of either is not ended by the other (it waits until the SDK releases its closure, then throws BridgegenError.callbackDropped, or for ever while the SDK keeps it); "
            + (whole.map { "'\($0)' gets both, await that" } ?? "bridge a method of yours that sets both and awaits")
    }

    /// The halves of such an outcome with no method that gets both (Kumulos's `success(_:)` and
    /// `failure(_:)`, Haneke's `Fetch.onSuccess(_:)` and `onFailure(_:)`, ALCamera's fetchers):
    /// one adapter, written on the success half as `@failure(failure(_:))`, sets both and awaits
    /// whichever comes; the failure half is context, named so. A parameterless `fetch()`, `save()`
    /// or `send()` of the type starts the work (ALCamera: nothing runs before it): `@start`, said.
    enum ChainedHalf {
        case success(annotations: [(annotation: String, why: String)])
        case failure(of: String)
    }

    func chainedHalfPair(of function: FunctionDecl, tokens: TokenMethods) -> ChainedHalf? {
        let owner = TokenMethods.bareName(type)
        let name = function.name.name
        guard let returned = function.returnType.map({ TokenMethods.bareName($0.strippingAttributes.description) }),
            returned == owner || returned == "Self", function.parameters.count == 1, function.parameters.filter(isClosure).count == 1
        else { return nil }
        let isSuccess = ClosureRoleNames.successHalves.contains(name)
        guard isSuccess || ClosureRoleNames.failureHalves.contains(name),
            !Self.wholeOutcomeMethods.union(["completion"]).contains(where: currentMethodNames.contains)
        else { return nil }
        // The other half by its full name: one closure, so one colon. One each way: beside two
        // failure halves, which the success half's adapter would set is not told.
        func halves(_ names: [String]) -> [String] {
            synchronousMethods.filter { method in names.contains { method.hasPrefix($0 + "(") } && method.filter { $0 == ":" }.count == 1 }
        }
        let failures = halves(ClosureRoleNames.failureHalves)
        let successes = halves(ClosureRoleNames.successHalves)
        guard failures.count == 1, successes.count == 1, let other = (isSuccess ? failures : successes).first else { return nil }
        guard isSuccess else { return .failure(of: other) }
        var annotations = [
            ("@failure(\(other))", "'\(name)' sets only the value of the \(owner)'s outcome and '\(other)' its failure: one adapter sets both and awaits whichever comes")
        ]
        if let start = ["fetch()", "save()", "send()"].first(where: synchronousMethods.contains) {
            annotations.append(
                ("@start(\(start))", "as written, the \(owner) reports nothing before '\(start)', called once both halves are set; if its work is under way when it is made, remove it"))
        }
        if let stop = tokens.stopMethod(of: type) {
            annotations.append((stop == "cancel" ? "@cancel(token)" : "@cancel(token: \(stop)())", "the \(owner) has \(stop)()"))
        } else {
            annotations.append(("@cancel(none)", "'\(name)' returns the \(owner) itself, for chaining, and it has no stop"))
        }
        return .success(annotations: annotations)
    }

    /// An overload that also takes a context to hand back to the closure (AsyncNinja's
    /// `onComplete<C: ExecutionContext>(context: C, executor:, _ block: (C, Fallible<Success>) ->
    /// Void)` beside `onComplete(executor:_:)`): the caller's stand-in for `[weak self]` and its
    /// queue, which a task replaces; the overload without it is the adapter.
    func contextOverloadReason(of function: FunctionDecl) -> String? {
        guard let index = function.parameters.firstIndex(where: { ($0.label ?? $0.name).name == "context" }),
            case let context = function.parameters[index].type.strippingAttributes.description,
            function.genericParameters.contains(where: { $0.name.name == context }),
            function.parameters.contains(where: { closureType(of: $0)?.parameters.first?.type.strippingAttributes.description == context })
        else { return nil }
        var labels = function.parameters.map { ($0.label?.name ?? "_") + ":" }
        labels.remove(at: index)
        let plain = function.name.name + "(" + labels.joined() + ")"
        guard synchronousMethods.contains(plain) else { return nil }
        return "the '\(plain)' overload's callback, with 'context' handed back, the stand-in for [weak self] that a task replaces: await that one"
    }

    /// A stream of futures' outcome registration (`FutureStream.onComplete`, `onSuccess`,
    /// `onFailure`): called for each element; a failure is one of them and does not end it, so
    /// an outcome enum per call (`Try<T>`) is kept whole.
    func streamOfFuturesAnnotations(of function: FunctionDecl, callbacks: [Parameter]) -> [(annotation: String, why: String)]? {
        guard isStreamOfFutures, callbacks.count == 1, function.name.name.hasPrefix("on") else { return nil }
        let owner = TokenMethods.bareName(type)
        let whole =
            resultType(of: callbacks[0]) != nil
            || SDKEnum.handedOver(by: callbacks[0], in: type, enums: enums, aliases: closureAliases, enumAliases: enumAliases, beside: [type]) != nil
        let label = callbacks[0].label?.name ?? callbacks[0].name.name
        return [
            (whole ? "@stream(results)" : "@stream",
                "a \(owner) completes again for each of its elements: '\(label)' is called for each" + (whole ? ", and a failure is one of them, which does not end it" : "")),
            ("", "nothing stops what '\(function.name.name)' registers: as written, the handler stays with the \(owner) after the stream ends; if that matters, bridge a method of yours that cancels it"),
        ]
    }
}
