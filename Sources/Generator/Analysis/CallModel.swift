import DeclParser

// The model of an adapter that calls a legacy method: the call, its closures and the roles
// they play (AdapterModel.swift has the adapter around it).

/// The legacy call of an adapter and how its callback becomes the outcome.
public struct SDKCall: Hashable, Sendable {
    public var legacyCall: LegacyCall
    public var completion: CompletionShape
    /// `@finish(returned)`: the future the method returns ends the stream when it completes
    /// (its `whenComplete(_:)` with a `Result`, as SwiftNIO's `EventLoopFuture` has); its failure
    /// fails the stream.
    public var finishesWithReturned = false
    /// `@failure(returned)`: the returned future's failure fails the one-shot or the stream; its
    /// success leaves the outcome to the callbacks (a stream's: the subscription took).
    public var failsWithReturned = false
    /// `@success(returned)`: the returned `Bool` says whether the completion will come; false
    /// is the value at once, true the value once it has come.
    public var succeedsWithReturned = false
    /// The line of `@finish(returned)` or `@failure(returned)`: the code that waits on the
    /// returned future lands there (a type without `whenComplete(_:)` is reported on it).
    public var returnedLine: Int?
    /// What the closure of `completion` is: the whole outcome, a success closure's value, or a
    /// stream's events; and its parameter's name in the legacy declaration.
    public var completionRole = CompletionRole.completion
    public var completionName = ""
    /// `@until`: the callback that ends the call or stream.
    public var until: UntilCondition?
    /// Parameters that are callbacks of the call (progress and the like): forwarded only while
    /// the outcome is open, by their number of parameters.
    public var guardedClosureParameters: [String: Int] = [:]
    /// Those of them that are optional: wrapped through `map`.
    public var guardedOptionalClosures: Set<String> = []
    /// Progress parameters turned into `AsyncStream<Element>.Continuation` by `@progressStream`:
    /// parameter name → element type. The adapter yields into them and finishes them at the end.
    public var progressStreams: [String: String] = [:]
    /// How many values each of them gets, where more than one (yielded as a tuple).
    public var progressArities: [String: Int] = [:]

    public init(legacyCall: LegacyCall, completion: CompletionShape) {
        self.legacyCall = legacyCall
        self.completion = completion
    }
}

/// The role of the closure bridgegen hands the SDK in place of the value-delivering parameter.
public enum CompletionRole: Hashable, Sendable {
    /// It carries the whole outcome (`Result`, `(T?, Error?)`, …).
    case completion
    /// A success closure: its arguments are the value; a failure closure reports errors.
    case success
    /// A stream's event closure: its arguments are an event.
    case event
    /// No closure: the method's own return is the outcome (`@blocking` on a synchronous call
    /// whose closures only report progress, Zip's `zipFiles(…, progress:) throws`): its value is
    /// the value, its error the error.
    case returned
}

/// How the legacy method is called from inside the adapter.
public struct LegacyCall: Hashable, Sendable {
    public enum Argument: Hashable, Sendable {
        /// A parameter of the async function, passed through.
        /// `line`: where the parameter was declared (the argument repeats its label and type).
        case forwarded(label: String?, name: String, isInout: Bool, line: Int?)
        /// The completion handler bridgegen supplies, in place of the parameter on `line`: the
        /// closure whose arguments are the outcome (`SDKCall.completion`), or the value (a
        /// success or event closure, beside the closures of `outcome`).
        case completion(label: String?, line: Int?)
        /// Another closure bridgegen supplies that reports part of the outcome: the failure, or
        /// the end of a stream's events.
        case outcome(label: String?, line: Int?, OutcomeClosure)
    }

    public var name: String
    public var arguments: [Argument]
    /// The legacy method `throws`: its error ends the call.
    public var isThrowing: Bool
    /// The legacy method returns a value (a token) that the adapter ignores.
    public var returnsValue: Bool
    /// The legacy method is `async` (a stream's per-item callback, ended by its return): called
    /// in a task that the stream's end cancels.
    public var isAsync = false
    /// The method takes a variadic list, which Swift cannot pass on (it has no splat): the
    /// adapter calls it through its array form (decision 109).
    public var arrayForm: ArrayForm? = nil
    /// The failure half, called on what the call returns with the last argument (the failure's
    /// closure): `self.onSuccess({ … }).onFailure({ … })`.
    public var chained: Chained? = nil

