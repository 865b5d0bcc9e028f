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
    ///
    /// A throwing closure is a callback when it is handed the handle the method returns (below),
    /// or when it is named per item (`onRow`) of a method that returns
    /// a future (PostgresNIO's `query(_:onRow:) -> EventLoopFuture<Void>`). The future reports
    /// the outcome; the closure may throw to stop the rows, which an adapter's never does.
    ///
    /// `answersGoingOn`: the method's documentation says the closure's `Bool` answers whether the
    /// events go on (Mapbox's "`true` to stay subscribed and `false` to unsubscribe"): a handler of
    /// events, which a stream adapter answers, not a predicate.
    public static func deliversResults(
        _ closure: FunctionTypeSyntax, name: String? = nil, label: String? = nil, returns: String? = nil, answersGoingOn: Bool = false
    ) -> Bool {
        guard closure.result.isVoid || (answersGoingOn && closure.result.strippingAttributes.description == "Bool"), !closure.isAsync,
            !closure.parameters.contains(where: { parameter in
                if parameter.type.isInout { return true }
                // A function behind another module's typealias, which only `@escaping` shows
                // (Kitura's route handler `(T, @escaping CodableResultClosure<O>) -> Void`): the
                // closure is handed a function to call, a step the library drives.
                if parameter.type.attributes.contains(where: { $0.name.name == "escaping" }) { return true }
                // Not the outcome handed as a closure that returns it or throws (Perfect-Redis's
                // `callback: (() throws -> RedisClient) -> ()`): a result, called in the callback.
                if case .function(let handed) = parameter.type.unwrappingOptional.strippingAttributes.kind {
                    return !(closure.parameters.count == 1 && handed.parameters.isEmpty && handed.throwsClause != nil && !handed.isAsync)
                }
                return false
            })
        else { return false }
        guard closure.throwsClause != nil else { return true }
        // A timer's tick handed the handle the method returns (NIO's `scheduleRepeatedTask(…, _
        // task: (RepeatedTask) throws -> Void) -> RepeatedTask`): it may throw to stop the
        // repetition, which an adapter's never does.
        if let returns, returns != "Void",
            closure.parameters.contains(where: { $0.type.strippingAttributes.unwrappingOptional.description == returns })
        {
            return true
        }
        // A success handler that may throw (SwiftyVK's `onSuccess: (Data) throws -> ()`, whose
        // error the library reports to `onError`): the value, which an adapter's never throws.
        if let name, ClosureRoleNames.plays(.success, name: name, label: label) { return true }
        return !closure.parameters.isEmpty && returns.map(ClosureRoleNames.isFuture) == true
            && [name, label].contains { $0.map(ClosureRoleNames.namesPerItem) == true }
    }
}

extension CallbackShape {
    /// A callback property's closure (`var onMessage: ((Message) -> Void)?`): one that delivers
    /// results, or one named for an event (`on` and a capital) that hands its value `inout`
    /// (multipart-kit's `onBody: (inout ByteBuffer) -> ()`, so the handler can read the bytes
    /// off the buffer without a copy): the stream yields a copy. Elsewhere an `inout` argument is
    /// something to modify (Alamofire's `requestModifier`), not an event.
    public static func deliversEvents(_ closure: FunctionTypeSyntax, property name: String) -> Bool {
        if namesAction(property: name) || namesLogging(name) { return false }
        // A pointer to write through (Owl's `willEndDragging: ((UIScrollView, CGPoint,
        // UnsafeMutablePointer<CGPoint>) -> Void)?`, the target offset to change before the
        // scroll view reads it back): the caller's work, done before the handler returns.
        // Or a promise to complete (Vapor's `HTTPServer.Configuration.customCertificateVerifyCallback:
        // ([NIOSSLCertificate], EventLoopPromise<NIOSSLVerificationResult>) -> Void`): the caller's
        // answer, which the library waits for.
        if closure.parameters.contains(where: {
            let type = $0.type.strippingAttributes.description
            return type.hasPrefix("UnsafeMutable") || (type.split(separator: "<").first ?? "").hasSuffix("Promise")
        }) {
            return false
        }
        if deliversResults(closure) { return true }
        guard name.count > 2, name.hasPrefix("on"), name.dropFirst(2).first?.isUppercase == true else { return false }
        var withoutInout = closure
        withoutInout.parameters = closure.parameters.map { parameter in
            var parameter = parameter
            parameter.type = parameter.type.strippingAttributes
            return parameter
        }
        return closure.parameters.contains { $0.type.isInout } && deliversResults(withoutInout)
    }

