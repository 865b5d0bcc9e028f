import DeclParser
import Generator

/// Readings of a registration: a method named for registering a listener, a flag that asks for
/// updates, and what a failure means when each call gets a `Result`.
extension StarterBlock {
    /// A method that registers a listener (Harness's `registerEventsListener(_:onCompletion:)`,
    /// whose `Result`s come for each event): its name says so, whatever its closure is called.
    /// A flag that asks for updates (HealthKit's `anchoredObjectQuery(…, monitorUpdates:
    /// completionHandler:)`): with it set, the closure is called for each update.
    func registrationReadings(
        of function: FunctionDecl, callbacks: [Parameter], once: Bool, documentedOnce: Bool, into annotations: inout [(annotation: String, why: String)]
    ) {
        guard callbacks.count == 1, !once, !annotations.contains(where: { $0.annotation.hasPrefix("@stream") }) else { return }
        if function.returnType?.isVoid ?? true, Self.registersListener(function.name.name) {
            annotations.insert(("@stream", "'\(function.name.name)' registers a listener, called for each event"), at: 0)
        } else if !documentedOnce, let flag = Self.updatesFlag(of: function) {
            annotations.insert(
                ("@stream", "'\(flag)' asks for updates, each a call of '\(callbacks[0].label?.name ?? callbacks[0].name.name)'; with it false there is one call: break after the first event (an SDK that then lets the handler go ends the stream with BridgegenError.callbackDropped)"),
                at: 0)
        }
    }

    /// A stream whose callback gets a `Result` per call ends at the first failure, unless the
    /// failure is one event: a listener's, an observer's or a watch's goes on (mqtt-nio's
    /// `addPublishListener`, Apollo's `watch`), an observation's ends (ReactiveSwift's
    /// `observeResult`). Said either way.
    func resultPerCallReading(of function: FunctionDecl, callbacks: [Parameter], into annotations: inout [(annotation: String, why: String)]) {
        // Or one Result beside other values (Tjek's `addResponseListener(on:_:)`, `(_ endpointName:
        // String, Result<HTTPURLResponse, APIError>)`, one per request): the call, whole.
        let beside = callbacks.first.flatMap(closureType(of:)).flatMap { closure -> String? in
            let results = closure.parameters.compactMap { resultName($0.type) }
            return closure.parameters.count > 1 && results.count == 1 ? results[0] : nil
        }
        guard callbacks.count == 1, let result = resultType(of: callbacks[0]) ?? beside, !result.contains("Single"),
            let stream = annotations.firstIndex(where: { $0.annotation == "@stream" })
        else { return }
        let name = callbacks[0].label?.name ?? callbacks[0].name.name
        if Self.registersForResults(function.name.name) {
            annotations[stream] = (
                "@stream(results)",
                "'\(name)' gets a \(result) per call\(beside == nil ? "" : " beside other values"), and a listener goes on after a failure: each \(beside == nil ? "Result" : "call, whole,") is an event"
            )
        } else {
            annotations.append(
                ("", "'\(name)' gets a \(result) per call: the stream ends at the first failure; if the SDK goes on after one, write '@stream(results)'"))
        }
    }
}