    public struct Chained: Hashable, Sendable {
        /// `onFailure`
        public var name: String
        /// `Fetch.onFailure(_:)`, for the doc comment.
        public var fullName: String
    }

    /// A method with a variadic parameter as a function value of the same function with an
    /// array in its place: Swift passes a variadic list as an array, so the two types have one
    /// representation, and `unsafeBitCast` turns one into the other.
    public struct ArrayForm: Hashable, Sendable {
        /// `del(_:callback:)`: names the one method, whatever its overloads.
        public var reference: String
        /// `(String..., @escaping (Int?, NSError?) -> Void) -> Void`
        public var variadicType: String
        /// `([String], @escaping (Int?, NSError?) -> Void) -> Void`
        public var arrayType: String
    }
}

/// A closure beside the one that delivers the value, and what its call means
/// (docs/language.md, "What each closure is").
public struct OutcomeClosure: Hashable, Sendable {
    public enum Role: Hashable, Sendable {
        /// The failure: its one parameter is the error (`optional`: `Error?`, nil is a failure
        /// with no error).
        case failure(optional: Bool)
        /// The failure, told by a text and other values but no error (Iterable's `onFailure:
        /// (_ reason: String?, _ data: Data?) -> Void`): it throws `BridgegenError.failureStatus`
        /// carrying the text (`optional`: `String?`, nil told as ""); the other `arity - 1`
        /// arguments are dropped, which the doc comment says.
        case failureText(arity: Int, optional: Bool)
        /// The failure, one of whose `arity` arguments is the error (WordPressAuthenticator's
        /// `failure: (Error, String?) -> Void`): it is thrown (`optional`: nil is a failure with
        /// no error), the others dropped, which the doc comment says.
        case failureAmong(position: Int, arity: Int, optional: Bool)
        /// The failure, told by the call alone (WordPressKit's `failure: () -> Void`): it throws
        /// `BridgegenError.failureFlag`, as an `Error?` failure closure called with nil does.
        case failureWithoutError
        /// The user cancelled in the SDK's UI (McPicker's `cancelHandler: () -> Void`): a
        /// one-shot throws `CancellationError`, a stream just ends. Its `arity` arguments are
        /// ignored.
        case cancelledByUser(arity: Int)
        /// A stream's events are over: called with nothing (or with arguments it ignores), with
        /// an optional error (nil: finished), or with a completion whose `.failure(error)` case
        /// ends the stream with that error (Combine's `Subscribers.Completion`).
        case finish(Finish)
        /// A one-shot ended without a value (Maybe's `onCompleted` beside `onSuccess`): the
        /// value is optional, and this is nil.
        case noValue(arity: Int)
        /// Called after the success or the failure, whichever came (FutureX's `on(success:
        /// failure:completion:)`, whose `completion?()` follows either): no outcome of its own,
        /// nothing to do. Its `arity` arguments are ignored.
        case afterEither(arity: Int)
        /// One of a stream's several event closures (BTKit's `connect(…, connected:heartbeat:
        /// disconnected:)`): each call is an element, its `arity` arguments the payload of its
        /// case of the stream's generated event enum (`Adapter.eventEnum`).
        case event(case: String, arity: Int)
    }

    public enum Finish: Hashable, Sendable {
        case plain(arity: Int)
        case optionalError
        case completion
        /// A `Result` among its `arity` arguments, at `position` (SwiftyInsta's paginated calls'
        /// `completionHandler: (Result<[R], Error>, PaginationParameters) -> Void` beside
        /// `updateHandler`): its failure fails the stream, its success ends it; the rest is ignored.
        case result(position: Int, arity: Int)
    }

    public var role: Role
    /// The parameter's name in the legacy declaration, for the doc comment.
    public var parameterName: String
    /// Its first argument is the caller's object handed back (`with object:`): ignored.
    public var handsBack = false
}

