@testable import Inventory
import Testing

/// Event sources and their handlers, and what is no handler (decision 101).
@Suite struct ScanEventSourcesTests: ScanTesting {
    /// EmitterKit's `Event<T>.on(_ handler:) -> EventListener<T>`: the receiver is the event, so
    /// a bare `on` registers for each; not a future's `on`.
    @Test func aBareOnOfAnEventIsAStream() {
        let text = scan(
            """
            public class Event<T> {
                public func on(_ handler: @escaping (T) -> Void) -> EventListener<T> { fatalError() }
            }
            public class Future<T> {
                public func on(_ handler: @escaping (T) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @stream because 'on' registers a handler the SDK calls for each event\n    @stream\n    public func on(_ handler: @escaping (T) -> Void) -> EventListener<T>"), "\(text)")
        #expect(!text.contains("@stream\n    public func on(_ handler: @escaping (T) -> Void)\n"), "\(text)")
    }

    /// Interstellar's `Observable.next(_:) -> Observable<T>` and `error(_:)`: an observable calls
    /// its handlers for each of its events.
    @Test func anObservablesChainedHandlersAreStreams() {
        let text = scan(
            """
            public final class Observable<T> {
                @discardableResult public func next(_ block: @escaping (T) -> Void) -> Observable<T> { self }
                @discardableResult public func error(_ block: @escaping (Error) -> Void) -> Observable<T> { self }
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because the Observable calls 'next''s handler for each of its events"), "\(text)")
        #expect(text.contains("// scan: @stream because the Observable calls 'error''s handler for each of its events"), "\(text)")
    }

    /// Moscapsule's `subscribe(_:qos:requestCompletion:)` beside `unsubscribe`: the completion of
    /// the request, once (its messages come through another handler); and one `@stream` only
    /// where two rules say so.
    @Test func aRequestsCompletionBesideItsUndoingIsAOneShot() throws {
        let text = scan(
            """
            public final class MQTTClient {
                public func subscribe(_ topic: String, qos: Int32, requestCompletion: ((Int, Int) -> ())? = nil) {}
                public func unsubscribe(_ topic: String, requestCompletion: ((Int, Int) -> ())? = nil) {}
                public func listen(to topic: String, completion: @escaping (String) -> Void) {}
                public func endListen(to topic: String) {}
            }
            """
        ).text
        #expect(text.contains("\n    public func subscribe(_ topic: String, qos: Int32, requestCompletion:"), "\(text)")
        #expect(text.components(separatedBy: "    @stream\n").count == 2, "\(text)")
        _ = try generate(text)
    }

    /// Moscapsule's `MQTTConfig.onMessageCallback: ((MQTTMessage) -> ())!`, implicitly
    /// unwrapped, is a callback property; ReSwift's `lazy var dispatchFunction: DispatchFunction!`
    /// is a function the library builds for callers to call: no handler's slot.
    @Test func anImplicitlyUnwrappedPropertyIsACallbackPropertyButALazyOneIsNot() throws {
        let text = scan(
            """
            public typealias DispatchFunction = (String) -> Void
            public final class MQTTConfig {
                public var onMessageCallback: ((_ message: String) -> ())!
                public lazy var dispatchFunction: DispatchFunction! = nil
                func receive() { onMessageCallback?("") }
            }
            """
        ).text
        #expect(text.contains("// scan: 'onMessageCallback' holds a closure the SDK calls for each event: a stream"), "\(text)")
        #expect(!text.contains("'dispatchFunction' holds"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("BridgegenStream<String, ((_ message: String) -> ())?>.events("), "\(swift)")
    }

    /// Interstellar's `Thread.main<T>(_ a: T, completion: (T) -> Void)` hands back what it is
    /// given, on another queue: said.
    @Test func theGenericValueHandedBackIsAQuestion() {
        let text = scan(
            """
            public final class Hop {
                public static func main<T>(_ a: T, completion: @escaping (T) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: 'completion' gets back the T 'main' is given: if the call only moves it to another queue or thread, mark it '@context'"), "\(text)")
    }
}
