import Generator
@testable import Inventory
import Testing

/// Batch 28's readings (decisions 110, 111): what a deprecated callback method is, a text named
/// for a failure, an optional closure behind a typealias, a listener's registration.
@Suite struct ScanTwentyEighthBatchTests: ScanTesting {
    /// Deprecated for another callback API (Statsig's `start` for `initialize`): bridged, as
    /// apps still call it, and its adapter carries the deprecation. Deprecated beside a method of
    /// its own name, or for the SDK's async form (in its message or, not yet deprecated, in
    /// its documentation's "Use … instead"): left for that, with why.
    @Test func aDeprecatedMethodIsBridgedUnlessWhatReplacesItIsHere() throws {
        let text = scan(
            """
            public final class Client {
                @available(*, deprecated, message: "Use `initialize` instead")
                public func start(key: String, completion: @escaping (Error?) -> Void) {}
                public func initialize(key: String, completion: @escaping (Error?) -> Void) {}
                @available(*, deprecated, message: "The pinning parameter has no effect.")
                public func pin(id: String, pinning: Bool, completion: @escaping (Error?) -> Void) {}
                public func pin(id: String, completion: @escaping (Error?) -> Void) {}
                @available(*, deprecated, message: "Migrate to asyncStreamFile")
                public func streamFile(at path: String, onCompleted: @escaping (Error?) -> Void) {}
                public func asyncStreamFile(at path: String) async throws {}
                /// Observes a key.
                /// - Warning: kept for backwards compatibility. Use ``Client/updates(_:)`` instead.
                public func observe(_ key: String, handler: @escaping (String) -> Void) -> Token { Token() }
                public func updates(_ key: String) -> AsyncStream<String> { AsyncStream { _ in } }
            }
            public final class Token { public func invalidate() {} }
            """
        ).text
        #expect(text.contains("    @available(*, deprecated, message: \"Use `initialize` instead\")\n    public func start(key:"), "\(text)")
        #expect(text.contains("    @context  // deprecated beside another 'pin', which replaces it\n"), "\(text)")
        #expect(text.contains("    @context  // deprecated for the SDK's async form 'asyncStreamFile'\n"), "\(text)")
        #expect(text.contains("    @context  // its documentation retires it for the SDK's async form 'updates'\n"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("@available(*, deprecated, message: \"Use `initialize` instead\")\n    nonisolated(nonsending) func start(key: String) async throws"), "\(generated)")
        #expect(!generated.contains("func streamFile(") && !generated.contains("func observe("))
    }

    /// Statsig's `typealias completionBlock = ((_ error: String?) -> Void)?`: a parameter of an
    /// optional closure's alias escapes without `= nil`, and a text named `error` is why the
    /// call failed.
    @Test func aTextNamedErrorBehindAnOptionalAliasIsTheFailure() throws {
        let text = scan(
            """
            public typealias completionBlock = ((_ error: String?) -> Void)?
            public final class Client {
                public static func start(key: String, completion: completionBlock) {}
                public static func refresh(_ completion: completionBlock = nil) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: @asyncError(message: 1) because 'completion' gets a text named 'error': nil is success, the text says why it failed\n    @asyncError(message: 1)\n    public static func start(key: String, completion: completionBlock)"
            ), "\(text)")
        #expect(text.components(separatedBy: "@asyncError(message: 1)\n").count == 3, "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("static nonisolated(nonsending) func start(key: String) async throws {"), "\(generated)")
    }

    /// Harness's `registerEventsListener(_:onCompletion:)`: the method's name says it registers
    /// a listener, whatever its closure is called; a `Result` per event, and a listener goes on
    /// after a failure, so each `Result` is an event. A `fetch(onCompletion:)` stays one call.
    @Test func aRegisteredListenerIsAStreamWhateverItsClosureIsCalled() throws {
        let text = scan(
            """
            public enum EventType { case onOpen, onComplete }
            public struct CFError: Error {}
            public final class Client {
                public func registerEventsListener(_ events: [String] = ["*"], onCompletion: @escaping (_ result: Swift.Result<EventType, CFError>) -> Void) {}
                public func fetch(onCompletion: @escaping (_ result: Swift.Result<EventType, CFError>) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: @stream(results) because 'onCompletion' gets a Result per call, and a listener goes on after a failure: each Result is an event\n    @stream(results)\n"),
            "\(text)")
        #expect(text.contains("that removes it\n    public func registerEventsListener(") && text.contains("\n\n    public func fetch("), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func registerEventsListener(_ events: [String] = [\"*\"]) -> _Concurrency.AsyncStream<Swift.Result<EventType, CFError>>"), "\(generated)")
    }

    /// GrowthBook's `consumeGETRequest(url:successResult:errorResult:)`: a value closure and an
    /// error closure whose names are not the role words are told apart by their types (it was
    /// refused as returning the error). An observer's are a stream; an other's a one-shot,
    /// said unless the value closure's name says once (`successResult`).
    @Test func aValueAndAnErrorClosureAreToldApartByTheirTypes() throws {
        let text = scan(
            """
            public protocol NetworkProtocol: AnyObject {
                func consumeGETRequest(url: String, successResult: @escaping (Data) -> Void, errorResult: @escaping (Error) -> Void)
            }
            public final class Store {
                public func watch(key: String, changes: @escaping (String) -> Void, problem: @escaping (Error) -> Void) {}
                public func fetchThing(key: String, got: @escaping (String) -> Void, problem: @escaping (Error) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("\n    func consumeGETRequest(url: String, successResult:"), "\(text)")
        #expect(text.contains("    // scan: @stream because 'watch' is named like an observer: 'changes' gets each event, 'problem' the failure\n    @stream\n"), "\(text)")
        #expect(
            text.contains(
                "    // scan: one-shot assumed: 'got' gets the value and 'problem' the error, by their types; if 'got' is called for every event, add '@stream'\n"),
            "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func consumeGETRequest(url: String) async throws -> Data"), "\(generated)")
        #expect(generated.contains("func watch(key: String) -> _Concurrency.AsyncThrowingStream<String, any Swift.Error>"), "\(generated)")
        #expect(generated.contains("func fetchThing(key: String) async throws -> String"), "\(generated)")
    }

    /// Matomo's `MemoryQueue.first(limit:completion: (_ items: [Event])->())` implements `Queue`'s
    /// `… -> Void` (`()` is `Void`): the protocol's adapter serves it. Not `Queue`'s `mutating`
    /// `remove`, which has no adapter: the class's own stays.
    @Test func aConformersMethodSpelledWithEmptyParenthesesIsServedByTheProtocol() {
        let text = scan(
            """
            public protocol Queue {
                func first(limit: Int, completion: @escaping (_ items: [Int]) -> Void)
                mutating func remove(items: [Int], completion: @escaping () -> Void)
            }
            public final class MemoryQueue: Queue {
                public func first(limit: Int, completion: @escaping (_ items: [Int])->()) {}
                public func remove(items: [Int], completion: @escaping ()->()) {}
            }
            """
        ).text
        #expect(text.contains("    @context  // implements Queue's requirement: Queue's adapter calls it\n    public func first("), "\(text)")
        #expect(text.contains("\n    public func remove(items: [Int], completion: @escaping ()->())"), "\(text)")
    }
}
