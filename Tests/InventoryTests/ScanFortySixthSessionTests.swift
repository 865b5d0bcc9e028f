@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the forty-sixth session taught (decision 172): a protocol the library keeps in a property
/// and calls, and that nothing in the module adopts, is the app's to implement, whatever its
/// name; an adapter on it would be an async call nobody makes.
@Suite struct ScanFortySixthSessionTests: ScanTesting {
    /// Hyperwallet's `HyperwalletAuthenticationTokenProvider`, handed to `Hyperwallet.setup(_:)`,
    /// kept, and asked for a token before each call: the app implements it. Not named like a
    /// delegate, so before only a note said so, beside an adapter.
    @Test func aProviderNothingAdoptsIsTheAppsToImplement() {
        let text = scan(
            """
            public protocol TokenProvider {
                func retrieveToken(completionHandler: @escaping (String?, Error?) -> Void)
            }
            public final class Wallet {
                private var provider: TokenProvider
                public init(provider: TokenProvider) { self.provider = provider }
                public func user(completion: @escaping (String?, Error?) -> Void) {
                    provider.retrieveToken { token, error in completion(token, error) }
                }
            }
            """
        ).text
        #expect(
            text.contains(
                "// TokenProvider: retrieveToken(completionHandler:) — the library keeps a TokenProvider in 'Wallet.provider' and calls 'retrieveToken', and nothing in it adopts TokenProvider: your code implements it and the library calls it"
            ), "\(text)")
        #expect(!text.contains("extension TokenProvider {"), "\(text)")
        #expect(text.contains("extension Wallet {"), "\(text)")
    }

    /// SignalR's `HttpClientProtocol`, kept and called by the library, and adopted by its own
    /// `DefaultHttpClient` (internal): the library's seam, which apps call too. Bridged, with the
    /// note that says the other reading. Gini's `DocumentService`, adopted through a
    /// composition's alias (`DefaultDocumentServiceProtocol = DocumentService & V2`), likewise.
    @Test func aProtocolTheModuleAdoptsStaysBridged() {
        let text = scan(
            """
            public protocol HttpClientProtocol {
                func get(url: URL, completionHandler: @escaping (Data?, Error?) -> Void)
            }
            class DefaultHttpClient: HttpClientProtocol {
                func get(url: URL, completionHandler: @escaping (Data?, Error?) -> Void) {}
            }
            public protocol DocumentService: AnyObject {
                func fetchDocument(with id: String, completion: @escaping (Result<String, Error>) -> Void)
            }
            protocol V2DocumentService: AnyObject {}
            typealias DefaultDocumentServiceProtocol = DocumentService & V2DocumentService
            public final class DefaultDocumentService: DefaultDocumentServiceProtocol {
                public func fetchDocument(with id: String, completion: @escaping (Result<String, Error>) -> Void) {}
            }
            public final class Connection {
                var httpClient: HttpClientProtocol = DefaultHttpClient()
                var documents: DocumentService = DefaultDocumentService()
                public func start() {
                    httpClient.get(url: URL(fileURLWithPath: "/")) { _, _ in }
                    documents.fetchDocument(with: "") { _ in }
                }
            }
            """
        ).text
        #expect(text.contains("extension HttpClientProtocol {"), "\(text)")
        #expect(
            text.contains(
                "the library keeps a HttpClientProtocol in 'Connection.httpClient' and calls 'get' itself: if your code only implements it, mark it '@context'"
            ), "\(text)")
        #expect(!text.contains("nothing in it adopts HttpClientProtocol"), "\(text)")
        #expect(!text.contains("nothing in it adopts DocumentService"), "\(text)")
    }

    /// HealthKitReporter's `heartbeatSeriesQuery(…, dataHandler:)`, "- Parameter dataHandler:
    /// returns a block with heartbeat serie for each" wrapped onto "iteration until **done** …
    /// is True.": a parameter's item goes on over its wrapped lines, and an iteration comes many
    /// times. Another parameter's wrapped lines say nothing of the callback.
    @Test func aParametersWrappedLinesAreItsOwn() {
        let text = scan(
            """
            public struct Serie {}
            public final class Reader {
                /**
                 Queries heartbeat series.
                 - Parameter limit: **Int** limit of the elements.
                 - Parameter dataHandler: returns a block with heartbeat serie for each
                 iteration until **done** of **HeartbeatSerie**  is True.
                 - Throws: HealthKitError.invalidType
                 */
                public func heartbeatSeriesQuery(limit: Int, dataHandler: @escaping (Serie?, Error?) -> Void) throws -> Int { 0 }
                /// Downloads a file.
                /// - Parameter progress: reports the bytes written for each
                ///   iteration of the transfer.
                /// - Parameter completion: the file's location.
                public func download(progress: @escaping (Int64) -> Void, completion: @escaping (URL?, Error?) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                """
                    // scan: @stream because its documentation says 'each iteration'
                    @stream
                    public func heartbeatSeriesQuery(
                """), "\(text)")
        #expect(text.components(separatedBy: "    @stream\n").count == 2, "\(text)")
    }

    /// HealthKitReporter's `HealthKitReader.sampleQuery(…, resultsHandler:) throws -> SampleQuery`
    /// returns a HealthKit query that runs only once the app hands it to `HealthKitManager.
    /// executeQuery(_ query: Query)` (HealthKit's `HKHealthStore.execute(_:)`): an adapter
    /// dropped it and waited until cancelled. Refused, with the method that runs it. A query
    /// no method of the module takes stays bridged.
    @Test func aValueThatRunsOnlyWhenHandedOverIsRefused() {
        let text = scan(
            """
            public class Query {}
            public class SampleQuery: Query {}
            public class Report {}
            public class HealthKitManager {
                public func executeQuery(_ query: Query) {}
                public func stopQuery(_ query: Query) {}
            }
            public class HealthKitReader {
                public func sampleQuery(limit: Int, resultsHandler: @escaping ([String], Error?) -> Void) throws -> SampleQuery { SampleQuery() }
                public func report(resultsHandler: @escaping ([String], Error?) -> Void) -> Report { Report() }
            }
            """
        ).text
        #expect(
            text.contains(
                "// Not bridgeable as written: returns a 'SampleQuery' that runs only once handed to 'HealthKitManager.executeQuery(_:)': an adapter would drop it unstarted and wait until it is cancelled;"
            ), "\(text)")
        #expect(text.contains("\n    public func report(resultsHandler: @escaping ([String], Error?) -> Void) -> Report\n"), "\(text)")
    }

    /// pCloud's `CallTask.addCompletionBlock(_:) -> CallTask`, whose client documents "- returns:
    /// An instance of `CallTask` in suspended state.": the adapter starts it once its callback
    /// is set, instead of a note that asks. A task nothing says is made suspended keeps the note.
    @Test func aTaskTheModuleSaysItMakesSuspendedIsStarted() throws {
        let text = scan(
            """
            public final class CallTask {
                @discardableResult public func addCompletionBlock(_ block: @escaping (Result<Int, Error>) -> Void) -> CallTask { self }
                @discardableResult public func start() -> CallTask { self }
                public func cancel() {}
            }
            public final class UploadTask {
                @discardableResult public func addCompletionBlock(_ block: @escaping (Result<Int, Error>) -> Void) -> UploadTask { self }
                @discardableResult public func start() -> UploadTask { self }
                public func cancel() {}
            }
            public final class Client {
                /// Creates a call.
                /// - returns: An instance of `CallTask` in suspended state.
                public func createCallTask() -> CallTask { CallTask() }
                public func createUploadTask() -> UploadTask { UploadTask() }
            }
            """
        ).text
        #expect(
            text.contains(
                """
                    // scan: @start(start()) because the module documents that it makes a CallTask suspended: start() starts it once the callback is set
                    @start(start())
                """), "\(text)")
        #expect(
            text.contains("// scan: the returned UploadTask has start(): if it may not be started when 'addCompletionBlock' is called, write '@start(start())'"),
            "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("start: { token in token.start() }"), "\(generated)")
    }

    /// Tealium's `URLSessionProtocol.tealiumDataTask(with:completionHandler:) ->
    /// URLSessionDataTaskProtocol`, whose one method is `resume()`: named as URLSession's after
    /// a prefix of the library's, and suspended by that convention, stop or no stop.
    @Test func aDataTaskNamedAfterAPrefixIsResumed() throws {
        let text = scan(
            """
            public protocol URLSessionDataTaskProtocol {
                func resume()
            }
            public protocol URLSessionProtocol {
                func tealiumDataTask(with url: URL, completionHandler: @escaping (Data?, URLResponse?, Error?) -> Void) -> URLSessionDataTaskProtocol
            }
            public final class DefaultSession: URLSessionProtocol {
                public func tealiumDataTask(with url: URL, completionHandler: @escaping (Data?, URLResponse?, Error?) -> Void) -> URLSessionDataTaskProtocol { fatalError() }
            }
            """
        ).text
        #expect(
            text.contains(
                """
                    // scan: @start(resume()) because 'tealiumDataTask' is named as URLSession's, whose tasks are made suspended: resume() starts the returned URLSessionDataTaskProtocol
                    @start(resume())
                """), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("start: { token in token.resume() }"), "\(generated)")
    }

    /// VimeoNetworking's `SessionManaging.request(_:parameters:then:) -> Task?`, where the module
    /// declares `protocol Task { func cancel(); func resume() }` and `extension URLSessionTask:
    /// Task`: the task is a URLSession task, made suspended, so the adapter resumes it.
    @Test func aProtocolURLSessionTasksAdoptIsResumed() throws {
        let text = scan(
            """
            public protocol Task {
                var id: Int { get }
                func cancel()
                func resume()
            }
            extension URLSessionTask: Task {
                public var id: Int { return self.taskIdentifier }
            }
            public protocol SessionManaging {
                func request(_ url: URL, then callback: @escaping (Result<Data, Error>) -> Void) -> Task?
            }
            public final class Manager: SessionManaging {
                public func request(_ url: URL, then callback: @escaping (Result<Data, Error>) -> Void) -> Task? { nil }
            }
            """
        ).text
        #expect(
            text.contains(
                """
                    // scan: @start(resume()) because the module makes URLSession's tasks adopt Task?, and they are made suspended: resume() starts it
                    @start(resume())
                """), "\(text)")
    }

    /// The same evidence for a task that `resume()` starts: "- returns: A download, suspended."
    /// beside a `resume()` and a `cancel()` (no `suspend()`, no URLSession name).
    @Test func aTaskTheModuleSaysItMakesSuspendedIsResumed() {
        let text = scan(
            """
            public final class Download {
                public func resume() {}
                public func cancel() {}
            }
            public final class Downloader {
                /// Makes a download.
                /// - returns: A download, suspended.
                public func fetch(_ url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> Download { Download() }
            }
            """
        ).text
        #expect(
            text.contains(
                """
                    // scan: @start(resume()) because the module documents that it makes a Download suspended: resume() starts it
                    @start(resume())
                """), "\(text)")
    }
}