/// Registrations the library's own code shows: a closure kept in one of its callback
/// properties, or a method its messages say may be called only once. Both are called for each
/// event, however the closure is named.
extension StarterBlock {
    /// The annotations of a method that keeps its one closure for later events, or nil.
    /// `namedKind`: the closures' names already said one-shot or stream.
    func keptRegistrationAnnotations(of function: FunctionDecl, callbacks: [Parameter], namedKind: Bool) -> [(annotation: String, why: String)]? {
        // Kept in a callback property the SDK calls for each event (Perfect-ZooKeeper's
        // `connect(to:completion:)`, `onConnect = completion`): called as often as it is. Only
        // of a method that returns nothing: a returned token's stop is read below.
        // Not a closure of one `Result` (Chargebee's `retrieveProducts(withProductID:completion:)`,
        // kept in the public `receiveProductsHandler` until the request answers once).
        if !namedKind, callbacks.count == 1, function.returnType?.isVoid ?? true, resultType(of: callbacks[0]) == nil,
            let kept = closuresKeptInProperties[function.name.name],
            callbacks[0].name.name == kept.parameter, !ClosureRoleNames.namesOnce(property: kept.property),
            !ClosureRoleNames.namesOnce(function.name.name)
        {
            return [
                ("@stream", "'\(function.name.name)' keeps '\(kept.parameter)' in '\(kept.property)', which the SDK calls for each event"),
                ("", "'\(kept.property)' holds one handler: a later '\(function.name.name)' (or a write of '\(kept.property)') replaces this stream's"),
            ]
        }
        // Kept in a private slot that the library empties once it has called it (SwiftSpinner's
        // `addTapHandler(_ tap:)`: `tapHandler?()`, then `tapHandler = nil`): one call, whatever
        // the names say. (Said only where they did not: a completion emptied so, Bluejay's
        // `disconnectCallback`, goes without saying.)
        if callbacks.count == 1, function.returnType?.isVoid ?? true,
            let (kept, release) = closuresClearedOnCall[function.name.name], kept.parameter == callbacks[0].name.name,
            !Analyzer.looksLikeCompletion(callbacks[0].name.name), !Analyzer.looksLikeCompletion(callbacks[0].label?.name)
        {
            return [("", "'\(function.name.name)' keeps '\(kept.parameter)' in '\(kept.property)', which '\(release.method)' sets to nil once it has called it: one call; a later '\(function.name.name)' replaces it, and the waiting call throws BridgegenError.callbackDropped; if the SDK calls it again, write '@stream'")]
        }
        // A UI control's action (EasyClosure's `Container where Host: UISlider`, `valueChange(_
        // action:)`; a `UIView`'s own `tap(_ action:)`): run at each of the control's events.
        // Not a completion (ScrollStackController's `toggleAxis(animated:completion:)`: the
        // animation's end, once).
        if callbacks.count == 1, function.returnType?.isVoid ?? true, isControl,
            [callbacks[0].name.name, callbacks[0].label?.name ?? ""].contains("action")
                || (ClosureRoleNames.camelWords(function.name.name).contains(where: CallbackShape.controlEventWords.contains)
                    && !Analyzer.looksLikeCompletion(callbacks[0].name.name) && !Analyzer.looksLikeCompletion(callbacks[0].label?.name))
        {
            return [("@stream", "a UI control's '\(callbacks[0].label?.name ?? callbacks[0].name.name)', run at each of its events")]
        }
        // Two closures each kept in a callback property of the object (PermissionScope's
        // `show(_ authChange:cancelled:)`, `onAuthChange = authChange`, `onCancel = cancelled`),
        // one named for the end: the other's events until it.
        if !namedKind, callbacks.count == 2, function.returnType?.isVoid ?? true, let kept = severalKeptInProperties[function.name.name],
            Set(kept.map(\.parameter)) == Set(callbacks.map(\.name.name))
        {
            let ends = callbacks.filter { ClosureRoleNames.camelWords($0.label?.name ?? $0.name.name).contains(where: Self.endWords.contains) }
            if ends.count == 1, let end = ends.first, let event = callbacks.first(where: { $0.name.name != end.name.name }) {
                let properties = kept.map { "'\($0.property)'" }.joined(separator: " and ")
                return [
                    ("@stream", "'\(function.name.name)' keeps its closures in \(properties), which the SDK calls for each event"),
                    ("@event(\(event.name.name))", "'\(event.label?.name ?? event.name.name)' gets each event"),
                    ("@finish(\(end.name.name))", "'\(end.label?.name ?? end.name.name)' is named for the end"),
                ]
            }
        }
        // Kept in a private property that only a stop method releases (a checker's
        // `start(completion handler:)`, `resultsHandler = handler`, and `stop()`, `resultsHandler =
        // nil`): called for each event until the stop, whatever the closure is called. A `Result`
        // per call is read as for the other registrations (said: a failure ends the stream unless
        // '@stream(results)').
        if callbacks.count == 1, function.returnType?.isVoid ?? true, let (kept, release) = closuresReleasedByStop[function.name.name],
            callbacks[0].name.name == kept.parameter, let stop = stopCall(release, of: kept, in: function)
        {
            var annotations: [(annotation: String, why: String)] = [
                ("@stream", "'\(function.name.name)' keeps '\(kept.parameter)' in '\(kept.property)', which only '\(stop)' releases: called for each event until then"),
                ("@cancel(\(stop))", "'\(stop)' releases it"),
            ]
            resultPerCallReading(of: function, callbacks: callbacks, into: &annotations)
            if annotations.count == 2 { sharingOneSlot(kept, of: function, in: &annotations) }
            return annotations
        }
        // Kept, where nothing clears it, by a method that returns the object for chaining and is
        // named for an event (Former's `didDeselectCell(_:) -> Self`, `didDeselectCell = handler`):
        // a handler set while building the UI, called for each event.
        if callbacks.count == 1, let kept = chainedEventHandler(function) {
            // Named for what happens once (Exponea's `onInitSucceeded(callback:) -> Self`, which
            // calls back at once when the SDK is already configured, else keeps the closure for
            // when it is): one-shot, said.
            let onceWords: Set<String> = ["succeeded", "initialized", "launched", "configured", "ready"]
            // So is one that adds to a list of such handlers (`onReady(_:) -> Self`,
            // `readyCallbacks.append(callback)`), each called once, when it happens.
            if let word = ClosureRoleNames.camelWords(function.name.name).first(where: onceWords.contains) {
                var annotations: [(annotation: String, why: String)] = [
                    ("@cancel(none)", "it returns the object itself, for chaining"),
                    ("", "one-shot: '\(function.name.name)' is named for what happens once ('\(word)'); if the SDK calls it each time, write '@stream(shared)'"),
                ]
                handedValueNotes(of: function, callbacks: callbacks, into: &annotations)
                return annotations
            }
            var annotations: [(annotation: String, why: String)] = [
                ("@stream", "'\(function.name.name)' \(kept.appended ? "adds a handler to" : "sets") the object's '\(kept.property)' and returns the object for chaining: a handler called for each event"),
                ("@cancel(none)", "it returns the object itself, for chaining, and nothing removes the handler"),
            ]
            if kept.appended {
                annotations.append(
                    ("", "nothing takes a handler out of '\(kept.property)': after the stream ends, its handler stays there, and what it gets is dropped; iterate one stream for the object's life"))
                // A list nothing calls (ParseLiveQuery's `unsubscribeHandlers`).
                if !propertiesReadByLibrary.contains(kept.property), !propertiesReadByLibrary.contains(Self.bareTypeName(type) + "." + kept.property) {
                    annotations.append(
                        ("", "nothing in these sources calls the handlers in '\(kept.property)': the stream waits for events that may never come; if it is for your code to call, mark it '@context'"))
                }
            } else {
                sharingOneSlot(kept, of: function, in: &annotations)
            }
            // Named for an end (ParseLiveQuery's `handleUnsubscribe(_:)`): maybe once.
            let ends = Self.endWords.union(["unsubscribe", "unsubscribed", "disconnect", "disconnected", "finish", "finished", "complete", "completed"])
            if ClosureRoleNames.camelWords(function.name.name).contains(where: ends.contains) {
                annotations.append(
                    ("", "'\(function.name.name)' is named for an end: as written, a stream of each; if the SDK calls it once, remove '@stream' and '@cancel(none)'"))
            }
            handedValueNotes(of: function, callbacks: callbacks, into: &annotations)
            return annotations
        }
        // A registration the library says may be made only once (SwiftyStoreKit's
        // `completeTransactions(atomically:completion:)`, "should only be called once when the
        // app launches"): it keeps the closure for the app's life and calls it for each event.
        if callbacks.count == 1, function.returnType?.isVoid ?? true, saidToBeCalledOnce.contains(function.name.name) {
            return [
                ("@stream", "the SDK says '\(function.name.name)()' may be called only once: a registration it keeps, called for each event"),
                ("", "a second '\(function.name.name)' is ignored by the SDK: iterate this stream once, for the app's life"),
            ]
        }
        return nil
    }

