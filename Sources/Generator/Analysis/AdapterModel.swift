import DeclParser

/// The analysed form of a `.bridge` file: everything the planner needs to emit code, with every
/// decision (which parameter is the completion, what the async function is called, how the
/// callback's arguments become a result, its access level) already made. It holds decisions and
/// the user's own text (types, expressions as written), never code bridgegen spells: that is the
/// planner's.
public struct BridgeModel: Hashable, Sendable {
    /// `import` lines as written (`@preconcurrency import PaymentsSDK`).
    public var imports: [String]
    public var blocks: [AdapterBlock]
    /// The adapters of `delegate … on Owner` blocks (`start` is `.delegate`), each generated in an
    /// extension of its owner with its delegate class.
    public var delegates: [Adapter]
}

/// The access level of generated declarations: the block's `@bridge(access:)`, else the
/// settings' default, else internal.
public enum AccessLevel: String, Hashable, Sendable, CaseIterable {
    case `internal`, package, `public`
}

/// One `extension` block of the input: becomes an extension of the same type, or a wrapper type.
public struct AdapterBlock: Hashable, Sendable {
    public var documentation: [String]
    /// The legacy type, as written (`PaymentsClient`, `Store<Item>`).
    public var extendedType: String
    /// `where` requirements of the extension.
    public var requirements: [String]
    public var access: AccessLevel
    /// When set, adapters live in a struct of this name that holds the legacy object as `base`.
    public var wrapperName: String?
    /// When set, the legacy type is a value reached through an object's property (Owl's
    /// `TableDirector.scrollViewEvents`, a struct of callback slots): the adapters extend the
    /// holder and set the value's members through that property, as the SDK reads them.
    public var holder: Holder?
    /// Attributes carried from the block (`@available(iOS 15, *)`).
    public var attributes: [String]
    public var adapters: [Adapter]
    public var location: SourceLocation
    /// The `.bridge` line of the extended type: the generated `extension` line maps to it, so a
    /// type the SDK does not have (misspelt, or not on this platform) is reported there.
    public var extendedTypeLine: Int
    /// The `#if` condition the block stands under in the `.bridge` file, if any: its generated
    /// code stands under the same one.
    public var condition: String?
    /// One of the SDK's free functions: its adapter is a free function, printed at the top level.
    public var isFreeFunction = false
}

/// An object's settable property that holds a value of the block's type.
public struct Holder: Hashable, Sendable {
    /// The object's type (`TableDirector`).
    public var type: String
    /// Its property (`scrollViewEvents`).
    public var property: String
}

/// One generated async function, stream function or property, whatever starts the SDK's work:
/// a legacy call with a completion handler, the owner's delegate, or a notification.
public struct Adapter: Hashable, Sendable {
    public var documentation: [String]
    /// The legacy declaration, `PaymentsClient.charge(amount:completion:)`; for a notification
    /// stream, the notification's name; for a delegate adapter, `name() in delegate P on Owner`.
    public var sourceName: String
    /// The holder's property the SDK's value is reached through (`TableDirector.scrollViewEvents`).
    public var through: String?
    /// The generated function, `PaymentsClient.charge(amount:)`; named in errors and reports.
    public var adapterName: String
    /// Base name of the async function, backticked when it is a keyword.
    public var name: String
    public var access: AccessLevel
    /// Attributes carried from the declaration (`@available(iOS 15, *)`).
    public var attributes: [String]
    public var isStatic: Bool
    public var discardableResult: Bool
    public var genericParameters: [String]
    public var requirements: [String]
    public var parameters: [AdapterParameter]
    /// The async function's result type; `Void` when it returns nothing.
    public var resultType: String
    /// How the adapter starts the SDK's work and hears its outcome.
    public var start: Start
    /// Timeout, error mapping, retry, isolation and cancellation, each with its `.bridge` line.
    public var options = AdapterOptions()
    /// `@asyncName(getter:)`: the adapter is a property, `var name: T { get async throws }`, as
    /// Swift imports a method with `swift_async_name("getter:name()")`.
    public var isGetter = false
    /// `@stream`: the callback is called many times and the adapter returns a stream of its
    /// values (`resultType` is the element type) instead of an async function.
    public var stream: StreamOptions?
    public var location: SourceLocation
    /// Where the declaration was written: generated code that repeats its text is mapped back
    /// to it (`#sourceLocation`), so that the compiler reports a mistake in it at the `.bridge` file.
    public var signatureLine: Int? = nil
    /// Where the result type is written: the completion handler's first parameter type (in a
    /// typealias, the alias's line).
    public var resultLine: Int? = nil
    /// `@stream` on an initializer: the adapter is a static factory that makes the object with
    /// bridgegen's handler and returns it with the stream.
    public var makes: MadeObject? = nil
    /// A stream of several event closures: the enum its elements are, one case per closure,
    /// generated beside the block (`resultType` names it).
    public var eventEnum: EventEnum? = nil

