import Generator
@testable import Inventory
import Testing

/// What scan reads from the library as a whole to tell what a callback's arguments are: an
/// object the library only lends (`@lent`), and the handle a method returns handed to each call.
@Suite struct ScanEvidenceTests: ScanTesting {
    /// GRDB's shape: a connection class that is not Sendable, made only by the library, handed to
    /// closures that do not escape; callbacks that get it get it lent.
    static let lendingLibrary = """
        public final class Database {
            init() {}
            public func execute(sql: String) throws {}
            public func afterNextTransaction(onCommit: @escaping @Sendable (Database) -> Void)
        }
        @available(*, unavailable)
        extension Database: Sendable { }
        public final class Pool: @unchecked Sendable {
            public func read<T>(_ value: (Database) throws -> T) throws -> T { fatalError() }
            public func asyncMigrate(completion: @escaping @Sendable (Result<Database, Error>) -> Void) {}
            public func asyncWrite<T>(_ updates: @escaping @Sendable (Database) throws -> T, completion: @escaping @Sendable (Database, Result<T, Error>) -> Void) {}
            public func observe(onError: @escaping (Error) -> Void, onChange: @escaping (Database) -> Void) -> Observation { fatalError() }
        }
        public final class Observation {
            public func cancel() {}
        }
        """

    @Test func anObjectTheLibraryOnlyLendsIsLentToCallbacks() throws {
        let text = scan(Self.lendingLibrary).text
        #expect(text.components(separatedBy: "    @lent(Database)\n").count == 4, "\(text)")
        #expect(text.contains("'Database' is a class that is not Sendable, which the library only lends to closures that do not escape ('read(_:)')"))
        // Its own methods are called inside those closures: named, not bridged.
        #expect(text.contains("// Not bridged: these are methods of objects the library only lends"))
        #expect(text.contains("// Database: afterNextTransaction(onCommit:)"))
        let swift = try generate(text)
        #expect(swift.contains("func asyncMigrate() async throws {"))
        #expect(swift.contains("func asyncWrite<T>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {"))
        #expect(swift.contains("-> _Concurrency.AsyncThrowingStream<Swift.Void, any Swift.Error> {"))
    }

    @Test(arguments: [
        // Sendable: safe to keep.
        "public final class Database: @unchecked Sendable {\n    init() {}\n}",
        // The app can make one.
        "public final class Database {\n    public init() {}\n}",
        // The library hands one out.
        "public final class Database {\n    init() {}\n}\npublic final class Opener {\n    public func open() -> Database { fatalError() }\n}",
    ])
    func anObjectTheAppCanKeepIsNotLent(_ database: String) {
        let text = scan(
            database + """

                public final class Pool {
                    public func read<T>(_ value: (Database) throws -> T) throws -> T { fatalError() }
                    public func asyncMigrate(completion: @escaping (Result<Database, Error>) -> Void) {}
                }
                """
        ).text
        #expect(!text.contains("@lent"), "\(text)")
    }

