import Generator
@testable import Inventory
import Testing

/// Batches 31 and 32's readings (decision 116): handlers named for updates, a flag that asks for
/// them, the returned query handed back, a success flag beside a value, registrations whose
/// `Result`s are events, a result handler property, chained setters, requests with progress, and
/// the system's background-session completion handed over.
@Suite struct ScanThirtyFirstBatchTests: ScanTesting {
    /// HealthKitReporter's `observerQuery(type:updateHandler:) throws -> ObserverQuery` and
    /// `statisticsCollectionQuery(…, enumerationBlock:)`: called for each update or item. The
    /// query the method returns, handed back first, is no part of the value.
    @Test func handlersNamedForUpdatesAreStreamsAndTheReturnedQueryIsLeftOut() throws {
        let text = scan(
            """
            public typealias ObserverUpdateHandler = (_ query: Query?, _ identifier: String?, _ error: Error?) -> Void
            public final class Query {}
            public final class ObserverQuery: Query {}
            public final class Observer {
                public func observerQuery(type: String, updateHandler: @escaping ObserverUpdateHandler) throws -> ObserverQuery { fatalError() }
                public func statistics(type: String, enumerationBlock: @escaping (Double?, Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'updateHandler' is called for each event"), "\(text)")
        #expect(text.contains("// scan: @stream because 'enumerationBlock' is called for each event"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func observerQuery(type: String) -> _Concurrency.AsyncThrowingStream<String, any Swift.Error> {"), "\(generated)")
        #expect(generated.contains("/// Left out of the value: the `Query` it gets first (the object the method returns)."), "\(generated)")
    }

    /// HealthKitReporter's `anchoredObjectQuery(…, monitorUpdates: Bool, completionHandler:)`:
    /// with the flag set the handler is called for each update.
    @Test func aFlagThatAsksForUpdatesMakesAStream() {
        let text = scan(
            """
            public final class Reader {
                public func anchoredQuery(type: String, monitorUpdates: Bool = false, completionHandler: @escaping ([String], Error?) -> Void) {}
                public func sampleQuery(type: String, ascending: Bool = false, completionHandler: @escaping ([String], Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'monitorUpdates' asks for updates, each a call of 'completionHandler'"), "\(text)")
        #expect(text.components(separatedBy: "@stream\n").count == 2, "\(text)")
    }

    /// HealthKitReporter's `deleteObjects(of:predicate:completion: (_ success: Bool, _ id: Int,
    /// _ error: Error?) -> Void)`: the flag says whether it succeeded, the count is the value.
    @Test func aSuccessFlagBesideAValueIsTheStatus() throws {
        let text = scan(
            """
            public final class Writer {
                public func deleteObjects(of type: String, completion: @escaping (_ success: Bool, _ count: Int, _ error: Error?) -> Void) {}
                public func count(of type: String, completion: @escaping (_ cached: Bool, _ count: Int, _ error: Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: @asyncError(zeroArgument: 1) because 'completion' gets a flag named 'success' beside the error"), "\(text)")
        #expect(text.components(separatedBy: "\n    @asyncError(").count == 2, "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func deleteObjects(of type: String) async throws -> Int {"), "\(generated)")
    }

    /// InAppPurchase's `addTransactionObserver(fallbackHandler:)` beside
    /// `removeTransactionObserver()`, and `set(shouldAddStorePaymentHandler:handler:)`, a slot
    /// nil clears: a `Result` per transaction, which a failure does not end.
    @Test func registrationsOfResultsYieldTheResults() {
        let text = scan(
            """
            public final class Store {
                public typealias PurchaseHandler = (_ result: Result<String, Error>) -> Void
                public func addTransactionObserver(fallbackHandler: PurchaseHandler?) {}
                public func removeTransactionObserver() {}
                public func set(shouldAddStorePaymentHandler: ((_ product: String) -> Bool)?, handler: PurchaseHandler?) {}
            }
            """
        ).text
        #expect(text.contains("@stream(results)\n    // scan: @cancel(removeTransactionObserver())"), "\(text)")
        #expect(text.contains("// scan: @cancel(set(shouldAddStorePaymentHandler: nil, handler: nil)) because"), "\(text)")
        #expect(text.components(separatedBy: "@stream(results)\n").count == 3, "\(text)")
    }

    /// Mux's `DirectUpload.resultHandler`: the upload's result, once.
    @Test func aResultHandlerPropertyComesOnce() {
        let text = scan(
            """
            public final class Upload {
                public var resultHandler: ((Result<String, Error>) -> Void)?
                public var progressHandler: ((Double) -> Void)?
            }
            """
        ).text
        #expect(text.contains("// scan: @once because 'resultHandler' is named for the result, which comes once"), "\(text)")
        #expect(text.components(separatedBy: "\n    @once\n").count == 2, "\(text)")
    }

    /// Cloudinary: a request's chained `progress(_:) -> CLDUploadRequest` is no synchronous
    /// call; `addTag(…, completionHandler:) -> CLDTagRequest` adds a tag and answers once;
    /// `fetchImage(_:_ progress:completionHandler:) -> CLDFetchImageRequest` is no operator.
    @Test func requestsOfAnSDKAreReadForWhatTheyAre() {
        let text = scan(
            """
            public protocol FetchRequest { func cancel() }
            public final class UploadRequest {
                @discardableResult public func progress(_ progress: @escaping ((Progress) -> Void)) -> UploadRequest { self }
                public func cancel() {}
            }
            public final class TagRequest { public func cancel() {} }
            public final class Api {
                public func addTag(_ tag: String, publicIds: [String], completionHandler: ((_ result: String?, _ error: Error?) -> ())? = nil) -> TagRequest { TagRequest() }
                public func fetchImage(_ url: String, _ progress: ((Progress) -> Void)? = nil, completionHandler: ((Data?, Error?) -> Void)? = nil) -> FetchRequest { fatalError() }
            }
            """
        ).text
        #expect(!text.contains("@blocking"), "\(text)")
        #expect(!text.contains("'addTag' returns a token"), "\(text)")
        #expect(text.contains("\n    public func addTag("), "\(text)")
        #expect(text.contains("\n    public func fetchImage("), "\(text)")
    }

    /// Cloudinary's `setBackgroundCompletionHandler(_:)` and SwiftyDropbox's
    /// `didFinishBackgroundEvents`: the handler the app delegate got from the system, handed
    /// over for the library to call. Nothing to await.
    @Test func theSystemsBackgroundCompletionHandedOverIsContext() {
        let text = scan(
            """
            public final class Client {
                public func setBackgroundCompletionHandler(_ newValue: (() -> ())?) {}
                public var didFinishBackgroundEvents: (() -> Void)?
            }
            """
        ).text
        #expect(text.contains("// Client: setBackgroundCompletionHandler(_:) — hands over the system's background-session completion handler"), "\(text)")
        #expect(text.contains("// Client: didFinishBackgroundEvents — holds the system's background-session completion handler"), "\(text)")
    }

    /// Shopify Buy's `queryGraphWith(_:retryHandler:completionHandler:) -> GraphTask`: the task's
    /// `resume()` is documented as what starts it (no `suspend()`); the error, an enum nested in
    /// an extension of `Graph`, is named bare in the closure; `RetryHandler<…>` is a struct of
    /// the module, no other module's closure.
    @Test func aTaskStartedByItsResumeIsStarted() {
        let text = scan(
            """
            public enum Graph {}
            public extension Graph {
                enum QueryError: Error { case invalid }
                struct RetryHandler<R> { public init() {} }
            }
            public protocol GraphTask {
                /// Starts the underlying task
                func resume()
                /// Cancel the underlying task
                func cancel()
            }
            public final class Client {
                public typealias QueryCompletion = (_ query: String?, _ error: QueryError?) -> Void
                public func queryGraphWith(_ query: String, retryHandler: Graph.RetryHandler<String>? = nil, completionHandler: @escaping QueryCompletion) -> GraphTask { fatalError() }
            }
            """
        ).text
        #expect(text.contains("// scan: @start(resume()) because the returned GraphTask documents resume() as what starts it"), "\(text)")
        #expect(!text.contains("is named like an error but is not an 'Error'"), "\(text)")
        #expect(!text.contains("is not declared in these sources"), "\(text)")
    }

    /// Mapbox Directions' `RouteCompletionHandler = (_ session: Session, _ result:
    /// Result<RouteResponse, DirectionsError>) -> Void` (decision 117): the Result is the
    /// outcome; the session beside it is left out, which the starter says.
    @Test func aResultBesideOtherValuesIsTheOutcome() throws {
        let text = scan(
            """
            public final class Directions {
                public typealias Session = (options: String, credentials: String)
                public typealias RouteCompletionHandler = (_ session: Session, _ result: Result<Int, Error>) -> Void
                public func calculate(_ options: String, completionHandler: @escaping RouteCompletionHandler) -> URLSessionDataTask { fatalError() }
            }
            """
        ).text
        #expect(text.contains("// scan: 'completionHandler' gets a Result beside 'Session': the Result is the outcome, and the rest is left out of the value"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("/// Left out of the value: the `Session` it gets beside the Result, which is the outcome."), "\(generated)")
        #expect(generated.contains("completionHandler: { _, result in"), "\(generated)")
    }

    /// Superwall's `register(placement:params:handler: PaywallPresentationHandler?, feature:)`:
    /// a class of the SDK named like a handler is no closure, so `feature` is the one callback,
    /// and what is assumed of it is said.
    @Test func aClassNamedLikeAHandlerIsNoClosure() {
        let text = scan(
            """
            public final class PaywallPresentationHandler { public init() {} }
            public final class Superwall {
                public func register(placement: String, handler: PaywallPresentationHandler? = nil, feature: @escaping () -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: one-shot assumed: nothing says how often 'feature' is called"), "\(text)")
    }

    /// Batch 34. BluetoothKit's `scanContinuouslyWithChangeHandler(_ changeHandler:, stateHandler:,
    /// errorHandler:)`: a handler named for changes is an event closure, the error closure
    /// ends the stream. WordPressKit's `loadNotes`, documented "… whenever noteIds is present)"
    /// above its parameter list: no sentence about the completion. AdyenNetworking's
    /// `APIClientProtocol.perform(_:completionHandler:)`: one conformer's async form (from
    /// another protocol) does not serve it when others conform.
    @Test func batchThirtyFourReadings() throws {
        let text = scan(
            """
            public final class Central {
                public func scanContinuouslyWithChangeHandler(_ changeHandler: @escaping ([String]) -> Void, stateHandler: ((Int) -> Void)?, errorHandler: ((Error) -> Void)?) {}
                /// Retrieves latest Notifications (OR collection of Notifications, whenever noteIds is present)
                ///
                /// - Parameters:
                ///     - noteIds: Identifiers of notifications to retrieve.
                ///     - completion: callback to be executed on completion.
                public func loadNotes(noteIds: [String]? = nil, completion: @escaping ((Error?, [String]?) -> Void)) {}
            }
            public protocol APIClientProtocol: AnyObject {
                func perform(_ request: String, completionHandler: @escaping (Result<Int, Error>) -> Void)
            }
            public protocol AsyncAPIClientProtocol: AnyObject {
                func perform(_ request: String) async throws -> Int
            }
            public final class APIClient: APIClientProtocol {
                public func perform(_ request: String, completionHandler: @escaping (Result<Int, Error>) -> Void) {}
            }
            extension APIClient: AsyncAPIClientProtocol {
                public func perform(_ request: String) async throws -> Int { 0 }
            }
            public final class RetryClient: APIClientProtocol {
                public func perform(_ request: String, completionHandler: @escaping (Result<Int, Error>) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'changeHandler' is called for each event and 'errorHandler' ends them"), "\(text)")
        #expect(!text.contains("'whenever'"), "\(text)")
        #expect(
            text.contains(
                "extension APIClientProtocol {\n    // scan: the subclass APIClient has 'perform(_:)' async: if your objects are APIClients, call that and mark 'perform' '@context'\n    func perform("
            ), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func scanContinuouslyWithChangeHandler(stateHandler: (@Sendable (Int) -> Void)?) -> _Concurrency.AsyncThrowingStream<[String], any Swift.Error>"), "\(generated)")
    }

    /// AzureCore's `RetryPolicy: RetryStage` (an internal `protocol RetryStage: PipelineStage`)
    /// and `Authenticating: PipelineStage`'s default `on(request:completionHandler:)`: they
    /// implement `PipelineStage`'s requirements, whose adapters call them, through the
    /// refinement too.
    @Test func aRefinedProtocolsRequirementsAreServedByItsAdapters() {
        let text = scan(
            """
            public protocol PipelineStage {
                func on(request: String, completionHandler: @escaping (String, Error?) -> Void)
            }
            protocol RetryStage: PipelineStage {}
            public class RetryPolicy: RetryStage {
                public func on(request: String, completionHandler: @escaping (String, Error?) -> Void) {}
            }
            public protocol Authenticating: PipelineStage {}
            extension Authenticating {
                public func on(request: String, completionHandler: @escaping (String, Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// RetryPolicy → PipelineStage: on(request:completionHandler:)"), "\(text)")
        #expect(text.contains("// Authenticating → PipelineStage: on(request:completionHandler:)"), "\(text)")
        #expect(!text.contains("extension RetryPolicy {"), "\(text)")
    }

    /// What is left out or kept as written is said: Schedule's `Plan.do(queue:action: (Task) ->
    /// Void) -> Task` streams `Void` (the task is the handle the stream stops); BluetoothKit's
    /// `sendData(_:toRemotePeer:completionHandler:)` hands back what the caller passed.
    @Test func whatIsLeftOutOrKeptIsSaid() {
        let text = scan(
            """
            public final class Task { public func cancel() {} }
            public struct Plan {
                public func `do`(queue: DispatchQueue, action: @escaping (Task) -> Void) -> Task { Task() }
            }
            public final class Peer {
                public func sendData(_ data: Data, toRemotePeer remotePeer: String, completionHandler: ((_ data: Data, _ remotePeer: String, _ error: Error?) -> Void)?) {}
                public func search(query: String, completion: @escaping (_ query: String, _ result: Result<[Int], Error>) -> Void) {}
            }
            """
        ).text
        // (Beside a Result, what is handed back is left out, and said so once: outside try.)
        #expect(!text.contains("hands back 'query'"), "\(text)")
        #expect(text.contains("// scan: as written, each event is Void: the Task 'action' gets is the one the stream keeps and stops"), "\(text)")
        #expect(text.contains("// scan: 'completionHandler' hands back 'data', 'remotePeer', which the caller passed: as written, part of the value"), "\(text)")
    }
}