    /// A UIKit or AppKit view or control: the block's type, or what its `where` clause
    /// constrains (EasyClosure's `extension Container where Host: UIButton`).
    var isControl: Bool {
        if isUIView { return true }
        guard let whereClause else { return false }
        let controls = [
            "Control", "Button", "Slider", "Switch", "TextField", "TextView", "SearchBar", "DatePicker", "GestureRecognizer",
            "BarButtonItem", "Stepper", "View",
        ]
        return whereClause.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { word in
            (word.hasPrefix("UI") || word.hasPrefix("NS")) && controls.contains(where: word.hasSuffix)
        }
    }

    /// Words that name the end of events: `cancelled`, `onClose`, `dismissed`.
    static let endWords: Set<String> = ["cancel", "cancelled", "canceled", "end", "ended", "close", "closed", "dismiss", "dismissed"]

    /// The closure an event's handler-setting method keeps, when it returns the object for
    /// chaining (`on…`, `did…`, `will…` `(_:) -> Self`) and nothing clears it; nil otherwise.
    /// A `will…` so kept is an event too, not a hook: it returns nothing the library reads.
    func chainedEventHandler(_ function: FunctionDecl) -> KeptClosure? {
        let name = function.name.name
        guard let returned = function.returnType?.description, returned == "Self" || returned == Self.bareTypeName(type),
            let kept = closuresKeptPrivately[name], function.parameters.count == 1, function.parameters[0].name.name == kept.parameter,
            // Or added to a list of handlers, whatever the name (ParseLiveQuery's `handleEvent(_:)`).
            kept.appended || ["on", "did", "will"].contains(ClosureRoleNames.camelWords(name).first ?? ""),
            !ClosureRoleNames.namesOnce(name), !ClosureRoleNames.namesOnce(property: kept.property),
            // Not an outcome's half (Haneke's `Fetch.onSuccess(_:) -> Self`).
            !ClosureRoleNames.namesSuccess(name: name, label: nil), !ClosureRoleNames.namesFailure(method: name)
        else { return nil }
        return kept
    }

