import DeclParser

/// The analysed form of a `.bridge` file: everything the planner needs to emit code, with every
/// decision (which parameter is the completion, what the async function is called, how the
/// callback's arguments become a result) already made. Holds strings in canonical Swift spelling.
public struct BridgeModel: Hashable, Sendable {
    /// `import` lines as written (`@preconcurrency import PaymentsSDK`).
    public var imports: [String]
    public var blocks: [AdapterBlock]
    public var delegates: [DelegateAdapter]

    public init(imports: [String], blocks: [AdapterBlock], delegates: [DelegateAdapter] = []) {
        self.imports = imports
        self.blocks = blocks
        self.delegates = delegates
    }
}

/// One `extension` block of the input: becomes an extension of the same type, or a wrapper type.
public struct AdapterBlock: Hashable, Sendable {
    public var documentation: [String]
    /// The legacy type, as written (`PaymentsClient`, `Store<Item>`).
    public var extendedType: String
    /// `where` requirements of the extension.
    public var requirements: [String]
    /// Access modifier for generated declarations (`public`), or nil for the default (internal).
    public var access: String?
    /// When set, adapters live in a struct of this name that holds the legacy object as `base`.
    public var wrapperName: String?
    /// Attributes carried from the block (`@available(iOS 15, *)`).
    public var attributes: [String]
    public var adapters: [Adapter]
    public var location: SourceLocation

    public init(
        documentation: [String], extendedType: String, requirements: [String], access: String?, wrapperName: String?,
        attributes: [String], adapters: [Adapter], location: SourceLocation
    ) {
        self.documentation = documentation
        self.extendedType = extendedType
        self.requirements = requirements
        self.access = access
        self.wrapperName = wrapperName
        self.attributes = attributes
        self.adapters = adapters
        self.location = location
    }
}

/// One async function generated from one legacy completion-handler method.
public struct Adapter: Hashable, Sendable {
    public var documentation: [String]
    /// The legacy declaration, `PaymentsClient.charge(amount:completion:)`; for a notification
    /// stream, the notification's name.
    public var sourceName: String
    /// The generated function, `PaymentsClient.charge(amount:)`; named in errors and reports.
    public var adapterName: String
    /// Base name of the async function, backticked when it is a keyword.
    public var name: String
    /// Attributes carried from the declaration (`@available(iOS 15, *)`).
    public var attributes: [String]
    public var isStatic: Bool
    public var discardableResult: Bool
    public var genericParameters: [String]
    public var requirements: [String]
    public var parameters: [AdapterParameter]
    /// The async function's result type; `Void` when it returns nothing.
    public var resultType: String
    public var legacyCall: LegacyCall
    public var completion: CompletionPlan
    public var cancellation = CancellationPlan()
    /// Seconds, as written (`30`, `2.5`), from `@timeout`.
    public var timeoutSeconds: String?
    /// A function `(any Error) -> any Error` applied to every SDK error, from `@mapError`.
    public var mapError: String?
    /// `@retry`: repeat the call on retryable errors.
    public var retry: RetryPlan?
    /// `@MainActor`: the adapter is main-actor isolated and calls the SDK on the main thread.
    public var isMainActor = false
    /// Parameters that are callbacks of the call (progress and the like): forwarded only while
    /// the outcome is open.
    public var guardedClosureParameters: [String: Int] = [:]
    /// `@stream`: the callback is called many times and the adapter returns a stream of its
    /// values (`resultType` is the element type) instead of an async function.
    public var stream: StreamPlan?
    /// `@notification`: the adapter observes a notification instead of calling the SDK
    /// (`stream` is set too; `legacyCall` and `completion` are empty).
    public var notification: NotificationPlan?
    /// Progress parameters turned into `AsyncStream<Element>.Continuation` by `@progressStream`:
    /// parameter name → element type. The adapter yields into them and finishes them at the end.
    public var progressStreams: [String: String] = [:]
    public var location: SourceLocation

    public init(
        documentation: [String], sourceName: String, adapterName: String, name: String, attributes: [String],
        isStatic: Bool, discardableResult: Bool, genericParameters: [String], requirements: [String],
        parameters: [AdapterParameter], resultType: String, legacyCall: LegacyCall, completion: CompletionPlan,
        location: SourceLocation
    ) {
        self.documentation = documentation
        self.sourceName = sourceName
        self.adapterName = adapterName
        self.name = name
        self.attributes = attributes
        self.isStatic = isStatic
        self.discardableResult = discardableResult
        self.genericParameters = genericParameters
        self.requirements = requirements
        self.parameters = parameters
        self.resultType = resultType
        self.legacyCall = legacyCall
        self.completion = completion
        self.location = location
    }

    public var returnsVoid: Bool { resultType == "Void" }

    /// Two adapters with equal keys would be the same Swift declaration.
    var signatureKey: String { (isStatic ? "static " : "") + Self.swiftName(name, parameters) }

    /// `base(label:_:)`: how Swift names a function with these parameters.
    static func swiftName(_ base: String, _ parameters: [AdapterParameter]) -> String {
        base + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }
}

