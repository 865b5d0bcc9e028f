import DeclParser

/// What a callback's name says its calls mean, and what a method's callbacks together say it is:
/// one rule for `generate` (which closure gets which role, Analyzer+ClosureRoles.swift) and for
/// `scan` (whether the starter marks the method `@stream`), so the two never disagree.
public enum ClosureRoleNames {
    public enum Role: Sendable { case success, failure, event, finish }

    static let success: Set<String> = [
        "success", "onsuccess", "successhandler", "successblock", "successcallback", "succeeded", "onsucceeded",
        // A promise's words (khanlou/Promise's `then(on:_ onFulfilled:_ onRejected:)`).
        "onfulfilled", "fulfilled", "onresolved", "resolved",
    ]
    static let failure: Set<String> = [
        "failure", "onfailure", "failurehandler", "failureblock", "failurecallback", "error", "onerror", "errorhandler",
        "errorblock", "errorcallback", "fail", "onfail", "failed", "onfailed", "receiveerror", "onrejected", "rejected",
    ]
    static let event: Set<String> = [
        "onnext", "next", "receivevalue", "onvalue", "onevent", "onitem", "onrow", "onchange", "onupdate", "onmessage",
        "onreceive", "eventhandler", "valuehandler", "onelement", "receiver", "messagereceiver", "listener",
        "eventcallback", "eventblock", "eventlistener", "consumer", "eventconsumer",
        // A server's (Noze.io's `createServer(onRequest:)`, `createServer(onConnection:)`): one
        // for each request or connection it accepts.
        "onrequest", "onconnection",
    ]
    static let finish: Set<String> = [
        "oncompleted", "completed", "oncomplete", "oncompletion", "receivecompletion", "onfinish", "onfinished",
        "finished", "onend", "ondone", "completion", "completionhandler",
    ]
    /// Other names that say a closure carries (part of) the outcome.
    static let outcome: Set<String> = [
        "result", "onresult", "resulthandler", "resultblock", "response", "onresponse", "responseblock", "responsehandler", "reply",
    ]

    static func words(_ role: Role) -> Set<String> {
        switch role {
        case .success: return success
        case .failure: return failure
        case .event: return event
        case .finish: return finish
        }
    }

    /// Whether a parameter's name or label names `role`.
    public static func plays(_ role: Role, name: String, label: String?) -> Bool {
        let words = words(role)
        // Not a `completion receiveEligibility:` (RevenueCat's): a label that names the outcome wins.
        if role == .event, [name, label].contains(where: { $0.map { namesReceipt($0) || namesUpdates($0) } == true }),
            ![name, label].contains(where: { word in word.map { word in [finish, success, failure].contains { $0.contains(word.lowercased()) } } == true })
        {
            return true
        }
        if role == .finish, [name, label].contains(where: { $0.map(namesDidEnd) == true }) { return true }
        return words.contains(name.lowercased()) || label.map { words.contains($0.lowercased()) } == true
    }

    /// A closure named for each receipt of something (Nuke's `loadData(with:didReceiveData:
    /// completion:)`, an `onReceiveMessage`, SignalR's `streamItemReceived`): called for each
    /// piece, an event.
    /// So is one named `receive`, or `receive` and what it gets (SwiftObserver's `receive(_
    /// receive:)`, `new(receiveNew:)`, `map(_:receiveMapped:)`: an observation's messages), not
    /// the one outcome it ends with (Combine's `receiveCompletion`, a `receiveResponse`).
    static func namesReceipt(_ name: String) -> Bool {
        ["didReceive", "onReceive"].contains { prefix in
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true
        } || (camelWords(name).count > 1 && camelWords(name).last == "received")
            || name == "receive"
            || (name.hasPrefix("receive") && name.dropFirst(7).first?.isUppercase == true
                && !["Completion", "Error", "Failure", "Cancel", "Subscription", "Request", "Response", "Result", "Reply"].contains(String(name.dropFirst(7))))
    }

