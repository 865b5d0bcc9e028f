import Generator
@testable import Inventory
import Testing

/// Shapes found in real libraries scored against oracles written first (docs/real-sdks.md,
/// decisions 64-72): each test names the library it comes from.
@Suite struct ScanLibraryShapesTests: ScanTesting {
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
        // Not inferred (the refusal's note may suggest it).
        #expect(!text.contains("    @finish(returned)\n"), "\(text)")
        #expect(text.contains("@context  // returns a closure: it wraps what it is given, and calls nothing back\n    public static func convert("), "\(text)")
        #expect(text.contains("@context  // returns a Configuration, whose closures run when it is used\n    public func flexibleSyncConfiguration("), "\(text)")
        #expect(text.contains("@context  // returns a publisher, whose closures run when it is subscribed to\n    public func changeEvents("), "\(text)")
        #expect(text.contains("@stream\n    // scan: @cancel(token: invalidate()) because the returned ProgressToken? has invalidate()"), "\(text)")
        #expect(!text.contains("@blocking\n    public func onProgressNotification("), "\(text)")
        #expect(text.contains("@context  // the SDK's own async form 'find(filter:_isolation:)' is the one to call"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func write(_ block: @escaping @Sendable () -> Void) async throws {"), "\(swift)")
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
        #expect(text.contains("a stream assumed: nothing in the name 'observed' says an event"), "\(text)")
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

    /// A callback that gets only the object itself (Reachability's `whenReachable`, CoreStore's
    /// `ListPublisher.addObserver(_:_:)`) says so, and what the adapter makes of it (the object;
    /// `Void` for a sender other properties hand back beside values, CocoaMQTT's `didPing`); a static
    /// method's new object (websocket-kit's `connect(…, onUpgrade:)`) is no such thing.
    @Test func aCallbackOfTheObjectItselfSaysSo() {
        let text = scan(
            """
            public class Reachability {
                public var whenReachable: ((Reachability) -> ())?
            }
            public class MQTTClient {
                public var didPing: ((MQTTClient) -> ())?
                public var didReceive: ((MQTTClient, String) -> ())?
            }
            public final class ListPublisher<O> {
                public func addObserver(_ observer: AnyObject, _ callback: @escaping (ListPublisher<O>) -> Void) {}
                public func removeObserver(_ observer: AnyObject) {}
            }
            public final class WebSocket {
                public static func connect(to url: String, onUpgrade: @escaping (WebSocket) -> ()) {}
            }
            """
        ).text
        #expect(text.contains("// scan: 'whenReachable' gets the Reachability itself, which you already hold: as written, each value is that object"), "\(text)")
        // Beside properties that hand the object back as the sender (CocoaMQTT), it is left out.
        #expect(text.contains("// scan: 'didPing' gets the MQTTClient itself, the sender the other properties hand back beside values: as written, each value is Void"), "\(text)")
        #expect(text.contains("// scan: 'callback' gets the ListPublisher itself, which you already hold: as written, each value is that object"), "\(text)")
        #expect(!text.contains("gets the WebSocket itself"), "\(text)")
    }

    /// RevenueCat: an `@objc` protocol's requirements are Objective-C methods, whose `(T?,
    /// Error?)` completion Swift reads as SE-0297 says (nil is no value), whatever else in the
    /// library calls a completion with `(nil, nil)`; a declaration `obsoleted` on its platforms
    /// (`@available(iOS, obsoleted: 1, renamed: …)`) cannot be called.
    @Test func anObjCProtocolsCompletionsAndObsoletedDeclarations() {
        let text = scan(
            """
            @objc(RCPurchasesType)
            public protocol PurchasesType: AnyObject {
                func getCustomerInfo(completion: @escaping (CustomerInfo?, PublicError?) -> Void)
            }
            public final class Purchases {
                @available(iOS, obsoleted: 1, renamed: "logIn")
                @objc(createAlias:completionBlock:)
                public func createAlias(_ alias: String, _ completion: ((CustomerInfo?, Error?) -> Void)?) {}
                public func sync(completion: @escaping (CustomerInfo?, Error?) -> Void) {
                    guard let self else { completion(nil, nil); return }
                }
            }
            """
        ).text
        #expect(!text.contains("@nullableResult\n    func getCustomerInfo"), "\(text)")
        #expect(text.contains("@nullableResult\n    public func sync"), "\(text)")
        #expect(text.contains("@context  // unavailable: not callable\n    @available(iOS, obsoleted: 1"), "\(text)")
    }