    public enum Start: Hashable, Sendable {
        /// The legacy method, called with bridgegen's completion handler.
        case call(SDKCall)
        /// The owner's delegate, set for the call, and its start method.
        case delegate(DelegateStart)
        /// An observer of a notification (`stream` is set too).
        case notification(ObservedNotification)
        /// A callback property the stream sets while it is iterated (`stream` is set too), or
        /// that a one-shot sets until its first call (`@once`).
        case property(CallbackProperty)
    }

    public var returnsVoid: Bool { resultType == "Void" }

    /// The legacy call, for an adapter that makes one.
    public var call: SDKCall? {
        if case .call(let call) = start { return call }
        return nil
    }

    /// Two adapters with equal keys would be the same Swift declaration (an invalid
    /// redeclaration): same name, labels, generic signature, parameter and result types.
    /// Overloads that differ in any of them (only in a generic constraint, say) are legal Swift.
    var signatureKey: String {
        if isGetter { return (isStatic ? "static " : "") + "var " + name }
        var key = (isStatic ? "static " : "") + name + "<" + genericParameters.joined(separator: ", ") + ">("
        key += parameters.map { ($0.label ?? "_") + ": " + $0.type + ($0.progressStream == nil ? "" : " stream") }.joined(separator: ", ") + ")"
        key += stream == nil ? " -> " + resultType : " -> stream of " + resultType
        return key + " where " + requirements.joined(separator: ", ")
    }

    /// `base(label:_:)`: how Swift names a function with these parameters.
    static func swiftName(_ base: String, _ parameters: [AdapterParameter]) -> String {
        base + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }
}

/// The object an initializer's stream adapter makes (`RawDataTap.makeWithEvents(…) ->
/// (RawDataTap, AsyncStream<[Float]>)`): its type, and whether the initializer may fail (whether
/// it throws is its call's, `legacyCall.isThrowing`).
public struct MadeObject: Hashable, Sendable {
    public var type: String
    public var isFailable: Bool
}

/// A callback property (`var onMessage: ((Message) -> Void)?`): the stream sets it when
/// iteration starts and puts back the value it had when the stream ends.
public struct CallbackProperty: Hashable, Sendable {
    /// The property's name, backticked when it is a keyword.
    public var name: String
    /// Its type as declared (what the stream keeps to put back).
    public var type: String
    /// The closure's parameters and what each is (values, or the receiver handed back).
    public var shape: CompletionShape
    /// Where the property is declared: the code that sets it lands there.
    public var line: Int?
    /// `@once`: the SDK calls it once; the adapter is a one-shot that waits for that call.
    public var once = false
    /// A `@once` property's `Result` as written (PubNub's `completionBlock: ((Result<URL, Error>)
    /// -> Void)?`): the element the stream carries, which the one-shot unwraps (`try value.get()`).
    public var result: String?
}

/// An expression or value as the user wrote it in an annotation, and its `.bridge` line.
public struct Written: Hashable, Sendable {
    public var text: String
    public var line: Int?

