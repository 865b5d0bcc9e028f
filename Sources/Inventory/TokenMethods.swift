import DeclParser
import Generator

/// For `@cancel(token: …)`: the no-argument stop methods of the types the sources declare.
struct TokenMethods {
    static let stopMethods = ["cancel", "invalidate", "stop", "remove", "unsubscribe", "dispose", "close"]
    private var methods: [String: String] = [:]
    /// Types that can be suspended and resumed (`suspend()` and `resume()`), as a task is.
    private var resumable: Set<String> = []
    private var startedByResume: Set<String> = []
    /// Types a method of the module documents that it returns suspended (pCloud's
    /// `createCallTask(…)`: "- returns: An instance of `CallTask` in suspended state.").
    private var madeSuspended: Set<String> = []
    /// Protocols the module makes Foundation's tasks adopt (VimeoNetworking's `extension
    /// URLSessionTask: Task`): what such a type is, is a URLSession task, made suspended.
    private var adoptedByURLSessionTasks: Set<String> = []
    /// A class's superclass (the first name it inherits), where the sources declare it.
    private var superclasses: [String: String] = [:]
    /// Each type's methods that take no argument (`stopListening`), for start/stop pairs.
    private var withoutArguments: [String: Set<String>] = [:]
    /// Each type's methods an app can call, parsed, for the call that undoes another.
    private var functions: [String: [FunctionDecl]] = [:]
    /// Each type's static methods, for the static call that undoes another (SwiftAudioPlayer's
    /// `static func subscribe(_:) -> UInt` and `static func unsubscribe(_:)`).
    private var staticFunctions: [String: [FunctionDecl]] = [:]
    /// Every type the sources declare, by its last name.
    private var declared: Set<String> = []

    /// A type's stop by what its `deinit` calls (VimeoNetworking's `ObservationToken`: `deinit {
    /// self.stopObserving() }`), when the type has no stop by name and the app can call that
    /// method itself, with no argument.
    mutating func addStops(calledOnRelease released: [String: String]) {
        for (type, method) in released where methods[type] == nil && withoutArguments[type]?.contains(method) == true {
            methods[type] = method
        }
    }

    /// The methods an app can call: public ones (PostgresNIO's `PostgresListenContext.cancel()`
    /// is internal), or all of them with `--access internal`.
    init(types: [SourceType], includesInternal: Bool = false) {
        var resumes: Set<String> = []
        var suspends: Set<String> = []
        for type in types {
            let name = type.name.split(separator: ".").last.map(String.init) ?? type.name
            if type.kind != .extension { declared.insert(name) }
            if type.kind == .class, let first = type.inherits.first { superclasses[name] = first }
            if type.kind == .extension, ["URLSessionTask", "URLSessionDataTask", "URLSessionUploadTask", "URLSessionDownloadTask"].contains(name) {
                adoptedByURLSessionTasks.formUnion(type.inherits.map { Self.bareName($0) })
            }
            // A closure property called as a stop (roberthein/Observable's `Disposable.dispose: () -> ()`).
            for member in type.members where member.kind == .property && !member.isStatic && (member.isPublic || includesInternal)
                && Self.stopMethods.contains(member.name)
            {
                guard case .context(let property)? = member.declaration, let declared = property.type,
                    case .function(let closure) = declared.strippingAttributes.kind, closure.parameters.isEmpty
                else { continue }
                withoutArguments[name, default: []].insert(member.name)
                if methods[name] == nil { methods[name] = member.name }
            }
            for member in type.members where member.kind == .function && member.isStatic && (member.isPublic || includesInternal) {
                if case .function(let function)? = member.declaration { staticFunctions[name, default: []].append(function) }
            }
            for member in type.members where member.kind == .function && (member.isPublic || includesInternal) {
                guard case .function(let function)? = member.declaration, let returned = function.returnType, !returned.isVoid,
                    member.documentation.contains(where: Self.saysReturnedSuspended)
                else { continue }
                madeSuspended.insert(Self.bareName(returned.strippingAttributes.unwrappingOptional.description))
            }
            for member in type.members where member.kind == .function && !member.isStatic && (member.isPublic || includesInternal) {
                // Callable as `name()`: no parameters, or only ones with defaults (NIO's
                // `RepeatedTask.cancel(promise: EventLoopPromise<Void>? = nil)`).
                if case .function(let function)? = member.declaration {
                    functions[name, default: []].append(function)
                    guard function.parameters.allSatisfy({ $0.defaultValue != nil }) else { continue }
                } else {
                    guard member.text.contains(member.name + "()") else { continue }
                }
                withoutArguments[name, default: []].insert(member.name)
                if member.name == "resume" { resumes.insert(name) }
                // A `resume()` documented as what starts the task (Shopify Buy's `GraphTask`:
                // "Starts the underlying task"), with or without a `suspend()`; or as what sends
                // it (MeiliSearch's `URLSessionDataTaskProtocol.resume()`, "Trigger HTTP request").
                if member.name == "resume", ["start", "begin", "trigger"].contains(where: member.documentation.joined(separator: " ").lowercased().contains) {
                    startedByResume.insert(name)
                }
                if member.name == "suspend" { suspends.insert(name) }
                guard Self.stopMethods.contains(member.name) else { continue }
                if methods[name] == nil || member.name == "cancel" { methods[name] = member.name }
            }
        }
        resumable = resumes.intersection(suspends).union(startedByResume)
    }

