import Generator
@testable import Inventory
import Testing

/// The fourteenth session's readings (decision 121).
@Suite struct ScanFourteenthSessionTests: ScanTesting {
    /// VimeoNetworking's namespace enum `ResultCompletion<ResultType, E: Error> { typealias T =
    /// (Result<ResultType, E>) -> Void }`, named `ResultCompletion<VIMAccount, NSError>.T` by an
    /// alias and by parameters: spelled out with the arguments in place, every such method is a
    /// callback (before, none was: "no completion handler found").
    @Test func aClosureAliasOfASpecializedGenericTypeIsSpelledOut() throws {
        let text = scan(
            """
            public enum ResultCompletion<ResultType, E: Error> {
                public typealias T = (Result<ResultType, E>) -> Void
            }
            public struct Account {}
            public struct Page<Model> {}
            public final class Authenticator {
                public typealias Completion = ResultCompletion<Account, NSError>.T
                public func same<ResultType, E: Error>(completion: @escaping ResultCompletion<ResultType, E>.T) {}
                public func logIn(email: String, completion: @escaping Completion) {}
                public func pages<Model>(of model: Model.Type, completion: @escaping ResultCompletion<Page<Model>, NSError>.T) {}
                public func maybe(completion: ResultCompletion<Account, NSError>.T?) {}
            }
            """
        ).text
        #expect(text.contains("public typealias Completion = (Result<Account, NSError>) -> Void"), "\(text)")
        #expect(text.contains("completion: @escaping (Result<Page<Model>, NSError>) -> Void"), "\(text)")
        #expect(text.contains("completion: ((Result<Account, NSError>) -> Void)?"), "\(text)")
        // With the type's own parameter names (Haneke's `Fetch<T>.Failer`): as written.
        #expect(text.contains("same<ResultType, E: Error>(completion: @escaping ResultCompletion<ResultType, E>.T)"), "\(text)")
        #expect(!text.contains("Not bridgeable"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func logIn(email: String) async throws -> Account {"), "\(generated)")
        #expect(generated.contains("-> Page<Model> {"), "\(generated)")
    }