/// `@retry`: the adapter's call is repeated on retryable errors, with waits between attempts.
public struct RetryPlan: Hashable, Sendable {
    public enum Backoff: Hashable, Sendable {
        case constant
        /// Each wait `multiplier` times the one before, at most `maxDelay` seconds.
        case exponential(multiplier: String, maxDelay: String?)
    }

    public enum Jitter: String, Hashable, Sendable {
        case none, full, equal
    }

    /// Which errors lead to another attempt.
    public enum Condition: Hashable, Sendable {
        /// A function `(any Error) -> Bool`.
        case predicate(String)
        /// Enum cases matched as patterns (`PaymentError.offline`).
        case cases([String])
    }

    /// Calls in all, the first one included.
    public var attempts: Int
    /// Seconds before the first retry, as written.
    public var delay: String
    public var backoff: Backoff
    public var jitter: Jitter
    /// Seconds for all attempts and waits together, as written.
    public var deadline: String?
    public var condition: Condition

    public init(attempts: Int, delay: String, backoff: Backoff, jitter: Jitter, deadline: String?, condition: Condition) {
        self.attempts = attempts
        self.delay = delay
        self.backoff = backoff
        self.jitter = jitter
        self.deadline = deadline
        self.condition = condition
    }
}

/// `@notification(name, object:, queue:, map:)`: which notifications a notification stream
/// observes and how each becomes an element. Expressions are normalized source text.
public struct NotificationPlan: Hashable, Sendable {
    public enum Center: Hashable, Sendable {
        /// The block extends `NotificationCenter`: the center the function is called on.
        case receiver
        /// `NotificationCenter.default`.
        case standard
        /// `center: expression`.
        case expression(String)
    }

    /// The `Notification.Name` expression (`.reachabilityDidChange`).
    public var name: String
    public var object: String?
    public var queue: String?
    public var center: Center
    /// A function `(Notification) -> Element?` (or `-> Element`), run inside the observer.
    public var map: String

    public init(name: String, object: String?, queue: String?, center: Center, map: String) {
        self.name = name
        self.object = object
        self.queue = queue
        self.center = center
        self.map = map
    }
}

/// How a repeated callback becomes a stream.
public struct StreamPlan: Hashable, Sendable {
    /// `.newest(1)` or `.oldest(100)`; nil keeps every event (unbounded).
    public var buffering: String?
    /// The SDK can report a failure (or its register call throws): an `AsyncThrowingStream`.
    public var isThrowing: Bool

    public init(buffering: String?, isThrowing: Bool) {
        self.buffering = buffering
        self.isThrowing = isThrowing
    }
}

/// How cancelling the task stops the SDK's work.
public struct CancellationPlan: Hashable, Sendable {
    public enum Strategy: Hashable, Sendable {
        /// No way to cancel: the adapter stops waiting and drops the late callback.
        case none
        /// Call `method` on the returned token (`cancel()`); `optional` when the token is optional.
        case token(method: String, optional: Bool)
        /// Call `name(label: token)` on the receiver with the returned token (`cancelRequest(_:)`).
        case receiverWithToken(name: String, label: String?)
        /// Call `call` on the receiver (`cancelGeocode()`).
        case receiver(call: String)
    }

    public var strategy: Strategy = .none
    /// Swift type of the token the start call returns, `Void` when it is not used.
    public var tokenType = "Void"
    /// A method that starts a token returned suspended (`resume()`).
    public var startMethod: String?
    /// After cancelling, wait for the SDK's own answer instead of throwing at once.
    public var waitForCompletion = false

    public init() {}

    /// The start call's value is the token the adapter keeps.
    public var usesToken: Bool { tokenType != "Void" }
}

/// A parameter of the async function, forwarded unchanged to the legacy call.
public struct AdapterParameter: Hashable, Sendable {
    /// nil for `_`.
    public var label: String?
    public var name: String
    public var type: String
    public var defaultValue: String?
    public var isInout: Bool

    public init(label: String?, name: String, type: String, defaultValue: String?, isInout: Bool) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.isInout = isInout
    }
}

/// How the legacy method is called from inside the adapter.
public struct LegacyCall: Hashable, Sendable {
    public enum Argument: Hashable, Sendable {
        /// A parameter of the async function, passed through.
        case forwarded(label: String?, name: String, isInout: Bool)
        /// The completion handler bridgegen supplies.
        case completion(label: String?)
    }

    public var name: String
    public var arguments: [Argument]
    /// The legacy method `throws`: its error ends the call.
    public var isThrowing: Bool
    /// The legacy method returns a value (a token) that the adapter ignores.
    public var returnsValue: Bool

    public init(name: String, arguments: [Argument], isThrowing: Bool, returnsValue: Bool) {
        self.name = name
        self.arguments = arguments
        self.isThrowing = isThrowing
        self.returnsValue = returnsValue
    }
}

