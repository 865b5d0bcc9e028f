import DeclParser
import Generator

/// One type's block in the starter file: its callback APIs (with inferred annotations), its
/// typealiases (closure shapes hide behind them) and its other members as context.
struct StarterBlock {
    struct Entry {
        enum Role { case callback, context, typeAlias }
        var member: SourceMember
        var role: Role
        /// Inferred annotations, each with the comment that says why.
        var annotations: [(annotation: String, why: String)] = []
        /// Set when bridgegen cannot take it: the declaration is commented out with this reason.
        var refusal: String?
        /// A context method with a closure parameter: marked `@context`, or bridgegen would try
        /// to bridge it (it takes a closure that is not a callback: a body, a transform).
        var marksContext = false
        /// Why a context method is marked `@context`, when it is not "takes a closure, but not a
        /// callback".
        var contextReason: String?
        /// The method's Swift name (`register(_:name:factory:)`), for a context method.
        var swiftName: String?
        /// An initializer that keeps a callback: listed as context, with why it is not bridged.
        var initializerWithCallback = false
        /// A method whose completion does not escape: called before it returns (synchronous).
        var isSynchronous = false
    }

    var type: String
    /// A struct or enum: a callback property of a copy registers nothing.
    var isValueType = false
    /// The `#if` condition the SDK declares the type (or extension) under, if any.
    var condition: String?
    /// How the block names the type when its bare name would be ambiguous (`Swifter.Process`).
    var spelledType: String?
    /// Type names of Foundation, Dispatch and the standard library that SDKs declare again.
    static let shadowedNames: Set<String> = [
        "Process", "Notification", "Operation", "OperationQueue", "Timer", "Thread", "Host", "Port", "Stream",
        "InputStream", "OutputStream", "Task", "Result", "Error", "Expression", "Predicate", "Data", "Date", "URL",
        "Locale", "Calendar", "Bundle", "Progress", "Scanner", "Unit", "Measurement", "Decimal", "UUID", "Lock",
        "Condition", "FileHandle", "Pipe", "NotificationCenter", "Selector", "Codable", "Range", "Set", "Dictionary",
    ]
    /// An extension's `where` clause, kept: its members exist only under it.
    var whereClause: String?
    /// The SDK's file-level closure typealiases, by name, as the closure types they stand for.
    var topLevelAliases: [String: FunctionTypeSyntax] = [:]
    /// The SDK's enums with cases (SDKEnum.index), and those this block's callbacks get.
    var enums: [String: SDKEnum] = [:]
    var usedEnums: [String] = []
    /// The type is `Sendable` (an async method's stream calls it from a task), and the names of
    /// its methods that are not `async` (an async overload of one of them is left to it).
    var isSendable = false
    var synchronousMethods: Set<String> = []
    /// The objects the library only lends to closures (LentTypes.swift).
    var lentTypes: LentTypes?
    /// The SDK's file-level typealiases of `Result` (RxSwift's `SingleEvent`).
    var resultAliases: Set<String> = []
    /// The names of the closure parameters the type's initializers take.
    var initializerClosures: Set<String> = []
    /// The SDK's enums that are no outcome but carry an error in a case (SDKEnum.errorCases).
    var errorCarryingEnums: [String: String] = [:]
    var entries: [Entry] = []

    var hasCallbacks: Bool { entries.contains { $0.role == .callback } }

    /// `@available(*, unavailable, …)`: a declaration kept only to say what replaced it.
    static func isUnavailable(_ attribute: Attribute) -> Bool {
        attribute.name.name == "available" && attribute.arguments?.contains { $0.label == nil && $0.value.text == "unavailable" } == true
    }

    static func isUnavailable(_ member: SourceMember) -> Bool {
        switch member.declaration {
        case .function(let function)?: function.attributes.contains(where: isUnavailable)
        case .context(let context)?: context.attributes.contains(where: isUnavailable)
        default: false
        }
    }

    /// Names of observer-like methods: they call back many times while their token lives.
    static let observerPrefixes = [
        "observe", "subscribe", "listen", "watch", "monitor", "addObserver", "addListener", "startUpdating", "startWith",
    ]