/// How the arguments the SDK passes to the completion handler become the adapter's outcome.
public struct CompletionShape: Hashable, Sendable {
    public enum Role: Hashable, Sendable {
        /// Part of the result. `unwrap`: an optional that must be non-nil on success.
        case value(unwrap: Bool)
        /// The optional error; non-nil means failure.
        case error
        /// A non-optional error, the callback's only parameter: every call is a failure.
        case failure
        /// A `Bool`/integer status; `failsWhenZero` per `@asyncError(zeroArgument:)`.
        case flag(failsWhenZero: Bool, isBool: Bool)
        /// A description of the failure (`@asyncError(message: N)`): an optional one, nil is
        /// success; a `String` (`text`, BMSPush's `error: String`), empty is success. Anything
        /// else fails with `BridgegenError.failureStatus` carrying it.
        case message(text: Bool)
        /// A value that carries the failure in a member (`@asyncError(thrown: 2.error)`, Uber's
        /// `Response` with `error: UberError?` beside the model): not part of the value; the
        /// member set fails the call, thrown as it is (`thrown`) or described as
        /// `BridgegenError.failureStatus`. `access` reads it: `.error`, or `?.error` of an optional.
        case carrier(access: String, thrown: Bool)
        /// A `Result<T, E>`, alone or beside what is handed back; `lent`: its success is an
        /// object lent for the callback only (`Result<Database, Error>`): the value is `Void`.
        case result(lent: Bool)
        /// A closure that returns the value or throws the failure, called inside the callback
        /// (Perfect's `CURLResponse.Confirmation = () throws -> CURLResponse`): a `Result` made
        /// of its call.
        case thunk
        /// One value of an SDK enum declared in the file (`Event<T>`: `.next(T)`, `.error(Error)`,
        /// `.completed`): which case is the value, which the failure, which the end.
        case cases(EnumOutcome)
        /// Not part of the value: something the caller has already, handed back (the object the
        /// method was called on, `onText { ws, text in … }`; the caller's own object, `with:`; the
        /// handle the method returns, NIO's `RepeatedTask`), or an SDK object lent only for the
        /// callback's duration (`@lent(Database)`), which must not escape it.
        case handedBack
        /// Returned beside the success of the `Result` the callback gets: the next page's cursor
        /// (SwiftyInsta's `nextParameters`), which a caller needs to go on.
        case besideResult
    }

    public struct Parameter: Hashable, Sendable {
        /// Name of the closure parameter in generated code.
        public var name: String
        public var role: Role
        /// Its type, written out in the closure when Swift could not infer it (a generic
        /// method's type parameter that only the completion mentions).
        public var type: String? = nil
    }

    public var parameters: [Parameter]
    /// What the callback gets that the adapter leaves out, and why, for the doc comment
    /// ("the `Database` it gets, lent to it only").
    public var leftOut: [String] = []
    /// `@progress(name)`: closures that report progress on the way, passed through; named in the
    /// doc comment, where a reviewer sees that they are no part of the outcome.
    public var progress: [String] = []
    /// A stream's handler that returns `Bool` for whether to go on (Mapbox's `observeDataSource(with:
    /// (CameraOptions) -> Bool)`): answered whether the stream is still open, after each event.
    public var answersWhetherOpen = false
    /// `@failure(nil)`: a nil value fails the call (the values are unwrapped).
    public var nilIsFailure = false
    /// One of several event closures: its values are yielded as this case of the stream's event
    /// enum, as they come (none of them an error or a flag).
    public var eventCase: String? = nil
    /// `@asyncError(thrown: 1, unless: .none)`: the case of the failure-only callback's error that
    /// means success (SwiftMQTT's `MQTTSessionError.none`); any other is thrown.
    public var successCase: String? = nil
    /// What a completion that hands nothing resumes with (`true`, for `@success(returned)`), nil
    /// for `Void`.
    public var voidSuccessValue: String? = nil
    /// `@asyncError(zeroArgument: 1)` on a callback that gets a `Result<Bool, E>` (or an SDK
    /// enum of one): its success is a status, not a value (EosioSwift's `prepare(completion:)`,
    /// `.success(true)` on every path): the call returns nothing, and a false one fails as a
    /// flag does.
    public var successFlag: Flag? = nil

