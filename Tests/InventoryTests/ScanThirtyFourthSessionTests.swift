@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the thirty-fourth session taught (decision 147).
@Suite struct ScanThirtyFourthSessionTests: ScanTesting {
    /// SwiftyInsta's paginated calls: an optional `updateHandler:` per page beside a
    /// `completionHandler:` that hands every page in a Result, and the next page's cursor beside
    /// it. Names alone said "a stream"; an expert writes a one-shot of the pages and the cursor,
    /// the updates passed through as progress (16 of 16 wrong by the oracle before).
    @Test func anOptionalUpdateBesideACompletionThatHandsEveryPageIsProgress() throws {
        let text = scan(
            """
            public struct PaginationParameters {}
            public typealias PaginationUpdateHandler<R, P> = (_ update: P, _ inserting: [R], _ nextParameters: PaginationParameters, _ runningResponse: [R]) -> Void
            public typealias PaginationCompletionHandler<R> = (_ response: Result<[R], Error>, _ nextParameters: PaginationParameters) -> Void
            public class FeedHandler {
                public func liked(with paginationParameters: PaginationParameters,
                                  updateHandler: PaginationUpdateHandler<String, Int>?,
                                  completionHandler: @escaping PaginationCompletionHandler<String>) {}
                /// Not optional: each page is what the caller listens for.
                public func pages(updateHandler: @escaping (String) -> Void, completionHandler: @escaping (Result<[String], Error>) -> Void) {}
                /// An end that hands only its failure: the updates are the values.
                public func rows(updateHandler: ((String) -> Void)?, completionHandler: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                """
                    // scan: @completion(completionHandler) because 'updateHandler' may be nil: it reports each step on the way, and 'completionHandler' hands the whole outcome
                    @completion(completionHandler)
                    // scan: @progress(updateHandler) because 'updateHandler' is passed through as it is; if each step is what you want, write '@stream' instead of these two
                    @progress(updateHandler)
                    // scan: 'completionHandler' hands 'nextParameters' beside the Result: the next page's cursor, returned with its value
                    public func liked(
                """), "\(text)")
        #expect(text.components(separatedBy: "@progress(").count == 3, "\(text)")
        let generated = try generate(text)
        #expect(generated.contains(") async throws -> ([String], PaginationParameters) {"), "\(generated)")
        #expect(generated.contains("continuation.resume(with: result.map { ($0, nextParameters) })"), "\(generated)")
        #expect(generated.contains("/// `updateHandler` only reports progress on the way: passed through."), "\(generated)")
        #expect(generated.contains("func pages() -> _Concurrency.AsyncThrowingStream<String, any Swift.Error>"), "\(generated)")
        #expect(generated.contains("func rows() -> _Concurrency.AsyncThrowingStream<String, any Swift.Error>"), "\(generated)")
    }

    /// What comes beside a Result that is not named for the next page stays left out (decision
    /// 117: Mapbox's session, Azure's raw response); so does a cursor a stream's end gets.
    @Test func onlyTheNextPagesCursorIsKeptBesideAResult() throws {
        let generated = try generate(
            """
            struct Cursor {}
            extension Client {
                func search(query: String, completion: @escaping (_ query: String, _ result: Result<[String], Error>) -> Void)
                func page(after cursor: Cursor, completion: @escaping (Result<Void, Error>, _ nextCursor: Cursor) -> Void)
            }
            """)
        #expect(generated.contains("func search(query: String) async throws -> [String] {"), "\(generated)")
        #expect(generated.contains("func page(after cursor: Cursor) async throws -> Cursor {"), "\(generated)")
        #expect(generated.contains("continuation.resume(with: result.map { _ in nextCursor })"), "\(generated)")
    }

    /// Kumulos's, Haneke's and ALCamera's halves of one outcome, each set by a call that returns
    /// the object, and no method that gets both: refused before (14 entries missing), now one
    /// adapter on the success half that sets both; ALCamera's starts at `fetch()`, said.
    @Test func theHalvesOfAnOutcomeAreOneAdapter() throws {
        let text = scan(
            """
            public typealias SuccessBlock = ([String]) -> Void
            public typealias FailureBlock = (NSError) -> Void
            public final class ImageFetcher {
                public init() {}
                public func onSuccess(_ success: @escaping SuccessBlock) -> Self { self }
                public func onFailure(_ failure: @escaping FailureBlock) -> Self { self }
                public func fetch() -> Self { self }
            }
            """
        ).text
        #expect(
            text.contains(
                """
                    // scan: @failure(onFailure(_:)) because 'onSuccess' sets only the value of the ImageFetcher's outcome and 'onFailure(_:)' its failure: one adapter sets both and awaits whichever comes
                    @failure(onFailure(_:))
                    // scan: @start(fetch()) because as written, the ImageFetcher reports nothing before 'fetch()', called once both halves are set; if its work is under way when it is made, remove it
                    @start(fetch())
                    // scan: @cancel(none) because 'onSuccess' returns the ImageFetcher itself, for chaining, and it has no stop
                    @cancel(none)
                    public func onSuccess(
                """), "\(text)")
        #expect(text.contains("@context  // the failure half of the adapter of 'onSuccess', which sets both halves\n    public func onFailure("), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("/// Bridged from `ImageFetcher.onSuccess(_:)` and its failure half `ImageFetcher.onFailure(_:)`."), "\(generated)")
        #expect(generated.contains("func onSuccess() async throws -> [String] {"), "\(generated)")
        #expect(generated.contains("}).onFailure({ error in continuation.resume(throwing: error) })"), "\(generated)")
        #expect(generated.contains("start: { token in _ = token.fetch() }"), "\(generated)")
    }

    /// Kumulos's blocks get the operation itself last, `(KSResponse, KSAPIOperation)`: the object
    /// the method returns for chaining, which the caller has; no part of the value.
    @Test func theObjectItselfHandedBackLastToAChainedHalfIsNoValue() throws {
        let generated = try generate(
            """
            struct Response {}
            extension Operation {
                @failure(failure(_:)) @cancel(none)
                @discardableResult func success(_ success: ((Response, Operation) -> Void)?) -> Operation
                @discardableResult func failure(_ failure: ((NSError?, Operation) -> Void)?) -> Operation
            }
            """)
        #expect(generated.contains("func success() async throws -> Response {"), "\(generated)")
        #expect(generated.contains("}).failure({ error, _ in continuation.resumeWithFailureFlag(error: error) })"), "\(generated)")
    }

    /// Kassandra's `connect(with:…, oncompletion: (Result) -> Void)`: `Result` has `.authSuccess`,
    /// the success of one step, beside `.ready` and `.authenticate(with:)`, which tells the caller
    /// to authenticate. Read as a command's bare success, every other case was dropped (4 wrong on
    /// first contact, batch 84). A command's success is the call's own: `.success…`, `.done`, `.ok`.
    @Test func aStepsSuccessIsNotACommandsSuccess() throws {
        let text = scan(
            """
            public enum Result {
                case error(Error)
                case ready
                case authenticate(with: String)
                case authSuccess
            }
            public enum QueryResult {
                case error(Error)
                case successNoData
                case rows([String])
            }
            public class Client {
                public func connect(with keyspace: String? = nil, oncompletion: @escaping (Result) -> Void) {}
                public func create(table: String, oncompletion: @escaping (QueryResult) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: as written, the value is the whole Result: .ready, .authenticate, .authSuccess; where a call only succeeds or fails, leave the value unused; if only '.authenticate' carries the answer"), "\(text)")
        #expect(text.contains("    @success(.successNoData)\n"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func connect(with keyspace: String? = nil) async throws -> Store.Result {"), "\(generated)")
        #expect(generated.contains("func create(table: String) async throws {"), "\(generated)")
    }
}
