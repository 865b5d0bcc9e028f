import Generator
@testable import Inventory
import Testing

/// What batch 56 (PeerKit, Ciao, ParseLiveQuery, SwiftyHue, CloudCore, TelegramBotSDK) taught on
/// first contact (decision 135).
@Suite struct ScanFiftySixthBatchTests: ScanTesting {
    /// ParseLiveQuery's `handleEvent(_:) -> Subscription`: it adds its handler to a list the
    /// library calls for each event, and returns the object for chaining. Before, a one-shot
    /// (generate's warning that the object is ignored was its only word). A list of an alias
    /// (`[EventHandler]`) is a list of closures.
    @Test func aHandlerAddedToAListIsAStream() {
        let text = scan(
            """
            public enum Event { case created, deleted }
            open class Subscription {
                public typealias EventHandler = (Event) -> Void
                var eventHandlers: [EventHandler] = []
                fileprivate var unsubscribeHandlers: [() -> Void] = []
                @discardableResult open func handleEvent(_ handler: @escaping EventHandler) -> Subscription {
                    eventHandlers.append(handler)
                    return self
                }
                @discardableResult open func handleUnsubscribe(_ handler: @escaping () -> Void) -> Subscription {
                    unsubscribeHandlers.append(handler)
                    return self
                }
                func didReceive(_ event: Event) {
                    eventHandlers.forEach { $0(event) }
                }
            }
            """
        ).text
        #expect(text.contains("@stream\n    // scan: @cancel(none) because it returns the object itself, for chaining"), "\(text)")
        #expect(text.contains("// scan: @stream because 'handleEvent' adds a handler to the object's 'eventHandlers' and returns the object for chaining"), "\(text)")
        #expect(text.contains("nothing takes a handler out of 'eventHandlers'"), "\(text)")
        // A list that nothing calls, for an end: both said.
        #expect(text.contains("nothing in these sources calls the handlers in 'unsubscribeHandlers'"), "\(text)")
        #expect(text.contains("'handleUnsubscribe' is named for an end: as written, a stream of each; if the SDK calls it once, remove '@stream' and '@cancel(none)'"), "\(text)")
    }

    /// SwiftyHue's `(_ errors: [Error]?) -> Void`: none when the call succeeded, else the
    /// failures. Before, an adapter that returned `[Error]?` as its value, with a note that
    /// advised `@failure(nil)`, the opposite of what nil means; the outside try found a sentence
    /// of documentation ("nil when every item synced") made it a stream. Now `@asyncError`,
    /// with what that throws said. A stream of error lists (Crowdin's `([Error]) -> Void`, not
    /// optional) stays events.
    @Test func aListOfErrorsIsTheFailure() {
        let text = scan(
            """
            public class BridgeSendAPI {
                public typealias ErrorArrayCompletion = (_ errors: [Error]?) -> Void
                public func removeLight(_ id: String, completionHandler: @escaping ErrorArrayCompletion) {}
                /// Calls back with nil when every item synced.
                public func syncAll(completion: @escaping (_ errors: [Error]?) -> Void) {}
                public func createScene(_ name: String, completion: @escaping (String?, [Error]?) -> Void) {}
                public func addErrorUpdateHandler(_ handler: @escaping ([Error]) -> Void) -> Int { 0 }
                public func removeErrorHandler(_ id: Int) {}
            }
            """
        ).text
        #expect(text.contains("@asyncError(message: 1)\n    // scan: the errors are thrown as one BridgegenError.failureStatus that describes them"), "\(text)")
        #expect(text.contains("    public func removeLight(_ id: String, completionHandler: @escaping ErrorArrayCompletion)"), "\(text)")
        #expect(!text.contains("@stream\n    // scan: @asyncError"), "\(text)")
        #expect(!text.contains("write '@failure(nil)'"), "\(text)")
        #expect(text.contains("@asyncError(message: 2)"), "\(text)")
        #expect(text.contains("\n    public func addErrorUpdateHandler(_ handler: @escaping ([Error]) -> Void) -> Int"), "\(text)")
    }
}
