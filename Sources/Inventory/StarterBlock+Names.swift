import DeclParser
import Generator

/// What a method's name and its closures' types say, before any evidence from the library's
/// code: an observer's name, a listener's registration, a value closure beside an error
/// closure, a system delegate call, a collection iterated, a hook, an addition.
extension StarterBlock {
    /// The system objects whose delegate calls SDKs ask apps to forward, with the system's
    /// completion handler: the first argument of such a method.
    static let systemDelegators: Set<String> = [
        "UIApplication", "NSApplication", "UNUserNotificationCenter", "URLSession", "WKWebView", "UIScene", "UIWindowScene",
    ]

    /// Names of observer-like methods: they call back many times while their token lives.
    static let observerPrefixes = [
        "observe", "subscribe", "listen", "watch", "monitor", "addObserver", "addListener", "startUpdating", "startWith",
        "startObserving", "startListening", "startMonitoring",
    ]

    /// An observer-like method: named so (`observe…`, `addObserver`), adding one of a kind
    /// (hyperoslo/Cache's `addStorageObserver`, an `addMessageListener`), or adding a handler
    /// for an event (ConfigCat's `Hooks.addOnFlagEvaluated(handler:)`).
    static func namesObserver(_ method: String) -> Bool {
        observerPrefixes.contains(where: method.hasPrefix)
            || (method.hasPrefix("add") && ["Observer", "Listener", "Notification"].contains(where: method.hasSuffix))
            || (method.hasPrefix("addOn") && method.dropFirst(5).first?.isUppercase == true)
    }

    /// Of two closures, the one that takes a value and the one that takes one error and nothing
    /// else, by the rule generate gives them their roles by (ClosureRoleNames.valueAndError); an
    /// error is a type named `Error` or `…Error`.
    static func valueAndErrorClosures(_ callbacks: [Parameter], closureTypes: [FunctionTypeSyntax?]) -> (value: Parameter, error: Parameter)? {
        guard
            let pair = ClosureRoleNames.valueAndError(
                names: callbacks.map { ($0.name.name, $0.label?.name) }, arguments: closureTypes.map { $0?.parameters.map(\.type) },
                isError: { type in
                    let name = type.strippingAttributes.description
                    return ["Error", "NSError", "any Error", "Swift.Error", "any Swift.Error"].contains(name) || (name.hasSuffix("Error") && !name.hasSuffix("?"))
                })
        else { return nil }
        return (callbacks[pair.value], callbacks[pair.failure])
    }

    /// `register…Listener`, `add…Listener`, `set…Observer`, `add…EventHandler`: one listener
    /// registered, not a call.
    static func registersListener(_ method: String) -> Bool {
        ["register", "add", "set"].contains(where: method.hasPrefix) && ["Listener", "Observer", "EventHandler"].contains(where: method.hasSuffix)
    }

    /// `setBackgroundCompletionHandler`, `didFinishBackgroundEvents`: named for the completion of
    /// a background URL session's events, which the app hands over from its delegate.
    static func handsOverBackgroundCompletion(_ name: String) -> Bool {
        let words = ClosureRoleNames.camelWords(name)
        return words.contains("background") && words.contains { ["completion", "events"].contains($0) }
    }

    /// A listener's, an observer's or a watch's `Result` per call is one event's outcome, and a
    /// failure does not end the registration (mqtt-nio's `addPublishListener`, Apollo's `watch`,
    /// InAppPurchase's `addTransactionObserver`): `@stream(results)`. Not an observation of a
    /// source that ends at its failure (ReactiveSwift's `observeResult`).
    static func registersForResults(_ method: String) -> Bool {
        ["Listener", "Observer"].contains(where: method.contains) || method.hasPrefix("watch")
    }

    /// A `Bool` parameter that asks the SDK to keep calling back with updates (HealthKit's
    /// `monitorUpdates:`, a `repeats:`): the closure is called for each update, a stream.
    static func updatesFlag(of function: FunctionDecl) -> String? {
        function.parameters.first { parameter in
            guard ["Bool", "Swift.Bool"].contains(parameter.type.strippingAttributes.description) else { return false }
            let name = parameter.label?.name ?? parameter.name.name
            let words = ClosureRoleNames.camelWords(name)
            return ["continuous", "continuously", "repeats", "repeating"].contains(name.lowercased())
                || (words.count > 1 && ["monitor", "observe", "watch", "listen", "live", "track"].contains(words[0])
                    && ["updates", "changes"].contains(words[words.count - 1]))
        }.map { $0.label?.name ?? $0.name.name }
    }