    /// Eureka's row builders: `onCellSelection` is no "once" (the letters of `onCe…` are no word),
    /// so it registers a handler like any `on…`; `cellSetup(_:)`, named for setting up what it is
    /// handed, is work, even with a closure called `callback`.
    @Test func anOnCellMethodIsNoOnceAndASetupIsWork() {
        let text = scan(
            """
            public protocol RowType: AnyObject { associatedtype Cell }
            extension RowType {
                @discardableResult
                public func onCellSelection(_ callback: @escaping ((_ cell: Cell, _ row: Self) -> Void)) -> Self { self }
                @discardableResult
                public func cellSetup(_ callback: @escaping ((_ cell: Cell, _ row: Self) -> Void)) -> Self { self }
                public func observeOnce(_ callback: @escaping (Int) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'onCellSelection' registers a handler the SDK calls for each event"), "\(text)")
        #expect(text.contains("@context  // takes a closure, but not a callback\n    @discardableResult\n    public func cellSetup"), "\(text)")
        #expect(!text.contains("@stream because 'observeOnce'"), "\(text)")
    }

    /// TRON: a success and a failure closure, both optional, beside a request of another module
    /// (no operator's hooks), whose failure gets the class's error model, an `Error` through a
    /// protocol of the module: the roles are named, so generate takes the model for an error.
    @Test func aSuccessFailurePairOfAnErrorModel() throws {
        let text = scan(
            """
            public protocol ErrorSerializable: Error {}
            open class APIRequest<Model, ErrorModel: ErrorSerializable> {
                @discardableResult
                open func perform(withSuccess successBlock: ((Model) -> Void)? = nil, failure failureBlock: ((ErrorModel) -> Void)? = nil) -> Alamofire.DataRequest { fatalError() }
            }
            """
        ).text
        #expect(text.contains("// scan: @failure(failureBlock) because 'failure' gets a ErrorModel, which is an Error in this module\n    @failure(failureBlock)"), "\(text)")
        #expect(text.contains("@success(successBlock)"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func perform() async throws -> Model {"), "\(swift)")
    }

    /// Apollo 2: `watch(query:…, resultHandler:) async -> GraphQLQueryWatcher<Query>` registers a
    /// handler and returns what stops it, though the handler is named like a completion; its
    /// `Result` per call is one event's, which a failure does not end (decision 116).
    @Test func anAsyncWatchReturningItsWatcherIsAStream() {
        let text = scan(
            """
            public final class ApolloClient: Sendable {
                public func watch<Query: GraphQLQuery>(query: Query, resultHandler: @escaping @Sendable (Result<Int, Error>) -> Void) async -> GraphQLQueryWatcher<Query> { fatalError() }
            }
            public actor GraphQLQueryWatcher<Query: GraphQLQuery> {
                public nonisolated consuming func cancel() {}
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: @stream(results) because 'watch' is async, registers 'resultHandler' and returns the GraphQLQueryWatcher<Query> that stops it; a Result per call, which a failure does not end"
            ), "\(text)")
    }

    /// p2/OAuth2: `registerClientIfNeeded(callback:)` calls its callback with `(nil, nil)` in its
    /// own body ("no registration was attempted"): nil is a value there, and only there; the
    /// library's other `(T?, Error?)` callbacks stay as SE-0297 reads them. A call in a helper
    /// the methods share (Kitura-redis's response handlers) is the whole library's evidence.
    @Test func nilAndNilInAMethodsOwnBodyIsThatMethodsEvidence() {
        let own = scan(
            """
            public final class OAuth2 {
                public func registerClientIfNeeded(callback: @escaping ((String?, Error?) -> Void)) {
                    if ready {
                        callback(nil, nil)
                    } else {
                        register { id, error in callback(id, error) }
                    }
                }
                public func authorize(callback: @escaping ((String?, Error?) -> Void)) {}
            }
            """
        ).text
        #expect(own.contains("@nullableResult\n    public func registerClientIfNeeded"), "\(own)")
        #expect(own.contains("nil without an error is taken for an error (BridgegenError.noResult)"), "\(own)")
        let shared = scan(
            """
            public final class Redis {
                public func get(_ key: String, callback: @escaping (String?, Error?) -> Void) {}
                private func stringResponseHandler(_ response: Int, callback: (String?, Error?) -> Void) {
                    if response == 0 { callback(nil, nil) } else { callback(String(response), nil) }
                }
            }
            """
        ).text
        #expect(shared.contains("@nullableResult\n    // scan: assumed from the library at large: if 'get' never calls back with nil and no error, remove '@nullableResult'\n    public func get"), "\(shared)")
    }

