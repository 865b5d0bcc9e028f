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
        let whole = Self.wholeOutcomeMethods.union(["completion"]).sorted().first(where: currentMethodNames.contains)
        return "'\(name)' sets only the \(isSuccess ? "value" : "failure") of the \(owner)'s outcome and '\(other)' the other half: "
            + "an adapter of either is not ended by the other (it waits until the SDK releases its closure, then throws BridgegenError.callbackDropped, or for ever while the SDK keeps it); "
            + (whole.map { "'\($0)' gets both, await that" } ?? "bridge a method of yours that sets both and awaits")
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