    /// `request(_ request: Request<ModelType>, completion:) -> RequestToken` is named after its
    /// first parameter's type, as a delegate method is (`urlSession(_ session: URLSession, …)`),
    /// but that type is specialized and a handle comes back: the app's own call.
    @Test func aMethodNamedAfterASpecializedFirstParameterIsTheAppsCall() throws {
        let text = scan(
            """
            public final class RequestToken { public func cancel() {} }
            public struct Request<Model> {}
            public final class Client {
                public func request<Model>(_ request: Request<Model>, completion: @escaping (Result<Model, Error>) -> Void) -> RequestToken { RequestToken() }
            }
            public final class Session {
                public func urlSession(_ session: URLSession, completion: @escaping (Int) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@cancel(token)\n    public func request<Model>("), "\(text)")
        #expect(text.contains("// Session: urlSession(_:completion:)"), "\(text)")
    }

    /// SwiftAudioPlayer's `SAPlayer.Updates.ElapsedTime.subscribe(_:) -> UInt` beside `static func
    /// unsubscribe(_ id: UInt)`: a static registration is undone by the static inverse, as an
    /// instance one is by the instance's.
    @Test func aStaticSubscribeIsStoppedByTheStaticUnsubscribe() throws {
        let text = scan(
            """
            public enum Updates {
                public struct Elapsed {
                    public static func subscribe(_ closure: @escaping (_ time: Double) -> ()) -> UInt { 0 }
                    public static func unsubscribe(_ id: UInt) {}
                }
            }
            """
        ).text
        #expect(text.contains("@stream\n    // scan: @cancel(using: unsubscribe(_:)) because 'unsubscribe(_:)' takes the UInt 'subscribe' returns"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("static func subscribe() -> _Concurrency.AsyncStream<Double> {"), "\(generated)")
        #expect(generated.contains("stop: { token in Self.unsubscribe(token) },"), "\(generated)")
    }

    /// AppSync's `subscribe(…, eventHandler: (SubscriptionItemEvent, SubscriptionItem) -> Void) ->
    /// SubscriptionItem`: the enum beside the handle the call returns is read by its cases, as it
    /// is alone; the handle, which the caller already has, is handed back.
    @Test func anEnumBesideTheReturnedHandleIsReadByItsCases() throws {
        let text = scan(
            """
            public enum ItemEvent {
                case connection(Int)
                case data(Data)
                case failed(Error)
            }
            public final class Item {}
            public final class Connection {
                public func subscribe(request: String, eventHandler: @escaping (ItemEvent, Item) -> Void) -> Item { Item() }
                public func unsubscribe(item: Item) {}
            }
            """
        ).text
        #expect(text.contains("@failure(.failed)"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func subscribe(request: String) -> _Concurrency.AsyncThrowingStream<ItemEvent, any Swift.Error> {"), "\(generated)")
        #expect(generated.contains("eventHandler: { event, _ in"), "\(generated)")
        #expect(generated.contains("events.finish(throwing: error)"), "\(generated)")
    }

    /// FutureKit's `FutureProtocol.onFail(_:block: (Error) -> Void) -> Future<T>` and `onCancel`:
    /// steps of a future's chain that run on one outcome only, no callback (an adapter would
    /// hang on the others, or stream one failure). NIO's `always(_:)`, handed the whole
    /// `Result`, still reports the outcome.
    @Test func aStepOfAFuturesChainIsNoCallback() {
        let text = scan(
            """
            public protocol FutureProtocol { associatedtype T }
            public final class Future<T>: FutureProtocol {}
            extension FutureProtocol {
                @discardableResult public func onFail(_ executor: Int = 0, block: @escaping (_ error: Error) -> Void) -> Future<T> { fatalError() }
                @discardableResult public func onCancel(_ executor: Int = 0, block: @escaping () -> Void) -> Future<T> { fatalError() }
                @discardableResult public func onFailorCancel(_ executor: Int = 0, block: @escaping (Result<T, Error>) -> Void) -> Future<T> { fatalError() }
            }
            public final class EventLoopFuture<Value> {
                public func always(_ callback: @escaping (Result<Value, Error>) -> Void) -> EventLoopFuture<Value> { self }
            }
            public final class Promise<Value> {
                public func then(_ onFulfilled: @escaping (Value) -> Void, _ onRejected: @escaping (Error) -> Void = { _ in }) -> Promise<Value> { self }
                public func progress(_ block: @escaping (Float) -> Void) -> Promise<Value> { self }
            }
            """
        ).text
        #expect(!text.contains("then(_:_:) — a step"), "\(text)")
        #expect(!text.contains("progress(_:) — a step"), "\(text)")
        #expect(text.contains("onFail(_:block:) — a step of a future's chain"), "\(text)")
        #expect(text.contains("onCancel(_:block:) — a step of a future's chain"), "\(text)")
        // Named for one outcome, whatever its closure is handed.
        #expect(text.contains("onFailorCancel(_:block:) — a step of a future's chain"), "\(text)")
        #expect(text.contains("    public func always(_ callback: @escaping (Result<Value, Error>) -> Void) -> EventLoopFuture<Value>"), "\(text)")
    }

    /// The job an executor runs (`executeBlock(block:)`) and a critical section
    /// (`lockAndModify(modifyBlock:)`) are work, not callbacks.
    @Test func anExecutorsBlockAndALocksSectionAreWork() {
        let text = scan(
            """
            public final class Executor {
                public func executeBlock(block b: @escaping () -> ()) {}
            }
            public final class Lock {
                public func lockAndModify(modifyBlock: @escaping () -> Void) {}
                public func lockAndRead(readBlock: @escaping () -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// Executor: executeBlock(block:)"), "\(text)")
        #expect(text.contains("// Lock: lockAndModify(modifyBlock:), lockAndRead(readBlock:)"), "\(text)")
    }

    /// AWS AppSync's `sync(baseQuery:baseQueryResultHandler:deltaQuery:deltaQueryResultHandler:…)`:
    /// two closures named as results of a part of the call; whichever is taken for the outcome, the
    /// other would stay a parameter. Refused, with the reason, instead of a one-shot of one part.
    @Test func severalPartsResultHandlersAreRefused() {
        let text = scan(
            """
            public final class Client {
                public func sync(baseQuery: String, baseQueryResultHandler: @escaping (String?, Error?) -> Void, deltaQuery: String, deltaQueryResultHandler: @escaping (Int?, Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("Not bridgeable as written: 'baseQueryResultHandler' reports part of the outcome of 'sync(baseQuery:baseQueryResultHandler:deltaQuery:deltaQueryResultHandler:)'"), "\(text)")
    }

    /// SwiftyVK's `share(_:onSuccess: RequestCallbacks.Success, onError: RequestCallbacks.Error)`
    /// with `Success = (Data) throws -> ()`: a success handler that may throw is still the value
    /// (an adapter's never throws). Before, scan left it out, and generate, given it, kept
    /// `onSuccess` as a parameter and returned the error.
    @Test func aSuccessHandlerThatMayThrowIsTheValue() throws {
        let text = scan(
            """
            public enum RequestCallbacks {
                public typealias Success = (Data) throws -> ()
                public typealias Error = (Swift.Error) -> ()
            }
            public final class Session {
                public func share(_ context: Int, onSuccess: @escaping RequestCallbacks.Success, onError: @escaping RequestCallbacks.Error) {}
            }
            """
        ).text
        #expect(!text.contains("@context"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func share(_ context: Int) async throws -> Data {"), "\(generated)")
    }

    /// SwiftyVK's typestate builders: `onError(_:) -> SuccessableProgressableConfigurable`,
    /// documented "Set onError callback", returns the next builder of the module (no token),
    /// and nothing is sent until `send()`: a setter, no callback of this call.
    @Test func aSetterReturningTheNextBuilderIsNoCallback() {
        let text = scan(
            """
            public final class Task { public func cancel() {} }
            public final class Sendable { public func send() -> Task { Task() } }
            public final class Failable {
                /// Set onError callback
                public func onError(_ closure: @escaping (Error) -> ()) -> Sendable { Sendable() }
            }
            """
        ).text
        #expect(text.contains("// Failable: onError(_:) — sets a handler of the builder"), "\(text)")
        // Cloudinary's in-flight request returns itself, for chaining: its response closure is
        // the request's outcome.
        let chained = scan(
            """
            public protocol FetchRequest {
                /// Set a response closure to be called once the request has finished.
                func responseImage(_ completionHandler: ((Data?, Error?) -> Void)?) -> FetchRequest
                func cancel()
            }
            """
        ).text
        #expect(chained.contains("extension FetchRequest {\n"), "\(chained)")
        #expect(!chained.contains("sets a handler of the builder"), "\(chained)")
    }

    /// BoxSDK's `copy(folderId:destinationFolderID:name:fields:completion:)` beside its own
    /// `copy(folderId:destinationFolderId:name:fields:) async throws -> Folder`: a label spelled
    /// with another case is the same argument, so the SDK's async form is the one to call.
    @Test func anAsyncFormWhoseLabelIsSpelledInAnotherCaseIsTheTwin() {
        let text = scan(
            """
            public struct Folder {}
            public final class FoldersModule {
                public func copy(folderId: String, destinationFolderID: String, name: String? = nil, completion: @escaping (Result<Folder, Error>) -> Void) {}
                public func copy(folderId: String, destinationFolderId: String, name: String? = nil) async throws -> Folder { Folder() }
            }
            """
        ).text
        #expect(!text.contains("extension FoldersModule"), "\(text)")
        #expect(text.contains("copy(folderId:destinationFolderID:name:completion:)"), "\(text)")
    }

    /// AWS AppSync's `AWSAppSyncHTTPNetworkTransport`: "MARK: - Internal Functions -" over
    /// `internal func sendGraphQLRequest(…)` and the `public func send(…)` of the public protocol
    /// it conforms to. A section that declares members non-public on purpose says nothing of its
    /// public ones; one of public members only (Haneke's) still leaves them out.
    @Test func aPublicMemberBesideInternalOnesUnderAnInternalMarkIsAPI() {
        let text = scan(
            """
            public final class Transport {
                // MARK: - Internal Functions -

                internal func sendRequest(_ request: String, completion: @escaping (Data?, Error?) -> Void) {}

                public func send(data: Data, completion: @escaping (Data?, Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    public func send(data: Data, completion: @escaping (Data?, Error?) -> Void)\n"), "\(text)")
        #expect(!text.contains("// Transport: send"), "\(text)")
    }
}