    public init(_ text: String, line: Int?) {
        self.text = text
        self.line = line
    }
}

/// What surrounds the SDK call, from the adapter's annotations or its block's, read once through
/// the annotation registry (Analyzer+Options.swift) for every kind of adapter.
public struct AdapterOptions: Hashable, Sendable {
    /// Seconds, as written (`30`, `2.5`), from `@timeout`.
    public var timeout: Written?
    /// A function `(any Error) -> any Error` applied to every SDK error, from `@mapError`.
    public var mapError: Written?
    /// `@retry`: repeat the call on retryable errors.
    public var retry: RetryPolicy?
    /// `@MainActor`: the adapter is main-actor isolated and calls the SDK on the main thread.
    public var isMainActor = false
    /// `@blocking`: the SDK calls back before it returns, so the adapter calls it on the SDK
    /// object's serial queue, not where it is awaited (BridgegenBlocking). The annotation's line.
    public var blocking: Int?
    /// How cancelling the task stops the SDK's work (`@cancel`, `@start`, or inferred).
    public var cancellation = Cancellation()

    public init() {}
}

/// `@retry`: the adapter's call is repeated on retryable errors, with waits between attempts.
public struct RetryPolicy: Hashable, Sendable {
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
    /// The `@retry` attribute's line (its `when:` copy is mapped there).
    public var line: Int? = nil
}

/// `@notification(name, object:, queue:, map:)`: which notifications a notification stream
/// observes and how each becomes an element. Expressions are normalized source text.
public struct ObservedNotification: Hashable, Sendable {
    public enum Center: Hashable, Sendable {
        /// The block extends `NotificationCenter`: the center the function is called on.
        case receiver
        /// `NotificationCenter.default`.
        case standard
        /// `center: expression`.
        case expression(String)
    }

    /// The notification's name: an expression (`.reachabilityDidChange`), or a string literal's
    /// text, which the planner spells `Notification.Name("…")`.
    public var name: Name

    public enum Name: Hashable, Sendable {
        case expression(String)
        case literal(String)
    }
    public var object: String?
    public var queue: String?
    public var center: Center
    /// A function `(Notification) -> Element?` (or `-> Element`), run inside the observer.
    public var map: String
    /// The `@notification` attribute's line.
    public var line: Int? = nil

}

/// How a repeated callback becomes a stream.
public struct StreamOptions: Hashable, Sendable {
    /// `.newest(1)` or `.oldest(100)`; nil keeps every event (unbounded).
    public var buffering: String?
    /// The SDK can report a failure (or its register call throws): an `AsyncThrowingStream`.
    public var isThrowing: Bool
    /// `@stream(shared)`: one SDK registration per owner for every consumer.
    public var shared = false
    /// `replay: N`: a new consumer of a shared stream first gets the last N events.
    public var replay = 0

}

/// `@until(predicate)`: which callback ends a call or stream whose SDK calls back many times.
public struct UntilCondition: Hashable, Sendable {
    /// A Swift expression taking the callback's arguments and returning `Bool`, as written.
    public var predicate: String
    /// Where the predicate starts in the `.bridge` file (its copy is mapped there).
    public var line: Int
    /// Streams: the last callback's value is yielded too (`inclusive: true`).
    public var inclusive: Bool
    /// One-shots: the adapter parameter (`AsyncStream<Value>.Continuation?`) that receives the
    /// values of the callbacks before the final one.
    public var progress: String?
}

/// How cancelling the task stops the SDK's work.
public struct Cancellation: Hashable, Sendable {
    public enum Strategy: Hashable, Sendable {
        /// No way to cancel: the adapter stops waiting and drops the late callback.
        case none
        /// Call the method named `method` on the returned token (`cancel`); `optional` when the
        /// token is optional.
        case token(method: String, optional: Bool)
        /// Call `name(label: token)` on the receiver with the returned token (`cancelRequest(_:)`).
        case receiverWithToken(name: String, label: String?)
        /// Call `call`, as written, on the receiver (`cancelGeocode()`; a delegate block's
        /// `stopUpdatingLocation()`); or from the adapter's own `self` when it starts with `self.`
        /// (`self.manager.stopQuery($token)`, the holder's in a `@bridge(through:)` block).
        case receiver(call: String)
    }