    /// The call that releases a kept closure: `stop()`; or a stop of one argument, given the
    /// `case` the release is under (ActiveLabel's `removeHandle(for: .mention)`) or the key the
    /// method keeps it by, one of its own parameters (`removeHandle(for: type)`). Nil when
    /// neither says which argument.
    func stopCall(_ release: Release, of kept: KeptClosure, in function: FunctionDecl) -> String? {
        if synchronousMethods.contains(release.method + "()") { return release.method + "()" }
        let stops = synchronousMethods.filter { $0.hasPrefix(release.method + "(") && $0.filter { $0 == ":" }.count == 1 }
        guard stops.count == 1, let stop = stops.first else { return nil }
        let label = stop.dropFirst(release.method.count + 1).dropLast(2)
        let argument: String
        if let key = kept.key, release.key == key, function.parameters.contains(where: { $0.name.name == key }) {
            argument = key
        } else if kept.key == nil, let enumCase = release.enumCase {
            argument = enumCase
        } else {
            return nil
        }
        return release.method + "(" + (label == "_" ? "" : label + ": ") + argument + ")"
    }

    /// A handler kept in one slot (ActiveLabel's `mentionTapHandler`): a second stream would
    /// replace the first's handler, and the first's stop would then remove the second's (the
    /// nineteenth session's outside try: two loops over `handleMentionTap()` both ended empty).
    /// With no parameter but the closure, the streams share the one registration,
    /// `@stream(shared)`; with others (`handleCustomTap(for:handler:)`, one slot per type), said.
    func sharingOneSlot(_ kept: KeptClosure, of function: FunctionDecl, in annotations: inout [(annotation: String, why: String)]) {
        if function.parameters.count == 1, let index = annotations.firstIndex(where: { $0.annotation == "@stream" }) {
            annotations[index].annotation = "@stream(shared)"
            annotations[index].why += "; '\(kept.property)' holds one handler, so every stream of this object shares it"
        } else {
            annotations.append(
                ("", "'\(kept.property)' holds one handler\(kept.key.map { " per '\($0)'" } ?? ""): a second stream of the same replaces the first's, and the first's end removes it; keep one"))
        }
    }

