import Generator
@testable import Inventory
import Testing

/// What scan reads from a type's relations to the others the sources declare: the superclass or
/// protocol whose adapter serves a method, the typealias it inherits, the library's own async
/// form of a callback method, a twin of another access or staticness.
@Suite struct ScanRelatedDeclarationsTests: ScanTesting {
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
        #expect(text.contains("    @stream\n    // scan: nothing stops what 'observe' registers: as written, the handler stays with the SDK after the stream ends; if that matters, bridge a method of yours that removes it\n    open func observe(with observer: @escaping (Int) -> Void)"), "\(text)")
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
        #expect(result.summary.hasPrefix("scan: 1 callback API "), "\(result.summary)")
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

    /// A protocol the library keeps a value of (Pusher's `Authorizer` in `AuthMethod.authorizer`)
    /// and calls, which nothing in the module adopts: the app implements it, not bridged
    /// (decision 172). One the module conforms a type to (Starscream's `CertificatePinning`,
    /// GRDB's writers): who calls is then a question for the reviewer, said at each.
    @Test func aProtocolTheLibraryHoldsSaysWhoCalls() {
        let text = scan(
            """
            public protocol Authorizer: AnyObject {
                func fetchAuthValue(socketID: String, completionHandler: @escaping (String?) -> Void)
            }
            public final class Options {
                private weak var authorizer: Authorizer?
                func connect() { authorizer?.fetchAuthValue(socketID: "a", completionHandler: { _ in }) }
            }
            public protocol DatabaseWriter {
                func write(_ value: Int, completion: @escaping (Error?) -> Void)
            }
            public final class DatabaseQueue: DatabaseWriter {
                public func write(_ value: Int, completion: @escaping (Error?) -> Void) {}
            }
            public final class Pool {
                let writer: DatabaseWriter
                func flush() { writer.write(1) { _ in } }
            }
            public protocol VisitStore {
                func load(completion: @escaping ([Int]) -> Void)
            }
            public final class Tracker {
                let store: VisitStore
            }
            """
        ).text
        // Kept, never called (the twenty-sixth session's outside try): nothing said of it.
        #expect(!text.contains("calls 'load' itself"), "\(text)")
        #expect(
            text.contains(
                "// Authorizer: fetchAuthValue(socketID:completionHandler:) — the library keeps a Authorizer in 'Options.authorizer' and calls 'fetchAuthValue', and nothing in it adopts Authorizer: your code implements it and the library calls it"
            ),
            "\(text)")
        #expect(text.contains("// scan: the library keeps a DatabaseWriter in 'Pool.writer' and calls 'write' itself"), "\(text)")
    }

    /// PubNub's `add(channels:to:completion:)` and `remove(channels:from:completion:)`: an
    /// inverse that calls back itself is a request of its own, so the pair are two one-shots.
    @Test func anInverseThatCallsBackIsNoStop() {
        let text = scan(
            """
            public final class PubNub {
                public func add(channels: [String], to group: String, completion: ((Result<Int, Error>) -> Void)?) {}
                public func remove(channels: [String], from group: String, completion: ((Result<Int, Error>) -> Void)?) {}
                public func addListener(_ listener: @escaping (String) -> Void) {}
                public func removeListener() {}
            }
            """
        ).text
        #expect(!text.contains("@cancel(remove("), "\(text)")
        #expect(!text.contains("@stream because 'add' calls back"), "\(text)")
    }

    /// SwiftState: `addHandler(event:order:handler:) -> Disposable` adds a handler and returns
    /// what removes it: a stream, whatever the handler is called.
    @Test func anAdditionReturningItsStopIsAStream() {
        let text = scan(
            """
            public final class Machine {
                @discardableResult
                public func addHandler(event: Int, order: Int = 0, handler: @escaping (Int) -> ()) -> Disposable { fatalError() }
            }
            public protocol Disposable {
                func dispose()
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'addHandler' returns a token and calls back until it is stopped"), "\(text)")
        #expect(text.contains("@cancel(token: dispose())"), "\(text)")
    }

    /// Eureka's `doneClosure`, which the library's own form sets to a handler of its own
    /// (`navigationAccessoryView.doneClosure = { [weak self] in … }`): still a stream, with a note
    /// that says so; a parameter stored, an empty closure and a comment's example say nothing.
    @Test func aCallbackPropertyTheLibrarySetsItselfSaysSo() {
        var scan = Scan()
        scan.modules = ["Store"]
        let text = scan.run([
            Scan.File(
                path: "Sources/Store/Accessory.swift",
                bytes: Array(
                    """
                    open class NavigationAccessoryView {
                        public var doneClosure: (() -> ())?
                        public var onChange: ((Int) -> Void)?
                        public var onReset: ((Int) -> Void)?
                        public init(onChange: ((Int) -> Void)?) {
                            self.onChange = onChange
                            self.onReset = { _ in }
                        }
                    }
                    """.utf8)),
            Scan.File(
                path: "Sources/Store/Form.swift",
                bytes: Array(
                    """
                    open class Form {
                        /// accessory.onChange = { value in print(value) }
                        func install(_ accessory: NavigationAccessoryView) {
                            accessory.doneClosure = { [weak self] in self?.finish() }
                        }
                    }
                    """.utf8)),
        ]).text
        #expect(text.contains("// scan: the library sets 'doneClosure' to a handler of its own (Form.swift)"), "\(text)")
        #expect(!text.contains("the library sets 'onChange'"), "\(text)")
        #expect(!text.contains("the library sets 'onReset'"), "\(text)")
    }

    /// A struct whose one stored property is an outcome enum (Web3.swift's `Web3Response`,
    /// `let status: Status<Result>`): pasted with that property and the enum nested in it, so
    /// that the adapter reads the outcome through it; an inherited protocol's closure typealias
    /// reaches the protocol that inherits it. A second stored property makes it a value.
    @Test func aStructHoldingAnOutcomeIsPastedAndReadThroughItsProperty() throws {
        let result = scan(
            """
            public struct Response<Result: Codable> {
                public enum Status<StatusResult> {
                    case success(StatusResult)
                    case failure(Swift.Error)
                }
                public let status: Status<Result>
                public var result: Result? { return nil }
            }
            public struct Envelope {
                public enum Status { case success(Int), failure(Error) }
                public let status: Status
                public let headers: [String: String]
            }
            public protocol Provider {
                typealias Completion<Result: Codable> = (_ resp: Response<Result>) -> Void
                func send<Result>(name: String, response: @escaping Completion<Result>)
            }
            public protocol Streaming: Provider {
                func subscribe<Result>(name: String, subscribed: @escaping Completion<String>, onEvent: @escaping Completion<Result>) -> Int
            }
            public final class Client {
                public func balance(of account: String, response: @escaping Provider.Completion<Int>) { }
                public func envelope(completion: @escaping (Envelope) -> Void) { }
            }
            """)
        let text = result.text
        #expect(
            text.contains(
                "struct Response<Result: Codable> {\n    enum Status<StatusResult> {\n        case success(StatusResult)\n"
                    + "        case failure(Swift.Error)\n    }\n    let status: Status<Result>\n}"), "\(text)")
        #expect(!text.contains("struct Envelope"), "\(text)")
        #expect(!text.contains("'Completion' is not declared in these sources"), "\(text)")
        #expect(text.contains("'subscribed' gets a 'Response' of its own and stays a parameter"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func balance(of account: String) async throws -> Int"), "\(generated)")
        #expect(generated.contains("switch resp.status {"), "\(generated)")
        #expect(generated.contains("func envelope() async throws -> Envelope"), "\(generated)")
    }

    /// Mocker's `Mock`, a struct whose extension stands in an earlier file (Mock+DataType.swift
    /// before Mock.swift): its callback properties are a value's, which an adapter would set on
    /// its own copy. They are named as not bridged, not bridged as streams that do not compile.
    @Test func aStructsCallbackPropertiesAreNamedNotBridgedWhicheverFileComesFirst() {
        var scan = Scan()
        scan.modules = ["Mocker"]
        let result = scan.run([
            Scan.File(path: "Sources/Mocker/Mock+DataType.swift", bytes: Array("extension Mock {\n    public enum DataType { case json }\n}\n".utf8)),
            Scan.File(
                path: "Sources/Mocker/Mock.swift",
                bytes: Array(
                    """
                    public struct Mock {
                        public var completion: (() -> Void)?
                        public var onRequest: ((URLRequest, [String: Any]?) -> Void)?
                        public func register() {}
                    }
                    """.utf8)),
        ])
        #expect(result.text.contains("// Not bridged: callback properties of a struct or an enum."), "\(result.text)")
        #expect(result.text.contains("// Mock: completion, onRequest"), "\(result.text)")
        #expect(!result.text.contains("\n    public var completion"), "\(result.text)")
    }
}