    /// A method that sets where the SDK writes its log (Sentry's `setLogOutput(_:)`, Armchair's
    /// `logger(_:)`); not a `logIn` or `logOut`.
    public static func namesLogSink(method: String) -> Bool {
        let words = ClosureRoleNames.camelWords(method)
        return words.contains("logger") || words.contains("logging")
            || (words.contains("log") && !words.contains(where: ["in", "out", "on", "off"].contains))
    }

    /// `logHandler`, `logger`, `onLog`: a logging hook, configuration rather than events
    /// (SwiftPhoenixClient's `Socket.logger`). Also `onLogCallback` and `printHandler` (Crowdin's,
    /// Statsig's log sinks), by their words.
    public static func namesLogging(_ name: String) -> Bool {
        let lowered = name.lowercased()
        let words = ClosureRoleNames.camelWords(name)
        return lowered.hasPrefix("log") || lowered.hasSuffix("logger") || lowered.hasSuffix("log") || lowered.contains("loghandler")
            || (words.contains(where: ["log", "logger", "logging", "print"].contains) && !words.contains(where: ["in", "out"].contains))
    }

    /// A property named for an action the SDK has the closure do (OAuthSwift's
    /// `SafariURLHandler.present` and `dismiss`, which show and hide its controller): the
    /// caller's code, run as work, not an event it is told of (`onPresent`, `didDismiss`).
    static func namesAction(property name: String) -> Bool {
        let verbs = [
            "present", "dismiss", "show", "hide", "perform", "execute", "run", "apply", "configure", "transform", "validate",
            "prepare", "layout", "animate", "transition", "decide", "evaluate",
            // A reused cell handed over to fill in before it is shown (Owl's `dequeue`).
            "dequeue",
        ]
        // A `…Block` of what the screen does is told it did it (WordPressAuthenticator's
        // `NUXViewController.dismissBlock: ((_ cancelled: Bool) -> Void)?`, called as the flow is
        // dismissed); one of work stays work (ProcedureKit's `transformChildErrorBlock`).
        let toldVerbs = ["present", "dismiss", "show", "hide"]
        return verbs.contains { verb in
            name == verb || (name.hasPrefix(verb) && name.dropFirst(verb.count).first?.isUppercase == true
                && !name.hasSuffix("Handler") && !name.hasSuffix("Completion") && !name.hasSuffix("Callback")
                && !(toldVerbs.contains(verb) && name.hasSuffix("Block")))
        }
            // Or named for the configuration it is (DropDown's `customCellConfiguration`, run for
            // each cell it lays out): the caller's code, run as the library's work.
            || ["Configuration", "Configurator"].contains(where: name.hasSuffix)
    }

    /// Names of closures the SDK runs as work for the caller, not to hand back a result.
    public static let workNames: Set<String> = [
        "action", "work", "task", "job", "operation", "execute", "perform", "dispose", "disposal",
        // UIKit's `animations:` block (Spring's `spring(duration:animations:)`, handed on to
        // `UIView.animate`): the changes the animation makes, run for the caller. So is an
        // `animation` (Sheeeeeeeeet's `ActionSheetStandardPresenter.animate(_ animation:)`).
        "animations", "animation",
    ]

    /// A closure the SDK runs as work for the caller rather than to report a result: it takes
    /// nothing and it or its method is named for what it is — an executor's job (`schedule(_ action:)`,
    /// `EventLoop.execute(_ task:)`) or a disposal action (`Disposables.create(with dispose:)`) —
    /// and the method is not named for an event it reports (`observeCompleted(_ action:)`,
    /// `onClose(_ action:)`, `whenComplete`, `startWithInterrupted`).
    /// A method that adds a button, whose closure is that button's handler (SCLAlertView's
    /// `addButton(_:…, action:)`, UIAlertController's `addAction(title:style:…, handler:)`,
    /// Alertift's `Alert.action(_:handler:)`): it runs only if the user picks that button (maybe
    /// at each tap), so awaiting it would wait for ever when another is picked. The alert's
    /// outcome, if any, is another call's. An `action` of anything but an alert (Schedule's
    /// `Task.addAction(_:)`, run at each of the task's runs) is not a button.
    public static func namesButtonHandler(method: String, owner: String?) -> Bool {
        let words = ClosureRoleNames.camelWords(method)
        let alert = ["Alert", "ActionSheet"].contains { owner?.contains($0) == true }
        if words.first == "add", words.dropFirst().first == "button" { return true }
        return alert && (words == ["action"] || words == ["actions"] || (words.first == "add" && words.dropFirst().first == "action"))
    }