    /// NIO's `scheduleRepeatedTask`: the task gets the handle the method returns, and may throw.
    @Test func aTaskHandedTheReturnedHandleIsAStreamTheHandleStops() throws {
        let text = scan(
            """
            public protocol Loop {
                func scheduleRepeatedTask(delay: Int, _ task: @escaping @Sendable (RepeatedTask) throws -> Void) -> RepeatedTask
            }
            public final class RepeatedTask: Sendable {
                public func cancel(promise: Promise? = nil) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @stream because 'task' is handed the returned RepeatedTask and called until it is stopped\n    @stream\n"))
        #expect(text.contains("    @cancel(token)\n"))
        let swift = try generate(text)
        #expect(swift.contains("func scheduleRepeatedTask(delay: Int) -> _Concurrency.AsyncStream<Swift.Void> {"))
    }

    /// Just's `request(…, asyncCompletionHandler: (HTTPResult) -> Void) -> HTTPResult`: a
    /// completion handed what the method also returns is the completion still.
    @Test func aCompletionHandedTheReturnedValueStaysAOneShot() {
        let text = scan(
            """
            public final class Client {
                public func request(_ url: String, completionHandler: ((HTTPResult) -> Void)?) -> HTTPResult { fatalError() }
            }
            public final class HTTPResult {
                public func cancel() {}
            }
            """
        ).text
        #expect(!text.contains("@stream"), "\(text)")
    }

    /// RxSwift's `SingleEvent<Element> = Result<Element, Swift.Error>`: pasted, and a callback
    /// that gets a single outcome is a one-shot though its method returns a token; a Result per
    /// event (ReactiveSwift's `observeResult`) stays a stream, with the other reading said.
    @Test func aResultUnderAnotherNameIsPastedAndSaysHowOften() throws {
        let text = scan(
            """
            public typealias SingleEvent<Element> = Result<Element, Swift.Error>
            public protocol Disposable { func dispose() }
            public struct Single<Element> {
                public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable { fatalError() }
            }
            public final class Signal<Value> {
                public func observeResult(_ action: @escaping (Result<Value, Error>) -> Void) -> Disposable? { nil }
            }
            """
        ).text
        #expect(text.contains("public typealias SingleEvent<Element> = Result<Element, Swift.Error>"))
        #expect(text.contains("    // scan: one-shot: 'observer' gets a SingleEvent, a single outcome\n"))
        #expect(text.contains("    // scan: 'action' gets a Result: if it is called once, remove '@stream'\n"))
        let swift = try generate(text)
        #expect(swift.contains("func subscribe() async throws -> Element {"))
        #expect(swift.contains("func observeResult() -> _Concurrency.AsyncThrowingStream<Value, any Swift.Error> {"))
    }

    /// PostgresNIO's `query(_:_:onMetadata:onRow:) -> EventLoopFuture<Void>`: the per-row
    /// callback is the stream the future ends; a hook with a default beside it stays a parameter.
    @Test func aHookWithADefaultBesideTheRowsStaysAParameter() throws {
        let text = scan(
            """
            public final class Database {
                public func query(_ sql: String, onMetadata: @escaping (Metadata) -> () = { _ in }, onRow: @escaping (Row) throws -> ()) -> EventLoopFuture<Void> { fatalError() }
                public func query(_ sql: String, onMetadata: @escaping (Metadata) -> (), onRow: @escaping (Row) throws -> ()) -> EventLoopFuture<Void> { fatalError() }
            }
            """
        ).text
        #expect(text.components(separatedBy: "    @finish(returned)\n").count == 2, "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func query(_ sql: String, onMetadata: @escaping @Sendable (Metadata) -> () = { _ in }) -> _Concurrency.AsyncThrowingStream<Row, any Swift.Error> {"))
    }

    /// Combine's `Sink`: the properties hold the handlers the initializer took; the object's
    /// own, not events to listen to. A property the initializer does not take is a stream, and
    /// so is an optional one it may fill in (Pusher's `onSubscriptionCountChanged`), nil until
    /// someone sets it.
    @Test func aHandlerTheInitializerTakesIsNotAStream() {
        let text = scan(
            """
            public final class Sink<Input> {
                public var receiveValue: (Input) -> Void
                public var onCancel: (() -> Void)?
                public var onCountChanged: ((Int) -> Void)?
                public init(receiveValue: @escaping (Input) -> Void, onCountChanged: ((Int) -> Void)? = nil) { self.receiveValue = receiveValue }
            }
            """
        ).text
        #expect(text.contains("    @context  // the initializer takes it: the object's own handler, not events to listen to\n    public var receiveValue"), "\(text)")
        #expect(text.contains("    // scan: 'onCancel' holds a closure the SDK calls for each event: a stream\n"))
        #expect(text.contains("    // scan: 'onCountChanged' holds a closure the SDK calls for each event: a stream\n"), "\(text)")
    }

    /// A delegate protocol's own extension (Nuke's `extension ImagePipeline.Delegate`): its
    /// default implementations are the library's to call.
    @Test func aDelegatesDefaultImplementationIsNoAPI() {
        let text = scan(
            """
            public final class ImagePipeline {
                public protocol Delegate: AnyObject {
                    func willCache(data: Data, completion: @escaping (Data?) -> Void)
                }
                public func load(completion: @escaping (Error?) -> Void) {}
            }
            extension ImagePipeline.Delegate {
                public func willCache(data: Data, completion: @escaping (Data?) -> Void) { completion(data) }
            }
            """
        ).text
        #expect(text.contains("// ImagePipeline.Delegate: willCache(data:completion:)"), "\(text)")
        #expect(!text.contains("\n    public func willCache(data: Data, completion: @escaping (Data?) -> Void)\n"), "\(text)")
    }

    /// A callback property named for an end is a one-shot (`@once`); a monitor's per-request
    /// `requestDidFinish` stays a stream.
    @Test func aPropertyNamedForAnEndIsAOneShot() throws {
        let text = scan(
            """
            open class Monitor {
                open var sessionDidBecomeInvalidWithError: ((URLSession, Error?) -> Void)?
                open var requestDidFinish: ((Request) -> Void)?
                open var completionBlock: (() -> Void)?
            }
            """
        ).text
        #expect(text.components(separatedBy: "    @once\n").count == 3, "\(text)")
        #expect(text.contains("'requestDidFinish' holds a closure the SDK calls for each event: a stream"))
        let swift = try generate(text)
        #expect(swift.contains("func sessionDidBecomeInvalidWithErrorEvent() async throws -> (URLSession, Error?) {"))
        #expect(swift.contains("func completionBlockEvent() async throws {"))
        #expect(swift.contains("func requestDidFinishEvents() -> _Concurrency.AsyncStream<Request> {"))
    }

    /// A chain's own last step (PromiseKit's `PMKFinalizer.finally`) and an action added as an
    /// item (ReactiveSwift's `CompositeDisposable.add(_:)`) are work, not callbacks; an
    /// observer's `addObserver(_:)` and an `observeCompleted(_ action:)` still are callbacks.
    @Test func chainStepsAndAddedActionsAreWork() {
        let text = scan(
            """
            public final class PMKFinalizer {
                public func finally(on: DispatchQueue? = nil, _ body: @escaping () -> Void) {}
            }
            public final class CompositeDisposable {
                public func add(_ action: @escaping () -> Void) -> Disposable? { nil }
                public func addObserver(_ action: @escaping () -> Void) -> Disposable? { nil }
                public func observeCompleted(_ action: @escaping () -> Void) -> Disposable? { nil }
            }
            """
        ).text
        #expect(text.contains("// PMKFinalizer: finally(on:_:)"), "\(text)")
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public func add(_ action:"), "\(text)")
        #expect(text.contains("public func addObserver(_ action: @escaping () -> Void) -> Disposable?\n"))
        #expect(!text.contains("@context  // takes a closure, but not a callback\n    public func addObserver"))
        #expect(!text.contains("@context  // takes a closure, but not a callback\n    public func observeCompleted"))
    }

    /// websocket-kit's `connect(to:onUpgrade:) -> EventLoopFuture<Void>`: one event beside a
    /// returned future, whose failure fails the call (a failed connection never upgrades).
    @Test func oneEventBesideAReturnedFutureFailsWithIt() throws {
        let text = scan(
            """
            public final class WebSocket {
                public static func connect(to url: String, onUpgrade: @escaping (WebSocket) -> ()) -> EventLoopFuture<Void> { fatalError() }
            }
            """
        ).text
        #expect(text.contains("    // scan: @failure(returned) because the returned EventLoopFuture<Void> fails when 'onUpgrade' never comes\n    @failure(returned)\n"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func connect(to url: String) async throws -> WebSocket {"))
        #expect(swift.contains("if case .failure(let error) = result { continuation.resume(throwing: error) }"))
    }

    /// A declaration whose line ends in `->` goes on to the next line, whatever word starts it
    /// (NIOSSL's `typealias NIOSSLCustomVerificationCallback = (…) ->` then `Void`).
    @Test func aTypealiasBrokenAfterItsArrowIsReadWhole() throws {
        let text = scan(
            """
            public typealias Verify = ([String], Promise<Bool>) ->
                Void
            public final class Handler {
                public func verify(_ callback: @escaping Verify) {}
            }
            """
        ).text
        #expect(text.contains("public typealias Verify = ([String], Promise<Bool>) ->\n    Void\n"), "\(text)")
        _ = try generate(text)
    }

    /// RediStack's pub/sub: the receiver is the events, the closure named for the method's undoing
    /// (`onUnsubscribe`) the end, the call that undoes it (with the method's own argument) the
    /// stop, the returned future's failure the stream's. mqtt-nio's `addPublishListener(named:_:)`
    /// is undone by `removePublishListener(named: name)`.
    @Test func aSubscriptionIsAStreamItsUndoingStops() throws {
        let text = scan(
            """
            public typealias Receiver = (_ channel: String, _ message: String) -> Void
            public typealias ChangeHandler = (_ key: String, _ count: Int) -> Void
            public final class Client {
                public func subscribe(to channels: [String], messageReceiver receiver: @escaping Receiver, onSubscribe subscribeHandler: ChangeHandler? = nil, onUnsubscribe unsubscribeHandler: ChangeHandler? = nil) -> EventLoopFuture<Void> { fatalError() }
                public func unsubscribe(from channels: [String]) -> EventLoopFuture<Void> { fatalError() }
                public func addPublishListener(named name: String, _ listener: @escaping (Message) -> Void) {}
                public func removePublishListener(named name: String) {}
                public func addSubscription(for target: Target, messageReceiver receiver: @escaping Receiver, onSubscribe subscribeHandler: ChangeHandler?, onUnsubscribe unsubscribeHandler: ChangeHandler?) -> EventLoopFuture<Int> { fatalError() }
                public func removeSubscription(for target: Target) -> EventLoopFuture<Int> { fatalError() }
            }
            """
        ).text
        #expect(text.contains("    // scan: @stream because 'messageReceiver' is called for each event and 'onUnsubscribe' ends them\n"), "\(text)")
        #expect(text.contains("    @cancel(unsubscribe(from: channels))\n"))
        #expect(text.contains("    @failure(returned)\n"))
        #expect(text.contains("    @cancel(removePublishListener(named: name))\n"))
        #expect(text.contains("    @cancel(removeSubscription(for: target))\n"))
        let swift = try generate(text)
        #expect(swift.contains("stop: { _ in _ = self.unsubscribe(from: channels) },"))
        // The undoing call's future is dropped; one that returns nothing is a statement.
        #expect(swift.contains("stop: { _ in self.removePublishListener(named: name) },"))
        #expect(swift.contains(") -> _Concurrency.AsyncThrowingStream<(String, String), any Swift.Error> {"))
    }

    /// A stream whose callback gets a `Result` per call: a listener's failure is one event
    /// (mqtt-nio: `@stream(results)`), an observation's ends it, which the entry says.
    /// An enum nested in a generic type, handed over with other arguments than its cases use
    /// (ReactiveKit's `Signal<Value, Never>.Event`), is read as declared, which is said too.
    @Test func resultsOfListenersAndNestedGenericEnums() throws {
        let text = scan(
            """
            public final class Signal<Element, Error: Swift.Error> {
                public enum Event {
                    case next(Element)
                    case failed(Error)
                    case completed
                }
            }
            public final class Client {
                public func addPublishListener(named name: String, _ listener: @escaping (Result<String, Error>) -> Void) {}
                public func removePublishListener(named name: String) {}
                public func observeResult(_ action: @escaping (Result<Int, Error>) -> Void) -> Disposable? { nil }
            }
            public final class Property<Value> {
                public func observe(with observer: @escaping (Signal<Value, Never>.Event) -> Void) -> Disposable { Disposable() }
            }
            public final class Disposable {
                public func dispose() {}
            }
            """
        ).text
        #expect(text.contains("    @stream(results)\n"), "\(text)")
        #expect(text.contains("// scan: 'action' gets a Result per call: the stream ends at the first failure; if the SDK goes on after one, write '@stream(results)'"))
        #expect(text.contains("// scan: 'Signal.Event' is nested in a generic type: its cases are read as declared, not with 'Value', 'Never' in place"))
        let swift = try generate(text)
        #expect(swift.contains("func addPublishListener(named name: String) -> _Concurrency.AsyncStream<Result<String, Error>> {"), "\(swift)")
    }

    /// `on` and an end of the object itself (`onUnexpectedClosure`, `onClose(reason)`) is `@once`;
    /// an end of one of many (`onPartComplete`, `onTaskCompleted(task)`) is a stream.
    @Test func anEndOfTheObjectItselfIsOnce() {
        let text = scan(
            """
            public final class Connection {
                public var onUnexpectedClosure: (() -> Void)?
                public var onClose: ((CloseReason) -> Void)?
                public var onPartComplete: (() -> Void)?
                public var onTaskCompleted: ((Task) -> Void)?
                public var onUnsubscribed: (() -> Void)?
                public var onRejected: (() -> Void)?
            }
            """
        ).text
        // A subscription's ends too (Swift-ActionCableClient's `Channel.onUnsubscribed`, `onRejected`).
        #expect(text.components(separatedBy: "    @once\n").count == 5, "\(text)")
        #expect(text.contains("'onPartComplete' holds a closure the SDK calls for each event: a stream"))
        #expect(text.contains("'onTaskCompleted' holds a closure the SDK calls for each event: a stream"))
    }

    /// Swift-Kuery's `nextRow(callback: (([Any?]?, Error?)) -> ())`: the tuple is read as a value
    /// and an error, and nil without an error is the end of the rows (`@nullableResult`).
    @Test func theNextItemMayBeNil() throws {
        let text = scan(
            """
            public final class ResultSet {
                public func nextRow(callback: @escaping (([Any?]?, Error?)) -> ()) {}
                public func titles(callback: @escaping (([String]?, Error?)) -> ()) {}
            }
            """
        ).text
        #expect(text.components(separatedBy: "    @nullableResult\n").count == 2, "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func nextRow() async throws -> [Any?]? {"))
        #expect(swift.contains("func titles() async throws -> [String] {"))
    }

    /// Kitura-redis's `get(_:callback:)` calls a callback that does not escape before it returns:
    /// a synchronous SDK, bridged with `@blocking`. Where the library calls its callbacks with
    /// `(nil, nil)`, nil without an error is a value (`@nullableResult`); elsewhere the starter
    /// says that it is taken for an error.
    @Test func aCompletionThatDoesNotEscapeIsBlocking() {
        let redis = """
            public class Redis {
                public func get(_ key: String, callback: (String?, NSError?) -> Void) {}
                public func scan(cursor: Int, callback: (_ newCursor: String?, _ res: [String?]?, _ err: NSError?) -> Void) {}
                public func map(_ transform: (String) -> String) {}
            }
            func handle(_ response: String?, callback: (String?, NSError?) -> Void) {
                guard let response else { return callback(nil, nil) }
                callback(response, nil)
            }
            """
        let text = scan(redis).text
        #expect(text.contains("""
                // scan: @blocking because 'callback' does not escape: 'get' calls it before it returns, so the adapter calls it on the object's serial queue
                @blocking
                // scan: @nullableResult because the library calls completions with (nil, nil): nil without an error is a value (an absent one)
                @nullableResult
                // scan: assumed from the library at large: if 'get' never calls back with nil and no error, remove '@nullableResult'
                // scan: as written, an async adapter; if 'get' does no I/O and returns at once, call it directly and delete this declaration
                public func get(_ key: String, callback: (String?, NSError?) -> Void)
            """), "\(text)")
        #expect(text.contains("@nullableResult\n    // scan: assumed from the library at large: if 'scan' never calls back with nil and no error, remove '@nullableResult'\n    // scan: as written, an async adapter"))
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public func map(_ transform: (String) -> String)"))
        let withoutNilReplies = scan(redis.replacingOccurrences(of: "callback(nil, nil)", with: "callback(nil, Failure())")).text
        #expect(withoutNilReplies.contains("""
                // scan: nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'
                // scan: as written, an async adapter; if 'get' does no I/O and returns at once, call it directly and delete this declaration
                public func get(_ key: String, callback: (String?, NSError?) -> Void)
            """), "\(withoutNilReplies)")
    }

    /// SignalR's helper passes a value bound from a function that returns an optional
    /// (`let result = try message.getResult(T.self)`, `-> T?`) with a nil error: nil without an
    /// error reaches the callbacks of that name, not the library's other callbacks.
    @Test func anOptionalValuePassedWithoutAnErrorIsNilAndNil() {
        let library = """
            public class Hub {
                public func invoke<T: Decodable>(method: String, resultType: T.Type, invocationDidComplete: @escaping (_ result: T?, _ error: Error?) -> Void) {}
                public func get(url: URL, completionHandler: @escaping (Response?, Error?) -> Void) {}
            }
            public struct Message {
                public func getResult<T: Decodable>(_ type: T.Type) throws -> T? { nil }
            }
            final class Handler<T: Decodable> {
                let invocationDidComplete: (T?, Error?) -> Void
                func process(message: Message) {
                    do {
                        let result = try message.getResult(T.self)
                        invocationDidComplete(result, nil)
                    } catch {
                        invocationDidComplete(nil, error)
                    }
                }
            }
            """
        let text = scan(library).text
        #expect(text.contains("""
                @nullableResult
                // scan: assumed from the library at large: if 'invoke' never calls back with nil and no error, remove '@nullableResult'
                public func invoke<T: Decodable>(
            """), "\(text)")
        #expect(text.contains("""
                // scan: nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'
                public func get(url: URL
            """), "\(text)")
        // Bound in a `guard let`, the value is never nil: no evidence.
        let unwrapped = scan(library.replacingOccurrences(of: "let result = try message", with: "guard let result = try message")).text
        #expect(!unwrapped.contains("    @nullableResult\n"), "\(unwrapped)")
        // `try?` makes nil of a failure.
        let tried = scan(library.replacingOccurrences(of: "try message.getResult(T.self)", with: "try? JSONDecoder().decode(T.self, from: data)")).text
        #expect(tried.contains("@nullableResult\n    // scan: assumed from the library at large: if 'invoke'"), "\(tried)")
    }

    /// `on` and an outcome (a future's `onSuccess`, `onFailure`) registers for the one outcome:
    /// a one-shot; `on` and an event (`onText`) a stream.
    @Test func aFuturesOnSuccessIsAOneShot() {
        let text = scan(
            """
            public final class Future<T> {
                @discardableResult
                public func onSuccess(_ context: @escaping (@escaping () -> Void) -> Void = { $0() }, callback: @escaping (T) -> Void) -> Self { self }
                @discardableResult
                public func onFailure(_ context: @escaping (@escaping () -> Void) -> Void = { $0() }, callback: @escaping (Error) -> Void) -> Self { self }
            }
            public final class Socket {
                public func onText(_ callback: @escaping (String) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("@stream\n    @discardableResult\n    public func onSuccess"), "\(text)")
        #expect(!text.contains("@stream\n    @discardableResult\n    public func onFailure"))
        #expect(text.contains("@stream\n    // scan: nothing stops what 'onText' registers"), "\(text)")
    }

    /// A method named for running what it is given (an executor's `execute(_ block:)`, a
    /// queue's `after(when:block:)`) runs its closure of nothing as a job: not a callback, whatever
    /// the closure is called, unless it is named as a completion.
    @Test func anExecutorsBlockIsWork() {
        let text = scan(
            """
            public struct ExecutionContext {
                public func execute(_ block: @escaping () -> Void) {}
            }
            public final class Queue {
                public func disposableAfter(when interval: Double, block: @escaping () -> Void) -> Token { Token() }
                public func perform(completion: @escaping () -> Void) {}
            }
            public final class Token {
                public func cancel() {}
            }
            """
        ).text
        #expect(text.contains("// ExecutionContext: execute(_:)"), "\(text)")
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public func disposableAfter("), "\(text)")
        #expect(text.contains("\n    public func perform(completion: @escaping () -> Void)"))
        #expect(!text.contains("@context  // takes a closure, but not a callback\n    public func perform("))
    }

    /// Kitura-net: a server's `started(callback:) -> Self` returns the server for chaining, and
    /// its `stop()` would stop the server, not the listening (`@cancel(none)`); a request made
    /// and returned unsent is sent by `end()` (`@start(end())`), one `get` sends itself.
    @Test func theObjectItselfIsNoTokenAndAnUnsentRequestIsSent() {
        let text = scan(
            """
            public final class HTTPServer {
                public func stop() {}
                @discardableResult
                public func started(callback: @escaping () -> Void) -> Self { self }
            }
            public final class ClientRequest {
                public func end(close: Bool = false) {}
            }
            public class HTTP {
                public static func request(_ url: String, callback: @escaping (String?) -> Void) -> ClientRequest { ClientRequest() }
                public static func get(_ url: String, callback: @escaping (String?) -> Void) -> ClientRequest { ClientRequest() }
            }
            """
        ).text
        #expect(text.contains("// scan: @cancel(none) because 'started' returns the HTTPServer itself, for chaining: its stop() would stop the HTTPServer, not this listening"), "\(text)")
        #expect(!text.contains("@cancel(token: stop())"))
        #expect(text.contains("    @start(end())\n    // scan: @cancel(none) because the returned ClientRequest has no method that stops it\n    @cancel(none)\n    // scan: as written, a nil that 'callback' gets is returned (no String); if nil means the call failed, write '@failure(nil)'; if nil means success and the text says why it failed, '@asyncError(message: 1)'\n    public static func request("), "\(text)")
        #expect(!text.contains("@start(end())\n    // scan: @cancel(none) because the returned ClientRequest has no method that stops it\n    @cancel(none)\n    public static func get("))
    }

    /// A closure of a promise that may throw into the next link it returns is a chain step,
    /// whatever it is called (Hydra's `pass(in:_ handler:)`); a future's callback that cannot
    /// throw reports the outcome (NIO's `always(_:)`).
    @Test func aThrowingStepOfAPromiseChainIsWork() {
        let text = scan(
            """
            public final class Promise<Value> {
                public func pass(in context: Int? = nil, _ handler: @escaping (Value) throws -> Void) -> Promise<Value> { self }
            }
            public final class EventLoopFuture<Value> {
                public func always(_ callback: @escaping (Result<Value, Error>) -> Void) -> EventLoopFuture<Value> { self }
            }
            """
        ).text
        #expect(text.contains("// Promise: pass(in:_:)"), "\(text)")
        #expect(text.contains("    public func always(_ callback: @escaping (Result<Value, Error>) -> Void) -> EventLoopFuture<Value>"))
    }

    /// A closure behind a typealias of an optional closure, defaulted to nil, escapes
    /// (Swift-SMTP's `send(_:progress:completion:)` with `Completion = (([Mail], …) -> Void)?`).
    @Test func anOptionalClosureBehindATypealiasIsACallback() {
        let text = scan(
            """
            public typealias Completion = (([String], [(String, Error)]) -> Void)?
            public final class SMTP {
                public func send(_ mails: [String], completion: Completion = nil) {}
            }
            """
        ).text
        #expect(text.contains("extension SMTP {\n    public func send(_ mails: [String], completion: Completion = nil)"), "\(text)")
    }

    /// A name the SDK declares that Foundation also has (Swift-SMTP's `typealias Progress`) is
    /// spelled with the module in a callback's declaration: the adapter repeats it beside
    /// `import Foundation`, where `Progress` alone is ambiguous.
    @Test func aNameFoundationAlsoHasIsQualified() {
        let text = scan(
            """
            public typealias Progress = ((String, Error?) -> Void)?
            public final class SMTP {
                public func send(_ mails: [String], progress: Progress = nil, completion: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("public typealias Progress = ((String, Error?) -> Void)?"), "\(text)")
        #expect(text.contains("public func send(_ mails: [String], progress: Store.Progress = nil, completion: @escaping (Error?) -> Void)"), "\(text)")
        #expect(StarterFile.qualifying("a: Progress, b: Foundation.Progress, c: Progressive", ["Progress": "M.Progress"])
            == "a: M.Progress, b: Foundation.Progress, c: Progressive")
    }

    /// A method that adds an observer of a kind (hyperoslo/Cache's `addStorageObserver`) and
    /// returns its token calls back until the token stops it: a stream.
    @Test func addingAnObserverOfAKindIsAStream() {
        let text = scan(
            """
            public final class Storage {
                public func addStorageObserver<O: AnyObject>(_ observer: O, closure: @escaping (O, Storage, String) -> Void) -> ObservationToken { ObservationToken() }
            }
            public final class ObservationToken {
                public func cancel() {}
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'addStorageObserver' returns a token and calls back until it is stopped"), "\(text)")
    }

    /// A value enum with an error case (Swift-Kuery's `QueryResult`) is pasted and its failure
    /// named: it throws, and the whole enum is the value, said; a streaming call's per-message
    /// handler (grpc-swift) is a stream that does not end with the call, said too. One with a single value case (Bluejay's
    /// `DisconnectionResult`) has its value named. A command (`commit`) beside a case that
    /// succeeds with nothing (`.successNoData`) returns nothing.
    @Test func whatTheAdapterCannotMakeRightIsSaid() {
        let text = scan(
            """
            public enum QueryResult {
                case success(Any)
                case successNoData
                case resultSet(ResultSet)
                case error(Error)
            }
            public final class Connection {
                public func execute(_ raw: String, onCompletion: @escaping ((QueryResult) -> ())) {}
                public func commit(onCompletion: @escaping ((QueryResult) -> ())) {}
                public func makeServerStreamingCall(path: String, handler: @escaping (Response) -> Void) -> ServerStreamingCall { fatalError() }
            }
            """
        ).text
        #expect(text.contains("    // scan: @failure(.error) because '.error' of 'QueryResult' carries the error, thrown\n    @failure(.error)\n"), "\(text)")
        #expect(text.contains("    // scan: as written, the value is the whole QueryResult: .success, .successNoData, .resultSet; where a call only succeeds or fails, leave the value unused"), "\(text)")
        #expect(text.contains("enum QueryResult {\n    case success(Any)"), "\(text)")
        // A command's success is the case of nothing; any other but the failure succeeds too.
        #expect(
            text.contains(
                "    // scan: @success(.successNoData) because 'commit' is a command, and '.successNoData' of 'QueryResult' succeeds without a value\n    @success(.successNoData)\n"
            ), "\(text)")
        #expect(text.contains("    // scan: @finish(.success, .resultSet) because any other case succeeds too, its value dropped\n"), "\(text)")
        // Named for a streaming call, a stream (decision 140), which does not end with the call: said.
        #expect(text.contains("    // scan: @stream because 'makeServerStreamingCall' is named for streaming: called for each part\n"), "\(text)")
        #expect(
            text.contains(
                "    // scan: 'handler' is called for each message of a streaming call, whose end only the returned ServerStreamingCall reports"),
            "\(text)")
    }
}