    /// A handler named for updates, changes or an enumeration (HealthKit's `updateHandler:`,
    /// `enumerationBlock:`, Network's `pathUpdateHandler`, BluetoothKit's `changeHandler`): called
    /// for each update or item, an event.
    static func namesUpdates(_ name: String) -> Bool {
        let words = camelWords(name)
        guard words.count > 1, ["handler", "block", "callback", "closure"].contains(words[words.count - 1]) else { return false }
        return ["update", "updates", "change", "changes", "enumeration"].contains(words[words.count - 2])
    }

    /// A closure named for the end of what the method started (SignalR's
    /// `invocationDidComplete`, a `requestDidFinish`): once, at the end.
    static func namesDidEnd(_ name: String) -> Bool {
        let words = camelWords(name)
        return words.count > 2 && words[words.count - 2] == "did" && ["complete", "finish"].contains(words[words.count - 1])
    }

    /// A name that says its call is a loss (`onDisconnected`, `sessionDidBecomeInvalidWithError`,
    /// `onError`): an error it is handed says why, and is the value, not a failure to throw.
    static func namesLoss(_ name: String) -> Bool {
        !Set(camelWords(name).map { $0.lowercased() }).isDisjoint(with: [
            "disconnect", "disconnected", "disconnection", "invalid", "invalidate", "invalidated", "invalidation", "close",
            "closed", "lost", "error", "failure", "fail", "failed",
        ])
    }

    /// The event a method registers for, without a `delegate` before its `on` (SwiftPhoenixClient's
    /// `delegateOnOpen(to owner:callback:)` is `onOpen` handing the owner back weakly held).
    public static func eventName(_ method: String) -> String {
        method.hasPrefix("delegateOn") ? "o" + method.dropFirst(9) : method
    }

    /// A method name that says its callback fires once (`observeCompleted`, `onClose`,
    /// `observeEnded`): a one-shot, whatever else it looks like.
    public static func namesOnce(_ method: String) -> Bool {
        let lowered = eventName(method).lowercased()
        // A process's exit (Noze.io's `ChildProcess.onExit(cb:)`) comes once too.
        return ["completed", "failed", "interrupted", "ended", "finished", "closed", "close", "completion", "exit", "exited"]
            .contains { lowered.hasSuffix($0) } || hasWordOnce(method) || lowered.contains("shutdown")
            // An addition named for the completion (pCloud's `addCompletionBlock(_:) -> CallTask`).
            || (method.hasPrefix("add") && camelWords(method).contains("completion"))
            // A handler added for the object's one readiness (ConfigCat's `Hooks.addOnReady(handler:)`).
            || (method.hasPrefix("addOn") && lowered.hasSuffix("ready"))
    }

    /// `once`, `observeOnce`, `onceConnected`: "once" as a word of the camel-case name, not the
    /// letters of `onCellSelection`.
    public static func hasWordOnce(_ name: String) -> Bool {
        camelWords(name).contains("once")
    }