    /// Whether the sources declare `type` (not an alias of another module's, nor another module's).
    func declares(_ type: String) -> Bool { declared.contains(Self.bareName(type)) }

    /// `stopListening` for `startListening(onUpdatePerforming:)` when `type` has it: a start/stop
    /// pair of the receiver, whose callback fires until the stop.
    func stopMethod(pairedWith method: String, of type: String) -> String? {
        guard method.hasPrefix("start"), method.count > 5 else { return nil }
        let stop = "stop" + method.dropFirst(5)
        return withoutArguments[Self.bareName(type)]?.contains(stop) == true ? stop : nil
    }

    /// The receiver's call that undoes `function` (`unsubscribe(from: channels)` for RediStack's
    /// `subscribe(to channels:…)`, `removePublishListener(named: name)` for mqtt-nio's
    /// `addPublishListener(named name:_:)`): a method of the same type named for the inverse verb
    /// whose every parameter is one of `function`'s (same name and type) or has a default.
    func undoingCall(of function: FunctionDecl, in type: String) -> String? {
        let candidates = functions[Self.bareName(type)] ?? []
        for inverse in ClosureRoleNames.inverses(of: function.name.name) {
            // Not an inverse that calls back itself (PubNub's `remove(channels:from:…, completion:)`
            // beside `add(channels:to:…, completion:)`): a request of its own, and the pair two
            // one-shots, not a registration and its stop. But an observer's inverse may take an
            // optional completion of its own (Bluejay's `endListen(to:completion: … = nil)` of
            // `listen(to:…)`): the stop calls it without.
            let observer = StarterBlock.namesObserver(function.name.name)
            // Nor when an overload of it does (Perfect-Redis's `unsubscribe(channels:callback:)`
            // beside a blocking `unsubscribe(channels:) throws`): commands, each answered once.
            if candidates.contains(where: { $0.name.name == inverse && Self.callsBack($0, unlessDefaulted: observer) }) { continue }
            for candidate in candidates where candidate.name.name == inverse {
                var arguments: [String] = []
                var fits = true
                for parameter in candidate.parameters {
                    let type = parameter.type.strippingAttributes.description
                    if let given = function.parameters.first(where: {
                        $0.name.name == parameter.name.name && $0.type.strippingAttributes.description == type && !$0.isVariadic
                    }), !parameter.isVariadic {
                        arguments.append((parameter.label.map { $0.name + ": " } ?? "") + given.name.name)
                    } else if parameter.defaultValue == nil {
                        fits = false
                        break
                    }
                }
                if fits { return inverse + "(" + arguments.joined(separator: ", ") + ")" }
            }
        }
        return nil
    }

