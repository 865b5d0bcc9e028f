@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the forty-fourth session taught (decision 169): an `async` registration is a stream on
/// any type, and its token's stop is written with the effects the token declares.
@Suite struct ScanFortyFourthSessionTests: ScanTesting {
    /// Appwrite's `Realtime.subscribe(channel:callback:queries:) async throws ->
    /// RealtimeSubscription`: a class that is not `Sendable`, a subscription whose stop is
    /// `async throws`. A stream, stopped with `try await`.
    @Test func anAsyncRegistrationOfAClassThatIsNotSendableIsAStream() throws {
        let text = scan(
            """
            public class RealtimeResponseEvent {}
            public class RealtimeSubscription {
                public func unsubscribe() async throws {}
            }
            open class Realtime {
                public func subscribe(channel: String, callback: @escaping (RealtimeResponseEvent) -> Void, queries: [String] = []) async throws -> RealtimeSubscription {
                    fatalError()
                }
            }
            """
        ).text
        #expect(
            text.contains(
                """
                    // scan: @stream because 'subscribe' is async, registers 'callback' and returns the RealtimeSubscription that stops it
                    @stream
                    // scan: @cancel(token: try await unsubscribe()) because the returned RealtimeSubscription has unsubscribe(), throwing and async
                    @cancel(token: try await unsubscribe())
                    public func subscribe(
                """),
            "\(text)")
        let generated = try generate(text)
        #expect(
            generated.contains(
                "nonisolated func subscribe(channel: String, queries: [String] = []) -> _Concurrency.AsyncThrowingStream<RealtimeResponseEvent, any Swift.Error> {"),
            "\(generated)")
        #expect(generated.contains("registration.stop(awaiting: { token in try? await token.unsubscribe() })"), "\(generated)")
    }

    /// Supabase's `AuthClient.onAuthStateChange(_:) async -> some
    /// AuthStateChangeListenerRegistration`: an actor's registration that cannot fail, its token
    /// opaque; the protocol's `remove()` stops it.
    @Test func anOpaqueTokenIsStoppedThroughItsProtocol() throws {
        let text = scan(
            """
            public enum AuthChangeEvent: Sendable { case signedIn }
            public typealias AuthStateChangeListener = @Sendable (_ event: AuthChangeEvent, _ session: String?) -> Void
            public protocol AuthStateChangeListenerRegistration: Sendable {
                func remove()
            }
            public actor AuthClient {
                @discardableResult
                public func onAuthStateChange(_ listener: @escaping AuthStateChangeListener) async -> some AuthStateChangeListenerRegistration {
                    fatalError()
                }
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: @cancel(token: remove()) because the returned AuthStateChangeListenerRegistration has remove()\n    @cancel(token: remove())"),
            "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("nonisolated func onAuthStateChange() -> _Concurrency.AsyncStream<(AuthChangeEvent, String?)> {"), "\(generated)")
        #expect(generated.contains("BridgegenAsyncRegistration<any AuthStateChangeListenerRegistration>"), "\(generated)")
    }

    /// RealmSwift's actor overload `observe(keyPaths:on:_isolation:_:) async -> NotificationToken`
    /// takes its caller's isolation: its objects belong to the caller's thread, so it cannot be
    /// called from the adapter's task of its own. Said, not bridged.
    @Test func anAsyncRegistrationInItsCallersIsolationIsLeftToTheApp() throws {
        let text = scan(
            """
            public final class NotificationToken { public func invalidate() {} }
            public enum ObjectChange<T> { case deleted }
            public class Object {
                public func observe<A: Actor, T: Object>(
                    keyPaths: [String]? = nil, on actor: A,
                    _isolation: isolated (any Actor)? = #isolation,
                    _ block: @Sendable @escaping (isolated A, ObjectChange<T>) -> Void
                ) async -> NotificationToken { fatalError() }
            }
            """
        ).text
        #expect(
            text.contains(
                "// Object: observe(keyPaths:on:_isolation:_:) — an async method that takes its caller's isolation: call it where the app is; a stream adapter would make the call from a task of its own"),
            "\(text)")
    }

    /// SQLiteNIO's scoped form `withUpdateObserver(_:body:) async throws -> T` keeps the callback
    /// only while its body runs (a new user found the generic reason, "a closure it keeps and
    /// calls after it returns", untrue of it).
    @Test func aScopedAsyncFormSaysItsCallbackLastsWhileItsBodyRuns() throws {
        let text = scan(
            """
            public struct SQLiteUpdateEvent: Sendable {}
            public typealias SQLiteUpdateHookCallback = @Sendable (SQLiteUpdateEvent) -> Void
            public final class SQLiteConnection: Sendable {
                public func withUpdateObserver<T>(_ callback: @escaping SQLiteUpdateHookCallback, body: () async throws -> T) async throws -> T {
                    fatalError()
                }
            }
            """
        ).text
        #expect(text.contains("an async method that calls 'callback' while 'body' runs: call it as it is, and listen in 'body'"), "\(text)")
    }
}
