/// The words of an SDK's own outcome and event enums' cases, and the verbs that undo a
/// method: what a closure or a case is named for, beyond its own name.
extension ClosureRoleNames {
    /// The case names of an SDK's own outcome or event enum (RxSwift's `Event`: `next`, `error`,
    /// `completed`; PromiseKit's `Result`: `fulfilled`, `rejected`). An enum whose cases are all
    /// named so, with a failure or an end among them, is an outcome; any other enum (Alamofire's
    /// `RetryResult`: `retry`, `retryWithDelay`, …) is a value like any other.
    static let valueCases: Set<String> = [
        "next", "value", "success", "succeeded", "fulfilled", "resolved", "element", "event", "item", "change", "changed",
        "update", "message", "row",
    ]
    public static let failureCases: Set<String> = ["error", "failure", "failed", "fail", "rejected", "errored"]
    public static let endCases: Set<String> = [
        "completed", "complete", "finished", "done", "end", "ended", "interrupted", "cancelled", "canceled", "closed",
        "terminated",
    ]
    /// Case names that say each call of the callback is an event: a stream.
    static let eventCases: Set<String> = [
        "next", "value", "element", "event", "item", "change", "changed", "update", "message", "row",
    ]

    /// Methods that set one half of a request's outcome and return the request for chaining
    /// (Kumulos's `success(_:) -> KSAPIOperation` beside `failure(_:)`): scan comments them out
    /// and generate refuses them, by these names.
    public static let successHalves = ["success", "onSuccess", "whenSuccess", "onValue"]
    public static let failureHalves = ["failure", "onFailure", "whenFailure", "onError", "fail", "onFail"]

    public static func isOutcomeEnum(caseNames: [String]) -> Bool {
        let lowered = caseNames.map { $0.lowercased() }
        return lowered.allSatisfy { valueCases.contains($0) || failureCases.contains($0) || endCases.contains($0) }
            && lowered.contains { failureCases.contains($0) || endCases.contains($0) }
    }

    /// The case of an outcome enum that is called for each event (`next`, `value`), if any.
    /// Not `value` beside only a failure: a result's (DRACOON's `Dracoon.Result`: `value`,
    /// `error`), one outcome; beside an end it is an event (ReactiveSwift's `Signal.Event`:
    /// `value`, `failed`, `completed`, `interrupted`).
    public static func eventCase(of caseNames: [String]) -> String? {
        caseNames.first { name in
            let lowered = name.lowercased()
            guard eventCases.contains(lowered) else { return false }
            return lowered != "value" || caseNames.contains { endCases.contains($0.lowercased()) }
        }
    }

    /// The verbs that undo a method's (`subscribe` → `unsubscribe`, `psubscribe` → `punsubscribe`,
    /// `addPublishListener` → `removePublishListener`, `connect` → `disconnect`): a closure named
    /// for one (`onUnsubscribe`) is the end of what the method started, and a method named so
    /// stops it.
    public static func inverses(of method: String) -> [String] {
        // An Objective-C category's prefix (`dg_addPullToRefreshWithActionHandler(_:loadingView:)`
        // of DGElasticPullToRefresh, whose stop is `dg_removePullToRefresh()`): the name without
        // it, and without its selector-style `With…` tail, each given the prefix back.
        if let underscore = method.firstIndex(of: "_"), case let prefix = method[..<underscore],
            (1...3).contains(prefix.count), prefix.allSatisfy(\.isLowercase), case let rest = String(method[method.index(after: underscore)...]),
            rest.first?.isLowercase == true
        {
            var names = [rest]
            if let with = rest.range(of: "With", options: .backwards), with.lowerBound > rest.startIndex { names.append(String(rest[..<with.lowerBound])) }
            return names.flatMap(inverses(of:)).map { prefix + "_" + $0 }
        }
        let pairs = [
            ("subscribe", "unsubscribe"), ("Subscribe", "Unsubscribe"), ("add", "remove"), ("register", "unregister"),
            ("register", "deregister"), ("start", "stop"), ("connect", "disconnect"), ("open", "close"), ("attach", "detach"),
            ("watch", "unwatch"), ("listen", "unlisten"), ("observe", "unobserve"), ("join", "leave"), ("begin", "end"),
            ("bind", "unbind"), ("set", "remove"), ("set", "unset"), ("set", "clear"),
        ]
        var found: [String] = []
        for (verb, inverse) in pairs {
            if method.hasPrefix(verb) {
                found.append(inverse + method.dropFirst(verb.count))
            } else if let range = method.range(of: verb), verb == "subscribe" || verb == "Subscribe" {
                // `psubscribe`: the verb after a one-letter mode.
                found.append(method.replacingCharacters(in: range, with: inverse))
            }
        }
        // `remove` of the kind's last words (Optimizely's `removeNotificationListener(notificationId:)`
        // of `addActivateNotificationListener(activateListener:) -> Int?`).
        if method.hasPrefix("add") {
            var rest = method.dropFirst(3)
            while let next = rest.dropFirst().firstIndex(where: \.isUppercase) {
                rest = rest[next...]
                found.append("remove" + rest)
            }
        }
        // `end`/`stop` before the whole name (Bluejay's `endListen(to:)` of `listen(to:…)`).
        if let first = method.first {
            found += ["end", "stop"].map { $0 + first.uppercased() + method.dropFirst() }
            // `stop` before its verb alone (SwiftyBluetooth's `stopScan()` of
            // `scanForPeripherals(…)`), where words follow it.
            let words = camelWords(method)
            if words.count > 1, let verb = words.first { found.append("stop" + verb.prefix(1).uppercased() + verb.dropFirst()) }
        }
        // An observer's own stop (LaunchDarkly's `stopObserving(owner:)` of every
        // `observe…(owner:handler:)`).
        for (verb, stop) in [("observe", "stopObserving"), ("listen", "stopListening"), ("watch", "stopWatching")] where method.hasPrefix(verb) {
            found.append(stop)
        }
        // A bare `remove(observer:)` of what `observe(…)` returns (malcommac/Repeat's `Repeater`).
        if method == "observe" || method == "addObserver" { found.append("remove") }
        return found
    }

    /// Words of a yes and of a no (`onGranted`/`onDenied`, `allowed`/`denied`): closures so
    /// named answer a question, and neither is a failure.
    static let yesWords: Set<String> = ["granted", "allowed", "authorized", "accepted", "approved"]
    static let noWords: Set<String> = ["denied", "refused", "declined", "unauthorized", "disallowed"]

    /// Whether a closure's name or label says yes (`onGranted`), or no (`onDenied`).
    public static func says(yes: Bool, name: String, label: String?) -> Bool {
        ([name, label ?? ""] as [String]).flatMap(camelWords).contains { (yes ? yesWords : noWords).contains($0.lowercased()) }
    }

    /// Whether two closures are the yes and the no of one answer (Sendbird's
    /// `requestCameraAccess(for:onGranted:onDenied:)`), in either order.
    public static func answerYesAndNo(_ first: (name: String, label: String?), _ second: (name: String, label: String?)) -> Bool {
        (says(yes: true, name: first.name, label: first.label) && says(yes: false, name: second.name, label: second.label))
            || (says(yes: false, name: first.name, label: first.label) && says(yes: true, name: second.name, label: second.label))
    }
}