    /// The receiver's inverse of `function` that calls back itself (Perfect-Redis's
    /// `unsubscribe(channels:callback:)` of `subscribe(channels:callback:)`): the two are
    /// commands, each answered once, not a registration and its stop.
    func answeringInverse(of function: FunctionDecl, in type: String) -> String? {
        let candidates = functions[Self.bareName(type)] ?? []
        for inverse in ClosureRoleNames.inverses(of: function.name.name) {
            if let candidate = candidates.first(where: { $0.name.name == inverse && Self.callsBack($0, unlessDefaulted: true) }) {
                return candidate.fullName
            }
        }
        return nil
    }

    /// `removeErrorHandler` of `addErrorUpdateHandler` (Crowdin): `remove` and some of the `add`
    /// method's words, in their order, the last one among them.
    static func removesSomeOf(_ add: String, _ remove: String) -> Bool {
        guard add.hasPrefix("add"), remove.hasPrefix("remove") else { return false }
        let added = ClosureRoleNames.camelWords(String(add.dropFirst(3)))
        let removed = ClosureRoleNames.camelWords(String(remove.dropFirst(6)))
        guard !removed.isEmpty, removed.last == added.last else { return false }
        var rest = added[...]
        for word in removed {
            // Or a word cut short (ApiVideoPlayer's `addTimerObserver` and `removeTimeObserver(_:)`).
            guard let found = rest.firstIndex(where: { $0 == word || $0.hasPrefix(word) }) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    /// Whether a method takes a closure to call back: a function type, an `@escaping` one behind
    /// a typealias, or a parameter named like a completion; with `unlessDefaulted`, not one the
    /// caller may leave out.
    static func callsBack(_ function: FunctionDecl, unlessDefaulted: Bool) -> Bool {
        function.parameters.contains { parameter in
            (parameter.type.description.contains("->") || parameter.type.attributes.contains { $0.name.name == "escaping" }
                || Analyzer.looksLikeCompletion(parameter.name.name))
                && !(unlessDefaulted && parameter.defaultValue != nil)
        }
    }

    /// The `@cancel` argument that undoes `function` given the id it returns: the receiver's
    /// method named for the inverse verb that takes that id (socket.io's `off(id: UUID)` of
    /// `on(_:callback:) -> UUID` and `once`: `using: off(id:)`), and besides it only the
    /// function's own arguments of the same names and types (Pusher's `unbind(eventName:
    /// callbackId:)` of `bind(eventName:eventCallback:) -> String`: `unbind(eventName:
    /// eventName, callbackId: $token)`).
    func idTakingInverse(of function: FunctionDecl, in type: String) -> String? {
        guard let returned = function.returnType?.strippingAttributes.description, returned != "Void", returned != "()" else { return nil }
        let name = function.name.name
        var inverses = name == "on" || name == "once" ? ["off"] : ClosureRoleNames.inverses(of: name)
        // `off` of an `on<Event>` too (SwiftPhoenixClient's `Socket.onClose(callback:) -> String`
        // and `off(_ refs: [String])`).
        // (and its `delegateOnClose(to:callback:)`, which hands the owner back weakly).
        let event = name.hasPrefix("delegateOn") ? name.dropFirst("delegate".count) : name[...]
        if event.count > 2, event.lowercased().hasPrefix("on"), event.dropFirst(2).first?.isUppercase == true { inverses.append("off") }
        // The bare inverse verb, or `…From…` of `…To…`, taking the id back (`unsubscribe(id:)`,
        // `unsubscribeFromBlocks(id:)` of `subscribeToBlocks(onEvent:) -> Int`): the id's type
        // says it is this registration's.
        for (verb, inverse) in [("subscribe", "unsubscribe"), ("register", "unregister"), ("observe", "unobserve"), ("watch", "unwatch")]
        where name.hasPrefix(verb) && name.count > verb.count {
            let rest = name.dropFirst(verb.count)
            inverses.append(inverse)
            if rest.hasPrefix("To") { inverses.append(inverse + "From" + rest.dropFirst(2)) }
        }
        // Or a `cancel…` method that takes what it returns (SignalR's `stream(…) -> StreamHandle`
        // and `cancelStreamInvocation(streamHandle:cancelDidFail:)`).
        // Or one named for removing what it is handed, a token named so (Amplify's `Hub.listen(to:…)
        // -> UnsubscribeToken` and `removeListener(_ token: UnsubscribeToken)`).
        // Also a handler value the remove takes back (BlueSignals' `SignalWatch.on(signal:perform:)
        // -> SignalWatchHandler` and `remove(handler:)`).
        let isToken = ["Token", "Subscription", "Registration", "Handle", "Handler"].contains(where: Self.bareName(returned).hasSuffix)
        func undoes(_ candidate: FunctionDecl) -> Bool {
            let takesIt = candidate.parameters.contains { $0.type.strippingAttributes.description == returned }
            return inverses.contains(candidate.name.name)
                || (candidate.name.name.hasPrefix("cancel") && takesIt)
                || (isToken && takesIt && ["remove", "unsubscribe", "unregister", "stop", "dispose", "end"].contains(where: candidate.name.name.hasPrefix))
                || (takesIt && Self.removesSomeOf(name, candidate.name.name))
        }
        let isStatic = function.modifiers.contains { $0.name == "static" || $0.name == "class" }
        candidates: for candidate in (isStatic ? staticFunctions : functions)[Self.bareName(type)] ?? [] where undoes(candidate) {
            // An optional id (Optimizely's `Int?`) is taken back where there is one.
            let taken = [returned, returned.hasSuffix("?") ? String(returned.dropLast()) : returned + "?"]
            if candidate.parameters.count == 1, taken.contains(candidate.parameters[0].type.strippingAttributes.description) {
                return "using: " + candidate.fullName
            }
            var arguments: [String] = []
            var tookToken = false
            for parameter in candidate.parameters where !parameter.isVariadic {
                let label = parameter.label.map { $0.name + ": " } ?? ""
                let type = parameter.type.strippingAttributes.description
                if let given = function.parameters.first(where: {
                    $0.name.name == parameter.name.name && $0.type.strippingAttributes.description == type && !$0.isVariadic
                }) {
                    arguments.append(label + given.name.name)
                } else if taken.contains(type), !tookToken {
                    // SwiftPhoenixClient's `off(_ event: String, ref: Int? = nil)` of `on(_:callback:) -> Int`.
                    arguments.append(label + "$token")
                    tookToken = true
                } else if type == "[\(returned)]", !tookToken {
                    // Or several at once (its `Socket.off(_ refs: [String])`).
                    arguments.append(label + "[$token]")
                    tookToken = true
                } else if parameter.defaultValue == nil, case .function(let closure) = parameter.type.strippingAttributes.kind, closure.result.isVoid {
                    // A report of the stop's own failure (`cancelDidFail:`): nothing to do with it
                    // once the stream is over.
                    let ignored = closure.parameters.isEmpty ? "{}" : "{ " + closure.parameters.map { _ in "_" }.joined(separator: ", ") + " in }"
                    arguments.append(label + ignored)
                } else {
                    continue candidates
                }
            }
            if tookToken, arguments.count == candidate.parameters.count {
                return candidate.name.name + "(" + arguments.joined(separator: ", ") + ")"
            }
        }
        return nil
    }

    /// Whether `type` (or its superclass) can be suspended and resumed: the API of a task that
    /// may be returned suspended, which the adapter starts with `resume()`.
    func isResumable(_ type: String) -> Bool {
        var name = Self.bareName(type)
        for _ in 0..<8 {
            if resumable.contains(name) { return true }
            guard let superclass = superclasses[name] else { return false }
            name = superclass
        }
        return false
    }

    /// Whether `type`'s `resume()` is documented as what starts it (no `suspend()` needed).
    func isStartedByResume(_ type: String) -> Bool { startedByResume.contains(Self.bareName(type)) }

    /// Whether `type` has a `resume()` an app can call.
    func canResume(_ type: String) -> Bool { withoutArguments[Self.bareName(type)]?.contains("resume") == true }

    /// Whether the module makes Foundation's URLSession tasks adopt `type`.
    func isAdoptedByURLSessionTasks(_ type: String) -> Bool { adoptedByURLSessionTasks.contains(Self.bareName(type)) }

    static func bareName(_ type: String) -> String {
        // An opaque or existential token (Supabase's `some AuthStateChangeListenerRegistration`)
        // is its protocol's.
        var type = type
        for keyword in ["some ", "any "] where type.hasPrefix(keyword) { type = String(type.dropFirst(keyword.count)) }
        // The generic arguments go first: `RetryHandler<Storefront.QueryRoot>` is `RetryHandler`.
        let bare = String((type.hasSuffix("?") ? String(type.dropLast()) : type).prefix { $0 != "<" })
        return bare.split(separator: ".").last.map(String.init) ?? bare
    }

    /// The stop method of `type` (the returned token's type, as written).
    /// A class without one of its own has its superclass's (Alamofire's `DataRequest`
    /// inherits `cancel()` from `Request`).
    func stopMethod(of type: String) -> String? {
        // The generic arguments go first: Kinvey's `AnyRequest<Swift.Result<Void, Swift.Error>>`
        // is `AnyRequest`, not `Error>>`.
        var name = Self.bareName(type)
        // Swift's own `Task<Success, Failure>` (Kingfisher's `setImage(…) -> Task<(), Never>?`),
        // unless the SDK declares a `Task` of its own.
        if name == "Task", !declared.contains("Task") { return "cancel" }
        for _ in 0..<8 {
            if let method = methods[name] { return method }
            guard let superclass = superclasses[name] else { return nil }
            name = superclass
        }
        return nil
    }

    /// How the stop method of `type` is called, `try await ` for Appwrite's
    /// `RealtimeSubscription.close() async throws`; empty for a plain one or one not declared here.
    func stopEffects(of type: String) -> String {
        guard let stop = stopMethod(of: type) else { return "" }
        var name = Self.bareName(type)
        for _ in 0..<8 {
            if let function = functions[name]?.first(where: { $0.name.name == stop && $0.parameters.allSatisfy { $0.defaultValue != nil } }) {
                return (function.throwsClause != nil ? "try " : "") + (function.isAsync ? "await " : "")
            }
            guard let superclass = superclasses[name] else { break }
            name = superclass
        }
        return ""
    }

    /// A `- returns:` line that says the value comes suspended or unstarted.
    static func saysReturnedSuspended(_ line: String) -> Bool {
        let words = line.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "-" })
        guard let returns = words.firstIndex(where: { $0 == "returns" || $0 == "-returns" }) else { return false }
        let rest = words[returns...]
        return rest.contains("suspended") || zip(rest, rest.dropFirst()).contains { $0 == "not" && $1 == "started" }
    }

    /// Whether a method of the module documents that it returns `type` suspended.
    func isMadeSuspended(_ type: String) -> Bool { madeSuspended.contains(Self.bareName(type)) }

    /// `start()` of a task type that also has a stop (pCloud's `CallTask`, whose
    /// `addCompletionBlock(_:)` returns the task, unstarted until `start()`).
    func startMethod(of type: String) -> String? {
        let name = Self.bareName(type)
        guard withoutArguments[name]?.contains("start") == true, stopMethod(of: type) != nil else { return nil }
        return "start"
    }

    /// The method that sends a request the SDK returns unsent (Kitura-net's `ClientRequest`:
    /// `HTTP.request(_:callback:)` calls back only once `end()` is called): `end()` or `send()` of
    /// a type named for a request.
    func sendMethod(of type: String) -> String? {
        let name = Self.bareName(type)
        guard name.hasSuffix("Request"), let methods = withoutArguments[name] else { return nil }
        return ["end", "send"].first(where: methods.contains)
    }
}