    /// SwiftyPing: `finished: ((PingResult) -> Void)?`, a property named for the object's own end
    /// and nothing else, comes once; `observer` is a stream.
    @Test func aPropertyNamedForAnEndAloneComesOnce() {
        let text = scan(
            """
            public class SwiftyPing {
                public var observer: ((Int) -> Void)?
                public var finished: ((String) -> Void)?
            }
            """
        ).text
        #expect(text.contains("// scan: @once because 'finished' is named for an end, which comes once"), "\(text)")
        #expect(text.contains("// scan: 'observer' holds a closure the SDK calls for each event: a stream"), "\(text)")
    }

    /// The tenth batch's shapes: Embassy's `call(withDelay:callback:)` runs its closure (work),
    /// its `setReader(_:callback:)` beside `removeReader(_:)` is a registration and its stop;
    /// Bond's `configureCell:` and an accessor pair's `set:` are work; a `WKWebView` delegate
    /// method a class implements is WebKit's to call.
    @Test func executorsSlotsAndConfiguration() {
        let text = scan(
            """
            public protocol EventLoop {
                func call(withDelay: Double, callback: @escaping () -> Void)
                func setReader(_ fileDescriptor: Int32, callback: @escaping () -> Void)
                func removeReader(_ fileDescriptor: Int32)
            }
            public final class Binder {
                public func bind(to table: String, configureCell: @escaping (String, Int) -> Void) -> Disposable { fatalError() }
                public func dynamicSubject(get: @escaping (Binder) -> Int, set: @escaping (Binder, Int) -> Void) -> Int { 0 }
            }
            public final class WebViewController {
                public func webView(_ webView: WKWebView, decidePolicyFor action: WKNavigationAction, decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {}
            }
            public protocol Disposable { func dispose() }
            """
        ).text
        #expect(!text.contains("@stream\n    func call("), "\(text)")
        #expect(text.contains("@cancel(removeReader(fileDescriptor))"), "\(text)")
        #expect(!text.contains("\n    public func bind(to table: String, configureCell"), "\(text)")
        #expect(!text.contains("\n    public func dynamicSubject("), "\(text)")
        #expect(!text.contains("\n    public func webView("), "\(text)")
        // Tiercel's `executeOnMain(_ block:)` runs its block: work.
        let executor = scan(
            """
            public struct Wrapper {
                public func executeOnMain(_ block: @escaping () -> Void) {}
            }
            """
        ).text
        #expect(!executor.contains("\n    public func executeOnMain("), "\(executor)")
    }

    /// SwiftyContacts: free functions that take a completion are bridged at the top level of the
    /// starter, by the same rules as methods; one whose closure is work is named at the end.
    @Test func freeFunctionsAreBridgedAtTheTopLevel() throws {
        let result = scan(
            """
            public func fetchContacts(keysToFetch: [String] = [], completionHandler: @escaping (Result<[String], Error>) -> Void) {}
            public func observeContacts(_ handler: @escaping ([String]) -> Void) -> Token { Token() }
            public func perform(_ work: @escaping () -> Void) {}
            public func count() -> Int { 0 }
            public final class Token { public func invalidate() {} }
            """
        )
        let text = result.text
        #expect(result.summary.hasPrefix("scan: 2 callback APIs in 0 types and 2 free functions:"), "\(result.summary)")
        #expect(text.contains("\npublic func fetchContacts(keysToFetch: [String] = [], completionHandler:"), "\(text)")
        #expect(text.contains("// scan: @stream because 'observeContacts' returns a token and calls back until it is stopped\n@stream\n"), "\(text)")
        #expect(text.contains("// free functions: perform(_:)"), "\(text)")
        #expect(!text.contains("count()"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("nonisolated(nonsending) func fetchContacts(keysToFetch: [String] = []) async throws -> [String] {"), "\(swift)")
        #expect(swift.contains("func observeContacts() -> _Concurrency.AsyncStream<[String]> {"), "\(swift)")
    }