    /// The parameter whose elements the method's one closure gets: a generic `T: Sequence` (or
    /// `Collection`) the caller passes, and a closure of `T.Element` (or `T.Iterator.Element`).
    static func iteratedCollection(_ function: FunctionDecl) -> String? {
        let sequences = function.genericParameters.filter { parameter in
            ["Sequence", "Collection"].contains { parameter.constraint?.description.hasSuffix($0) == true }
        }.map(\.name.name)
        for name in sequences {
            guard let collection = function.parameters.first(where: { $0.type.strippingAttributes.description == name }) else { continue }
            let element = [name + ".Element", name + ".Iterator.Element"]
            let iterates = function.parameters.contains { parameter in
                guard case .function(let closure) = parameter.type.strippingAttributes.unwrappingOptional.strippingAttributes.kind else {
                    return false
                }
                return closure.parameters.count == 1 && element.contains(closure.parameters[0].type.strippingAttributes.description)
            }
            if iterates { return collection.name.name }
        }
        return nil
    }

    /// `willConnect`, `onWillCancel`, `addWillExecuteBlockObserver`: named for what is about to
    /// happen. A hook the library runs before it goes on, and often waits for (ProcedureKit's
    /// will-execute observers, Swift-ActionCableClient's `willConnect`), not an event to listen to.
    static func namesHook(_ name: String) -> Bool {
        ["will", "onWill", "addWill"].contains { prefix in
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true
        }
    }

    /// `onConfigureCellForAction`, `cellSetup`, `customizeHeader`: a property named for setting
    /// up what it is handed (XLActionController's `onConfigureHeader: ((HeaderView, HeaderData) ->
    /// ())?`, run while the library lays out its views): the caller's code, not an event. Or
    /// for what it does to what it is handed (FTPopOverMenu's `globalShadowAdapter: ((UIView) ->
    /// Void)?`, which styles the menu's background view as the library makes it).
    static func namesConfiguration(property name: String) -> Bool {
        ClosureRoleNames.camelWords(name).contains { ["configure", "setup", "customize", "adapter", "styler", "decorator"].contains($0) }
    }

    /// `addHandler`, `addRoute`: a method that adds something of the caller's to the object.
    static func namesAddition(_ method: String) -> Bool {
        method.hasPrefix("add") && method.dropFirst(3).first?.isUppercase == true
    }

    /// A `done` closure beside a `cancel` closure that gets nothing (McPicker's `show(data:
    /// doneHandler:cancelHandler:selectionChangedHandler:)`, a picker's): the done closure's
    /// arguments are the value, a cancel throws. Any other closure must be named for a change or
    /// progress (`selectionChangedHandler`), and stays a parameter of the adapter.
    func doneAndCancelRoles(_ callbacks: [Parameter]) -> [(annotation: String, why: String)]? {
        func words(_ parameter: Parameter) -> [String] { ClosureRoleNames.camelWords(parameter.label?.name ?? parameter.name.name) }
        let dones = callbacks.filter { words($0).contains(where: { ["done", "finish", "finished", "confirm", "confirmed"].contains($0) }) }
        let cancels = callbacks.filter { parameter in
            words(parameter).contains(where: { ["cancel", "cancelled", "canceled"].contains($0) }) && closureType(of: parameter)?.parameters.isEmpty == true
        }
        guard dones.count == 1, cancels.count == 1, dones[0].name.name != cancels[0].name.name,
            callbacks.allSatisfy({ parameter in
                [dones[0].name.name, cancels[0].name.name].contains(parameter.name.name)
                    || words(parameter).contains(where: { ["change", "changed", "progress", "update", "updated"].contains($0) })
            })
        else { return nil }
        let done = dones[0].label?.name ?? dones[0].name.name
        let cancel = cancels[0].label?.name ?? cancels[0].name.name
        return [
            ("@success(\(dones[0].name.name))", "'\(done)' gets the value"),
            ("@userCancel(\(cancels[0].name.name))", "'\(cancel)' is called when the user cancels, thrown as CancellationError"),
        ]
    }