    /// `cellSetup` → `["cell", "setup"]`: the lowercased words of a camel-case name.
    public static func camelWords(_ name: String) -> [String] {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character)
        }
        return words.map { $0.lowercased() }
    }

    /// A method named for the end of one of many things (Kitura-net's `clientConnectionFailed`,
    /// an `onConnectionClose`): each of them ends once, the callback is called for each. Not the
    /// receiver's own end (`observeFailed`, `failed`, `onClose`), which comes once.
    public static func namesEndOfEach(_ method: String) -> Bool {
        guard namesOnce(method), !hasWordOnce(method), !method.lowercased().contains("shutdown") else { return false }
        var name = Substring(eventName(method))
        if let prefix = ["startWith", "observe", "on", "when", "did", "will"].first(where: { name.hasPrefix($0) }) { name = name.dropFirst(prefix.count) }
        guard let end = ["Completed", "Failed", "Interrupted", "Ended", "Finished", "Closed", "Close", "Completion"].first(where: { name.hasSuffix($0) })
        else { return false }
        var words: [String] = []
        for character in name.dropLast(end.count) {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character)
        }
        // The call's own completion, Objective-C style (CameraManager's
        // `capturePictureWithCompletion(_:)`): once.
        if words.last == "With" { return false }
        // A request named for what it asks for (OpenAISwift's `sendCompletion(with:…:completionHandler:)`,
        // an OpenAI text completion): once, as any request.
        if name == Substring(eventName(method)), let verb = words.first?.lowercased(), requestVerbs.contains(verb) { return false }
        return !words.isEmpty && !words.allSatisfy { $0.hasSuffix("ed") || $0.hasSuffix("ly") }
    }

    /// A method named for the failure itself (`failed`, `onFailure`, `whenFailure`, `catch`): its
    /// one error is the failure half of an outcome, thrown. Not one named for a thing that failed
    /// (Kitura-net's `clientConnectionFailed`: the error of each connection that failed).
    public static func namesFailure(method: String) -> Bool {
        var lowered = eventName(method).lowercased()
        if let prefix = ["on", "when", "if"].first(where: { lowered.hasPrefix($0) }) { lowered.removeFirst(prefix.count) }
        return ["failure", "failed", "fail", "error", "catch"].contains(lowered)
    }

    /// A callback property named for an end, which comes once: a completion (`completionBlock`,
    /// `onComplete`), an invalidation (`invalidationHandler`, `sessionDidBecomeInvalid…`: the
    /// object is over), a close, a timeout. Not `…DidFinish`/`…DidComplete` of a monitor, which
    /// reports the end of each of many requests.
    public static func namesOnce(property name: String, closure: FunctionTypeSyntax? = nil) -> Bool {
        let lowered = name.lowercased()
        if lowered.contains("completion") || lowered.contains("invalid") { return true }
        // An end and nothing else (SwiftyPing's `finished: ((PingResult) -> Void)?`): the object's
        // own, whatever its closure gets.
        // Or the bare end (SwiftWebSocket's `WebSocketEvents.end`, `close`).
        if ["finished", "completed", "done", "ended", "closed", "terminated", "end", "close"].contains(lowered) { return true }
        // The object's result (Mux's `DirectUpload.resultHandler`, called when the upload ends).
        if ["resulthandler", "onresult", "resultblock", "resultcallback"].contains(lowered) { return true }
        // Its timeout, which ends it (ZLPhotoBrowser's `ZLProgressHUD.timeoutBlock`).
        if ["timeout", "timeoutblock", "timeouthandler", "timeoutcallback", "ontimeout", "timedout", "ontimedout"].contains(lowered) { return true }
        // `on` and an end (`onClose`, `onUnexpectedClosure`, `onTermination`), of the object itself:
        // its closure gets nothing, or why (an error, a reason, a code). `onTaskCompleted: (Task)
        // -> Void` of a session is the end of each of its tasks: not once.
        guard lowered.hasPrefix("on") else { return false }
        let arguments = closure?.parameters.map { $0.type.strippingAttributes.unwrappingOptional.description } ?? []
        let getsWhy = arguments.isEmpty || (arguments.count == 1 && ["Error", "Reason", "Code", "Status"].contains(where: arguments[0].contains))
        let ends = [
            "complete", "completed", "finish", "finished", "done", "close", "closed", "closure", "disconnect", "disconnected",
            "terminate", "terminated", "termination", "shutdown", "end", "ended",
            // A subscription's ends (Swift-ActionCableClient's `Channel.onUnsubscribed`, `onRejected`).
            "unsubscribed", "rejected",
        ]
        guard let end = ends.first(where: { lowered.hasSuffix($0) }) else { return false }
        // Between `on` and the end, nothing or words that say how (`onUnexpectedClosure`); a
        // thing named there ends, one of many (`onPartComplete`, `onConnectionClose`): not once.
        let middle = name.dropFirst(2).dropLast(end.count)
        // `on` and the end alone (Dracoon's `DownloadCallback.onComplete: ((URL) -> Void)?`,
        // SwiftHTTP's `onFinish: ((Response) -> Void)?`, LiveKit's `Span.onEnd`): the object's own
        // end, whatever it hands over. Else only with nothing or why (`onUnexpectedClosure`).
        if middle.isEmpty { return true }
        guard getsWhy else { return false }
        var words: [String] = []
        for character in middle {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character)
        }
        return words.allSatisfy { $0.hasSuffix("ed") || $0.hasSuffix("ly") }
    }

    /// A method name that says its callback reports progress or repeats (`downloadProgress`):
    /// a stream.
    public static func namesRepetition(_ method: String) -> Bool {
        let lowered = method.lowercased()
        return lowered.hasSuffix("progress") || lowered.hasPrefix("every") || lowered.hasSuffix("repeatedly")
            // An addition named for progress (pCloud's `addProgressBlock(_:)`).
            || (method.hasPrefix("add") && camelWords(method).contains("progress"))
    }

    /// Verbs that start a request, whose one closure is its outcome.
    static let requestVerbs: Set<String> = [
        "send", "request", "fetch", "get", "load", "create", "make", "post", "put", "perform", "execute", "run", "submit",
        "generate", "query",
    ]

    /// A method named for a change it makes, not for something it gets (`cancelRide`,
    /// `updateTeam`, `deleteFile`, `logoutUser`): its outcome is that the change was made. A
    /// verb alone is an HTTP method's (Just's `delete(_:…)`), whose response is what it is for.
    /// (A database's commands that answer with no data, `connect`, `commit`, `drop`, are
    /// `StarterBlock.bareSuccess`'s: read there against the cases of a result enum.)
    public static func namesChange(_ method: String) -> Bool {
        let words = camelWords(method)
        guard words.count > 1, let verb = words.first else { return false }
        return ["cancel", "update", "delete", "remove", "logout", "unregister", "unsubscribe", "clear", "reset"].contains(verb)
    }

    /// A method named for streaming what it receives (TwitterAPIKit's `streamResponse(queue:_:)`,
    /// which calls back for each chunk of a streaming connection): a stream. Not one that streams
    /// what it is given up (Box's `streamUpload(stream:…:completion:)`), once.
    /// So is one named for a streaming call (grpc-swift's `makeServerStreamingCall(…, handler:)`,
    /// whose handler gets each response message).
    public static func namesStreaming(_ method: String) -> Bool {
        let words = camelWords(method)
        return (words.count >= 2 && words[0] == "stream"
            && !words.dropFirst().contains(where: { ["upload", "write", "send", "copy", "to"].contains($0) }))
            || (words.count >= 2 && words.contains("streaming") && !words.contains(where: { ["upload", "write"].contains($0) }))
    }

    /// A method name that says it calls back for each item (Swift-Kuery's `forEach(operation:)`,
    /// `eachRow`): a stream.
    public static func namesIteration(_ method: String) -> Bool {
        let lowered = method.lowercased()
        return lowered == "each" || lowered.hasPrefix("foreach")
            || (method.hasPrefix("each") && method.dropFirst(4).first?.isUppercase == true)
    }

    /// A name that says the closure is called per item (`onRow`, `each`), or says nothing of it
    /// (`handler`): beside a returned future, which reports the outcome, it is called per item.
    public static func namesPerItem(_ name: String) -> Bool {
        [
            "handler", "callback", "block", "closure", "onrow", "row", "rowhandler", "each", "foreach", "oneach", "onitem",
            "item", "onchunk", "chunk", "onelement", "element", "stream",
        ].contains(name.lowercased())
    }

    /// Callbacks for one event of a connection or a request (websocket-kit's `connect(to:onUpgrade:)
    /// -> EventLoopFuture<Void>`): beside a returned future they are called once.
    static let oneEvent: Set<String> = [
        "onupgrade", "upgrade", "onconnect", "onconnected", "onopen", "onopened", "onready", "onstart", "onstarted",
        "onclose", "onclosed", "onaccept", "onaccepted",
    ]

    /// Beside a returned future, which reports the outcome (its end and its failure), a callback
    /// is called per item (`onRow`, FluentKit's `onOutput`) unless its name says it is the
    /// completion or one event: a stream that ends with the future then means what the SDK
    /// means even for a callback called once, where a one-shot of the first item would not.
    public static func isPerItemBesideFuture(name: String, label: String?) -> Bool {
        if namesPerItem(name) || label.map(namesPerItem) == true { return true }
        let names = [name.lowercased()] + (label.map { [$0.lowercased()] } ?? [])
        return !names.contains { Analyzer.looksLikeCompletion($0) || oneEvent.contains($0) || namesOnce($0) }
    }

    /// A type that reports an outcome later: `EventLoopFuture<T>`, a `Promise`.
    public static func isFuture(_ type: String) -> Bool {
        let name = type.prefix { $0 != "<" }
        let bare = String(name.split(separator: ".").last ?? name)
        return bare.hasSuffix("Future") || bare == "Promise" || bare == "Guarantee"
    }

    /// Whether a closure parameter's name or label says it reports progress (`progress`,
    /// `progressBlock`, `downloadProgress`).
    public static func namesProgress(name: String, label: String?) -> Bool {
        ([name, label ?? ""] as [String]).contains { $0.lowercased().contains("progress") }
    }

    /// Whether a parameter's name or label says it is a success (`success succeed:`).
    public static func namesSuccess(name: String, label: String?) -> Bool {
        ([name, label ?? ""] as [String]).contains { success.contains($0.lowercased()) || $0.lowercased() == "succeed" }
    }

    /// The one closure besides a failure closure, named for the answer (Backendless's
    /// `responseHandler:` beside `errorHandler:`, a `result:` beside `error:`): the value, or a
    /// stream's events. Only of exactly those two: beside more closures the names do not say.
    public static func answer(among closures: [(name: String, label: String?)], besides failure: Int) -> Int? {
        guard closures.count == 2 else { return nil }
        let other = failure == 0 ? 1 : 0
        let names = [closures[other].name, closures[other].label].compactMap { $0?.lowercased() }
        return names.contains(where: outcome.contains) ? other : nil
    }

    /// Whether a parameter's name or label says it carries part of an outcome.
    public static func namesOutcome(name: String, label: String?) -> Bool {
        let all = success.union(failure).union(event).union(finish).union(outcome)
        return all.contains(name.lowercased()) || label.map { all.contains($0.lowercased()) } == true
            || plays(.event, name: name, label: label) || plays(.finish, name: name, label: label)
            || [name, label ?? ""].contains(where: namesResultOfAPart)
    }

    /// The result handler of one part of the call (AWS AppSync's `sync(baseQuery:
    /// baseQueryResultHandler:…, deltaQuery:deltaQueryResultHandler:…)`): an outcome, of which
    /// the call has several.
    static func namesResultOfAPart(_ name: String) -> Bool {
        ["ResultHandler", "CompletionHandler", "ResponseHandler", "ResultBlock", "CompletionBlock", "ResultCallback"].contains {
            name.hasSuffix($0) && name.count > $0.count
        }
    }

    /// A closure named for the undoing of its method (`onUnsubscribe` of `subscribe`, `onDisconnect`
    /// of `connect`, `onClose` of `open`): the end of a stream's events.
    public static func namesEnd(of method: String, name: String, label: String?) -> Bool {
        let names = [name.lowercased()] + (label.map { [$0.lowercased()] } ?? [])
        var verbs = inverses(of: method).map { inverse in
            // `removePublishListener` → `remove`: the closure names the verb, not the whole name.
            String(inverse.prefix { !$0.isUppercase }).lowercased()
        }
        // `psubscribe`'s and `addSubscription`'s closure is `onUnsubscribe` too.
        if method.lowercased().contains("subscri") { verbs.append("unsubscribe") }
        return names.contains { name in
            verbs.contains { verb in ["on" + verb, "on" + verb + "d", "on" + verb + "ed", verb + "handler"].contains(name) }
        }
    }

    /// What a method's callbacks (by name and label) say it is: a stream (an event closure beside
    /// a failure or end closure), a one-shot (a success closure beside a failure closure; or a
    /// failure closure beside an end closure, Completable's shape), or nil when names do not say.
    /// With the method's name, a closure named for its undoing is an end (`onUnsubscribe`).
    public static func kind(of closures: [(name: String, label: String?)], method: String = "") -> (isStream: Bool, why: String)? {
        func one(_ role: Role) -> String? {
            let found = closures.filter { plays(role, name: $0.name, label: $0.label) }
            return found.count == 1 ? found[0].label ?? found[0].name : nil
        }
        func undoing() -> String? {
            let found = closures.filter { namesEnd(of: method, name: $0.name, label: $0.label) }
            return found.count == 1 ? found[0].label ?? found[0].name : nil
        }
        let failure = one(.failure)
        if let event = one(.event), let end = failure ?? one(.finish) ?? undoing() {
            return (true, "'\(event)' is called for each event and '\(end)' ends them")
        }
        if closures.count == 1, let event = one(.event) {
            return (true, "'\(event)' is called for each event")
        }
        // The one closure, named for what changed (WeTransfer's `stateChanged:`, a
        // `statusUpdated:`): called at each change. Not beside others (Okta's `onStatusChanged:`
        // beside `onError:` is one outcome; Kingfisher's `downloadTaskUpdated:` beside the
        // completion is a note of a retry).
        if closures.count == 1, let only = closures.first,
            case let words = camelWords(only.label ?? only.name), words.count > 1, ["changed", "updated"].contains(words[words.count - 1])
        {
            return (true, "'\(only.label ?? only.name)' is called for each change")
        }
        // One closure for each event, the others no part of the outcome (Web3.swift's
        // `subscribeToNewHeads(subscribed:onEvent:)`, whose `subscribed` gets the subscription's
        // id): a stream; the others stay parameters.
        if let event = one(.event), closures.allSatisfy({ closure in
            (closure.label ?? closure.name) == event
                || (![Role.success, .failure, .finish].contains { plays($0, name: closure.name, label: closure.label) }
                    && ![closure.name, closure.label].contains { $0.map { outcome.contains($0.lowercased()) || Analyzer.looksLikeCompletion($0) } == true })
        }) {
            return (true, "'\(event)' is called for each event, and the others are no part of the outcome")
        }
        if let failure, let value = one(.success) ?? one(.finish) {
            return (false, "'\(value)' reports the outcome once, '\(failure)' its failure")
        }
        // An answer beside a failure (`responseHandler:`, `errorHandler:`) says nothing of how
        // often: a registration's (`addMessageListener`) comes for each message.

        return nil
    }

    /// Of exactly two closures that deliver results, the one whose one argument is a
    /// non-optional error (`failure`) and the other, which takes no error (`value`), by their
    /// types (decision 112: GrowthBook's `successResult:`/`errorResult:`, Okta's
    /// `onStatusChange:`/`onError:`). Not where a name says another role: an end or an event
    /// (an `update:` beside a `completion: (Error) -> Void` may be progress, the completion an end
    /// that only ever fails), progress, or a piece of many (grpc-swift's `onResponsePart:`, an
    /// `onRow:`, an `onMessage:`). One rule for `generate`'s roles and `scan`'s notes; each says
    /// what an error is (generate resolves types, scan reads the module's).
    public static func valueAndError(
        names: [(name: String, label: String?)], arguments: [[TypeSyntax]?], isError: (TypeSyntax) -> Bool
    ) -> (value: Int, failure: Int)? {
        guard names.count == 2, arguments.count == 2, let first = arguments[0], let second = arguments[1] else { return nil }
        let saysOtherwise = names.contains { name, label in
            [.finish, .event].contains { plays($0, name: name, label: label) } || namesProgress(name: name, label: label)
                || [name, label ?? ""].contains { word in
                    namesPerItem(word) || camelWords(word).contains { ["part", "chunk", "item", "row", "element", "each", "message", "event"].contains($0) }
                }
        }
        guard !saysOtherwise else { return nil }
        func isFailure(_ types: [TypeSyntax]) -> Bool { types.count == 1 && isError(types[0]) }
        func takesNoError(_ types: [TypeSyntax]) -> Bool { !types.contains { isError($0.strippingAttributes.unwrappingOptional) } }
        if isFailure(second), takesNoError(first) { return (0, 1) }
        if isFailure(first), takesNoError(second) { return (1, 0) }
        return nil
    }
}

