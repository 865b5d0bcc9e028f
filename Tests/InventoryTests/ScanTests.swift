import Generator
@testable import Inventory
import Testing

/// An SDK's source written to trip a scanner: declarations hidden in strings, comments and
/// bodies, `#if` branches, attributes over several lines, nested types, a `public extension`.
let trickySDK = #"""
    import Foundation

    public typealias ResultHandler<T> = (Result<T, Error>) -> Void

    /// The client.
    public final class NetworkClient {
        public init() {}
        public var timeout: Double = 30
        private var secret = "func hidden(completion: @escaping () -> Void) {"

        @available(iOS 13, *)
        @discardableResult
        public func fetch(
            _ path: String,
            completion: @escaping (Data?, Error?) -> Void
        ) -> RequestToken {
            let template = """
                func alsoHidden(completion: @escaping () -> Void) { \(path.count) }
                """
            let raw = #"func rawHidden(handler: () -> Void) { "quoted" }"#
            func nested(completion: @escaping () -> Void) {}  // a local function, not API
            DispatchQueue.global().async { completion(Data(), nil) }
            _ = (template, raw, "\("interpolated { brace")")
            return RequestToken()
        }

        /* A block comment /* nested */ func commented(completion: @escaping () -> Void) */
        // func lineCommented(completion: @escaping () -> Void)

        #if os(iOS)
        public func upload(_ data: Data, completion: @escaping ResultHandler<Int>)
        #else
        public func upload(_ data: Data, completion: @escaping ResultHandler<Int>) {}
        #endif

        internal func internalOnly(completion: @escaping () -> Void) {}

        public func observeStatus(_ handler: @escaping (String) -> Void) -> StatusObservation { StatusObservation() }

        public func plain(id: Int) -> Int { id }

        public func matches<S>(_ other: S) -> Bool where S: Sequence, S.Element == Int { true }
        public static func += (lhs: inout NetworkClient, rhs: Int) { lhs.timeout += Double(rhs) }
        public func later(completion: @escaping (Int) -> Void) {}

        public struct Options {
            public var retries: Int
            public func validate(completion: @escaping (Bool) -> Void) {}
        }
    }

    public final class RequestToken {
        public func cancel() {}
    }

    public final class StatusObservation {
        public func invalidate() {}
    }

    public extension NetworkClient {
        func ping(completion: @escaping (Error?) -> Void) {}
        private func secretPing(completion: @escaping (Error?) -> Void) {}
    }

    public protocol NetworkClientDelegate: AnyObject {
        func client(_ client: NetworkClient, didFinish data: Data)
        func client(_ client: NetworkClient, didFail error: Error)
    }
    """#

/// A `.swiftinterface`: everything listed is public, without bodies or modifiers.
let interfaceSDK = #"""
    // swift-interface-format-version: 1.0
    import Swift
    @_exported import Foundation
    public class Locator {
      public init()
      @objc public func locate(accuracy: Swift.Double, completion: @escaping (Swift.String?, Swift.Error?) -> Swift.Void)
      public var isRunning: Swift.Bool {
        get
      }
      @objc deinit
    }
    """#

@Suite struct SkimmerTests {
    @Test func stringsCommentsAndRawStringsHideTheirContents() {
        let words = SourceTokens.of(Array(trickySDK.utf8)).compactMap(\.word)
        for hidden in ["hidden", "alsoHidden", "rawHidden", "commented", "lineCommented"] {
            #expect(!words.contains(hidden), "\(hidden)")
        }
        #expect(words.contains("fetch") && words.contains("#if") && words.contains("nested"))
    }

    @Test func linesAndColumnsAreCounted() {
        let tokens = SourceTokens.of(Array("a\n  \"x\ny\" b\n\"\"\"\nq\n\"\"\" c".utf8))
        #expect(tokens.map(\.line) == [1, 2, 3, 3, 4, 6])
        #expect(tokens[1].column == 3 && tokens[1].kind == .string)
    }
}

@Suite struct ScanTests {
    func scan(_ source: String, path: String = "Sources/Net/Client.swift", includesInternal: Bool = false) -> Scan.Result {
        var scan = Scan()
        scan.includesInternal = includesInternal
        scan.modules = ["Net"]
        return scan.run([Scan.File(path: path, bytes: Array(source.utf8))])
    }

    @Test func findsPublicCallbackAPIsAndNothingHidden() {
        let result = scan(trickySDK)
        let text = result.text
        for expected in [
            "public func fetch(", "public func upload(_ data: Data, completion: @escaping ResultHandler<Int>)",
            "func ping(completion: @escaping (Error?) -> Void)", "public func validate(completion: @escaping (Bool) -> Void)",
            "extension NetworkClient.Options {", "public typealias ResultHandler<T>",
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
        for absent in ["hidden", "func commented", "internalOnly", "secretPing", "nested("] {
            #expect(!text.contains(absent), "\(absent)")
        }
        // Context members come along; bodies and initial values do not.
        #expect(text.contains("    public var timeout: Double\n") && text.contains("public func plain(id: Int) -> Int\n"))
        // The two #if branches declare one API.
        #expect(text.components(separatedBy: "func upload(").count == 2)
    }

    /// `import protocol NIOCore.EventLoop` (SQLKit's SQLDatabase.swift) imports one declaration:
    /// it is no protocol declaration that swallows the file, and the starter imports its module.
    @Test func anImportOfOneDeclarationImportsItsModule() {
        let result = scan(
            """
            import protocol NIOCore.EventLoop
            import class NIOCore.EventLoopFuture
            public protocol Database: Sendable {
                func execute(sql: String, _ onRow: @escaping @Sendable (Row) -> ()) -> EventLoopFuture<Void>
            }
            """)
        #expect(result.apis == 1)
        #expect(result.text.contains("import NIOCore\n") && !result.text.contains("import NIOCore.Event"))
        #expect(result.text.contains("@stream\n    // scan: @finish(returned)"))
    }

    /// A callback that gets one of the SDK's outcome enums: scan pastes its cases, and they say
    /// stream (`.next`) or one-shot (`.fulfilled`); Swift's two-argument `Result` is not the
    /// SDK's one-argument one, and an enum whose cases are no outcome (`RetryResult`) is a value.
    @Test func outcomeEnumsArePastedAndDecideStreamOrOneShot() throws {
        let result = scan(
            """
            public enum Event<Element> {
                case next(Element)
                case error(Swift.Error)
                case completed
                public var isStop: Bool { switch self { case .next: false; default: true } }
            }
            public enum Result<T> { case fulfilled(T), rejected(Error) }
            public enum RetryResult { case retry, doNotRetryWithError(Error) }
            public final class Feed<Element> {
                public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable { fatalError() }
                public func pipe(to: @escaping (Result<Element>) -> Void) { }
                public func observeResult(_ action: @escaping (Swift.Result<Element, Error>) -> Void) -> Disposable { fatalError() }
                public func retry(completion: @escaping (RetryResult) -> Void) { }
            }
            public final class Disposable { public func dispose() {} }
            """)
        let text = result.text
        #expect(text.contains("enum Event<Element> {\n    case next(Element)\n    case error(Swift.Error)\n    case completed\n}"))
        #expect(text.contains("enum Result<T> {\n    case fulfilled(T), rejected(Error)\n}"))
        #expect(!text.contains("enum RetryResult") && !text.contains("isStop"))
        #expect(text.contains("// scan: @stream because 'Event' has '.next', called for each event\n    @stream"))
        #expect(text.contains("// scan: one-shot: the cases of 'Result' (.fulfilled, .rejected) report one outcome"))
        let output = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge")
        let generated = output.text ?? ""
        #expect(!output.reports.contains { $0.diagnostic.severity == .error }, "\(output.reports.map(\.diagnostic.message))")
        #expect(generated.contains("func subscribe() -> _Concurrency.AsyncThrowingStream<Element, any Swift.Error>"))
        #expect(generated.contains("func pipe() async throws -> Element"))
        #expect(generated.contains("func retry() async throws -> RetryResult"))
    }

    /// Another type's closure typealias that a callback names (ReactiveSwift's
    /// `Signal<Value, Error>.Observer.Action`) comes along in a block of its own, with the SDK
    /// enum it hands over nested where the SDK nests it.
    @Test func anotherTypesClosureTypealiasComesAlong() throws {
        let result = scan(
            """
            extension Signal {
                public enum Event { case value(Value), failed(Error), completed, interrupted }
            }
            extension Signal {
                public final class Observer {
                    public typealias Action = (Event) -> Void
                    public func send(_ event: Event) { }
                }
            }
            public final class Signal<Value, Error: Swift.Error> {
                public func observe(_ action: @escaping Signal<Value, Error>.Observer.Action) -> Disposable? { nil }
            }
            public final class Disposable { public func dispose() {} }
            """)
        #expect(result.text.contains("extension Signal.Observer {\n    public typealias Action = (Event) -> Void\n}"))
        #expect(result.text.contains("extension Signal {\n    enum Event {\n        case value(Value), failed(Error), completed, interrupted\n    }\n}"))
        let output = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(!output.reports.contains { $0.diagnostic.severity == .error }, "\(output.reports.map(\.diagnostic.message))")
        #expect((output.text ?? "").contains("func observe() -> _Concurrency.AsyncThrowingStream<Value, any Swift.Error>"))
    }

    /// Nested `#if`s around an import are joined with `&&`, an `||` kept in parentheses
    /// (SwiftNIO's `#if os(Linux) || os(Android)` around `#if canImport(Android)`); a stop method
    /// an app cannot call (internal) is no `@cancel` (PostgresNIO's `PostgresListenContext`).
    @Test func nestedImportConditionsAndInternalStopMethods() {
        #expect(
            Scan.imports(in: "#if os(Linux) || os(Android)\n#if canImport(Android)\nimport Android\n#endif\n#endif\n")
                == ["#if (os(Linux) || os(Android)) && canImport(Android)\n    import Android\n#endif"])
        let result = scan(
            """
            public final class Connection {
                public func addListener(channel: String, handler: @escaping (Note) -> Void) -> ListenContext { fatalError() }
            }
            public final class ListenContext {
                func cancel() {}
                public func stop() {}
            }
            """)
        #expect(result.text.contains("@cancel(token: stop())") && !result.text.contains("@cancel(token)\n"))
    }

    /// A start/stop pair of the receiver (Alamofire's `startListening(onUpdatePerforming:)`
    /// and `stopListening()`): a stream the stop ends.
    @Test func aStartStopPairIsAStreamTheStopEnds() throws {
        let result = scan(
            """
            public final class Reachability {
                @discardableResult
                public func startListening(onQueue queue: DispatchQueue = .main, onUpdatePerforming listener: @escaping (Status) -> Void) -> Bool { true }
                public func stopListening() {}
            }
            """)
        #expect(result.text.contains("    @stream\n    // scan: @cancel(stopListening()) because 'stopListening()' undoes what 'startListening' does\n    @cancel(stopListening())"))
        let output = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(!output.reports.contains { $0.diagnostic.severity == .error }, "\(output.reports.map(\.diagnostic.message))")
        #expect((output.text ?? "").contains("-> _Concurrency.AsyncStream<Status>"))
        #expect((output.text ?? "").contains("self.stopListening()"))
        #expect(!result.text.contains("a stream of Void assumed"))
        // Beside such a pair, a closure that gets nothing may as well come once: said.
        let void = scan(
            """
            public final class SocketIOClient {
                public func connect(withPayload payload: [String: Any]? = nil, timeoutAfter: Double, withHandler handler: (() -> ())?) {}
                public func disconnect() {}
            }
            """)
        #expect(void.text.contains("// scan: a stream of Void assumed: 'withHandler' gets nothing; if it is called once, remove '@stream' and '@cancel(disconnect())'"), "\(void.text)")
    }

    /// A method that takes a delegate protocol's object as an argument is named beside the
    /// protocol, with the `$delegate` form (async-http-client's `execute(request:delegate:)`).
    @Test func methodsTakingADelegateAreNamedWithTheArgumentForm() {
        let result = scan(
            """
            public protocol ResponseDelegate: AnyObject {
                func didReceive(_ data: Data)
            }
            public final class Client {
                public func execute<Delegate: ResponseDelegate>(request: Request, delegate: Delegate) -> Task { fatalError() }
                public func fetch(request: Request, delegate: any ResponseDelegate) { }
            }
            """)
        #expect(result.text.contains("// Client.execute(request:delegate:) takes one per call: write '@start(…, delegate: $delegate)'"))
        #expect(result.text.contains("// Client.fetch(request:delegate:) takes one per call"))
        // A protocol whose methods answer with values cannot be a delegate block's.
        let answering = scan(
            """
            public protocol BodyDelegate: AnyObject {
                func didReceive(_ data: Data) -> EventLoopFuture<Void>
            }
            public final class Client {
                public func execute(request: Request, delegate: BodyDelegate) { }
            }
            """)
        #expect(answering.text.contains("takes one per call, but its methods return values"))
    }

    /// An async method of a Sendable type that calls a closure per item and returns when they
    /// are over is a stream its return ends; not when a synchronous overload of the same name is
    /// bridged instead, nor on a type that is not Sendable (the stream calls it from a task).
    @Test func asyncMethodsWithAPerItemClosureAreStreams() throws {
        let result = scan(
            """
            public final class Connection: Sendable {
                public func query(_ sql: String, _ onRow: @escaping @Sendable (Row) -> Void) async throws { }
                public func run(_ onRow: @escaping @Sendable (Row) -> Void) -> EventLoopFuture<Void> { fatalError() }
                public func run(_ onRow: @escaping @Sendable (Row) -> Void) async throws { }
            }
            public final class Loose {
                public func query(_ sql: String, _ onRow: @escaping (Row) -> Void) async throws { }
            }
            """)
        #expect(result.text.contains("    // scan: @finish(returned) because 'query' is async and returns when they are over, or throws\n    @finish(returned)\n    public func query("))
        #expect(result.apis == 2)
        let output = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(!output.reports.contains { $0.diagnostic.severity == .error }, "\(output.reports.map(\.diagnostic.message))")
        #expect((output.text ?? "").contains("func query(_ sql: String) -> _Concurrency.AsyncThrowingStream<Row, any Swift.Error>"))

        // One that registers an observer and returns the token that stops it.
        let registering = scan(
            """
            public final class Connection: Sendable {
                public func addObserver(lifetime: Lifetime, _ callback: @escaping @Sendable (Event) -> Void) async throws -> HookToken { fatalError() }
            }
            public final class HookToken: Sendable {
                public func cancel() {}
            }
            """)
        #expect(registering.text.contains("@stream\n    // scan: @cancel(token) because the returned HookToken has cancel()\n    @cancel(token)\n    public func addObserver("))
        let registered = try GeneratorPipeline.standard().generate(
            source: Array(registering.text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(!registered.reports.contains { $0.diagnostic.severity == .error }, "\(registered.reports.map(\.diagnostic.message))")
        #expect((registered.text ?? "").contains("func addObserver(lifetime: Lifetime) -> _Concurrency.AsyncThrowingStream<Event, any Swift.Error>"))
    }

    /// A type whose only callback is an initializer's completion is named and counted, not left
    /// out unsaid (Kingfisher's `ImagePrefetcher(…, completionHandler:)`). One whose object calls
    /// it for each event is a stream (`@stream`: a factory returns the object and its stream;
    /// NIOExtras's `NIOWritePCAPHandler(…, fileSink:)`).
    @Test func aTypeWhoseOnlyCallbackIsAnInitializersIsNamed() throws {
        let result = scan(
            """
            public final class Prefetcher {
                public init(urls: [URL], completionHandler: @escaping ([URL]) -> Void) {}
            }
            public final class Writer {
                public init(mode: Int, fileSink: @escaping (Data) -> Void) {}
            }
            """)
        #expect(result.initializers == 1)
        #expect(result.summary.hasSuffix("; 1 initializers take callbacks (an initializer cannot become async)"))
        #expect(result.text.contains("// Not bridged: these initializers keep a callback") && result.text.contains("// Prefetcher: init(urls:completionHandler:)"))
        #expect(result.text.contains("// scan: @stream because the Writer it makes keeps 'fileSink' and calls it for each event"), "\(result.text)")
        let generated = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge").text ?? ""
        #expect(generated.contains("static func makeWithEvents(mode: Int) -> (Writer, _Concurrency.AsyncStream<Data>)"), "\(generated)")
    }

    /// `@available(*, unavailable)` declarations are kept only to name their replacement: never
    /// bridged, neither a method nor a callback property.
    @Test func unavailableDeclarationsAreNotBridged() {
        let result = scan(
            """
            public final class Observer {
                @available(*, unavailable, renamed: "send(_:)")
                public var action: (Int) -> Void
                @available(*, unavailable, message: "use observe(_:)")
                public func listen(_ handler: @escaping (Int) -> Void) { }
                public func observe(_ handler: @escaping (Int) -> Void) { }
            }
            """)
        #expect(result.apis == 1)
        #expect(result.text.contains("@context  // unavailable: not callable"))
    }

    /// A row closure that may throw (to stop the rows) beside the future that reports the
    /// outcome is a callback (PostgresNIO's `simpleQuery(_:_:)`); other throwing closures are
    /// steps the library runs (a promise's `done`, a closure named for nothing per item).
    @Test func aThrowingRowClosureBesideAFutureIsACallback() throws {
        let result = scan(
            """
            public final class Connection {
                public func simpleQuery(_ sql: String, _ onRow: @escaping (Row) throws -> ()) -> EventLoopFuture<Void> { fatalError() }
                public func done(_ body: @escaping (Row) throws -> Void) -> Promise<Void> { fatalError() }
                public func attempt(_ step: @escaping (Row) throws -> Void) -> EventLoopFuture<Void> { fatalError() }
                public func rows(_ onRow: @escaping (Row) throws -> Void) { }
            }
            """)
        #expect(result.apis == 1)
        #expect(result.text.contains("@finish(returned)\n    public func simpleQuery("))
        // Beside a returned future a callback named for neither the completion nor one event is
        // called per item (FluentKit's `onOutput`); `onUpgrade` is one event.
        let named = scan(
            """
            public final class Query {
                public func run(_ onOutput: @escaping (Row) -> ()) -> EventLoopFuture<Void> { fatalError() }
                public func connect(onUpgrade: @escaping (Socket) -> ()) -> EventLoopFuture<Void> { fatalError() }
            }
            """)
        #expect(named.text.contains("@finish(returned)\n    public func run("))
        #expect(!named.text.contains("@finish(returned)\n    public func connect("))
        let output = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(output.reports.isEmpty, "\(output.reports.map(\.diagnostic.message))")
        #expect((output.text ?? "").contains("func simpleQuery(_ sql: String) -> _Concurrency.AsyncThrowingStream<Row, any Swift.Error>"))
    }

    @Test func infersCancellationAndStreamsAndSaysWhy() {
        let text = scan(trickySDK).text
        #expect(text.contains("// scan: @cancel(token) because the returned RequestToken has cancel()\n    @cancel(token)\n"))
        // What nil without an error means is not in the declaration: what was assumed is said.
        #expect(text.contains("nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'\n    @available(iOS 13, *)"))
        #expect(text.contains("    @stream\n"))
        #expect(text.contains("@cancel(token: invalidate())"))
        #expect(text.contains("// Delegate protocol NetworkClientDelegate (2 methods"))
    }

    @Test func theStarterGeneratesWithoutErrorsAndTheSummaryCounts() throws {
        let result = scan(trickySDK)
        let output = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(!output.reports.contains { $0.diagnostic.severity == .error }, "\(output.reports.map(\.diagnostic.message))")
        // The adapter keeps the starter's line breaks (the SDK's own).
        let words = (output.text ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
            .contains("func fetch(_ path: String) async throws -> Data"))
        // fetch, upload, observeStatus, later (after a `where … ==` body), ping, validate, and
        // the delegate protocol.
        #expect(result.summary == "scan: 7 callback APIs in 3 types: 4 bridged as written, 2 with inferred annotations, 1 not bridgeable")
        // Nothing refused: the analyser judged the starter once.
        #expect(result.passes == 1)
    }

    @Test func internalMembersWithAccessInternal() {
        #expect(scan(trickySDK, includesInternal: true).text.contains("internal func internalOnly("))
    }

    @Test func swiftInterfacesAreAllPublic() {
        let result = scan(interfaceSDK, path: "Locator.swiftinterface")
        // A Swift method marked `@objc`: Swift callers see its `(String?, Error?)` as written,
        // so what nil without an error means is asked.
        #expect(result.text.contains(
            "extension Locator {\n    // scan: nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'\n    @objc public func locate(accuracy: Swift.Double"))
        #expect(result.text.contains("    public var isRunning: Swift.Bool { get }\n"))
        #expect(result.apis == 1, "\(result.summary)")
    }

    /// What bridgegen refuses is commented out with its reason, and the file still generates.
    @Test func refusedDeclarationsAreCommentedOutWithTheReason() throws {
        let source = """
            public class Store {
                public func save(_ values: some Numeric..., completion: @escaping (Error?) -> Void) {}
                public func load(completion: @escaping (Int?, Error?) -> Void) {}
            }
            """
        let result = scan(source)
        #expect(result.text.contains(
            "    // Not bridgeable as written: variadic parameter 'values' cannot be forwarded: a method with a 'some' parameter cannot be taken as a function value, which calling it with an array needs\n    // note: declare the parameter as an array if the SDK has such an overload\n    // public func save("))
        // The analyser judged every declaration at once: one pass refused `save`, one more
        // found the file clean.
        #expect(result.passes == 2)
        #expect(result.notBridgeable == 1 && result.asWritten == 1)
        let output = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(output.text != nil)
    }

    /// A parameter that only mentions a callback in its name is not one: the queue a callback
    /// runs on (`callbackQueue: DispatchQueue? = nil`) is a value. One whose type is named like a
    /// callback (another module's alias) or whose name ends like one still counts.
    @Test func aCallbackQueueIsNotACallback() {
        let source = """
            public class Client {
                public func ping(callbackQueue: DispatchQueue? = nil) {}
                public func load(callbackQueue: DispatchQueue = .main, completion: @escaping Networking.Completion) {}
                public func fetch(_ id: Int, completionHandler: @escaping FetchHandler) {}
            }
            """
        let result = scan(source)
        #expect(result.apis == 2, "\(result.text)")
        #expect(result.text.contains("public func load(callbackQueue"))
        #expect(result.text.contains("public func fetch(_ id: Int, completionHandler"))
        // Every callback refused: the block bridges nothing, and is commented out whole.
        #expect(result.text.contains("// extension Client {\n"), "\(result.text)")
        #expect(result.text.contains("    // public func ping(callbackQueue: DispatchQueue? = nil)\n// }\n"), "\(result.text)")
        #expect(!result.text.contains("@context  // takes a closure"), "ping takes no closure")
    }

    /// An initializer that takes a callback is counted apart (no hand edit makes it async), and
    /// the starter says why it is not bridged and what to write instead.
    @Test func anInitializerWithACallbackIsNamedNotSkipped() throws {
        let source = """
            public class Session {
                public init(url: String, completionHandler: @escaping ([String]) -> Void) {}
                public init(isOffline: @escaping (Error) -> Bool) {}
                public func load(completion: @escaping (Int?, Error?) -> Void) {}
            }
            """
        let result = scan(source)
        #expect(result.apis == 1 && result.asWritten == 1 && result.initializers == 1)
        #expect(result.summary.hasSuffix("; 1 initializers take callbacks (an initializer cannot become async)"))
        #expect(result.text.contains("    // Not bridgeable as written: an initializer cannot become async (generate warns here);\n"))
        let output = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(output.text != nil)
        #expect(output.reports.contains { $0.diagnostic.message.contains("'init(url:completionHandler:)' takes completion handler 'completionHandler'") })
    }

    /// A property whose initial value is a closure called in place, over many lines (as in the
    /// Just HTTP library): its body is not read as members, and what follows it still is.
    @Test func aClosureInitialValueOverSeveralLinesIsSkipped() {
        let source = """
            public final class Result {
                public lazy var cookies: [String: String] = {
                    var result: [String: String] = [:]
                    for name in ["a"] {
                        result[name] = name
                    }
                    return result
                }()
                public var values = [
                    1, 2,
                ]
                public func cancel() {}
            }

            public struct Client {
                public func get(_ url: String, asyncCompletionHandler: ((String) -> Void)? = nil) -> String { url }
            }
            """
        let result = scan(source)
        #expect(result.apis == 1, "\(result.text)")
        #expect(result.text.contains("extension Client {"))
        #expect(!result.text.contains("var result"), "the closure body is not read as members")
    }

    /// The SDK's own imports come along, a conditional one in its `#if`: on Linux the types of
    /// a networking SDK's declarations come from FoundationNetworking.
    @Test func theSDKsImportsComeAlongConditionalOnesInTheirIf() throws {
        let source = """
            import Foundation
            import Dispatch
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #else
            import Security
            #endif

            public final class Fetcher {
                public func send(_ request: URLRequest, completion: @escaping (Data?, Error?) -> Void) {}
            }
            """
        let result = scan(source)
        #expect(result.text.contains("import Foundation\nimport Net\nimport Dispatch\n#if canImport(FoundationNetworking)\n    import FoundationNetworking\n#endif\n"), "\(result.text)")
        #expect(!result.text.contains("Security"))
        #expect(try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge").text != nil)
    }

    /// A delegate method a type implements for another SDK (`urlSession(_:task:didReceive:
    /// completionHandler:)`) takes a completion handler, but the other SDK calls it, not the app.
    @Test func delegateMethodsImplementedForAnotherSDKAreNotAPIs() {
        let source = """
            public final class HTTP: NSObject, URLSessionDelegate {
                public func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge, completionHandler: @escaping (Int) -> Void) {}
                public func request(_ url: String, completion: @escaping (String) -> Void) {}
            }
            """
        let result = scan(source)
        #expect(result.apis == 1, "\(result.text)")
        #expect(result.text.contains("    public func urlSession(_ session: URLSession"), "kept as context")
    }

    /// A type the SDK declares for some platforms only keeps its `#if` in the starter file, so
    /// the starter builds everywhere (Alamofire's WebSocketRequest is Apple-only).
    @Test func typesOfOnePlatformKeepTheirIf() throws {
        let source = """
            #if canImport(Darwin) && !canImport(FoundationNetworking) // Apple platforms only.
            public final class WebSocket {
                public func ping(completion: @escaping (Error?) -> Void) {}
            }
            #else
            public final class Poller {
                public func poll(completion: @escaping (Error?) -> Void) {}
            }
            #endif
            public final class Client {
                public func load(completion: @escaping (Error?) -> Void) {}
            }
            """
        let result = scan(source)
        #expect(result.apis == 3)
        #expect(result.text.contains("#if canImport(Darwin) && !canImport(FoundationNetworking)\nextension WebSocket {"), "\(result.text)")
        #expect(result.text.contains("#if !(canImport(Darwin) && !canImport(FoundationNetworking))\nextension Poller {"))
        #expect(result.text.contains("}\n#endif\n"))
        #expect(result.text.contains("\nextension Client {"))
        let output = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge")
        let text = try #require(output.text, "\(output.reports.map(\.formatted))")
        #expect(text.contains("#if canImport(Darwin) && !canImport(FoundationNetworking)\n"))
    }

    /// An extension's `where` clause stays with its members (a protocol's static factories
    /// constrained to `Self == Adapter`): without it they would not compile.
    @Test func anExtensionsWhereClauseIsKept() throws {
        let source = """
            public protocol Adapting {}
            public struct Adapter: Adapting {
                public init(_ closure: @escaping (Int) -> Void) {}
            }
            extension Adapting where Self == Adapter {
                public static func adapter(using closure: @escaping (Int) -> Void) -> Adapter { Adapter(closure) }
            }
            """
        let result = scan(source)
        #expect(result.text.contains("extension Adapting where Self == Adapter {"), "\(result.text)")
    }

    /// An SDK type named like a Foundation type (Swifter's `Process`) is named with its module,
    /// or it would be ambiguous beside `import Foundation`.
    @Test func aTypeNamedLikeAFoundationTypeIsQualified() {
        let source = """
            public enum Process {
                public static func watchSignals(_ callback: @escaping (Int32) -> Void) {}
            }
            """
        let result = scan(source)
        #expect(result.text.contains("extension Net.Process {"), "\(result.text)")
    }

    /// Closures that hand the app nothing are not callbacks: an accumulator or modifier (`inout`),
    /// a step the library runs and whose error it handles (`throws`), a step the app implements
    /// and the library drives (handed a function), a value-returning destination behind a
    /// typealias, a builder named for what it builds (`multipartFormData:`). Their methods stay
    /// context, marked so generate agrees.
    @Test func closuresThatDeliverNothingAreNotCallbacks() throws {
        let source = """
            public final class Stream<Value> {
                public typealias Modifier = (inout String) throws -> Void
                public typealias Destination = (String, Int) -> (url: String, options: Int)
                public func reduce<U>(into initial: U, _ next: @escaping (inout U, Value) -> Void) -> Stream<U> { fatalError() }
                public func attempt(_ action: @escaping (Value) throws -> Void) -> Stream<Value> { fatalError() }
                public func schedule(_ step: @escaping (Value, @escaping (Value) -> Void) -> Void) {}
                public func download(_ url: String, modifier: Modifier? = nil, to destination: Destination? = nil) -> Stream<Int> { fatalError() }
                public func upload(multipartFormData: @escaping (FormData) -> Void, to url: String) -> Stream<Int> { fatalError() }
                public func observe(_ handler: @escaping (Value) -> Void) {}
            }
            """
        let result = scan(source)
        #expect(result.apis == 1, "\(result.text)")
        for context in ["func reduce<U>", "func attempt(", "func schedule(", "func download(", "func upload("] {
            #expect(result.text.contains("@context  // takes a closure, but not a callback\n    public \(context)"), "\(context)")
        }
        let output = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(!output.reports.contains { $0.diagnostic.severity == .error }, "\(output.reports.map(\.formatted))")
    }

    /// A protocol extension's default implementation repeats its requirement with modifiers and
    /// attributes added: one API, listed once.
    @Test func aDefaultImplementationIsItsRequirement() {
        let source = """
            public protocol Adapter {
                func adapt(_ request: String, completion: @escaping (Result<String, Error>) -> Void)
            }
            extension Adapter {
                @preconcurrency
                public func adapt(_ request: String, completion: @escaping (Result<String, Error>) -> Void) {}
            }
            """
        let result = scan(source)
        #expect(result.apis == 1 && result.notBridgeable == 0, "\(result.text)")
        // With a default value the requirement cannot have (socket.io's `completion: (() -> ())?
        // = nil`): still one API.
        let defaulted = scan(
            source.replacingOccurrences(
                of: "public func adapt(_ request: String, completion: @escaping (Result<String, Error>) -> Void) {}",
                with: "public func adapt(_ request: String = \"\", completion: @escaping (Result<String, Error>) -> Void) {}"))
        #expect(defaulted.apis == 1 && defaulted.notBridgeable == 0, "\(defaulted.text)")
    }

    /// A default value that reads a global variable of the SDK (`on: DispatchQueue? = conf.queue`)
    /// is shared mutable state to Swift 6: the starter imports the SDK `@preconcurrency`, and
    /// says why. Without such a default it does not.
    @Test func aDefaultReadingAnSDKGlobalImportsItPreconcurrency() {
        let sdk = """
            import Dispatch
            public struct Configuration { public var queue: DispatchQueue? = nil }
            public var conf = Configuration()
            public final class Store {
                public func load(on queue: DispatchQueue? = conf.queue, _ completion: @escaping () -> Void) {}
            }
            """
        let text = scan(sdk).text
        #expect(text.contains("// @preconcurrency: default values read the SDK's global 'conf', shared mutable state to Swift 6.\n@preconcurrency import Net\n"))
        let plain = scan(sdk.replacingOccurrences(of: "= conf.queue", with: "= nil")).text
        #expect(plain.contains("\nimport Net\n") && !plain.contains("@preconcurrency"))
    }

    /// A delegate protocol internal to the SDK (its own connection pool's) is no API of it.
    @Test func anInternalDelegateProtocolIsNotListed() {
        let source = """
            protocol PoolDelegate: AnyObject {
                func pool(_ pool: Pool, didClose id: Int)
            }
            public protocol ResponseDelegate: AnyObject {
                func didReceive(_ data: [UInt8])
            }
            public final class Pool {
                public func close(completion: @escaping (Error?) -> Void) {}
            }
            """
        let result = scan(source)
        #expect(result.text.contains("// Delegate protocol ResponseDelegate") && !result.text.contains("PoolDelegate"))
        #expect(result.apis == 2, "\(result.summary)")
    }

    /// A builder-style method returns `Self`; the request's `cancel()` is declared by its
    /// superclass. scan follows the class to it and infers `@cancel(token)`, and the adapter
    /// cancels the request.
    @Test func aBuilderReturningSelfIsCancelledThroughItsSuperclass() throws {
        let source = """
            open class Request {
                @discardableResult
                public func cancel() -> Self { self }
            }
            public final class DataRequest: Request, @unchecked Sendable {
                @discardableResult
                public func response(completionHandler: @escaping (Data?) -> Void) -> Self { self }
            }
            """
        let result = scan(source)
        #expect(result.text.contains("// scan: @cancel(token) because the returned Self (DataRequest) has cancel()\n    @cancel(token)\n"), "\(result.text)")
        let output = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(!output.reports.contains { $0.diagnostic.severity == .error }, "\(output.reports.map(\.formatted))")
        #expect(output.text?.contains("cancel: { token in _ = token.cancel() }") == true)
    }

    /// `onText(_ callback:)` registers a handler the SDK calls for each event: a stream, not a
    /// call that waits for one value. `onComplete(_:)` is a one-time outcome.
    @Test func anOnEventHandlerIsAStream() throws {
        let source = """
            public final class Socket {
                public func onText(_ callback: @Sendable @escaping (Socket, String) -> ()) {}
                public func onComplete(_ callback: @escaping (Error?) -> Void) {}
            }
            """
        let result = scan(source)
        #expect(result.text.contains("    // scan: @stream because 'onText' registers a handler the SDK calls for each event\n    @stream\n"), "\(result.text)")
        #expect(result.text.contains("    // scan: nothing stops what 'onText' registers: as written, the handler stays with the SDK after the stream ends; if that matters, bridge a method of yours that removes it\n    public func onText("))
        #expect(!result.text.contains("@stream\n    public func onComplete("))
        let output = try GeneratorPipeline.standard().generate(source: Array(result.text.utf8), path: "S.bridge", displayName: "S.bridge")
        // The socket handed back first is the receiver the caller has: the element is the text.
        #expect(output.text?.contains("func onText() -> _Concurrency.AsyncStream<String>") == true)
    }

    /// An operator's hooks (`do(onNext:…)`, `handleEvents(…)`) run when the value it returns is
    /// used: context, not a callback API. `subscribe(onNext:…)` returns a token it can stop: an
    /// API.
    @Test func anOperatorsHooksAreNotCallbacks() {
        let source = """
            public final class Disposable {
                public func dispose() {}
            }
            public final class Observable<Element> {
                public func `do`(onNext: ((Element) -> Void)? = nil, onError: ((Error) -> Void)? = nil) -> Observable<Element> { self }
                public func subscribe(onNext: ((Element) -> Void)? = nil, onError: ((Error) -> Void)? = nil) -> Disposable { Disposable() }
                public typealias Logger = (String) -> Void
                public func logEvents(identifier: String = "", logger: @escaping Logger = { print($0) }) -> Observable<Element> { self }
                public static func unserialized(_ startHandler: @escaping (Element) -> Void) -> Observable<Element> { fatalError() }
                public func hooks(onError: ((Error) -> Void)? = nil, onCompleted: (() -> Void)? = nil) -> Completable { fatalError() }
                public func send(_ text: String, completion: ((Error?) -> Void)? = nil) -> Bool { true }
            }
            public typealias Completable = Observable<Never>
            """
        let result = scan(source)
        // subscribe, and send: one optional completion beside a plain result is a callback.
        #expect(result.apis == 2, "\(result.text)")
        #expect(result.text.contains("@context  // takes a closure, but not a callback\n    public func hooks("))
        // A hook behind a typealias; a factory whose value keeps its closure.
        #expect(result.text.contains("@context  // a log sink: where the SDK writes its log, not an outcome to await\n    public func logEvents("))
        #expect(result.text.contains("@context  // takes a closure, but not a callback\n    public static func unserialized("))
        #expect(result.text.contains("@context  // takes a closure, but not a callback\n    public func `do`("))
    }

    /// The `exclude` lists of a manifest, in both spellings, and what they leave out.
    @Test func manifestExcludesAreRead() {
        let manifest = """
            .target(name: "A", exclude: ["Legacy", "Info.plist"]),
            target.exclude = [
                "AnyPromise.swift", // Objective-C only
            ]
            """
        let paths = PackageManifest.excludedPaths(in: manifest)
        #expect(paths == ["Legacy", "Info.plist", "AnyPromise.swift"])
        #expect(PackageManifest.excludes(paths, "AnyPromise.swift"))
        #expect(PackageManifest.excludes(paths, "Legacy/Old.swift"))
        #expect(PackageManifest.excludes(paths, "A/Legacy/Old.swift"))
        #expect(!PackageManifest.excludes(paths, "Promise.swift"))
        #expect(!PackageManifest.excludes(paths, "NotAnyPromise.swift"))
    }

    /// The target a folder belongs to: by its `path:`, else the only non-test target.
    @Test func manifestTargetsAreRead() {
        let manifest = """
            .target(name: "Core", dependencies: [.product(name: "NIO", package: "swift-nio")], path: "Sources/CoreKit"),
            .target(name: "Extras", path: "Sources/More"),
            .testTarget(name: "CoreTests", dependencies: ["Core"]),
            """
        #expect(PackageManifest.target(atPath: "Sources/CoreKit", in: manifest) == "Core")
        #expect(PackageManifest.target(atPath: "Sources/More/", in: manifest) == "Extras")
        #expect(PackageManifest.target(atPath: "Sources/Other", in: manifest) == nil)
        // PromiseKit's style: one target, its path set on a variable.
        #expect(PackageManifest.target(atPath: "Sources", in: "let pmk: Target = .target(name: \"PromiseKit\")\npmk.path = \"Sources\"") == "PromiseKit")
    }

    /// Foundation under an `#if` of the SDK's is imported already: not again (Swinject).
    @Test func aConditionalImportOfFoundationIsNotRepeated() {
        let source = """
            #if os(iOS) || os(macOS)
            import Foundation
            #endif
            public final class Entry {
                public func completed(_ handler: @escaping () -> Void) {}
            }
            """
        let text = scan(source).text
        #expect(text.components(separatedBy: "import Foundation").count == 2, "\(text)")
    }

    /// A type whose methods take closures, none a callback, is named at the end of the starter,
    /// so no declaration with a closure is left out unsaid; an internal type's public methods are
    /// no API at all.
    @Test func closuresThatAreNotCallbacksAreNamedAndInternalTypesAreNot() {
        let source = """
            public final class Container {
                public func register<S>(_ type: S.Type, factory: @escaping (Container) -> S) {}
                public func register<S>(_ type: S.Type, name: String, factory: @escaping (Container) -> S) {}
            }
            final class Lock {
                public func read(_ block: @escaping () -> Void) {}
            }
            public final class Entry {
                public func completed(_ handler: @escaping () -> Void) {}
            }
            public final class Source {
                public var onMessage: ((String) -> Void)?
                public var url: String
                func receive(_ text: String) { onMessage?(text) }
            }
            """
        let result = scan(source)
        // `completed(_:)` and the callback property `onMessage`, which becomes a stream.
        #expect(result.apis == 2, "\(result.text)")
        #expect(result.text.contains("// Container: register(_:factory:), register(_:name:factory:)\n"), "\(result.text)")
        #expect(
            result.text.contains(
                "    // scan: 'onMessage' holds a closure the SDK calls for each event: a stream\n    public var onMessage: ((String) -> Void)?\n"),
            "\(result.text)")
        #expect(!result.text.contains("Lock"))
    }

    /// What each closure is decides one-shot or stream, and what is no callback at all: the same
    /// rules `generate` gives closures their roles by (ClosureRoleNames, CallbackShape).
    @Test func closureRolesAndNamesDecideOneShotOrStream() throws {
        let source = """
            public final class Token { public func dispose() {} }
            public class Job {
                public func resume() {}
                public func suspend() {}
                public func cancel() {}
            }
            public final class UploadJob: Job {}
            public final class EventLoopFuture<Value> {
                public func whenComplete(_ callback: @escaping (Result<Value, Error>) -> Void) {}
            }
            public final class Rows {
                public func run(_ handler: @escaping (Int) -> Void) -> EventLoopFuture<Void> { EventLoopFuture() }
            }
            public final class Feed {
                public func upload(data: Int, completion: @escaping (Result<Int, Error>) -> Void) -> UploadJob { UploadJob() }
                public func subscribe(onNext: ((Int) -> Void)? = nil, onError: ((Error) -> Void)? = nil, onCompleted: (() -> Void)? = nil) -> Token { Token() }
                public func subscribe(onSuccess: ((Int) -> Void)? = nil, onFailure: ((Error) -> Void)? = nil) -> Token { Token() }
                public func observeCompleted(_ action: @escaping () -> Void) -> Token { Token() }
                public func downloadProgress(queue: Int = 0, closure: @escaping (Double) -> Void) -> Self { self }
                public func onHTTPResponse(on queue: Int = 0, perform: @escaping (Int) -> Void) -> Self { self }
                public func schedule(_ action: @escaping () -> Void) {}
                public func watchSignals(_ callback: @escaping (Int32) -> Void) {}
                public func refresh(_ update: @escaping (Int) -> Void) {}
                @available(*, noasync)
                public func whenDone(_ callback: @escaping (Int) -> Void) {}
                @available(*, deprecated, renamed: "load(id:completion:)")
                public func load(identifier: Int, completion: @escaping (Int) -> Void) {}
                public func load(id: Int, completion: @escaping (Int) -> Void) {}
                @available(*, deprecated, message: "use 'listen(on:) throws' instead")
                public func listen(port: Int, errorHandler: ((Error) -> Void)? = nil) {}
                public func listen(on port: Int) throws {}
                public func clientConnectionFailed(callback: @escaping (Error) -> Void) {}
                public var onMessage: ((String) -> Void)?
                public static var onAnyMessage: ((String) -> Void)?
                public var logHandler: ((String) -> Void)?
            }
            public struct Options {
                public var onChange: ((Int) -> Void)?
            }
            @_spi(Experimental) public final class Hidden {
                public func hiddenLoad(completion: @escaping (Int) -> Void) {}
            }
            extension Feed {
                @_spi(Experimental) public func spiLoad(completion: @escaping (Int) -> Void) {}
            }
            public final class Promise<T> {
                public func done(_ body: @escaping (T) -> Void) -> Promise<Void> { Promise<Void>() }
                public func pipe(to: @escaping(Swift.Result<T, Error>) -> Void) {}
            }
            """
        let text = scan(source).text
        // An event closure with its error and end closures: a stream, whatever the method is called.
        #expect(text.contains("// scan: @stream because 'onNext' is called for each event and 'onError' ends them"), "\(text)")
        // A success and a failure closure: a one-shot, though `subscribe` names an observer.
        #expect(text.contains("    @cancel(token: dispose())\n    public func subscribe(onSuccess:"), "\(text)")
        // A name that says once; progress; an `on<Event>` registration with a queue beside it.
        #expect(!text.contains("@stream\n    // scan: @cancel(token: dispose()) because the returned Token has dispose()\n    @cancel(token: dispose())\n    public func observeCompleted"))
        #expect(text.contains("// scan: @stream because 'downloadProgress' reports progress, many times"), "\(text)")
        #expect(text.contains("// scan: @stream because 'onHTTPResponse' registers a handler the SDK calls for each event"), "\(text)")
        #expect(text.contains("// scan: @stream because 'watchSignals' is named like an observer and keeps its handler"), "\(text)")
        // A returned task that can be suspended and resumed is started (through its superclass).
        #expect(
            text.contains(
                "    // scan: @start(resume()) because the returned UploadJob can be suspended and resumed: resume() starts it\n    @start(resume())\n"),
            "\(text)")
        // A callback per row beside a returned future: a stream that ends with the future.
        #expect(
            text.contains(
                "    // scan: @stream because 'handler' is called for each item\n    @stream\n    // scan: @finish(returned) because the returned EventLoopFuture<Void> says when they are over, or fails\n    @finish(returned)\n"),
            "\(text)")
        // `@_spi` API is the library's own, not an app's.
        #expect(!text.contains("hiddenLoad") && !text.contains("spiLoad"), "\(text)")
        // Weak evidence is said next to the declaration, with the annotation that says the other.
        #expect(
            text.contains(
                "    // scan: one-shot assumed: nothing says how often 'update' is called; if for every event, add '@stream'\n    public func refresh("),
            "\(text)")
        // Work, noasync, deprecated with a replacement: context, each with why.
        #expect(text.contains("Feed: schedule(_:)") || text.contains("func schedule(_ action: @escaping () -> Void)\n"), "\(text)")
        #expect(text.contains("    @context  // noasync: not callable from async code\n"), "\(text)")
        #expect(text.contains("    @context  // deprecated: its replacement is bridged\n"), "\(text)")
        #expect(text.contains("    @context  // deprecated beside another 'listen', which replaces it\n    @available(*, deprecated, message:"), "\(text)")
        // The end of each of many things (Kitura-net): a stream of them.
        #expect(
            text.contains("// scan: @stream because 'clientConnectionFailed' is named for the end of each of many things: called for each"),
            "\(text)")
        // A callback property of an object; not a static one, a logger, or one of a value type.
        #expect(text.contains("    // scan: 'onMessage' holds a closure the SDK calls for each event: a stream\n"), "\(text)")
        #expect(!text.contains("'onAnyMessage' holds") && !text.contains("'logHandler' holds") && !text.contains("'onChange' holds"))
        let output = try GeneratorPipeline.standard().generate(source: Array(text.utf8), path: "S.bridge", displayName: "S.bridge")
        let generated = try #require(output.text, "\(output.reports.map(\.formatted))")
        #expect(generated.contains("func subscribe() -> _Concurrency.AsyncThrowingStream<Int, any Swift.Error>"))
        #expect(generated.contains("nonisolated(nonsending) func subscribe() async throws -> Int"))
        #expect(generated.contains("func messageEvents() -> _Concurrency.AsyncStream<String>"))
        #expect(!generated.contains("func schedule(") && !generated.contains("func whenDone("))
        // A chain step (`done(_ body:) -> Promise<Void>`) is not; the chain's end (`pipe(to:)`) is.
        #expect(!generated.contains("func done(") && generated.contains("func pipe() async throws -> T"))
        #expect(generated.contains("start: { token in token.resume() }"))
        #expect(generated.contains("func run() -> _Concurrency.AsyncThrowingStream<Int, any Swift.Error>"))
    }
}