    /// Of two closures, one named `on` and a thing (`onAttachment`, `onChunk`) and one that ends
    /// (`onComplete`, `completion`, `onError`): the thing's closure, the thing, and the end's.
    /// Not a thing that is itself an outcome, an end or progress (`onSuccess`, `onCancel`,
    /// `onProgress`, `onConnect`).
    func perItemClosureAndEnd(among callbacks: [Parameter]) -> (item: String, thing: String, end: String)? {
        guard callbacks.count == 2 else { return nil }
        let names = callbacks.map { $0.label?.name ?? $0.name.name }
        let ends = { (index: Int) in
            ClosureRoleNames.plays(.finish, name: callbacks[index].name.name, label: callbacks[index].label?.name)
                || ClosureRoleNames.plays(.failure, name: callbacks[index].name.name, label: callbacks[index].label?.name)
                || Analyzer.looksLikeCompletion(names[index])
        }
        let notThings: Set<String> = [
            "success", "succeeded", "failure", "fail", "failed", "error", "complete", "completed", "completion", "finish",
            "finished", "done", "end", "ended", "result", "response", "reply", "cancel", "cancelled", "canceled", "progress",
            "start", "started", "begin", "ready", "open", "opened", "close", "closed", "connect", "connected", "disconnect",
            "disconnected", "timeout", "update", "updated", "change", "changed", "value", "next", "event", "status", "state",
            // Done, as a thing ending in -ed is (`onLoginButtonTapped`).
            "sent", "shown", "hidden", "written", "lost", "left",
        ]
        for (item, end) in [(0, 1), (1, 0)] where ends(end) && !ends(item) {
            let words = ClosureRoleNames.camelWords(names[item])
            guard words.count >= 2, words[0] == "on", !words.dropFirst().contains(where: notThings.contains),
                // A thing, not something done (`onLoginButtonTapped`).
                words.last.map({ !$0.hasSuffix("ed") }) == true,
                !ClosureRoleNames.namesProgress(name: callbacks[item].name.name, label: callbacks[item].label?.name),
                // Handed the thing: not nothing, nor an outcome (OAuthSwift's `onTokenRenewal:
                // (Result<OAuthSwiftCredential, OAuthSwiftError>) -> Void`, beside the request's completion).
                let closure = closureType(of: callbacks[item]), !closure.parameters.isEmpty,
                !closure.parameters.contains(where: { element in
                    let spelled = element.type.strippingAttributes.unwrappingOptional.description
                    return spelled.hasPrefix("Result<") || spelled.hasPrefix("Swift.Result<") || TokenMethods.bareName(spelled).hasSuffix("Error")
                })
            else { continue }
            return (names[item], words.dropFirst().joined(separator: " "), names[end])
        }
        return nil
    }

    /// A returned type named for an observation that lasts (`ObservationToken`, a
    /// `ListenerRegistration`, a `Disposable`): not a `Cancellable` or `Handle`, which a request
    /// returns too.
    static func namesObservation(_ type: String) -> Bool {
        let bare = TokenMethods.bareName(withoutSomeOrAny(type))
        return ["ObservationToken", "ObserverToken", "Observation", "Subscription", "Registration", "Disposable"].contains(where: bare.hasSuffix)
    }

    /// A closure named for nothing but being one (`closure`, `handler`, `block`, `callback`), or
    /// for events (`onChange`, `listener`), of a method not named for one request (`readRSSI`,
    /// `fetch…`, `disconnect`): nothing says it comes once.
    static func namesNoOutcome(_ callback: Parameter, of method: String) -> Bool {
        let requests = ["read", "get", "fetch", "load", "request", "send", "write", "disconnect"]
        guard let verb = ClosureRoleNames.camelWords(method).first, !requests.contains(verb) else { return false }
        let generic = ["closure", "handler", "block", "callback", "observer", "listener", "action"]
        return [callback.name.name, callback.label?.name].compactMap { $0 }.filter { $0 != "_" }.allSatisfy { name in
            generic.contains(name.lowercased()) || ClosureRoleNames.plays(.event, name: name, label: nil)
        }
    }
}
