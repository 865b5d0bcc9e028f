import Generator
@testable import Inventory
import Testing

/// What scan reads from the library as a whole to tell what a callback's arguments are: an
/// object the library only lends (`@lent`), and the handle a method returns handed to each call.
@Suite struct ScanEvidenceTests {
    func scan(_ source: String) -> Scan.Result {
        var scan = Scan()
        scan.modules = ["Store"]
        return scan.run([Scan.File(path: "Sources/Store/Store.swift", bytes: Array(source.utf8))])
    }

    func generate(_ text: String) throws -> String {
        let output = try GeneratorPipeline.standard().generate(source: Array(text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(!output.reports.contains { $0.diagnostic.severity == .error }, "\(output.reports.map(\.formatted))")
        return output.text ?? ""
    }

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
        #expect(swift.contains("func query(_ sql: String, onMetadata: @escaping (Metadata) -> () = { _ in }) -> _Concurrency.AsyncThrowingStream<Row, any Swift.Error> {"))
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
                public func get(_ key: String, callback: (String?, NSError?) -> Void)
            """), "\(text)")
        #expect(text.contains("@nullableResult\n    public func scan(cursor: Int"))
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public func map(_ transform: (String) -> String)"))
        let withoutNilReplies = scan(redis.replacingOccurrences(of: "callback(nil, nil)", with: "callback(nil, Failure())")).text
        #expect(withoutNilReplies.contains("""
                // scan: nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'
                public func get(_ key: String, callback: (String?, NSError?) -> Void)
            """), "\(withoutNilReplies)")
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
        #expect(text.contains("@stream\n    public func onText"))
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

    /// A binding's setter (ReactiveKit's `bind(to:setter:)`) is the caller's code the SDK runs to
    /// apply each element to the target: work, not a callback.
    @Test func aBindingsSetterIsWork() {
        let text = scan(
            """
            public final class Signal {
                public func bind<Target: AnyObject>(to target: Target, setter: @escaping (Target, Int) -> Void) -> Disposable { Disposable() }
            }
            public final class Disposable {
                public func dispose() {}
            }
            """
        ).text
        #expect(text.contains("// Signal: bind(to:setter:)"), "\(text)")
        #expect(!text.contains("\n    public func bind<Target: AnyObject>(to target: Target, setter:"), "\(text)")
    }

    /// An override is its superclass's method: the superclass's adapter calls it, and a second
    /// adapter of the same name in the subclass's extension would not compile (ReactiveKit's
    /// `ReplaySubject.observe(with:)` under `Subject`'s).
    @Test func anOverrideIsTheSuperclasssMethod() {
        let text = scan(
            """
            open class Subject {
                open func observe(with observer: @escaping (Int) -> Void) {}
            }
            public final class ReplaySubject: Subject {
                public override func observe(with observer: @escaping (Int) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// ReplaySubject → Subject: observe(with:)\n"), "\(text)")
        #expect(text.contains("    @stream\n    open func observe(with observer: @escaping (Int) -> Void)"))
        // Beside a callback of its own, the override is context in the block.
        let besides = scan(
            """
            open class Subject {
                open func observe(with observer: @escaping (Int) -> Void) {}
            }
            public final class ReplaySubject: Subject {
                public override func observe(with observer: @escaping (Int) -> Void) {}
                public func replay(completion: @escaping (Int) -> Void) {}
            }
            """
        ).text
        #expect(besides.contains("    @context  // overrides Subject's: the superclass's adapter calls it\n    public override func observe("), "\(besides)")
    }

    /// A conformer's implementation of a requirement of the module's protocol (Starscream's
    /// `WebSocket.write(string:completion:)` of `WebSocketClient`) is served by the protocol's
    /// adapter, which dispatches to it; one whose types differ (hyperoslo/Cache's `Storage`
    /// gets itself where the protocol gets its associated type) keeps an adapter of its own, and
    /// so does a method of the protocol's extension, which is dispatched statically.
    @Test func aRequirementsImplementationIsServedByTheProtocolsAdapter() {
        let text = scan(
            """
            public protocol WebSocketClient: AnyObject {
                associatedtype S
                func write(string: String, completion: (() -> ())?)
                func observe(_ closure: @escaping (S) -> Void)
            }
            extension WebSocketClient {
                public func ping(completion: @escaping () -> Void) {}
            }
            open class WebSocket: WebSocketClient {
                public typealias S = WebSocket
                public func write(string: String, completion: (() -> ())?) {}
                public func observe(_ closure: @escaping (WebSocket) -> Void) {}
                public func ping(completion: @escaping () -> Void) {}
            }
            public final class Engine {}
            extension Engine: WebSocketClient {
                public typealias S = Engine
                public func write(string: String, completion: (() -> ())?) {}
            }
            """
        ).text
        #expect(text.contains("    @context  // implements WebSocketClient's requirement: WebSocketClient's adapter calls it\n    public func write(string:"), "\(text)")
        #expect(text.contains("\n    public func observe(_ closure: @escaping (WebSocket) -> Void)"), "\(text)")
        #expect(!text.contains("implements WebSocketClient's requirement: WebSocketClient's adapter calls it\n    public func observe("), "\(text)")
        #expect(!text.contains("adapter calls it\n    public func ping("), "\(text)")
        #expect(text.contains("// Engine → WebSocketClient: write(string:completion:)"), "\(text)")
        // A delegate protocol's method, implemented (Alamofire's `Session` as `RequestDelegate`,
        // CocoaMQTT as `CocoaMQTTSocketDelegate`): the library's to call.
        let delegate = scan(
            """
            public protocol RequestDelegate: AnyObject {
                func retryResult(for request: Request, dueTo error: Error, completion: @escaping (Bool) -> Void)
            }
            public final class Request {}
            public final class Client: RequestDelegate {
                public func retryResult(for request: Request, dueTo error: Error, completion: @escaping (Bool) -> Void) {}
                public func publish(completion: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(delegate.contains("    @context  // implements RequestDelegate's requirement: the library calls it, as the RequestDelegate\n    public func retryResult("), "\(delegate)")
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
        #expect(text.contains("    @start(end())\n    // scan: @cancel(none) because the returned ClientRequest has no method that stops it\n    @cancel(none)\n    public static func request("))
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

    /// A subclass's callback that names its superclass's typealias bare (OAuthSwift's
    /// `OAuth2Swift.authorize(…, completionHandler: TokenCompletionHandler)`, declared in
    /// `OAuthSwift`) is a callback, written with the alias qualified so that generate finds it.
    @Test func aSuperclasssTypealiasIsSeenAndQualified() throws {
        let result = scan(
            """
            open class OAuthSwift {
                public typealias TokenCompletionHandler = (Result<String, Error>) -> Void
            }
            open class OAuth2Swift: OAuthSwift {
                open func authorize(scope: String, completionHandler completion: @escaping TokenCompletionHandler) -> Handle? { nil }
            }
            public final class Handle {
                public func cancel() {}
            }
            """
        )
        let text = result.text
        #expect(text.contains("open func authorize(scope: String, completionHandler completion: @escaping OAuthSwift.TokenCompletionHandler) -> Handle?"), "\(text)")
        #expect(text.contains("extension OAuthSwift {\n    public typealias TokenCompletionHandler = (Result<String, Error>) -> Void"), "\(text)")
        #expect(result.summary.hasPrefix("scan: 1 callback APIs"), "\(result.summary)")
    }

    /// A closure property named for an action the SDK has it do (OAuthSwift's
    /// `SafariURLHandler.present`, `dismiss`) is the caller's code, not an event it is told of.
    @Test func aPropertyNamedForAnActionIsNoCallback() {
        let text = scan(
            """
            open class SafariURLHandler {
                open var present: (String, SafariURLHandler) -> Void = { _, _ in }
                open var dismiss: (String, SafariURLHandler) -> Void = { _, _ in }
                open var onPresent: ((String) -> Void)?
                open var presentCompletion: (() -> Void)?
            }
            """
        ).text
        #expect(!text.contains("'present' holds a closure"), "\(text)")
        #expect(!text.contains("'dismiss' holds a closure"), "\(text)")
        #expect(text.contains("'onPresent' holds a closure"), "\(text)")
        #expect(text.contains("open var presentCompletion"), "\(text)")
    }

    /// The SDK's own async form (Kingfisher's `retrieveImage(with:options:) async throws` beside
    /// `retrieveImage(with:options:completionHandler:)`) is the one to call: the callback form is
    /// context. Not beside an async method that takes a closure itself, nor for a stream (an
    /// `all() async` that returns every row at once is no form of a row callback).
    @Test func theSDKsOwnAsyncFormIsTheOneToCall() {
        let text = scan(
            """
            public final class ImageCache {
                public func retrieveImage(with url: String, options: [String] = [], completionHandler: @escaping (Result<String, Error>) -> Void) {}
                public func retrieveImage(with url: String, options: [String] = []) async throws -> String { "" }
                @objc func clearCache() {}
                public func clearCache(completion: (() -> Void)? = nil) {}
                public func clearCache() async {}
                public func all(_ onRow: @escaping (String) -> Void) -> Future {}
                public func all() async throws -> [String] { [] }
                public func connect(to url: String, onUpgrade: @escaping (String) -> Void) -> Future {}
                public func connect(to url: String, onUpgrade: @escaping (String) -> Void) async throws {}
            }
            public final class Future {}
            public final class User {
                public func save(options: [String] = [], completion: @escaping (Result<User, Error>) -> Void) {}
            }
            #if compiler(>=5.5.2) && canImport(_Concurrency)
            extension User {
                public func save(options: [String] = []) async throws -> User { self }
            }
            #endif
            public protocol Requestable {
                associatedtype ResultType
                func start(_ callback: @escaping (Result<ResultType, Error>) -> Void)
            }
            extension Requestable {
                public func start() async throws -> ResultType { fatalError() }
            }
            public struct Request<T>: Requestable {
                public func start(_ callback: @escaping (Result<T, Error>) -> Void) {}
            }
            public final class _objc_Request {
                public func onSuccess(_ callback: @escaping (Int) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// User: save(options:completion:)"), "\(text)")
        #expect(text.contains("// Request: start(_:)"), "\(text)")
        #expect(!text.contains("_objc_Request"), "\(text)")
        #expect(text.contains("    @context  // the SDK's own async form 'retrieveImage(with:options:)' is the one to call\n"), "\(text)")
        #expect(text.contains("    @context  // the SDK's own async form 'clearCache()' is the one to call\n"), "\(text)")
        #expect(!text.contains("async form 'all()'"), "\(text)")
        #expect(!text.contains("async form 'connect"), "\(text)")
    }

    /// A closure named for each receipt (Nuke's `loadData(with:didReceiveData:completion:)`)
    /// beside a completion is a stream that the completion ends.
    @Test func aClosureNamedForEachReceiptIsAnEvent() {
        let text = scan(
            """
            public protocol DataLoading: Sendable {
                func loadData(with request: String, didReceiveData: @escaping (Data, String) -> Void, completion: @escaping (Error?) -> Void) -> Cancellable
            }
            public protocol Cancellable: AnyObject {
                func cancel()
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'didReceiveData' is called for each event and 'completion' ends them"), "\(text)")
    }

    /// Kingfisher's builder: `onSuccess(_ block: ((Result) -> Void)?) -> Self` keeps a handler
    /// (optional, so nil clears it) for a later call; `configure(_:)` sets up what it is handed;
    /// an operation queue's `addOperation(_ block:)` runs its block. None of them is a callback.
    @Test func aBuildersSettersAndConfigurationAreNoCallbacks() {
        let text = scan(
            """
            public protocol KFOptionSetter {}
            extension KFOptionSetter {
                public func onSuccess(_ block: ((String) -> Void)?) -> Self { self }
                public func configure(_ block: @escaping (Int) -> Void) -> Self { self }
                public func load(completion: @escaping (Error?) -> Void) {}
            }
            public protocol CallbackOperationQueue {
                func addOperation(_ block: @escaping () -> Void)
            }
            public final class Server {
                public func started(callback: @escaping () -> Void) -> Self { self }
                public func stop() {}
            }
            """
        ).text
        #expect(text.contains("@context  // sets a handler of the builder, which a later call uses: nothing this call starts calls it\n    public func onSuccess("), "\(text)")
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public func configure("), "\(text)")
        #expect(text.contains("// CallbackOperationQueue: addOperation(_:)"), "\(text)")
        #expect(text.contains("    public func started(callback: @escaping () -> Void) -> Self\n"), "\(text)")
        #expect(!text.contains("@context  // sets a handler of the builder, which a later call uses: nothing this call starts calls it\n    public func started("), "\(text)")
    }

    /// A completion with a default beside a returned Swift `Task` (Kingfisher's `setImage(…,
    /// completionHandler: (…)? = nil) -> Task<(), Never>?`) is a callback the task's `cancel()`
    /// stops, not an operator's hook; an SDK's own `Task` without a stop says nothing.
    @Test func aReturnedSwiftTaskIsCancelled() {
        let text = scan(
            """
            public struct KingfisherWrapper<Base> {
                public func setImage(with urls: [URL], completionHandler: ((Result<String, Error>) -> Void)? = nil) -> Task<(), Never>? { nil }
            }
            """
        ).text
        #expect(text.contains("    // scan: @cancel(token) because the returned Task<(), Never>? has cancel()\n"), "\(text)")
    }

    /// SQLite.swift's connection: `trace(_:)` and `updateHook(_:)` keep one handler that nil
    /// clears (a stream, `@cancel(trace(nil))`); `commitHook` takes a throwing closure, a veto,
    /// not an event; `transaction(_:block:)` runs its throwing body and `create(block:)` fills
    /// in a builder before they return: work, not completions that do not escape.
    @Test func handlerSlotsBodiesAndBuilders() {
        let text = scan(
            """
            public final class Connection {
                public func trace(_ callback: ((String) -> Void)?) {}
                public func updateHook(_ callback: ((_ table: String, _ rowid: Int64) -> Void)?) {}
                public func commitHook(_ callback: (() throws -> Void)?) {}
                public func transaction(_ mode: Int = 0, block: () throws -> Void) throws {}
                public func create(block: (TableBuilder) -> Void) -> String { "" }
                public func get(_ key: String, callback: (String?, Error?) -> Void) {}
            }
            public final class TableBuilder {}
            """
        ).text
        #expect(text.contains("""
                // scan: @stream because 'trace' keeps one handler, which nil clears: called for each event until then
                @stream
                // scan: @cancel(trace(nil)) because 'trace(nil)' clears the handler
                @cancel(trace(nil))
                public func trace(
            """), "\(text)")
        #expect(text.contains("    @cancel(updateHook(nil))\n"), "\(text)")
        #expect(!text.contains("@cancel(commitHook(nil))"), "\(text)")
        #expect(!text.contains("@blocking\n    public func transaction("), "\(text)")
        #expect(!text.contains("@blocking\n    public func create("), "\(text)")
        #expect(text.contains("@blocking\n"), "\(text)")
    }

    /// SwiftyStoreKit: a public `class func` beside a fileprivate instance method of the same
    /// signature is its own declaration (the public one is the API), and `onEntitlementRevocation(
    /// completion:)` is named for an event while its closure is named for one outcome: said.
    @Test func aStaticMethodBesideAPrivateTwinAndAnEventNamedCompletion() {
        let text = scan(
            """
            public class SwiftyStoreKit {
                fileprivate func restorePurchases(atomically: Bool = true, completion: @escaping (Int) -> Void) {}
                fileprivate func onEntitlementRevocation(completion: @escaping ([String]) -> Void) {}
            }
            extension SwiftyStoreKit {
                public class func restorePurchases(atomically: Bool = true, completion: @escaping (Int) -> Void) {}
                public class func onEntitlementRevocation(completion: @escaping ([String]) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    public class func restorePurchases(atomically: Bool = true, completion: @escaping (Int) -> Void)\n"), "\(text)")
        #expect(text.contains("// scan: one-shot assumed: 'completion' is named for one outcome, but 'onEntitlementRevocation' for an event;"), "\(text)")
    }

    /// Zip: a synchronous call that reports progress and returns (or throws) its outcome is
    /// `@blocking`, its return the value; with a progress closure that does not escape it is
    /// context (a `@blocking` adapter could not take it along).
    @Test func aSynchronousCallWithProgressIsBlocking() throws {
        let text = scan(
            """
            public class Zip {
                public class func quickUnzipFile(_ path: URL, progress: ((_ progress: Double) -> ())?) throws -> URL { path }
                public class func zipFiles(paths: [URL], zipFilePath: URL, progress: ((_ progress: Double) -> ())?) throws {}
                public class func unzip(_ path: URL, progress: (Double) -> Void) throws {}
            }
            """
        ).text
        #expect(text.contains("""
                // scan: @blocking because 'quickUnzipFile' is synchronous: it reports progress through 'progress' and returns its outcome, blocking until it is done
                @blocking
                public class func quickUnzipFile(
            """), "\(text)")
        #expect(text.contains("@blocking\n    public class func zipFiles("), "\(text)")
        #expect(text.contains("@context  // synchronous, with progress through 'progress', which does not escape: call it from a task of yours off the main actor\n    public class func unzip("), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("static nonisolated(nonsending) func quickUnzipFileAsync(_ path: URL, progress: (@Sendable (_ progress: Double) -> ())?) async throws -> URL {"), "\(swift)")
    }

    /// SwiftPhoenixClient: `delegateOnError(to owner:callback:)` is `onError` with the owner
    /// handed back (a stream of errors), `delegateOn(_:to:callback:)` is `on`; `on(_:callback:)
    /// -> Int` is undone by `off(_ event:ref: Int?)`; a `logger` property is no event.
    @Test func delegateFormsOptionalIdsAndLoggers() {
        let text = scan(
            """
            public class Channel {
                public func delegateOnError<Target: AnyObject>(to owner: Target, callback: @escaping ((Target, Error) -> Void)) -> Int { 0 }
                public func delegateOn<Target: AnyObject>(_ event: String, to owner: Target, callback: @escaping ((Target, String) -> Void)) -> Int { 0 }
                public func on(_ event: String, callback: @escaping ((String) -> Void)) -> Int { 0 }
                public func off(_ event: String, ref: Int? = nil) {}
                public var logger: ((String) -> Void)?
            }
            """
        ).text
        #expect(text.contains("@stream\n    public func delegateOnError<"), "\(text)")
        #expect(text.contains("'delegateOn' registers a handler the SDK calls for each event"), "\(text)")
        #expect(text.contains("    @cancel(off(event, ref: $token))\n    public func on("), "\(text)")
        #expect(!text.contains("'logger' holds a closure"), "\(text)")
    }

    /// RealmSwift's shapes: `observe(_:) -> NotificationToken` (an alias of an Objective-C type
    /// scan cannot read) is a stream whose stop the starter asks for; `writeAsync(_ block:,
    /// onComplete:)` runs the block and completes once; `beginAsyncWrite(_ asyncWriteBlock:)` and a
    /// future's body of nothing are work; a method returning a closure, a configuration or a
    /// publisher keeps its closures; `addProgressNotification` is an observer; a builder's
    /// `-> Self` with a progress closure is no blocking call; `async` twins with `_isolation:`.
    @Test func realmsShapes() throws {
        let text = scan(
            """
            public typealias NotificationToken = RLMNotificationToken
            public final class Realm {
                public func observe(_ block: @escaping (Notification, Realm) -> Void) -> NotificationToken { fatalError() }
                public func writeAsync(_ block: @escaping () -> Void, onComplete: ((Error?) -> Void)? = nil) -> Int { 0 }
                public func beginAsyncWrite(_ asyncWriteBlock: @escaping () -> Void) -> Int { 0 }
                public func updateSubscriptions(_ block: @escaping (() -> Void)) -> Future<Void, Error> { fatalError() }
                public static func convert(object: @escaping (Int) -> Void) -> @Sendable (Int, Int) -> Bool { fatalError() }
                public func flexibleSyncConfiguration(initialSubscriptions: @escaping @Sendable (Int) -> Void) -> Realm.Configuration { fatalError() }
                public func changeEvents(onOpen: @Sendable @escaping () -> Void) -> AsyncThrowingPublisher<WatchPublisher> { fatalError() }
                public func addProgressNotification(for direction: Int, block: @escaping (Double) -> Void) -> ProgressToken? { nil }
                public func onProgressNotification(_ callback: @escaping ((Double) -> Void)) -> Self { self }
                public func find(filter: String, _ completion: @escaping (Result<[String], Error>) -> Void) {}
                public func find(filter: String, _isolation: isolated (any Actor)? = #isolation) async throws -> [String] { [] }
            }
            public final class ProgressToken {
                public func invalidate() {}
            }
            public final class Future<Output, Failure: Error> {}
            """
        ).text
        #expect(text.contains("""
                // scan: @stream because 'observe' returns a token and calls back until it is stopped
                @stream
                // scan: the NotificationToken it returns is not declared in these sources: write '@cancel(token: method())' with the method that stops it
            """), "\(text)")
        #expect(text.contains("\n    public func writeAsync(_ block: @escaping () -> Void, onComplete: ((Error?) -> Void)? = nil) -> Int\n"), "\(text)")
        #expect(!text.contains("ambiguous completion handler"), "\(text)")
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public func beginAsyncWrite("), "\(text)")
        #expect(!text.contains("@finish(returned)"), "\(text)")
        #expect(text.contains("@context  // returns a closure: it wraps what it is given, and calls nothing back\n    public static func convert("), "\(text)")
        #expect(text.contains("@context  // returns a Configuration, whose closures run when it is used\n    public func flexibleSyncConfiguration("), "\(text)")
        #expect(text.contains("@context  // returns a publisher, whose closures run when it is subscribed to\n    public func changeEvents("), "\(text)")
        #expect(text.contains("@stream\n    // scan: @cancel(token: invalidate()) because the returned ProgressToken? has invalidate()"), "\(text)")
        #expect(!text.contains("@blocking\n    public func onProgressNotification("), "\(text)")
        #expect(text.contains("@context  // the SDK's own async form 'find(filter:_isolation:)' is the one to call"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func writeAsync(_ block: @escaping () -> Void) async throws {"), "\(swift)")
    }

    /// Defaults and KeyboardShortcuts: `observe(…) -> some Observation`, an opaque token whose
    /// typealias the block declares, is a stream its protocol's `invalidate()` stops; a SwiftUI
    /// view modifier (`-> some View`, or `-> Self` of a view) runs while the view is shown.
    @Test func opaqueTokensAndViewModifiers() {
        let text = scan(
            """
            public protocol _DefaultsObservation: AnyObject {
                func invalidate()
            }
            public enum Defaults {
                public typealias Observation = _DefaultsObservation
                public static func observe(_ key: String, handler: @escaping (Int) -> Void) -> some Observation { fatalError() }
            }
            extension View {
                public func onGlobalKeyboardShortcut(_ name: String, perform: @escaping () -> Void) -> some View { self }
            }
            public struct Toggle: View {
                public func onChange(_ action: @escaping (Bool) -> Void) -> Self { self }
            }
            """
        ).text
        #expect(text.contains("    // scan: @cancel(token: invalidate()) because the returned some Observation (_DefaultsObservation) has invalidate()\n"), "\(text)")
        #expect(text.contains("// View: onGlobalKeyboardShortcut(_:perform:)"), "\(text)")
        #expect(text.contains("// Toggle: onChange(_:)"), "\(text)")
    }

    /// CoreStore's shapes: a `Result` typealias with a `where` clause is a `Result`; a closure
    /// labelled `createAsynchronously` hands over what the method made, once, even in a method
    /// named like an observer; a method returning a `…Builder` keeps its closure; the members of a
    /// deprecated extension are deprecated.
    @Test func coreStoresShapes() throws {
        let text = scan(
            """
            public typealias SetupResult<T> = Swift.Result<T, StoreError> where T: StorageInterface
            public final class DataStack {
                public func addStorage<T: StorageInterface>(_ storage: T, completion: @escaping (SetupResult<T>) -> Void) {}
                public func monitorList<O>(createAsynchronously: @escaping (ListMonitor<O>) -> Void, _ from: String) {}
                public func tweak(_ fetchRequest: @escaping (NSFetchRequest) -> Void) -> FetchChainBuilder { fatalError() }
            }
            @available(*, deprecated, message: "Legacy")
            extension DataStack {
                public func observe(options: Int, changeHandler: @escaping (Int) -> Void) -> Observation { fatalError() }
            }
            """
        ).text
        #expect(text.contains("public typealias SetupResult<T> = Swift.Result<T, StoreError> where T: StorageInterface"), "\(text)")
        #expect(text.contains("\n    public func monitorList<O>(createAsynchronously:"), "\(text)")
        #expect(!text.contains("@stream\n    public func monitorList"), "\(text)")
        #expect(text.contains("@context  // returns a FetchChainBuilder, whose closures run when it is used\n    public func tweak("), "\(text)")
        #expect(text.contains("@context  // deprecated with its type: bridge what replaces it\n    public func observe("), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func addStorage<T: StorageInterface>(_ storage: T) async throws -> T {"), "\(swift)")
    }

    /// socket.io's emitter: `on(_ event:callback:) -> UUID` registers a handler for each event,
    /// `once` one, and `off(id:)` takes the returned id back (`@cancel(using: off(id:))`); a
    /// handler property the app cannot assign (`private(set)`, a protocol's `{ get }`, a computed
    /// one) is no callback property.
    @Test func anEmittersHandlersAndIdsAreReadAsSuch() {
        let text = scan(
            """
            public protocol SocketIOClientSpec: AnyObject {
                var anyHandler: ((String) -> ())? { get }
                var onStatus: ((String) -> ())? { get set }
                func on(_ event: String, callback: @escaping ([Any]) -> ()) -> UUID
                func once(_ event: String, callback: @escaping ([Any]) -> ()) -> UUID
                func off(id: UUID)
            }
            open class SocketIOClient {
                public private(set) var anyHandler: ((String) -> ())?
                public var computed: ((String) -> ())? { nil }
                public var observed: ((String) -> ())? { didSet {} }
            }
            """
        ).text
        #expect(text.contains("""
                // scan: @stream because 'on' registers a handler the SDK calls for each event
                @stream
                // scan: @cancel(using: off(id:)) because 'off(id:)' takes the UUID 'on' returns
                @cancel(using: off(id:))
                func on(
            """), "\(text)")
        #expect(text.contains("    @cancel(using: off(id:))\n    func once("), "\(text)")
        #expect(!text.contains("@stream\n    func once("), "\(text)")
        #expect(text.contains("    var anyHandler: ((String) -> ())? { get }\n"), "\(text)")
        #expect(!text.contains("'anyHandler' holds a closure"), "\(text)")
        #expect(text.contains("'onStatus' holds a closure"), "\(text)")
        #expect(!text.contains("'computed' holds a closure"), "\(text)")
        #expect(text.contains("'observed' holds a closure"), "\(text)")
    }

    /// A method named for each item (Swift-Kuery's `ResultSet.forEach(operation:)`, whose
    /// `([Any?]?, Error?)` operation gets each row, then nil) is a stream, which `(nil, nil)` ends:
    /// no note that nil is taken for an error.
    @Test func aMethodNamedForEachItemIsAStream() {
        let text = scan(
            """
            public typealias RowOperation = ([Any?]?, Error?) -> ()
            public final class ResultSet {
                public func forEach(operation: @escaping RowOperation) {}
                public func eachRow(_ body: @escaping ([Any?]) -> Void) {}
                public func eachother(_ body: @escaping ([Any?]) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @stream because 'forEach' is named for calling back for each item\n    @stream\n    public func forEach("), "\(text)")
        #expect(text.contains("    // scan: @stream because 'eachRow' is named for calling back for each item"), "\(text)")
        #expect(!text.contains("'eachother' is named for"), "\(text)")
    }

    /// An observation registry protocol hands its callbacks `(O, S, Change)`, `S` an associated
    /// type (hyperoslo/Cache): whether `S` is the conformer itself nothing says, so the starter
    /// says it is kept in the value; a conforming class's own method drops itself.
    @Test func anAssociatedTypeHandedBackIsSaid() {
        let text = scan(
            """
            public protocol StorageObservationRegistry {
                associatedtype S: AnyObject
                func addStorageObserver<O: AnyObject>(_ observer: O, closure: @escaping (O, S, String) -> Void) -> ObservationToken
            }
            public final class Storage: StorageObservationRegistry {
                public typealias S = Storage
                public func addStorageObserver<O: AnyObject>(_ observer: O, closure: @escaping (O, Storage, String) -> Void) -> ObservationToken { ObservationToken() }
            }
            public final class ObservationToken {
                public func cancel() {}
            }
            """
        ).text
        #expect(text.contains("    // scan: 'closure' gets 'S', an associated type of StorageObservationRegistry, after your object: it is kept in the value;"), "\(text)")
        #expect(text.components(separatedBy: "an associated type of").count == 2, "\(text)")
    }

    /// What the adapter cannot make right is said at the declaration: a value enum with an error
    /// case (Swift-Kuery's `QueryResult`), a streaming call's per-message handler (grpc-swift).
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
                public func makeServerStreamingCall(path: String, handler: @escaping (Response) -> Void) -> ServerStreamingCall { fatalError() }
            }
            """
        ).text
        #expect(text.contains("    // scan: 'onCompletion' gets a QueryResult, whose '.error' carries an error: it is returned as part of the value, not thrown;"), "\(text)")
        #expect(text.contains("    // scan: 'handler' may be called for each message of a streaming call, whose end the returned ServerStreamingCall reports"))
    }
}
