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
        /// The superclass or protocol whose adapter serves this method (an override, or the
        /// implementation of a requirement).
        var servedBy: String?
    }

    var type: String
    /// The SDK's free functions, which the starter writes at the top level (`type` is empty).
    var isFreeFunctions = false
    /// A struct or enum: a callback property of a copy registers nothing.
    var isValueType = false
    /// A protocol's block: its requirements are the module's own API, whatever they are named.
    var isProtocol = false
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
    /// The file-level typealiases of those enums (`ConditionResult`), as the types they stand for.
    var enumAliases: [String: TypeSyntax] = [:]
    var usedEnums: [String] = []
    /// The type is `Sendable` (an async method's stream calls it from a task), and the names of
    /// its methods that are not `async` (an async overload of one of them is left to it).
    var isSendable = false
    var synchronousMethods: Set<String> = []
    /// The type's `async` methods, by Swift name: the SDK's own async forms.
    /// A public struct the app cannot get hold of (no public initializer; nothing public names it).
    var isUnreachable = false
    /// The module's types that carry their own failure, with the property that holds it.
    var failureCarriers: [String: String] = [:]
    var asyncMethods: [FunctionDecl] = []
    /// The async methods of the type's subclasses, by subclass.
    var subclassAsyncMethods: [(subclass: String, methods: [FunctionDecl])] = []
    /// The names of the type's methods that are not deprecated: what replaces a deprecated
    /// overload of the same name.
    var currentMethodNames: Set<String> = []
    /// The type's own async sequences (Scan.streamForms).
    var streamForms: [(name: String, labels: [String])] = []
    /// The objects the library only lends to closures (LentTypes.swift).
    var lentTypes: LentTypes?
    /// The SDK's file-level typealiases of `Result` (RxSwift's `SingleEvent`).
    var resultAliases: Set<String> = []
    /// Every typealias the module declares, by name (`ConditionResult = ProcedureResult<Bool>`).
    var aliasNames: Set<String> = []
    /// The classes, structs, enums and protocols the sources declare, by bare name: none is a
    /// closure, whatever it is named.
    var declaredTypes: Set<String> = []
    /// The names of the closure parameters the type's initializers take.
    var initializerClosures: Set<String> = []
    /// The library calls completions with `(nil, nil)` (callsBackWithNilAndNil).
    var answersNilWithoutError = false
    /// The public methods whose own bodies call their completion with `(nil, nil)`.
    var answersNilWithoutErrorIn: Set<String> = []
    /// The callbacks, by parameter name, that the library's helpers call with `(nil, nil)`.
    var answersNilWithoutErrorVia: Set<String> = []
    /// The protocol's associated types, when the block is a protocol's.
    var associatedTypes: Set<String> = []
    /// A SwiftUI view (`View`, or a type that conforms to it): its methods that return the view
    /// are modifiers.
    var isView = false
    /// A screen (a view controller, a picker, a camera: by its name or what it inherits): its
    /// callback properties may be its outcome, called once as it closes.
    var isScreen = false
    /// The class's superclass, when the module declares it: its adapters serve overrides.
    var superclass: String?
    /// Typealiases the class's superclasses declare, which its declarations name bare
    /// (OAuthSwift's `TokenCompletionHandler` in `OAuth2Swift`), by name: qualified
    /// (`OAuthSwift.TokenCompletionHandler`) in its callbacks, so that generate finds them.
    var inheritedAliases: [String: String] = [:]
    /// Requirements of the module's protocols the type conforms to, by signature
    /// (`Scan.signature(of:)`): the protocol's adapters serve the type's methods that implement them.
    var requirementsServed: [String: String] = [:]
    /// A protocol's requirements, by Swift name: only they are what the library calls on the
    /// conformer it holds (not MySQLNIO's `MySQLDatabase.query(_:_:onRow:onMetadata:)`, which
    /// its extension declares).
    var requirementNames: Set<String> = []
    /// A protocol's: the stored property of another type that holds a conformer
    /// (`PusherClientOptions.authorizer`), so the library calls its requirements (Scan.holders).
    var heldBy: String?
    /// A method of the type that reconnects (Perfect-Mosquitto's `reconnect(_:)`): its
    /// disconnections come once per connection, so more than once.
    var reconnectMember: String?
    /// Whether a callback property hands the object back beside values: a sender, which a lone
    /// one hands back too (CocoaMQTT's `didPing`), left out as generate leaves it out.
    var propertiesHandBackSender = false
    /// Whether the type is a URLSession of the SDK's (DVR's `Session`): its overrides of the
    /// task methods are its own calls, which Foundation's async forms never make.
    var subclassesURLSession = false
    /// Methods whose bodies call back with nil and with a text, as `Type.method` (Scan+OwnCalls.swift).
    var callsBackWithMessages: Set<String> = []
    /// Methods whose bodies call back with `(true, nil)` and `(false, error)`, as `Type.method`
    /// (Scan+OwnCalls.swift).
    var callsBackWithFlags: Set<String> = []
    /// Callback methods, by name, that a public async method of the module wraps in a
    /// continuation, with that method (Scan+OwnCalls.swift).
    var wrappedInContinuations: [String: (member: String, returns: String)] = [:]
    /// Methods that keep a closure parameter in one of the type's callback properties
    /// (`onConnect = completion`), by method name (Scan+OwnCalls.swift).
    var closuresKeptInProperties: [String: (parameter: String, property: String)] = [:]
    /// Of a protocol: its requirements that its own extensions call (Scan+OwnCalls.swift).
    var calledByOwnExtensions: Set<String> = []
    /// An `@objc` protocol's or `@objcMembers` class's block: its methods are Objective-C ones.
    var isObjC = false
    /// The module's error types, and the type's generic parameters constrained to one
    /// (Scan.errorTypes): a failure closure may hand one over under any name.
    var errorTypes: Set<String> = []
    /// Callback properties the library's own code sets, with the file that does
    /// (Scan.propertiesTheLibrarySets): its plumbing.
    var propertiesSetByLibrary: [String: String] = [:]
    /// Callback properties the library's code reads (calls or hands on) (Scan.propertiesTheLibraryReads).
    var propertiesReadByLibrary: Set<String> = []
    var entries: [Entry] = []

    var hasCallbacks: Bool { entries.contains { $0.role == .callback } }

    /// `@available(*, unavailable, …)`, or `@available(iOS, obsoleted: 1, renamed: …)`
    /// (RevenueCat's `purchasePackage(_:_:)`): a declaration kept only to say what replaced it.
    static func isUnavailable(_ attribute: Attribute) -> Bool {
        attribute.name.name == "available"
            && attribute.arguments?.contains { ($0.label == nil && $0.value.text == "unavailable") || $0.label?.name == "obsoleted" } == true
    }

    static func isUnavailable(_ member: SourceMember) -> Bool {
        switch member.declaration {
        case .function(let function)?: function.attributes.contains(where: isUnavailable)
        case .context(let context)?: context.attributes.contains(where: isUnavailable)
        default: false
        }
    }

    /// A method listed as context, with why it is not bridged (`@context  // reason` when marked).
    mutating func addContext(
        _ member: SourceMember, _ function: FunctionDecl, reason: String, marked: Bool = true, servedBy: String? = nil
    ) {
        var entry = Entry(member: member, role: .context)
        entry.swiftName = function.fullName
        entry.servedBy = servedBy
        entry.marksContext = marked
        entry.contextReason = reason
        entries.append(entry)
    }

    mutating func add(_ member: SourceMember, tokens: TokenMethods) {
        // `@_spi(Name)`: API for the library's own other modules, not apps.
        if member.text.contains("@_spi(") { return }
        switch member.kind {
        case .typeAlias:
            entries.append(Entry(member: member, role: .typeAlias))
        case .property where isCallbackProperty(member) && !Self.isUnavailable(member) && initializerClosures.contains(member.name)
            && !isOptionalProperty(member):
            // The object is made with this closure (Combine's `Sink(receiveCompletion:receiveValue:)`
            // keeps them in `receiveValue` and `receiveCompletion`): it is the object's own
            // handler, and whoever made the object listens through it. Not an optional one, nil
            // until someone sets it (Pusher's `PusherChannel.onSubscriptionCountChanged`, which
            // the initializer may fill in too).
            var entry = Entry(member: member, role: .context)
            entry.marksContext = true
            entry.swiftName = member.name
            entry.contextReason = "the initializer takes it: the object's own handler, not events to listen to"
            entries.append(entry)
        case .property where isCallbackProperty(member) && !Self.isUnavailable(member)
            && (Self.namesHook(member.name) || Self.handsOverBackgroundCompletion(member.name) || Self.namesConfiguration(property: member.name)):
            var entry = Entry(member: member, role: .context)
            entry.marksContext = true
            entry.swiftName = member.name
            entry.contextReason =
                Self.namesHook(member.name)
                ? "named for what is about to happen: a hook the library runs before it goes on, not an event to listen to"
                : Self.namesConfiguration(property: member.name)
                    ? "named for setting up what it is handed: your code, which the library runs as it lays out, not an event to listen to"
                    : "holds the system's background-session completion handler, which the library calls when the session's events are handled: nothing to await"
            entries.append(entry)
        case .property where isCallbackProperty(member) && !Self.isUnavailable(member):
            // `var onMessage: ((Event) -> Void)?`: the SDK calls what the app sets, for each
            // event; generate bridges it as a stream that sets it while iterated.
            var entry = Entry(member: member, role: .callback)
            entry.annotations = propertyAnnotations(member)
            entries.append(entry)
        case .initializer, .property, .subscript:
            var entry = Entry(member: member, role: .context)
            // An initializer that keeps a closure (`@escaping`, or an optional one) calls back
            // later; an extension cannot make it async, so the starter says what to do instead.
            entry.initializerWithCallback = member.kind == .initializer && initializerKeepsCallback(member)
            // Unless the object calls it for each event (AudioKit's taps, a file monitor): a
            // factory returns the object and its stream.
            if entry.initializerWithCallback, let handler = eventHandlerOfInitializer(member) {
                entry.initializerWithCallback = false
                entry.role = .callback
                entry.annotations = [
                    ("@stream", "the \(Self.bareTypeName(type)) it makes keeps '\(handler)' and calls it for each event: a factory, 'makeWithEvents', returns the object and the stream"),
                    ("", "as written, the object is yours to start and stop, and the stream's end stops nothing; if '\(handler)' is called once, remove '@stream' and bridge a method of yours that calls the initializer"),
                ]
            }
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
                return addContext(member, function, reason: reason, marked: takesCallback(function))
            }
            // A method of an object the library only lends to synchronous closures (GRDB's
            // `Database.afterNextTransaction`) is called inside them, where nothing can await.
            if takesCallback(function), let lender = lentTypes?.lender(of: type) {
                return addContext(
                    member, function, reason: "'\(LentTypes.bare(type))' is only lent to closures that do not escape ('\(lender)'), where nothing can be awaited")
            }
            // An override is the superclass's method: the superclass's adapter calls it through
            // dynamic dispatch, and a second adapter of the same name in the subclass's extension
            // does not compile (ReactiveKit's `ReplaySubject.observe(with:)` under `Subject`'s).
            // Not one of URLSession's (DVR's `Session.dataTask(with:completionHandler:)`):
            // Foundation's async forms (`data(for:)`) are methods of their own, which never call
            // a subclass's override.
            if takesCallback(function), function.modifiers.contains(where: { $0.name == "override" }), !subclassesURLSession {
                let base = superclass.map { "\($0)'s" } ?? "its superclass's"
                return addContext(member, function, reason: "overrides \(base): the superclass's adapter calls it", servedBy: superclass)
            }
            // So is the implementation of a requirement of the module's protocol (Starscream's
            // `WebSocket.write(string:completion:)` of `WebSocketClient`): the protocol's adapter
            // calls it.
            // A system delegate call the SDK wants forwarded (Iterable's
            // `userNotificationCenter(_ center: UNUserNotificationCenter?, didReceive:
            // withCompletionHandler:)`): the app passes on the handler the system gave it.
            // Handed first under its own name, as a delegate method is (`application(_
            // application:`, Split's `authenticate(session:challenge:completionHandler:)`): not a
            // method of the SDK's own that takes one (BulletinBoard's `showBulletin(in application:
            // UIApplication, …, completion:)`).
            if takesCallback(function), let first = function.parameters.first, first.label == nil || first.label == first.name,
                case let system = first.type.strippingAttributes.unwrappingOptional.description, Self.systemDelegators.contains(system)
            {
                return addContext(member, function, reason: "forwards the \(system)'s delegate call: pass on the completion handler the system gave you")
            }
            // A delegate protocol's method, implemented: the library calls it, the app does not.
            if takesCallback(function), let proto = requirementsServed["delegate " + function.fullName] {
                return addContext(member, function, reason: "implements \(proto)'s requirement: the library calls it, as the \(proto)")
            }
            // Also a requirement implemented with a closure that does not escape (Kingfisher's
            // `Base64ImageDataProvider.data(handler:)`, which calls it at once).
            if takesCallback(function) || function.parameters.contains(where: Self.isSynchronousCompletion),
                let proto = requirementsServed[Scan.signature(of: function)]
            {
                return addContext(member, function, reason: "implements \(proto)'s requirement: \(proto)'s adapter calls it", servedBy: proto)
            }
            // Deprecated for what is bridged already, or for the SDK's async form: left for that
            // (decision 110). Else bridged: apps still call it, and its adapter is deprecated too.
            if takesCallback(function), let reason = replacement(of: function, documentation: member.documentation) {
                return addContext(member, function, reason: reason)
            }
            // So is one of a deprecated type or extension (CoreStore's legacy containers).
            if takesCallback(function), member.isInDeprecatedScope {
                return addContext(member, function, reason: "deprecated with its type: bridge what replaces it")
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
                if let result = resultType(of: callback) {
                    if Self.registersForResults(function.name.name) {
                        entry.annotations[0] = ("@stream(results)", entry.annotations[0].why + "; a \(result) per call, which a failure does not end")
                    } else {
                        entry.annotations.append(
                            ("", "'\(name)' gets a \(result) per call: the stream ends at the first failure; if the SDK goes on after one, write '@stream(results)'"))
                    }
                }
                entries.append(entry)
                return
            }
            // A synchronous call that reports progress through a closure that does not escape:
            // a `@blocking` adapter could not take it along to the object's queue.
            if let progress = progressOfBlockingCall(function), !isClosureEscaping(progress) {
                return addContext(
                    member, function,
                    reason: "synchronous, with progress through '\(progress.name.name)', which does not escape: call it from a task of yours off the main actor")
            }
            // A struct's that the app cannot get hold of (PubNub's `InstanceIdOperator`).
            if takesCallback(function), isUnreachable, !isView {
                return addContext(
                    member, function, reason: "'\(type)' has no public initializer, and no public declaration hands one out: only the SDK calls it")
            }
            // A coder's (Contentful's `KeyedDecodingContainer.resolveLink(forKey:decoder:callback:)`):
            // called inside `init(from:)` or `encode(to:)`, which cannot await.
            if takesCallback(function), Self.codingTypes.contains(Self.bareTypeName(type)) {
                return addContext(
                    member, function, reason: "a \(type)'s: called while decoding or encoding (init(from:), encode(to:)), which cannot await")
            }
            // The system's completion handed over for the library to call (Cloudinary's
            // `setBackgroundCompletionHandler(_:)`, given the handler of the app delegate's
            // `application(_:handleEventsForBackgroundURLSession:completionHandler:)`): nothing to await.
            if takesCallback(function), function.name.name.hasPrefix("set"), Self.handsOverBackgroundCompletion(function.name.name) {
                return addContext(
                    member, function,
                    reason: "hands over the system's background-session completion handler, which the library calls when the session's events are handled: nothing to await")
            }
            if takesCallback(function), Self.namesHook(function.name.name) {
                return addContext(
                    member, function, reason: "named for what is about to happen: a hook the library runs before it goes on, not an event to listen to")
            }
            // A closure run for each element of a collection the caller passes (Swifter's
            // `ul<T: Sequence>(_ collection: T, _ closure: (T.Iterator.Element) -> Void)`, which
            // writes one `<li>` per item): work, as `forEach`'s body is.
            if takesCallback(function), let collection = Self.iteratedCollection(function) {
                return addContext(member, function, reason: "runs the closure for each element of '\(collection)', the collection it is given: work")
            }
            // A block of nothing it runs, returning what came of it (Nimble's
            // `catchBadInstruction(block: () -> Void) -> BadInstructionException?`): work.
            if takesCallback(function), let reason = runsBlockAndReturns(function, tokens: tokens) {
                return addContext(member, function, reason: reason)
            }
            // What it returns keeps the closures, and nothing this call starts calls them.
            if takesCallback(function), let reason = returnedValueKeepsClosures(function) {
                return addContext(member, function, reason: reason)
            }
            // A builder's setter (Kingfisher's `onSuccess(_ block: ((RetrieveImageResult) -> Void)?)
            // -> Self`): it keeps the handler, optional so that nil clears it, for a later call
            // that does the work; nothing it starts calls back.
            // Or one whose documentation says it sets one (Kingfisher's `redirectHandler(_ block:)
            // -> Self`, "Sets a block to modify the image download request during redirection").
            // Or the next builder of a chain (SwiftyVK's `onError(_:) -> SuccessableProgressableConfigurable`,
            // "Set onError callback", then `send()`): the module's own type, no token to stop.
            let returnsBuilder = function.returnType.map { returned in
                returned.description == "Self"
                    || (DocumentedFrequency.saysSetter(member.documentation) && tokens.declares(returned.description)
                        && tokens.stopMethod(of: returned.description) == nil
                        // Not the same object, returned for chaining (Cloudinary's in-flight
                        // `CLDFetchImageRequest.responseImage(_:) -> CLDFetchImageRequest`).
                        && TokenMethods.bareName(returned.description) != TokenMethods.bareName(type))
            } ?? false
            if takesCallback(function), returnsBuilder, function.parameters.count == 1,
                function.parameters[0].type.strippingAttributes.unwrappingOptional != function.parameters[0].type.strippingAttributes
                    || DocumentedFrequency.saysSetter(member.documentation)
            {
                return addContext(member, function, reason: "sets a handler of the builder, which a later call uses: nothing this call starts calls it")
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
                // before the method returns, a synchronous SDK, bridged off the cooperative pool.
                if entry.marksContext, !function.isAsync, !function.name.name.hasPrefix("_"),
                    let callback = function.parameters.first(where: Self.isSynchronousCompletion)
                {
                    var entry = Entry(member: member, role: .callback)
                    entry.annotations = blockingAnnotations(of: function, callback: callback)
                    if let held = heldNote(function) { entry.annotations.append(held) }
                    return entries.append(entry)
                }
                entries.append(entry)
                return
            }
            // A future's half of its outcome, or a step of its chain: not awaited on its own.
            if let reason = futureContextReason(of: function) {
                return addContext(member, function, reason: reason)
            }
            var entry = Entry(member: member, role: .callback)
            var documented = function
            documented.documentation = member.documentation
            entry.annotations = inferredAnnotations(of: documented, tokens: tokens)
            // A stream's value closure, named before the evidence made it one, gets its events.
            if entry.annotations.contains(where: { $0.annotation.hasPrefix("@stream") }) {
                entry.annotations = entry.annotations.map { item in
                    item.annotation.hasPrefix("@success(") ? ("@event(" + item.annotation.dropFirst("@success(".count), item.why) : item
                }
            }
            if let notAnError = errorNamedNonError(in: function, tokens: tokens) {
                entry.refusal =
                    "'\(notAnError)' is named like an error but is not an 'Error' in these sources: generate would throw it; bridge a method of yours that hands it over as part of the value"
            }
            if let failure = failureOnlyCallback(of: function, annotations: entry.annotations) {
                return addContext(
                    member, function,
                    reason: "'\(failure)' is called only when '\(function.name.name)' fails: after a success a one-shot would wait until it is cancelled")
            }
            // A requirement the library calls on the app's object (Pusher's
            // `Authorizer.fetchAuthValue(socketID:channelName:completionHandler:)`): the app
            // implements it, and calls it only sometimes (composing Alamofire's interceptors).
            if let held = heldNote(function) { entry.annotations.append(held) }
            // The SDK's own async form (Kingfisher's `retrieveImage(with:options:progressBlock:)
            // async throws` beside the same call with `completionHandler:`): an adapter would only
            // duplicate it, and make calls to it ambiguous. Not of a stream: an async method that
            // returns all rows at once (FluentKit's `all() async`) is no form of one per row.
            if !function.isAsync, !entry.annotations.contains(where: { $0.annotation.hasPrefix("@stream") }),
                let twin = asyncTwin(of: function)
            {
                return addContext(member, function, reason: "the SDK's own async form '\(twin)' is the one to call")
            }
            // An async method of the module that wraps it in a continuation (ConfigCat's
            // `waitForReady() async`, around `hooks.addOnReady`): its async form, by another name.
            if !function.isAsync, !entry.annotations.contains(where: { $0.annotation.hasPrefix("@stream") }),
                let twin = wrappedInContinuations[function.name.name], twin.member != function.name.name + "()",
                isWrapped(function, returning: twin.returns)
            {
                return addContext(member, function, reason: "the SDK's own async form '\(twin.member)' wraps it: that is the one to call")
            }
            if !function.isAsync, entry.annotations.contains(where: { $0.annotation.hasPrefix("@stream") }), let twin = streamTwin(of: function) {
                return addContext(member, function, reason: "the SDK's own stream '\(twin)' is the one to iterate")
            }
            if !function.isAsync, let twin = renamedAsyncTwin(of: function) {
                entry.annotations.append(
                    ("", "the SDK has '\(twin)' async: if that is this call's async form, mark '\(function.name.name)' '@context'"))
            } else if !function.isAsync, let note = subclassTwinNote(of: function) {
                entry.annotations.append(note)
            }
            entries.append(entry)
        }
    }
}