    public struct Flag: Hashable, Sendable {
        public var failsWhenZero: Bool
        public var isBool: Bool
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

    /// The failure's description (`@asyncError(message: N)`), nil when it succeeded.
    public var messageName: String? {
        parameters.first { if case .message = $0.role { return true } else { return false } }?.name
    }

    /// Whether that description is a `String`, empty when the call succeeded.
    public var messageIsText: Bool {
        parameters.contains { $0.role == .message(text: true) }
    }

    /// The value that carries the failure, how its member is read, and whether it is thrown as it is.
    public var carrier: (name: String, access: String, thrown: Bool)? {
        for parameter in parameters {
            if case .carrier(let access, let thrown) = parameter.role { return (parameter.name, access, thrown) }
        }
        return nil
    }

    /// The error of a failure-only callback (`@asyncError(thrown:)` on a non-optional error).
    public var failureName: String? {
        parameters.first { $0.role == .failure }?.name
    }

    public var flag: (name: String, failsWhenZero: Bool, isBool: Bool)? {
        for parameter in parameters {
            if case .flag(let failsWhenZero, let isBool) = parameter.role { return (parameter.name, failsWhenZero, isBool) }
        }
        return nil
    }

    /// The `Result` that is the whole outcome, when every other parameter is handed back or
    /// returned beside its success (`besides`, in order).
    public var result: (name: String, lent: Bool, besides: [String])? {
        var found: (String, Bool)?
        var besides: [String] = []
        for parameter in parameters {
            switch parameter.role {
            case .result(let lent): found = (parameter.name, lent)
            case .thunk: found = ("Result(catching: { try \(parameter.name)() })", false)
            case .handedBack: continue
            case .besideResult: besides.append(parameter.name)
            default: return nil
            }
        }
        return found.map { ($0.0, $0.1, besides) }
    }

    /// The cases of an SDK enum that is the callback's one argument (beside what is handed back),
    /// and the argument's name.
    public var enumOutcome: EnumOutcome? { enumArgument?.outcome }

    public var enumArgument: (name: String, outcome: EnumOutcome)? {
        var found: (String, EnumOutcome)?
        for parameter in parameters {
            switch parameter.role {
            case .cases(let outcome) where found == nil: found = (parameter.name, outcome)
            case .handedBack: continue
            default: return nil
            }
        }
        return found
    }
}

/// What each case of an SDK's own outcome or event enum means (docs/language.md, "What each
/// closure is"): the adapter switches over every case.
public struct EnumOutcome: Hashable, Sendable {
    public struct Case: Hashable, Sendable {
        public var name: String
        /// Its associated values (bound as `value`, or `value0`, `value1`, …).
        public var arity: Int
        /// Of an end case: which of its values is an optional error, thrown when it is not nil.
        public var errorIndex: Int? = nil
    }

    /// The case whose associated values are the value or the event; nil: there is no value
    /// (Completable's `completed` is the success).
    public var value: Case?
    /// The case whose one associated value is the error.
    public var failure: String?
    /// Cases that end: a stream's end; a one-shot's success without a value (Void, or nil beside
    /// a value case: Maybe's `completed`).
    public var ends: [Case]
    /// The enum's declaration in the `.bridge` file: the switch over its cases is its code, so a
    /// case the pasted enum lacks is a compile error there.
    public var line: Int
    /// The value is the enum itself, whichever case but the failure it is (Swift-Kuery's
    /// `QueryResult` under `@failure(.error)`): `value` and `ends` are then empty.
    public var isWholeValue = false
    /// Whether a call can fail: a failure case, or an end case that carries an optional error.
    public var canFail: Bool { failure != nil || ends.contains { $0.errorIndex != nil } }
    /// The property of the struct the callback gets that holds the enum (`status` of
    /// `Web3Response`), if the enum is not the argument itself.
    public var through: String? = nil
}