    /// A type that runs the work it is given later, or drops it for newer work: a debouncer's or
    /// a throttler's closures are that work.
    public static func defersWork(owner: String) -> Bool {
        ["Debouncer", "Debounce", "Throttler", "Throttle"].contains(where: owner.hasSuffix)
    }

    public static func isWork(
        name: String, label: String?, parameterCount: Int, method: String, returns: String? = nil, owner: String? = nil,
        closureThrows: Bool = false, handed: String? = nil
    ) -> Bool {
        // A chain step: its `body` runs when this promise resolves, and it returns the next link
        // (PromiseKit's `done`, `catch`, `ensure`), or it is a chain's own last step (PromiseKit's
        // `PMKFinalizer.finally`); the chain is bridged once, where it ends. So is a closure of a
        // promise that may throw into the next link it returns, whatever it is called (Hydra's
        // `pass(in:_ handler: (Value) throws -> Void) -> Promise<Value>`); NIO's `always(_:)`,
        // whose callback cannot throw, reports the outcome.
        let chainTypes = ["Promise", "Guarantee", "Future", "Finalizer", "Thenable"]
        let isChain = { (type: String?) in type.map { type in chainTypes.contains(where: type.contains) } == true }
        // Not a method of one that returns nothing and hands its `body` the outcome (Deferred's
        // `FutureProtocol.upon(_:execute body: (Value) -> Void)`, "call some body closure once
        // the value is determined"; PromiseKit's `AnyPromise.pipe(to body: (Result<Any?>) ->
        // Void)`): no next link, so that body is the outcome's one callback.
        let returnsNothing = returns.map { ["", "Void", "()"].contains($0) } ?? true
        let registersForOutcome = returnsNothing && parameterCount > 0 && !closureThrows
        if name == "body", isChain(returns) || (isChain(owner) && !registersForOutcome) { return true }
        if closureThrows, isChain(returns), isChain(owner) { return true }
        // `asyncRead(_ value:)`, `spawnConcurrentRead(_:)`: the method runs the closure
        // asynchronously as its work (GRDB's reads and writes), handing it a connection valid
        // only inside; unless the closure is named as the method's completion.
        // So is a `dispatch<Something>` method's (ProcedureKit's `dispatchNotify(withGroup:block:)`);
        // a bare `block` is no completion there.
        for prefix in ["async", "spawn", "dispatch"] where method.hasPrefix(prefix) && method.dropFirst(prefix.count).first?.isUppercase == true {
            let named = [name, label ?? ""].filter { $0.lowercased() != "block" }
            if !named.contains(where: { Analyzer.looksLikeCompletion($0) }) { return true }
        }
        // A method named for running what it is given (ReactiveKit's `ExecutionContext.execute(_
        // block:)`, `DispatchQueue.after(when:block:)`): its closure of nothing is the job,
        // whatever it is called (a bare `block` too), unless it is named as a completion.
        // A transaction's body (Realm's `beginAsyncWrite(_ asyncWriteBlock:)`, a `writeBlock`).
        // So is a critical section's (FutureKit's `lockAndModify(modifyBlock:)`, `lockAndRead(readBlock:)`).
        if [name, label ?? ""].contains(where: { name in
            ["writeblock", "transaction", "modifyblock", "readblock"].contains { name.lowercased().contains($0) }
        }) {
            return true
        }
        // A binding's setter (ReactiveKit's `bind(to target:, setter: (Target, Element) -> Void)`)
        // is the caller's code the SDK runs to apply each element to the target: work.
        // So is an accessor pair's `set` (Bond's `dynamicSubject(signal:…, get:, set:)`).
        if ["setter", "set"].contains(name.lowercased()) || ["setter", "set"].contains(label?.lowercased() ?? "") { return true }
        // A middleware's continuation (Kitura's `RouterMiddleware.handle(request:response:next:
        // () -> Void)`): called to hand the request on, not an event; an Rx `onNext` gets one.
        if name == "next" || label == "next", parameterCount == 0, method == "handle" { return true }
        let lowered = method.lowercased()
        let names = (name + " " + (label ?? "")).lowercased()
        // (Or for an outcome: Snowplow's `setup(…, onSuccess:)` reports, it configures nothing.)
        let namedAsCompletion = ["completion", "handler", "callback", "done", "finish", "complete", "success", "failure", "result"]
            .contains(where: names.contains)
        if namesButtonHandler(method: method, owner: owner) { return true }
        // An item added to a menu and returned (Floaty's `addItem(title:handler:) -> FloatyItem`):
        // the handler is that item's action, run if the user picks it, perhaps never.
        if ClosureRoleNames.camelWords(method) == ["add", "item"], let returns, returns.hasSuffix("Item"),
            ["handler", "action"].contains(name.lowercased()) || ["handler", "action"].contains(label?.lowercased() ?? "")
        {
            return true
        }
        // A factory's (Epoxy's `makeCoordinator(update: @escaping (Bool) -> Void) -> Coordinator`):
        // the closure is handed to what it makes, to call; no outcome of the call, which returns.
        if method.hasPrefix("make"), method.dropFirst(4).first?.isUppercase == true, let returns, !["Void", "()"].contains(returns),
            !namedAsCompletion, !(name.hasPrefix("on") || label?.hasPrefix("on") == true)
        {
            return true
        }
        // A debouncer's or throttler's job (Sendbird's `SBUDebouncer.add(handler:)`): run later,
        // or never when a later one replaces it; no outcome of the call.
        if parameterCount == 0, let owner, defersWork(owner: owner) { return true }
        // A `perform…` method's operation (DATAStack's `performInNewBackgroundContext(_ operation:
        // (NSManagedObjectContext) -> Void)`, `performBackgroundTask(operation:)`): the caller's
        // work, run in the context it is handed.
        if method.hasPrefix("perform"), method.count > "perform".count, ["operation", "work", "body", "task", "transaction"].contains(where: { $0 == name.lowercased() || $0 == label?.lowercased() }) {
            return true
        }
        // A closure named for setting up what it is handed (Former's `init(instantiateType:
        // cellSetup: ((T) -> Void)?)`, `viewSetup`): the caller's code, run when the library
        // makes the cell, not an outcome.
        let setupWords = ["setup", "configure", "configuration", "customize"]
        if !namedAsCompletion, [name, label ?? ""].flatMap(ClosureRoleNames.camelWords).contains(where: setupWords.contains) { return true }
        // Also such a verb on a queue or thread (Tiercel's `executeOnMain(_ block:)`).
        // Or of the job's own name (FutureKit's `Executor.executeBlock(block:)`).
        let onSomething = ["execute", "perform", "run", "dispatch"].contains { verb in
            lowered.hasPrefix(verb + "on") || ["block", "closure", "work"].contains { lowered == verb + $0 }
        }
        // And `sync`, `delay` (BlueCap's `Queue.sync(_ block:)`, `delay(_:request:)`: wrappers
        // of `DispatchQueue.sync` and `asyncAfter`).
        if parameterCount == 0,
            ["execute", "perform", "schedule", "dispatch", "async", "sync", "delay", "addoperation", "submit", "enqueue"].contains(lowered)
            || lowered.hasSuffix("after") || onSomething, !namedAsCompletion
        {
            return true
        }
        // Or handed the context it runs in (AsyncNinja's `ExecutionContext.async(cancellationToken:
        // block: (_ strongContext: Self) -> Void)` and `after(_:cancellationToken:block:)`): a bare
        // `block`, `work` or `body` is still the job.
        if ["schedule", "async", "sync", "after", "asyncafter"].contains(lowered),
            ["block", "work", "body"].contains(where: { $0 == name.lowercased() || $0 == label?.lowercased() })
        {
            return true
        }
        // A hook run when the object goes away (AsyncNinja's `Retainer.notifyDeinit(_:)`,
        // `ReleasePool.notifyDrain(_:)`): the caller's cleanup, run then; not an outcome.
        if parameterCount == 0, ClosureRoleNames.camelWords(method).contains(where: { ["deinit", "dealloc", "drain", "finalization", "finalize"].contains($0) }) {
            return true
        }
        // A `block` or `body` that may throw, of a method that makes something else (AsyncNinja's
        // `producer(…, block: (WeakBox<Producer>) throws -> Void) -> Producer`): the body of what
        // it makes, run by it. Not a row handler that throws to stop the rows (PostgresNIO's
        // `query(…, onRow: (PostgresRow) throws -> Void) -> EventLoopFuture<Void>`), nor one of a
        // method that returns the object itself (Alamofire's `responseStream(…, stream:) -> Self`).
        if closureThrows, ["block", "body"].contains(name.lowercased()) || ["block", "body"].contains(label?.lowercased() ?? ""),
            let returns, !["Void", "()", "Self"].contains(returns), returns != owner, !returns.hasPrefix((owner ?? "") + "<")
        {
            return true
        }
        // A method named for a dispatch queue or quality of service (duemunk/Async's
        // `AsyncGroup.background(_ block:)`, `Apply.utility(_ iterations:, block: (Int) -> ())`,
        // `custom(queue:block:)`): it runs its block there, as `DispatchQueue.async` does.
        let queues = ["main", "background", "utility", "userinitiated", "userinteractive", "default", "custom"]
        if queues.contains(lowered), ["block", "work", "execute", "body", "closure"].contains(where: { $0 == name.lowercased() || $0 == label?.lowercased() }) {
            return true
        }
        // A method named `call` or `run` and nothing else calls what it is given (Embassy's
        // `EventLoop.call(withDelay:callback:)`: "Call given callback `withDelay` seconds later"),
        // whatever the closure is called, unless it is named for an end.
        if parameterCount == 0, ["call", "run"].contains(method),
            !["completion", "complete", "finish", "done"].contains(where: names.contains)
        {
            return true
        }
        // A method named for configuring something (Kingfisher's `KFAnimatedImage.configure(_
        // block: (RenderingView) -> Void)`): its closure sets up what it is handed.
        if ["configure", "customize", "setup"].contains(where: lowered.hasPrefix), !namedAsCompletion { return true }
        // Even a bare `callback` or `handler`, when it is handed the very thing the method names
        // (Sentry's `configureScope(_ callback: (Scope) -> Void)`): it sets that up.
        if parameterCount == 1, let handed, ["callback", "handler", "block", "closure"].contains(name.lowercased()),
            let prefix = ["configure", "customize", "setup"].first(where: lowered.hasPrefix),
            case let configured = String(method.dropFirst(prefix.count)), !configured.isEmpty,
            handed.split(separator: ".").last.map(String.init) == configured
        {
            return true
        }
        // A log sink set by a method (Sentry's `setLogOutput(_ output: (String) -> Void)`,
        // Armchair's `logger(_:)`): configuration, as a `logger` property is, not events. Not
        // a `logIn` or `logOut`.
        if parameterCount >= 1, !namedAsCompletion, namesLogSink(method: method) { return true }
        // A bare `block` handed a thing to set up, named so (Sentry's `capture(event:block:
        // (Scope) -> Void) -> SentryId`, "the block mutating the scope only for this call").
        if parameterCount == 1, let handed, ["block", "closure", "body"].contains(name.lowercased()),
            let bare = handed.split(separator: ".").last,
            ["Scope", "Options", "Configuration", "Config", "Settings", "Builder"].contains(where: bare.hasSuffix)
        {
            return true
        }
        // Or one whose last word is the setup (Eureka's `cellSetup(_ callback:)`): a plain
        // `callback` says nothing against it; a `completion` does.
        if let last = ClosureRoleNames.camelWords(method).last, ["setup", "configure"].contains(last),
            !["completion", "done", "finish", "complete", "success", "failure", "result"].contains(where: names.contains)
        {
            return true
        }
        // A method named for the thread or queue it runs its closure of nothing on (Exponea's free
        // `onMain(_:)`, `onGlobal(_:)`, `ensureBackground(_:)`): the job, unless the closure is
        // named as a completion (a bare `block` is not).
        // Not one named for a handler it holds (Cloudinary's `setBackgroundCompletionHandler(_:)`).
        if parameterCount == 0, case let words = ClosureRoleNames.camelWords(method),
            words.contains(where: ["main", "global", "background", "thread", "queue"].contains),
            !words.contains(where: ["completion", "handler", "callback", "block"].contains),
            ![name, label ?? ""].contains(where: { $0.lowercased() != "block" && Analyzer.looksLikeCompletion($0) })
        {
            return true
        }
        guard parameterCount == 0,
            workNames.contains(name.lowercased()) || label.map({ workNames.contains($0.lowercased()) }) == true
        else { return false }
        // Not `add(_ action:)` alone: what it adds is the action itself, an item of a collection
        // (ReactiveSwift's `CompositeDisposable.add(_:)`), where `addObserver` adds a listener.
        let reportsEvent = method != "add" && ["observe", "on", "when", "start", "subscribe", "listen", "watch", "add"].contains { prefix in
            method.hasPrefix(prefix) && method.dropFirst(prefix.count).first.map { $0.isUppercase || $0 == "(" } != false
        }
        // Nor a control's event (EasyClosure's `button.on.tap(_ action:)`, `slider.on.valueChange(_:)`):
        // the action runs at each tap or change.
        let namesControlEvent = ClosureRoleNames.camelWords(method).contains(where: controlEventWords.contains)
        return !reportsEvent && !namesControlEvent
    }

    /// Words of a UI control's events, which come again and again.
    public static let controlEventWords: Set<String> = [
        "tap", "tapped", "click", "clicked", "press", "pressed", "occur", "change", "changed", "pick", "picked", "toggle", "toggled",
    ]
}
