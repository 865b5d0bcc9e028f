import Generator
@testable import Inventory
import Testing

/// Batch 30's readings (decision 115): a failure told by a text, a system delegate call the
/// SDK wants forwarded, and the library's own calls read per type.
@Suite struct ScanThirtiethBatchTests: ScanTesting {
    /// Iterable's `onSuccess: OnSuccessHandler?`, `onFailure: OnFailureHandler?` with
    /// `typealias OnFailureHandler = (_ reason: String?, _ data: Data?) -> Void`: the failure's
    /// text is thrown (it was refused: "a failure closure takes one error").
    @Test func aFailureToldByATextIsBridged() throws {
        let text = scan(
            """
            public typealias OnSuccessHandler = (_ data: [AnyHashable: Any]?) -> Void
            public typealias OnFailureHandler = (_ reason: String?, _ data: Data?) -> Void
            public final class API {
                public static func track(event: String, onSuccess: OnSuccessHandler? = nil, onFailure: OnFailureHandler? = nil) {}
            }
            """
        ).text
        #expect(text.contains("\n    public static func track(event: String, onSuccess:"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("static nonisolated(nonsending) func track(event: String) async throws -> [AnyHashable: Any]? {"), "\(generated)")
        #expect(generated.contains("onFailure: { text, _ in continuation.resumeWithFailureStatus(text ?? \"\") }"), "\(generated)")
    }

    /// Iterable's `userNotificationCenter(_ center: UNUserNotificationCenter?, didReceive:
    /// withCompletionHandler:)`: the app forwards the system's call and its handler; no adapter.
    @Test func aSystemDelegateCallForwardedIsNoCallbackAPI() {
        let text = scan(
            """
            public final class AppIntegration {
                public static func userNotificationCenter(_ center: UNUserNotificationCenter?, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: (() -> Void)?) {}
            }
            """
        ).text
        #expect(text.contains("// AppIntegration: userNotificationCenter(_:didReceive:withCompletionHandler:) — forwards the UNUserNotificationCenter's delegate call: pass on the completion handler the system gave you"), "\(text)")
    }

    /// A body that calls back with nil and with a text is read for its own type only (decision
    /// 107's reading was by method name across the module): `Store.save` is, `Cache.save` is not,
    /// and a type nested before the method does not take it over (Perfect-LDAP's `LDAP`).
    @Test func theLibrarysOwnCallsAreReadPerType() {
        let text = scan(
            """
            public final class Store {
                public enum Failure { case denied }
                public struct Options { public var retries = 1 }
                public func save(_ value: String, completion: @escaping (String?) -> Void) {
                    if value.isEmpty {
                        completion("EMPTY: nothing to save")
                    } else {
                        completion(nil)
                    }
                }
            }
            public final class Cache {
                public func save(_ value: String, completion: @escaping (String?) -> Void) {}
            }
            """
        ).text
        #expect(text.components(separatedBy: "@asyncError(message: 1)\n").count == 2, "\(text)")
        #expect(text.contains("extension Store {\n    // scan: @asyncError(message: 1) because 'save' calls 'completion' with nil and with a text"), "\(text)")
    }

    /// mongo-swift-driver's `addCommandEventHandler(_:)`, which the client calls for every
    /// event: a registered listener, a stream; and `commandEventStream()`, which returns the
    /// module's own `CommandEventStream: AsyncSequence`, is that stream already (acronyms
    /// lowered: `addSDAMEventHandler` and `sdamEventStream()`).
    @Test func anEventHandlerBesideTheModulesOwnSequenceIsLeftToIt() {
        let text = scan(
            """
            public struct CommandEvent {}
            public struct SDAMEvent {}
            public final class CommandEventStream: AsyncSequence {}
            public final class SDAMEventStream: AsyncSequence {}
            public final class Client {
                public func addCommandEventHandler(_ handlerFunc: @escaping (CommandEvent) -> Void) {}
                public func commandEventStream() -> CommandEventStream { CommandEventStream() }
                public func addSDAMEventHandler(_ handlerFunc: @escaping (SDAMEvent) -> Void) {}
                public func sdamEventStream() -> SDAMEventStream { SDAMEventStream() }
                public func addAuditEventHandler(_ handlerFunc: @escaping (CommandEvent) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    @context  // the SDK's own stream 'commandEventStream' is the one to iterate\n    public func addCommandEventHandler("), "\(text)")
        #expect(text.contains("    @context  // the SDK's own stream 'sdamEventStream' is the one to iterate\n    public func addSDAMEventHandler("), "\(text)")
        #expect(text.contains("    // scan: @stream because 'addAuditEventHandler' registers a listener, called for each event\n    @stream\n    // scan: nothing stops"), "\(text)")
    }
}