    /// Said once every other rule has spoken: the note of a one-shot whose closure is kept where
    /// nothing clears it. (Not `@cancel(none)` for every stream that returns `Self`: generate's
    /// warning that the object is ignored was the only word on streams that are wrong, Noze.io's
    /// `ClientRequest.onResponse(handler:) -> Self` among them.)
    func closingAnnotations(
        of function: FunctionDecl, callbacks: [Parameter], once: Bool, into annotations: inout [(annotation: String, why: String)]
    ) {
        if !once, !annotations.contains(where: { $0.annotation.hasPrefix("@stream") }), let note = keptPrivatelyNote(of: function, callbacks: callbacks) {
            annotations.append(note)
        }
        if !annotations.contains(where: { $0.annotation.hasPrefix("@stream") }), callbacks.count == 1, debouncing.contains(function.name.name) {
            let name = callbacks[0].label?.name ?? callbacks[0].name.name
            annotations.append(
                ("", "'\(function.name.name)' hands its work to a debouncer or a throttler: a later call may take this one's place, and '\(name)' may never come, or come for the later call's results; if so, mark '\(function.name.name)' '@context'"))
        }
        // A stream's closure handed the handle the method returns (BlueSignals' `on(signal:perform:
        // (SignalWatchHandler) -> Void) -> SignalWatchHandler`): generate leaves it out of each
        // event, as the stream keeps and stops it. Said, whichever rule made the stream.
        if annotations.contains(where: { $0.annotation.hasPrefix("@stream") }), let returned = function.returnType, !returned.isVoid,
            returned.description != "Self", let handed = callbacks.first(where: { Self.isHanded(returned, by: $0) }),
            let note = handleLeftOut(of: handed, returned: returned), !annotations.contains(where: { $0.why == note.why })
        {
            annotations.append(note)
        }
    }

    /// A one-shot whose closure the method keeps in a property of its own that the library never
    /// clears (Siren's `wail(performCheck:completion handler:)`: `resultsHandler = handler`,
    /// called again at each version check): weak evidence, since a completion is most often kept
    /// so until the work is done, but a slot that is never cleared may be called again. Said.
    func keptPrivatelyNote(of function: FunctionDecl, callbacks: [Parameter]) -> (annotation: String, why: String)? {
        guard callbacks.count == 1, let kept = closuresKeptPrivately[function.name.name], callbacks[0].name.name == kept.parameter,
            !ClosureRoleNames.namesOnce(property: kept.property), !ClosureRoleNames.namesOnce(function.name.name)
        else { return nil }
        return ("", "one-shot assumed: '\(function.name.name)' keeps '\(kept.parameter)' in '\(kept.property)', which nothing clears; if the SDK calls it again for later events, write '@stream'")
    }

    /// A one-shot called back only if something is cancelled (AsyncNinja's
    /// `CancellationToken.notifyCancellation(_:)`): the adapter waits until then, maybe forever;
    /// it may be a hook for the caller's cleanup. Said. Not `cancel(completion:)`, which cancels.
    func cancellationNote(of function: FunctionDecl, callbacks: [Parameter]) -> (annotation: String, why: String)? {
        let words = ClosureRoleNames.camelWords(function.name.name)
        guard callbacks.count == 1, closureType(of: callbacks[0])?.parameters.isEmpty == true, words.first != "cancel",
            words.dropFirst().contains(where: { ["cancel", "cancelled", "canceled", "cancellation"].contains($0) })
        else { return nil }
        return ("", "'\(function.name.name)' calls back only when it is cancelled: the one-shot waits until then, maybe for ever; if it is a hook for your cleanup, mark it '@context'")
    }
}