    public var strategy: Strategy = .none
    /// Swift type of the token the start call returns, `Void` when it is not used.
    public var tokenType = "Void"
    /// The start call returns `Self` (a builder-style API): the token's own methods return the
    /// token too, so what they return is discarded.
    public var returnsSelf = false
    /// The name of the method that starts a token returned suspended (`resume`).
    public var startMethod: String?
    /// Or the call, from the adapter's `self`, that starts it (`self.manager.executeQuery($token)`).
    public var startCall: String?
    /// After cancelling, wait for the SDK's own answer instead of throwing at once.
    public var waitForCompletion = false
    /// The token is returned by a call that registers asynchronously (an `async` method): the
    /// stream holds a `BridgegenAsyncRegistration`, and stopping lets the call finish, then stops
    /// the token it returns.
    public var tokenArrivesLater = false
    /// The token's stop throws (`@cancel(token: try close())`): its error is dropped, as a stop
    /// has no one to report to.
    public var stopThrows = false
    /// The token's stop is `async` (`@cancel(token: try await close())`): only an async
    /// registration's, which stops in a task of its own.
    public var stopIsAsync = false
    /// The `.bridge` line of the cancel or start expression the user wrote (`@cancel(token)`
    /// included: the `cancel()` call derives from it); nil for an inferred one.
    public var expressionLine: Int?

    public init() {}

    /// The start call's value is the token the adapter keeps.
    public var usesToken: Bool { tokenType != "Void" }
    /// The stop call of the object itself (`.receiver(call:)` with arguments, or the stop method
    /// of a returned `Self`) may answer (a future, the object), which the stop drops with `_ =`;
    /// false when the block pastes it as returning nothing. The same for the start method.
    public var stopAnswers = true
    public var startAnswers = true
}

/// A parameter of the async function: forwarded unchanged to the legacy call, or a stream the
/// caller passes for progress values.
public struct AdapterParameter: Hashable, Sendable {
    /// nil for `_`.
    public var label: String?
    public var name: String
    /// The type as declared; for a progress stream, its element type.
    public var type: String
    public var defaultValue: String?
    public var isInout: Bool
    /// `T...`: `type` is the element type; inside the adapter the parameter is a `[T]`.
    public var isVariadic = false
    /// The `.bridge` line it was declared on; nil for a parameter bridgegen adds.
    public var line: Int? = nil
    /// The caller passes an `AsyncStream<type>.Continuation` that receives progress values
    /// (`@progressStream`), or an optional one, nil by default (`@until(progress:)`).
    public var progressStream: ProgressStream? = nil

    public enum ProgressStream: Hashable, Sendable {
        case required, optional
    }
}

/// The element of a stream whose SDK reports through several event closures (BTKit's
/// `connect(…, connected:heartbeat:disconnected:)`): no SDK type says "one of these", so
/// bridgegen declares one, at the top level (a protocol cannot nest it), next to the block.
public struct EventEnum: Hashable, Sendable {
    public struct Case: Hashable, Sendable {
        /// `connected`, from the closure's label (`onLoading` → `loading`, `keyDownHandler` → `keyDown`).
        public var name: String
        /// The closure's arguments, as the SDK types them (the caller's object handed back is left out).
        public var payload: [String]
        /// The closure's parameter name in the SDK's declaration, for the doc comment.
        public var closure: String
        /// The `.bridge` line of the closure parameter: its types are repeated there.
        public var line: Int
    }

    /// `BTBackgroundConnectEvent`: the extended type's name and the adapter's, so that two
    /// adapters' enums differ unless they are the same.
    public var name: String
    public var cases: [Case]
    /// False for a second adapter with the same enum (an overload with more parameters): the
    /// first one's declaration serves both.
    public var isDeclared = true
}
