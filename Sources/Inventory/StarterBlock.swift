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
        /// The first note of generate's error that refused it (what to do instead), if any.
        var refusalNote: String?
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
        /// A callback scan refuses (marked `@context`, with `contextReason` saying why and what
        /// to write): listed and counted as not bridgeable, not among closures that are no callbacks.
        var refusedCallback = false
        /// The holder's property it is bridged through (`HealthKitReporter.reader`): its
        /// adapter stands where the object that runs what it returns is in reach, in a block of
        /// its own (ExecutorReach).
        var through: String?
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
    /// The module's status enums with a case of an error beside cases without values, by bare
    /// name, with that case (Scan.statusEnumsWithErrorCases).
    var statusEnums: [String: String] = [:]
    /// The file-level typealiases of those enums (`ConditionResult`), as the types they stand for.
    var enumAliases: [String: TypeSyntax] = [:]
    var usedEnums: [String] = []
    /// The type is `Sendable` (an async method's stream calls it from a task), and the names of
    /// its methods that are not `async` (an async overload of one of them is left to it).
    var isSendable = false
    /// The module's typealiases of C function pointers (`@convention(c)`), which no adapter can bridge.
    var cFunctionAliases: Set<String> = []
    var synchronousMethods: Set<String> = []
    /// The type's `async` methods, by Swift name: the SDK's own async forms.
    /// Why the app cannot get hold of the type (a public struct with no public initializer, a
    /// protocol only internal types adopt; nothing public names it), if it cannot.
    var unreachableReason: String?
    /// A protocol no public type adopts: the note its callback methods get (Scan.unadoptedProtocols).
    var unadoptedNote: String?
    /// The module's types that carry their own failure, with the property that holds it.
    var failureCarriers: [String: FailureCarrier] = [:]
    /// Stops the module calls on values of types it does not declare (Scan.stopsCalledOnValues).
    var foreignStops: [String: String] = [:]
    /// Outcome enums a value of which can carry a keeper of the completion (Scan.reentrantOutcomes).
    var reentrantOutcomes: [String: ReentrantOutcome] = [:]

    /// A type's public optional `error` (or `failure`) of an error type: the failure it carries.
    struct FailureCarrier {
        var member: String
        /// As declared, `UberError?`.
        var type: String
        /// Stored: set by whoever makes the value, so it is the outcome's failure as it was made.
        var isStored: Bool
        /// Its other public stored properties (Uber's `data`, `statusCode`): what else it carries.
        var others: [String]
    }
    var asyncMethods: [FunctionDecl] = []
    /// The async methods of the type's subclasses, by subclass.
    var subclassAsyncMethods: [(subclass: String, methods: [FunctionDecl])] = []
    /// The names of the type's methods that are not deprecated: what replaces a deprecated
    /// overload of the same name.
    var currentMethodNames: Set<String> = []
    /// The generic types five or more of its methods return: the values of a chain of operators.
    var chainedTypes: Set<String> = []
    /// The type is an `AsyncSequence` itself: its elements are iterated with `for await`.
    var isAsyncSequence = false
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
    /// The module's classes whose `deinit` takes back what they stand for, with the call it
    /// makes (Scan+Release.swift).
    var stoppingOnRelease: [String: String] = [:]
    /// The library makes `Progress` objects and never reads their cancellation
    /// (`Scan.progressesOnlyReport`): one it returns is no cancel token.
    var progressesOnlyReport = false
    /// The names of the closure parameters the type's initializers take.
    var initializerClosures: Set<String> = []
    /// The library calls completions with `(nil, nil)` (callsBackWithNilAndNil).
    var answersNilWithoutError = false
    /// The public methods whose own bodies call their completion with `(nil, nil)`.
    var answersNilWithoutErrorIn: Set<String> = []
    /// The callbacks, by parameter name or `closureKey`, that the library's helpers call with `(nil, nil)`.
    var answersNilWithoutErrorVia: Set<String> = []
    /// The protocol's associated types, when the block is a protocol's.
    var associatedTypes: Set<String> = []
    /// A SwiftUI view (`View`, or a type that conforms to it): its methods that return the view
    /// are modifiers.
    var isView = false
    /// A screen (a view controller, a picker, a camera: by its name or what it inherits): its
    /// callback properties may be its outcome, called once as it closes.
    var isScreen = false
    /// A UIKit or AppKit view (`Scan.isUIView`): what it announces is about to happen are events.
    var isUIView = false
    /// The class's superclass, when the module declares it: its adapters serve overrides.
    var superclass: String?
    /// Typealiases the class's superclasses declare, which its declarations name bare
    /// (OAuthSwift's `TokenCompletionHandler` in `OAuth2Swift`), by name: qualified
    /// (`OAuthSwift.TokenCompletionHandler`) in its callbacks, so that generate finds them.
    var inheritedAliases: [String: String] = [:]
    /// The type's own typealiases, wherever the type declares them: a property may name one
    /// declared below it (CollectionKit's `open var tapHandler: TapHandler?` above `public
    /// typealias TapHandler = (TapContext) -> Void`), read before the alias's entry is added.
    var ownAliases: [SourceMember] = []
    /// The names of the type's callback properties that are bridged as streams (not one an
    /// initializer takes as the object's own handler).
    var streamedProperties: Set<String> = []
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
    /// A protocol's: a public type of the module adopts it (the library's own implementation,
    /// which an app may call), or a public protocol's property hands one to the app's type.
    var isAdoptedPublicly = false
    /// A protocol's: some type of the module adopts it, or another protocol refines it, at any
    /// access level. One that nothing adopts is there for the app to implement.
    var isAdoptedInModule = false
    /// The module's methods that run a value handed to them, by the type they take
    /// (Scan.executors).
    var executors: [String: String] = [:]
    /// A value type's block of callback properties, set through the object's property that keeps
    /// the value (`TableDirector.scrollViewEvents`; Scan.valueHolders): `@bridge(through:)`.
    /// Or a factory's methods whose values another object runs (`HealthKitReporter.reader`).
    var reachedThrough: String?
    /// Where the type's values are run by another object the same holder keeps, by executor
    /// (`HealthKitManager.executeQuery(_:)`; Scan.executorReaches).
    var executorReaches: [String: ExecutorReach] = [:]
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
    /// Methods that call back with a flag named `isDegraded`, by `Type.method`: its position.
    var callsBackWithDegradedFlags: [String: Int] = [:]
    /// Methods that call back with `(nil, "a text")`: the text is the failure (Scan+OwnCalls.swift).
    var callsBackWithNoValueAndMessage: Set<String> = []
    /// Callback methods, by name, that a public async method of the module wraps in a
    /// continuation, with that method (Scan+OwnCalls.swift).
    var wrappedInContinuations: [String: [Scan.ContinuationWrapper]] = [:]
    /// The module's methods that register a target-action, as `Type.method` (Scan+TargetActions.swift).
    var registersTargetActions: [String: Set<String>] = [:]
    /// Methods that keep a closure parameter in one of the type's callback properties
    /// (`onConnect = completion`), by method name (Scan+OwnCalls.swift).
    var closuresKeptInProperties: [String: KeptClosure] = [:]
    /// Methods that keep each of several closures in one of the type's callback properties.
    var severalKeptInProperties: [String: [KeptClosure]] = [:]
    /// And those kept in a property of the type that is not one of its public callback
    /// properties (private, or of a closure alias), which nothing sets to nil.
    var closuresKeptPrivately: [String: KeptClosure] = [:]
    /// And those kept in such a property that only a stop method sets to nil (`stop()`, or
    /// `removeHandle(for:)` under the `case` of this handler or by its key), and how.
    var closuresReleasedByStop: [String: (kept: KeptClosure, release: Release)] = [:]
    /// By method: the closure it keeps in a private property that the library sets to nil once
    /// it has called it (SwiftSpinner's `addTapHandler(_:)`): called once.
    var closuresClearedOnCall: [String: (kept: KeptClosure, release: Release)] = [:]
    /// By method name: the set of listeners that fires once to which it adds its closure.
    var onceListenerSets: [String: String] = [:]
    /// Methods the library's own messages say may be called only once: registrations for the
    /// app's life (`Scan.methodsSaidToBeCalledOnce`).
    var saidToBeCalledOnce: Set<String> = []
    /// Methods whose bodies hand work to a debouncer or a throttler (`Scan.methodsDebouncing`).
    var debouncing: Set<String> = []
    /// Methods whose bodies only keep what they are given in properties (`Scan.methodsOnlyKeeping`).
    var onlyKeeping: Set<String> = []
    /// Of a protocol: its requirements that its own extensions call (Scan+OwnCalls.swift).
    var calledByOwnExtensions: Set<String> = []
    /// The module's protocol requirements it calls on some value (Scan.requirementsCalledOnValues).
    var requirementsCalledOnValues: Set<String> = []
    /// An `@objc` protocol's or `@objcMembers` class's block: its methods are Objective-C ones.
    var isObjC = false
    /// The module's error types, and the type's generic parameters constrained to one
    /// (Scan.errorTypes): a failure closure may hand one over under any name.
    var errorTypes: Set<String> = []
    /// The module's error enums with a case that says it went well, by bare name (SwiftMQTT's
    /// `MQTTSessionError.none`; Scan.successCasesOfErrorEnums).
    var successCasesOfErrors: [String: String] = [:]
    /// Callback properties the library's own code sets, with the file that does
    /// (Scan.propertiesTheLibrarySets): its plumbing.
    var propertiesSetByLibrary: [String: String] = [:]
    /// Callback properties the library sets on another object to the closure of the same name a
    /// public method of its was handed (ClosureUses.storedUnderOwnName), with the file that does.
    var propertiesSetToNamesakes: [String: (file: String, returns: String)] = [:]
    /// Of those, the ones it sets on objects it makes to a closure that hands each call to its
    /// own delegate (Scan.propertiesForwardedToDelegates), with that delegate.
    var propertiesForwardedToDelegates: [String: String] = [:]
    /// Closure parameters that this type's methods never call, as `method(labels:)|parameter`,
    /// each with the method of the type it is handed to, or "" (`ClosureUses.unused`).
    var closuresBodiesNeverUse: [String: String] = [:]
    /// Methods whose bodies never call back with nil and no error (`ClosureUses.neverNilWithoutError`).
    var callsBackWithValueOrError: Set<String> = []
    /// By method name, the values of its completion a success hands over as nil (ClosureUses).
    var absentValues: [String: Set<Int>] = [:]
    /// Methods (`name(labels:)`) that succeed only with `.success(true)` (ClosureUses).
    var succeedOnlyWithTrue: Set<String> = []
    /// By `method(labels:)`, the methods of this type its body hands a closure to (ClosureUses).
    var handOvers: [String: Set<String>] = [:]
    /// `method(labels:)|parameter`: closures a method calls only before it returns (ClosureUses).
    var calledOnlyInline: Set<String> = []
    /// The name of every function the sources declare in the type, at any access (ClosureUses).
    var functionNames: Set<String> = []
    /// The initializers (`init(labels:)`) whose body calls their one callback, never keeping it
    /// (Scan.initializersCallingBack): the outcome of the work they start.
    var initializersCallingBack: Set<String> = []
    /// The type's methods, to find one a wrapper hands its closure to.
    var typeFunctions: [FunctionDecl] = []
    /// Callback properties the library's code reads (calls or hands on) (Scan.propertiesTheLibraryReads).
    var propertiesReadByLibrary: Set<String> = []
    var entries: [Entry] = []

    var hasCallbacks: Bool { entries.contains { $0.role == .callback } }

    /// `@available(*, unavailable, …)`, or `@available(iOS, obsoleted: 1, renamed: …)`
    /// (RevenueCat's `purchasePackage(_:_:)`): a declaration kept only to say what replaced it.
    /// `@available(*, unavailable)`, or obsoleted (RevenueCat's `@available(iOS, obsoleted: 1,
    /// renamed: …)`, gone on its platforms): not callable. Not unavailable on one platform only
    /// (SwifterSwift's `show(animated:vibrate:completion:)`, `@available(iOSApplicationExtension,
    /// unavailable)`): callable in the app, and generate carries the attribute to the adapter.
    static func isUnavailable(_ attribute: Attribute) -> Bool {
        guard attribute.name.name == "available", let arguments = attribute.arguments else { return false }
        if arguments.contains(where: { $0.label?.name == "obsoleted" }) { return true }
        return ["*", "swift"].contains(arguments.first?.value.text ?? "*") && arguments.contains { $0.label == nil && $0.value.text == "unavailable" }
    }

    /// Unavailable by one attribute, or on iOS and macOS both, each said apart (RevenueCat's
    /// Obsoletions.swift, one `@available(<platform>, unavailable, renamed: …)` per platform).
    static func isUnavailable(_ attributes: [Attribute]) -> Bool {
        if attributes.contains(where: isUnavailable) { return true }
        let platforms = Set(attributes.compactMap { attribute -> String? in
            guard attribute.name.name == "available", let arguments = attribute.arguments,
                arguments.contains(where: { $0.label == nil && $0.value.text == "unavailable" })
            else { return nil }
            return arguments.first?.value.text
        })
        return platforms.isSuperset(of: ["iOS", "macOS"])
    }

    static func isUnavailable(_ member: SourceMember) -> Bool {
        switch member.declaration {
        case .function(let function)?: isUnavailable(function.attributes)
        case .context(let context)?: isUnavailable(context.attributes)
        default: false
        }
    }

    /// A method listed as context, with why it is not bridged (`@context  // reason` when marked).
    mutating func addContext(
        _ member: SourceMember, _ function: FunctionDecl, reason: String, marked: Bool = true, servedBy: String? = nil,
        refused: Bool = false
    ) {
        var entry = Self.context(member, function, reason: reason, marked: marked, servedBy: servedBy)
        entry.refusedCallback = refused
        entries.append(entry)
    }

    static func context(
        _ member: SourceMember, _ function: FunctionDecl, reason: String, marked: Bool = true, servedBy: String? = nil
    ) -> Entry {
        var entry = Entry(member: member, role: .context)
        entry.swiftName = function.fullName
        entry.servedBy = servedBy
        entry.marksContext = marked
        entry.contextReason = reason
        return entry
    }

    /// A callback property that is no event source, marked `@context` with the reason.
    private mutating func addContextProperty(_ member: SourceMember, reason: String) {
        var entry = Entry(member: member, role: .context)
        entry.marksContext = true
        entry.swiftName = member.name
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
            addContextProperty(member, reason: "the initializer takes it: the object's own handler, not events to listen to")
        case .property where isCallbackProperty(member) && !isProtocol && (isUIView || isScreen)
            && propertiesForwardedToDelegates[member.name] != nil:
            // Wiring (Sendbird's modules set each cell's `userProfileTapHandler` to call their
            // `delegate`): a stream would take the handler from the library, and the app hears
            // the same taps through that delegate. Only a view's, a cell's or a screen's: a task's
            // (MerchantKit's `CommitPurchaseTask.onCompletion`) is its outcome, whoever uses it.
            addContextProperty(
                member,
                reason: "the library sets it on each \(Self.bareTypeName(type)) it makes, handing every call on to its own '\(propertiesForwardedToDelegates[member.name] ?? "")': listen through that")
        case .property where isCallbackProperty(member) && !isProtocol
            && propertiesSetToNamesakes[member.name].map({ !["Self", Self.bareTypeName(type)].contains($0.returns) }) == true:
            // Where a method keeps what its caller passed (PusherPlatform's `subscribe(using:
            // onOpening:onOpen:…)` sets `subscriptionDelegate.onOpen = onOpen`): that method is
            // the API, and a stream here would take the caller's handler away. Not a factory of
            // this type (MapboxMaps' `makePointAnnotationManager(…, onClusterTap:)`) nor a
            // modifier (`-> Self`): the object they return goes on calling it, for the app to hear.
            addContextProperty(
                member,
                reason: "the library sets it to the '\(member.name)' a method of its is handed (\(propertiesSetToNamesakes[member.name]?.file ?? "")): bridge that method")
        case .property where isCallbackProperty(member) && CallbackShape.defersWork(owner: Self.bareTypeName(type)):
            // A debouncer's job (malcommac/Repeat's `Debouncer.callback`): the work it runs once
            // calls stop coming, perhaps never; nothing to listen to.
            addContextProperty(
                member, reason: "the work a \(Self.bareTypeName(type)) runs later, or never if another comes first: not events to listen to")
        case .property where isCallbackProperty(member) && Self.bareTypeName(type) == "EnvironmentValues":
            // A SwiftUI environment value (PopupView's `popupDismiss: (() -> Void)?`): an action the
            // library hands the views, which they call; nothing calls the app back through it.
            addContextProperty(member, reason: "a SwiftUI environment value: an action your views read and call, not events to listen to")
        case .property where isCallbackProperty(member) && !isProtocol
            && Scan.propertySignature(of: member).flatMap({ requirementsServed[$0] }) != nil:
            // A conformer's implementation of a protocol's property (OmiseSDK's
            // `ThreeDSFlowViewModel.onStateChange`): the protocol's stream sets it. One the library
            // sets on what it is given (Eureka's `onPresentCallback` of `PresenterRowType`) has no
            // stream on the protocol, and none here: a stream would replace the library's handler.
            let proto = Scan.propertySignature(of: member).flatMap { requirementsServed[$0] } ?? ""
            addContextProperty(
                member,
                reason: propertiesSetByLibrary[member.name].map {
                    "implements \(proto)'s requirement, which the library sets on the \(proto) it is given (\($0)): its wiring, not events to listen to"
                } ?? "implements \(proto)'s requirement: the stream of \(proto) sets it on this type too")
        case .property where isCallbackProperty(member) && !Self.isUnavailable(member) && isProtocol && propertiesSetByLibrary[member.name] != nil:
            // A protocol's requirement the library sets on the object it is given (Mantis's
            // `RotationControlViewProtocol.didUpdateRotationValue`, set by its `CropView` on the
            // app's custom control): the app's type calls it, to tell the library.
            addContextProperty(
                member,
                reason: "a requirement the library sets on the \(Self.bareTypeName(type)) it is given (\(propertiesSetByLibrary[member.name] ?? "")): your conforming type calls it, to tell the library")
        case .property where isCallbackProperty(member) && !Self.isUnavailable(member)
            && (Self.handsOverBackgroundCompletion(member.name) || Self.namesConfiguration(property: member.name)):
            // Not one named for what is about to happen (`willShowDrop`, `willDismiss`): its
            // closure returns nothing, so it cannot hold the library back, and it tells of each
            // time as a `did` one does (decision 148). Its note says the stream hears of it after
            // the library has gone on; the note on a property the library sets itself says the rest.
            addContextProperty(
                member,
                reason: Self.namesConfiguration(property: member.name)
                    ? "named for setting up what it is handed: your code, which the library runs as it lays out, not an event to listen to"
                    : "holds the system's background-session completion handler, which the library calls when the session's events are handled: nothing to await")
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
            if entry.initializerWithCallback, let completion = completionOfInitializer(member) {
                // Unless it starts work and calls its callback when that is done (Lottie's
                // `LottieAnimationView(dotLottieName:…, completion:)`): a factory awaits it.
                entry.initializerWithCallback = false
                entry.role = .callback
                entry.annotations = [
                    ("@once", "the body calls '\(completion)' and does not keep it: the work it starts calls back once; a factory, 'make', returns the \(Self.bareTypeName(type)) when it has"),
                    ("", "as written, the factory returns the \(Self.bareTypeName(type)), with any value '\(completion)' hands over besides it; if '\(completion)' waits for a later call of yours (a start, a presentation), remove '@once': the factory would wait for ever"),
                ]
            } else if entry.initializerWithCallback, let handlers = eventHandlersOfInitializer(member) {
                entry.initializerWithCallback = false
                entry.role = .callback
                let handler = handlers.map { "'\($0)'" }.joined(separator: " and ")
                entry.annotations = [
                    ("@stream", "the \(Self.bareTypeName(type)) it makes keeps \(handler) and calls \(handlers.count == 1 ? "it" : "each") for \(handlers.count == 1 ? "each event" : "its own kind of event"): a factory, 'makeWithEvents', returns the object and the stream"),
                    ("", "as written, the object is yours to start and stop, and the stream's end stops nothing; if \(handler) \(handlers.count == 1 ? "is" : "are") called once, remove '@stream' and bridge a method of yours that calls the initializer"),
                ]
                if handlers.count > 1 {
                    entry.annotations.insert(("@event(\(handlers.joined(separator: ", ")))", "\(handler) are each called for their own kind of event: the stream's elements are an enum of them, in the order the object calls them"), at: 1)
                }
            } else if entry.initializerWithCallback, let started = startedInitializer(member, tokens: tokens) {
                // Unless it keeps it for a run the object's own `start()` begins (decision 187); an
                // object named for a source of events (a scheduler's `callback`) is one above.
                entry.initializerWithCallback = false
                entry.role = .callback
                let owner = Self.bareTypeName(type)
                entry.annotations = [
                    ("@once", "the \(owner) keeps '\(started.completion)' for the run its '\(started.start)()' begins: 'run' makes it, starts it and returns what '\(started.completion)' hands"),
                    ("@start(\(started.start)())", "the \(owner) does nothing until '\(started.start)()'"),
                    ("@cancel(token: \(started.stop)())", "'\(started.stop)()' stops the run when the task is cancelled"),
                ]
            } else if entry.initializerWithCallback, let kept = callbacksKeptInStreamedProperties(member) {
                // Its callbacks are the properties' (CollectionKit's `BasicProvider.init(…,
                // tapHandler:)` keeps `tapHandler`, bridged above as a stream): nothing to warn.
                entry.initializerWithCallback = false
                entry.marksContext = true
                entry.contextReason =
                    "it keeps \(kept.map { "'\($0)'" }.joined(separator: ", ")) in the property of that name, whose stream is above: pass nil and iterate that"
            }
            entries.append(entry)
        case .function:
            addFunction(member, tokens: tokens)
        }
    }
}