    /// Swifter's HTML builders: `ul<T: Sequence>(_ collection: T, _ closure: @escaping
    /// (T.Iterator.Element) -> Void)` runs its closure for each element the caller passes: work.
    @Test func aClosureForEachElementOfTheCallersCollectionIsWork() {
        let text = scan(
            """
            public func ul<T: Sequence>(_ collection: T, _ closure: @escaping (T.Iterator.Element) -> Void) {}
            public func fetch(completion: @escaping (Int) -> Void) {}
            """
        ).text
        #expect(text.contains("// free functions: ul(_:_:)"), "\(text)")
    }

    /// Tiercel: `extension Array where Element == DownloadTask { func success(onMainQueue:handler:
    /// Handler<DownloadTask>) }` calls its handler for each task of the array: a stream.
    @Test func aCallbackOfAnArraysElementsIsCalledForEach() {
        let text = scan(
            """
            public typealias Handler<T> = (T) -> ()
            public final class DownloadTask {}
            extension Array where Element == DownloadTask {
                @discardableResult
                public func success(onMainQueue: Bool = true, handler: @escaping Handler<DownloadTask>) -> [Element] { self }
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'handler' is called for each DownloadTask of the array"), "\(text)")
    }

    /// ProcedureKit: a method named for what is about to happen (`addWillExecuteBlockObserver`)
    /// is a hook the library runs before it goes on; Swift-ActionCableClient's `willConnect`
    /// property is a stream since decision 148; `dispatchNotify(withGroup:block:)` runs its block.
    @Test func willHooksAndDispatchersAreNoCallbacks() {
        let text = scan(
            """
            public final class Procedure {
                public func addWillExecuteBlockObserver(block: @escaping (Procedure) -> Void) {}
                public func addDidExecuteBlockObserver(block: @escaping (Procedure) -> Void) {}
                public var willConnect: (() -> Void)?
                public func dispatchNotify(withGroup group: Int, block: @escaping () -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@context  // named for what is about to happen: a hook the library runs before it goes on, not an event to listen to\n    public func addWillExecuteBlockObserver"), "\(text)")
        // A property's closure returns nothing and cannot hold the library back: a stream, said
        // (decision 148).
        #expect(text.contains("// scan: 'willConnect' is called before it happens: each element comes after the Procedure has gone on"), "\(text)")
        #expect(!text.contains("@context  // named for what is about to happen: a hook the library runs before it goes on, not an event to listen to\n    public func addDidExecuteBlockObserver"), "\(text)")
        #expect(!text.contains("\n    public func dispatchNotify(withGroup group: Int, block: @escaping () -> Void)\n\n"), "\(text)")
    }

    /// ProcedureKit: `ConditionResult = ProcedureResult<Bool>`, a typealias of the SDK's own
    /// result enum, is read through: the callback reports one outcome by the enum's cases, and the
    /// typealias is pasted so that generate reads it the same way.
    @Test func aTypealiasOfTheSDKsResultEnumIsReadThrough() throws {
        let text = scan(
            """
            public enum ProcedureResult<T> {
                case success(T)
                case failure(Error)
            }
            public typealias ConditionResult = ProcedureResult<Bool>
            public protocol ConditionProtocol {
                func evaluate(procedure: Int, completion: @escaping (ConditionResult) -> Void)
            }
            """
        ).text
        #expect(text.contains("public typealias ConditionResult = ProcedureResult<Bool>"), "\(text)")
        #expect(text.contains("// scan: one-shot: the cases of 'ProcedureResult' (.success, .failure) report one outcome"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func evaluate(procedure: Int) async throws -> Bool {"), "\(swift)")
    }
}