/// How the arguments the SDK passes to the completion handler become the adapter's outcome.
public struct CompletionPlan: Hashable, Sendable {
    public enum Role: Hashable, Sendable {
        /// Part of the result. `unwrap`: an optional that must be non-nil on success.
        case value(unwrap: Bool)
        /// The optional error; non-nil means failure.
        case error
        /// A `Bool`/integer status; `failsWhenZero` per `@asyncError(zeroArgument:)`.
        case flag(failsWhenZero: Bool, isBool: Bool)
        /// A single `Result<T, E>`.
        case result
    }

    public struct Parameter: Hashable, Sendable {
        /// Name of the closure parameter in generated code.
        public var name: String
        public var role: Role

        public init(name: String, role: Role) {
            self.name = name
            self.role = role
        }
    }

    public var parameters: [Parameter]

    public init(parameters: [Parameter]) {
        self.parameters = parameters
    }

    public var valueNames: [String] {
        parameters.compactMap { if case .value = $0.role { return $0.name } else { return nil } }
    }

    public var unwrappedValueNames: [String] {
        parameters.compactMap { if case .value(true) = $0.role { return $0.name } else { return nil } }
    }

    public var errorName: String? {
        parameters.first { $0.role == .error }?.name
    }

    public var flag: (name: String, failsWhenZero: Bool, isBool: Bool)? {
        for parameter in parameters {
            if case .flag(let failsWhenZero, let isBool) = parameter.role { return (parameter.name, failsWhenZero, isBool) }
        }
        return nil
    }

    public var isResult: Bool { parameters.count == 1 && parameters[0].role == .result }
}

/// One `delegate Protocol on Owner { … }` block: an async function (or a stream) on the owner,
/// and a delegate class that turns the SDK's delegate calls into its outcome.
public struct DelegateAdapter: Hashable, Sendable {
    /// What a delegate method does when the SDK calls it.
    public enum Role: Hashable, Sendable {
        /// The outcome: these parameters become the result (none: `Void`).
        case success([String])
        /// Failure with this error parameter; `optional` when it may be nil.
        case failure(String, optional: Bool)
        /// Failure reported as a status code or flag in this parameter: a typed error carrying it.
        case failureStatus(String)
        /// The user cancelled in the SDK's UI: `CancellationError`, or `nil` when `returnsNil`.
        case userCancel(returnsNil: Bool)
        /// A stream event made of these parameters.
        case event([String])
        /// The SDK says the events are over.
        case finish
        /// Nothing (a requirement the protocol makes the delegate implement).
        case ignore
    }

    public struct Method: Hashable, Sendable {
        /// `func name(_ a: A, b c: B)` as the delegate implements it.
        public var declaration: String
        public var role: Role

        public init(declaration: String, role: Role) {
            self.declaration = declaration
            self.role = role
        }
    }

    /// What a second call does while one is in progress on the same owner.
    public enum BusyPolicy: Hashable, Sendable {
        /// It throws `BridgegenError.busy`; the first call goes on.
        case fail
        /// The first call ends with `CancellationError` and the second takes the delegate slot.
        case cancelPrevious
    }

    public var documentation: [String]
    /// `pick(animated:) in delegate ImagePickerDelegate on ImagePicker`: the declaration it came
    /// from, so two adapters of one protocol are told apart in review.
    public var sourceName: String
    /// `ImagePicker.pickImage(source:)`: named in errors and reports.
    public var adapterName: String
    public var name: String
    public var ownerType: String
    public var protocolType: String
    public var access: String?
    public var attributes: [String]
    public var parameters: [AdapterParameter]
    /// The result type, or the element type of a stream.
    public var resultType: String
    public var stream: StreamPlan?
    /// The owner's property that holds the delegate.
    public var property: String
    /// The owner's method call that starts the work, as written (`start(source: source)`).
    public var start: String
    /// The owner's method call that stops it (`cancel()`), if any.
    public var cancel: String?
    public var timeoutSeconds: String?
    public var mapError: String?
    public var isMainActor: Bool
    public var busyPolicy: BusyPolicy
    /// After the call, put back the delegate that was set before (instead of nil).
    public var restoresPrevious: Bool
    /// The generated delegate class.
    public var className: String
    public var methods: [Method]
    public var location: SourceLocation

    public init(
        documentation: [String], sourceName: String, adapterName: String, name: String, ownerType: String,
        protocolType: String, access: String?, attributes: [String], parameters: [AdapterParameter], resultType: String,
        stream: StreamPlan?, property: String, start: String, cancel: String?, timeoutSeconds: String?, mapError: String?,
        isMainActor: Bool, busyPolicy: BusyPolicy, restoresPrevious: Bool, className: String, methods: [Method],
        location: SourceLocation
    ) {
        self.documentation = documentation
        self.sourceName = sourceName
        self.adapterName = adapterName
        self.name = name
        self.ownerType = ownerType
        self.protocolType = protocolType
        self.access = access
        self.attributes = attributes
        self.parameters = parameters
        self.resultType = resultType
        self.stream = stream
        self.property = property
        self.start = start
        self.cancel = cancel
        self.timeoutSeconds = timeoutSeconds
        self.mapError = mapError
        self.isMainActor = isMainActor
        self.busyPolicy = busyPolicy
        self.restoresPrevious = restoresPrevious
        self.className = className
        self.methods = methods
        self.location = location
    }
}