    mutating func add(_ member: SourceMember, tokens: TokenMethods) {
        // `@_spi(Name)`: API for the library's own other modules, not apps.
        if member.text.contains("@_spi(") { return }
        switch member.kind {
        case .typeAlias:
            entries.append(Entry(member: member, role: .typeAlias))
        case .property where isCallbackProperty(member) && !Self.isUnavailable(member) && initializerClosures.contains(member.name):
            // The object is made with this closure (Combine's `Sink(receiveCompletion:receiveValue:)`
            // keeps them in `receiveValue` and `receiveCompletion`): it is the object's own
            // handler, and whoever made the object listens through it.
            var entry = Entry(member: member, role: .context)
            entry.marksContext = true
            entry.swiftName = member.name
            entry.contextReason = "the initializer takes it: the object's own handler, not events to listen to"
            entries.append(entry)
        case .property where isCallbackProperty(member) && !Self.isUnavailable(member):
            // `var onMessage: ((Event) -> Void)?`: the SDK calls what the app sets, for each
            // event; generate bridges it as a stream that sets it while iterated.
            var entry = Entry(member: member, role: .callback)
            if ClosureRoleNames.namesOnce(property: member.name, closure: propertyClosure(member)) {
                entry.annotations.append(("@once", "'\(member.name)' is named for an end, which comes once"))
            } else {
                entry.annotations.append(("", "'\(member.name)' holds a closure the SDK calls for each event: a stream"))
            }
            entries.append(entry)
        case .initializer, .property, .subscript:
            var entry = Entry(member: member, role: .context)
            // An initializer that keeps a closure (`@escaping`, or an optional one) calls back
            // later; an extension cannot make it async, so the starter says what to do instead.
            entry.initializerWithCallback = member.kind == .initializer && initializerKeepsCallback(member)
            entries.append(entry)
        case .function:
            guard case .function(let function)? = member.declaration else {
                // Not Swift the .bridge language can hold (an operator, say): a callback only if
                // its text shows one.
                if member.text.contains("->") && member.text.contains("(") && Self.mentionsCallback(member.text) {
                    var entry = Entry(member: member, role: .callback)
                    entry.refusal = member.parseError ?? "not a declaration bridgegen reads"
                    entries.append(entry)
                }
                return
            }
            // `@available(*, noasync)`: it cannot be called from async code, so an async adapter
            // of it means nothing (NIO's event-loop-isolated views).
            // `@available(*, unavailable)`: it cannot be called at all.
            if let reason = function.attributes.lazy.compactMap({ attribute -> String? in
                guard attribute.name.name == "available" else { return nil }
                if attribute.text.contains("noasync") { return "noasync: not callable from async code" }
                return Self.isUnavailable(attribute) ? "unavailable: not callable" : nil
            }).first {
                var entry = Entry(member: member, role: .context)
                entry.swiftName = function.fullName
                entry.marksContext = takesCallback(function)
                entry.contextReason = reason
                entries.append(entry)
                return
            }
            // A method of an object the library only lends to synchronous closures (GRDB's
            // `Database.afterNextTransaction`) is called inside them, where nothing can await.
            if takesCallback(function), let lender = lentTypes?.lender(of: type) {
                var entry = Entry(member: member, role: .context)
                entry.swiftName = function.fullName
                entry.marksContext = true
                entry.contextReason = "'\(LentTypes.bare(type))' is only lent to closures that do not escape ('\(lender)'), where nothing can be awaited"
                entries.append(entry)
                return
            }
            // Deprecated with a named replacement: the replacement is the one to bridge (two
            // such overloads would also generate the same adapter).
            if takesCallback(function), function.attributes.contains(where: { attribute in
                attribute.name.name == "available" && attribute.text.contains("deprecated") && attribute.text.contains("renamed")
            }) {
                var entry = Entry(member: member, role: .context)
                entry.swiftName = function.fullName
                entry.marksContext = true
                entry.contextReason = "deprecated: its replacement is bridged"
                entries.append(entry)
                return
            }
            // An async method that calls a closure per item and returns when they are over
            // (SQLiteNIO's `query(_:_:_ onRow:) async throws`): a stream its return ends.
            if let callback = asyncPerItemCallback(function) {
                var entry = Entry(member: member, role: .callback)
                let name = callback.label?.name ?? callback.name.name
                entry.annotations = [
                    ("@stream", "'\(name)' is called for each item"),
                    ("@finish(returned)", "'\(function.name.name)' is async and returns when they are over, or throws"),
                ]
                entries.append(entry)
                return
            }
            // An async method that registers an observer and returns the token that stops it
            // (SQLiteNIO's `addUpdateObserver(lifetime:_:) async throws -> SQLiteHookToken`).
            if let (callback, token, stop) = asyncRegistration(function, tokens: tokens) {
                var entry = Entry(member: member, role: .callback)
                let name = callback.label?.name ?? callback.name.name
                entry.annotations = [
                    ("@stream", "'\(function.name.name)' is async, registers '\(name)' and returns the \(token) that stops it"),
                    (stop == "cancel" ? "@cancel(token)" : "@cancel(token: \(stop)())", "the returned \(token) has \(stop)()"),
                ]
                entries.append(entry)
                return
            }
            guard takesCallback(function) && !isOperatorWithHooks(function, tokens: tokens) && !isFactory(function) else {
                var entry = Entry(member: member, role: .context)
                entry.swiftName = function.fullName
                let aliases = closureAliases
                entry.marksContext = function.parameters.contains {
                    if case .function = $0.type.strippingAttributes.kind { return true }
                    if case .named(let components) = $0.type.strippingAttributes.unwrappingOptional.kind,
                        let last = components.last, aliases[last.name.name] != nil
                    {
                        return true
                    }
                    return $0.type.description.contains("->") || Self.endsLikeCallback($0.name.name)
                }
                // A completion that does not escape (Kitura-redis's `get(_:callback:)`): called
                // before the method returns, a synchronous, blocking API with nothing to await.
                if entry.marksContext, let callback = function.parameters.first(where: Self.isSynchronousCompletion) {
                    entry.contextReason = "calls '\(callback.label?.name ?? callback.name.name)' before it returns: synchronous, nothing to await"
                    entry.isSynchronous = true
                }
                entries.append(entry)
                return
            }
            var entry = Entry(member: member, role: .callback)
            // What the closures' names say (the rule `generate` gives them their roles by):
            // an event closure beside a failure or end closure is a stream; a success (or end)
            // closure beside a failure closure a one-shot, whatever the method is called.
            let aliases = closureAliases
            let callbacks = function.parameters.filter {
                Self.isCallback($0, aliases: aliases, method: function.name.name, returns: function.returnType?.description, owner: type)
            }
            let byNames = ClosureRoleNames.kind(of: callbacks.map { ($0.name.name, $0.label?.name) }, method: function.name.name)
            // A name that says once (`observeCompleted`, `onClose`) is a one-shot.
            let once = ClosureRoleNames.namesOnce(function.name.name)
            // A builder-style method returns `Self`: the block's own type.
            let returnedType = function.returnType.map { $0.description == "Self" ? type : $0.description }
            // `@stream` only because an observer-like method returns a token: weak evidence.
            var streamFromToken = false
            if let returned = function.returnType, !returned.isVoid, let returnedType, let stop = tokens.stopMethod(of: returnedType) {
                let cancel = stop == "cancel" ? "@cancel(token)" : "@cancel(token: \(stop)())"
                let named = returned.description == returnedType ? returnedType : "\(returned.description) (\(returnedType))"
                entry.annotations.append((cancel, "the returned \(named) has \(stop)()"))
                if byNames == nil, !once,
                    let handed = callbacks.first(where: {
                        Self.isHanded(returned, by: $0) && !Analyzer.looksLikeCompletion($0.name.name)
                            && !Analyzer.looksLikeCompletion($0.label?.name)
                    })
                {
                    // The closure gets the handle the method returns (NIO's `RepeatedTask`, a
                    // `Timer`): it is called until that handle is stopped. Not a completion
                    // handed the result it also returns (Just's `HTTPResult`).
                    entry.annotations.insert(
                        ("@stream", "'\(handed.label?.name ?? handed.name.name)' is handed the returned \(returned) and called until it is stopped"),
                        at: 0)
                } else if byNames == nil, !once, Self.observerPrefixes.contains(where: { function.name.name.hasPrefix($0) }) {
                    entry.annotations.insert(
                        ("@stream", "'\(function.name.name)' returns a token and calls back until it is stopped"), at: 0)
                    streamFromToken = true
                }
            }
            // A start/stop pair of the receiver (`startListening(onUpdatePerforming:)` and
            // `stopListening()`), or a call that undoes it with the method's own arguments
            // (`addPublishListener(named:_:)` and `removePublishListener(named: name)`): the
            // callback fires until the stop, which ends the stream.
            if !once, !entry.annotations.contains(where: { $0.annotation.hasPrefix("@cancel") }),
                byNames?.isStream == true || (byNames == nil && callbacks.count == 1),
                let stop = tokens.stopMethod(pairedWith: function.name.name, of: type).map({ $0 + "()" })
                    ?? tokens.undoingCall(of: function, in: type)
            {
                entry.annotations.append(("@cancel(\(stop))", "'\(stop)' undoes what '\(function.name.name)' does"))
                if byNames == nil {
                    entry.annotations.insert(("@stream", "'\(function.name.name)' calls back until '\(stop)'"), at: 0)
                }
            }
            if byNames == nil, !once, !entry.annotations.contains(where: { $0.annotation == "@stream" }) {
                if ClosureRoleNames.namesRepetition(function.name.name) {
                    entry.annotations.insert(("@stream", "'\(function.name.name)' reports progress, many times"), at: 0)
                } else if function.returnType?.isVoid ?? true, callbacks.count == 1,
                    Self.observerPrefixes.contains(where: { function.name.name.hasPrefix($0) })
                {
                    entry.annotations.insert(
                        ("@stream", "'\(function.name.name)' is named like an observer and keeps its handler (nothing stops it)"), at: 0)
                } else if Self.registersEventHandler(function, callbacks: callbacks.count) {
                    entry.annotations.insert(("@stream", "'\(function.name.name)' registers a handler the SDK calls for each event"), at: 0)
                }
            }
            if let byNames, byNames.isStream, !once {
                entry.annotations.insert(("@stream", byNames.why), at: 0)
            }
            // A callback per row beside a returned future that says when the rows are over
            // (SQLKit's `run(_ handler:) -> EventLoopFuture<Void>`): a stream that ends with it.
            // Only a `…Future`: its `whenComplete(_:)` with a `Result` is what the adapter waits on.
            // Beside it, other callbacks with defaults are hooks the caller may pass (PostgresNIO's
            // `onMetadata: … = { _ in }` beside `onRow`), when the per-item one is the last.
            let perItem = callbacks.filter {
                ClosureRoleNames.namesPerItem($0.name.name) || $0.label.map { ClosureRoleNames.namesPerItem($0.name) } == true
            }
            let hooksBesidePerItem =
                perItem.count == 1 && perItem[0].name.name == callbacks.last?.name.name
                && callbacks.dropLast().allSatisfy { $0.defaultValue != nil }
            if let returned = function.returnType?.description, ClosureRoleNames.isFuture(returned), returned.contains("Future"),
                !ClosureRoleNames.isFuture(type), callbacks.count == 1 || hooksBesidePerItem,
                let callback = callbacks.last,
                ClosureRoleNames.isPerItemBesideFuture(name: callback.name.name, label: callback.label?.name)
            {
                entry.annotations.removeAll { $0.annotation == "@stream" || $0.annotation.isEmpty }
                let name = callback.label?.name ?? callback.name.name
                entry.annotations.insert(("@finish(returned)", "the returned \(returned) says when they are over, or fails"), at: 0)
                entry.annotations.insert(("@stream", "'\(name)' is called for each item"), at: 0)
            }
            // One event beside a returned future (websocket-kit's `connect(…, onUpgrade:) ->
            // EventLoopFuture<Void>`): a failed connection never calls it, the future says why.
            if let returned = function.returnType?.description, ClosureRoleNames.isFuture(returned), returned.contains("Future"),
                !ClosureRoleNames.isFuture(type), callbacks.count == 1, let callback = callbacks.first,
                !ClosureRoleNames.isPerItemBesideFuture(name: callback.name.name, label: callback.label?.name),
                !entry.annotations.contains(where: { $0.annotation == "@stream" })
            {
                let name = callback.label?.name ?? callback.name.name
                entry.annotations.append(("@failure(returned)", "the returned \(returned) fails when '\(name)' never comes"))
            }
            // A stream beside a returned future that does not end it (RediStack's `subscribe(…) ->
            // EventLoopFuture<Void>` says whether the subscription took): its failure fails it.
            if let returned = function.returnType?.description, ClosureRoleNames.isFuture(returned), returned.contains("Future"),
                !ClosureRoleNames.isFuture(type), entry.annotations.contains(where: { $0.annotation == "@stream" }),
                !entry.annotations.contains(where: { $0.annotation == "@finish(returned)" || $0.annotation == "@failure(returned)" })
            {
                entry.annotations.append(
                    ("@failure(returned)", "the returned \(returned) says whether '\(function.name.name)' took, or fails"))
            }
            // A returned task that can be suspended and resumed may come back suspended: the
            // one-shot starts it (a stream's register call must start it itself).
            if let returnedType, function.returnType.map({ !$0.isVoid }) == true, tokens.isResumable(returnedType),
                tokens.stopMethod(of: returnedType) != nil, !entry.annotations.contains(where: { $0.annotation == "@stream" })
            {
                entry.annotations.append(("@start(resume())", "the returned \(returnedType) can be suspended and resumed: resume() starts it"))
            }
            // Weak evidence is said, not guessed silently: a one-shot assumed of a closure whose
            // name says nothing of how often it is called.
            if byNames == nil, !once, !entry.annotations.contains(where: { $0.annotation == "@stream" }),
                callbacks.count == 1, let callback = callbacks.first,
                !Analyzer.looksLikeCompletion(callback.name.name), !Analyzer.looksLikeCompletion(callback.label?.name)
            {
                entry.annotations.append(
                    ("", "one-shot assumed: nothing says how often '\(callback.label?.name ?? callback.name.name)' is called; "
                        + "if for every event, add '@stream'"))
            }
            // An object the library only lends, handed to the callback: lent to it too.
            for lent in callbacks.compactMap({ closureType(of: $0) }).flatMap({ lentTypes?.lent(in: $0) ?? [] })
            where !entry.annotations.contains(where: { $0.annotation == "@lent(\(lent))" }) {
                entry.annotations.append(
                    ("@lent(\(lent))",
                     "'\(lent)' is a class that is not Sendable, which the library only lends to closures that do not escape ('\(lentTypes?.lender(of: lent) ?? "")'): valid only inside the callback"))
            }
            // The next item of an iteration (`nextRow(callback: (([Any?]?, Error?)) -> ())`,
            // `fetchNext`): nil without an error is the end, a result (`@nullableResult`).
            if callbacks.count == 1, Self.namesNext(function.name.name), let closure = closureType(of: callbacks[0]),
                Self.isValueAndError(closure)
            {
                entry.annotations.append(("@nullableResult", "'\(function.name.name)' is named for the next item: nil without an error is the end"))
            }
            // A callback that gets one `Result` reports one outcome, whatever else the method
            // looks like (RxSwift's `Single.subscribe(_ observer: (SingleEvent<Element>) -> Void)
            // -> Disposable`, whose token would otherwise say it calls back until stopped).
            if callbacks.count == 1, let result = resultType(of: callbacks[0]), streamFromToken {
                let name = callbacks[0].label?.name ?? callbacks[0].name.name
                if (result + " " + (whereClause ?? "")).contains("Single") {
                    entry.annotations.removeAll { $0.annotation == "@stream" || $0.annotation.isEmpty }
                    entry.annotations.insert(("", "one-shot: '\(name)' gets a \(result), a single outcome"), at: 0)
                } else {
                    entry.annotations.append(("", "'\(name)' gets a \(result): if it is called once, remove '@stream'"))
                }
            }
            // A value that carries an error in one of its cases (Swift-Kuery's `QueryResult.error`),
            // and a callback of a streaming call whose end only the returned call knows (grpc's
            // `makeServerStreamingCall(…, handler:)`): the adapter is not what it seems; said.
            if callbacks.count == 1, let closure = closureType(of: callbacks[0]), closure.parameters.count == 1,
                case .named(let components) = closure.parameters[0].type.strippingAttributes.kind,
                let enumName = components.last?.name.name, let errorCase = errorCarryingEnums[enumName]
            {
                entry.annotations.append(
                    ("", "'\(callbacks[0].label?.name ?? callbacks[0].name.name)' gets a \(enumName), whose '.\(errorCase)' carries an error: "
                        + "it is returned as part of the value, not thrown; check it, or bridge a method of yours that throws it"))
            }
            if callbacks.count == 1, function.name.name.contains("Streaming"), !entry.annotations.contains(where: { $0.annotation == "@stream" }),
                function.returnType.map({ !$0.isVoid }) == true
            {
                entry.annotations.append(
                    ("", "'\(callbacks[0].label?.name ?? callbacks[0].name.name)' may be called for each message of a streaming call, "
                        + "whose end the returned \(function.returnType?.description ?? "") reports: as written, a one-shot of the first"))
            }
            // A callback that gets one of the SDK's enums: its cases say what each call means.
            if callbacks.count == 1,
                let handed = SDKEnum.handedOver(by: callbacks[0], in: type, enums: enums, aliases: aliases)
            {
                if !usedEnums.contains(handed.name) { usedEnums.append(handed.name) }
                entry.annotations.removeAll { $0.annotation == "@stream" || $0.annotation.isEmpty }
                let cases = handed.caseNames.map { "." + $0 }.joined(separator: ", ")
                if let event = handed.eventCase {
                    entry.annotations.insert(("@stream", "'\(handed.name)' has '.\(event)', called for each event"), at: 0)
                } else {
                    entry.annotations.insert(("", "one-shot: the cases of '\(handed.name)' (\(cases)) report one outcome"), at: 0)
                }
            }
            entries.append(entry)
        }
    }
}
