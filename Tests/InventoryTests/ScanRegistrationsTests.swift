@testable import Inventory
import Testing

/// Registrations named for what they add, and what takes them back (decision 97).
@Suite struct ScanRegistrationsTests: ScanTesting {
    /// Optimizely's `addActivateNotificationListener(activateListener:) -> Int?` and
    /// `removeNotificationListener(notificationId: Int)`: a listener, taken back by the remove of
    /// the kind's last words, with the optional id unwrapped.
    @Test func aListenersOptionalIdIsTakenBackByTheKindsRemove() throws {
        let text = scan(
            """
            public final class NotificationCenter {
                public func addActivateNotificationListener(activateListener: @escaping (String, Int) -> Void) -> Int? { nil }
                public func removeNotificationListener(notificationId: Int) {}
            }
            """
        ).text
        #expect(text.contains("""
                // scan: @stream because 'addActivateNotificationListener' registers a handler, called until the Int? it returns is taken back
                @stream
                // scan: @cancel(using: removeNotificationListener(notificationId:)) because 'removeNotificationListener(notificationId:)' takes the Int? 'addActivateNotificationListener' returns
            """), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("stop: { token in if let token { self.removeNotificationListener(notificationId: token) } },"), "\(swift)")
    }

    /// ConfigCat's `Hooks.addOnFlagEvaluated(handler:)`: a handler added for an event, called for
    /// each, that nothing removes; `addOnReady(handler:)` is added for the one readiness.
    @Test func aHandlerAddedForAnEventIsAStream() {
        let text = scan(
            """
            public final class Hooks {
                public func addOnFlagEvaluated(handler: @escaping (Details) -> ()) {}
                public func addOnReady(handler: @escaping (State) -> ()) {}
            }
            """
        ).text
        #expect(text.contains("""
                // scan: @stream because 'addOnFlagEvaluated' is named like an observer and keeps its handler (nothing stops it)
                @stream
                // scan: nothing stops what 'addOnFlagEvaluated' registers: as written, the handler stays with the SDK after the stream ends; if that matters, bridge a method of yours that removes it
                public func addOnFlagEvaluated(
            """), "\(text)")
        #expect(text.contains("\n    public func addOnReady(handler:"), "\(text)")
    }

    /// Contentful's `KeyedDecodingContainer.resolveLink(forKey:decoder:callback:)`: called inside
    /// `init(from:)`, which cannot await.
    @Test func aCodersCallbackIsNotBridged() {
        let text = scan(
            """
            extension KeyedDecodingContainer {
                public func resolveLink(forKey key: K, decoder: Decoder, callback: @escaping (AnyObject) -> Void) throws {}
            }
            """
        ).text
        #expect(text.contains("resolveLink(forKey:decoder:callback:) — a KeyedDecodingContainer's: called while decoding or encoding (init(from:), encode(to:)), which cannot await"), "\(text)")
    }
}
