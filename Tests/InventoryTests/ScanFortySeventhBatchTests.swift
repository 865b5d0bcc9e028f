import Generator
@testable import Inventory
import Testing

/// The two adapters that were wrong with no diagnostic, and what batch 47 (AsyncNinja,
/// Snowplow, Kakao, MultipeerKit, ObjectBox, …) taught on first contact (decision 125).
@Suite struct ScanFortySeventhBatchTests: ScanTesting {
    /// Siren's `wail(performCheck:completion handler:)`: its signature breaks before the
    /// closure, which it keeps in a private property of a closure alias that nothing clears and
    /// every version check calls. Weak evidence (a completion is most often kept until the work
    /// is done), so said, not decided; a property the library sets to nil after the call
    /// (Bluejay's `disconnectCallback`) says nothing.
    @Test func aClosureKeptInAPrivatePropertyNothingClearsIsSaid() {
        let text = scan(
            """
            public enum KnownError: Error { case malformedURL }
            public final class Siren {
                public typealias ResultsHandler = (Result<Int, KnownError>) -> Void
                private var resultsHandler: ResultsHandler?
                private var disconnectCallback: ((Int) -> Void)?
            }
            public extension Siren {
                func wail(performCheck: Bool = true,
                          completion handler: ResultsHandler? = nil) {
                    resultsHandler = handler
                }
                func disconnect(completion: @escaping (Int) -> Void) {
                    disconnectCallback = completion
                }
                private func disconnected() {
                    disconnectCallback?(1)
                    disconnectCallback = nil
                }
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: one-shot assumed: 'wail' keeps 'handler' in 'resultsHandler', which nothing clears; if the SDK calls it again for later events, write '@stream'"
            ), "\(text)")
        #expect(!text.contains("'disconnect' keeps 'completion'"), "\(text)")
    }

    /// SwiftyStoreKit's `completeTransactions(atomically:completion:)`: the library's own message
    /// says it may be called only once, at launch; the closure is kept and called for every
    /// batch of transactions. A message about another method says nothing of this one.
    @Test func aMethodTheLibrarySaysIsCalledOnlyOnceIsARegistration() {
        let text = scan(
            """
            public struct Purchase {}
            final class Controller {
                func complete(_ callback: @escaping ([Purchase]) -> Void) {
                    print("Store.completeTransactions() should only be called once when the app launches. Ignoring this call")
                }
            }
            public class Store {
                public class func completeTransactions(atomically: Bool = true, completion: @escaping ([Purchase]) -> Void) {}
                public class func restorePurchases(completion: @escaping ([Purchase]) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: @stream because the SDK says 'completeTransactions()' may be called only once: a registration it keeps, called for each event"
            ), "\(text)")
        #expect(!text.contains("'restorePurchases()' may be called only once"), "\(text)")
    }

    /// AsyncNinja's `Completing`, which futures and channels conform to: `onComplete` gets the
    /// whole outcome, so `onSuccess` and `onFailure` are its halves, not adapters of their own,
    /// though the type is not named for a future.
    @Test func theHalvesOfAnOutcomeAreContextBesideTheMethodThatGetsItWhole() {
        let text = scan(
            """
            public protocol Completing: AnyObject {
                associatedtype Success
            }
            public extension Completing {
                @discardableResult
                func onComplete(_ block: @escaping (Result<Success, Error>) -> Void) -> Self { self }
                @discardableResult
                func onSuccess(_ block: @escaping (Success) -> Void) -> Self { self }
                @discardableResult
                func onFailure(_ block: @escaping (Error) -> Void) -> Self { self }
            }
            """
        ).text
        #expect(text.contains("'onSuccess' gets only the value of the Completing's outcome, which a failure never calls: 'onComplete' gets both, await that"), "\(text)")
        #expect(text.contains("'onFailure' gets only the failure of the Completing's outcome"), "\(text)")
        #expect(!text.contains("@context  // takes a closure, but not a callback\n    @discardableResult\n    func onComplete"), "\(text)")
    }

    /// AsyncNinja's `ExecutionContext.async(cancellationToken:block:)` and `after(_:…:block:)`,
    /// handed the context they run in; `Retainer.notifyDeinit(_:)`, a cleanup hook; and the free
    /// `producer(…, block: (Producer) throws -> Void) -> Producer`, whose block is the body of
    /// what it makes. None is a callback. `CancellationToken.notifyCancellation(_:)` stays a
    /// one-shot, said.
    @Test func jobsHooksAndBodiesAreNotCallbacks() {
        let text = scan(
            """
            public final class Producer {}
            public protocol ExecutionContext: AnyObject {}
            public extension ExecutionContext {
                func async(cancellationToken: Int? = nil, block: @escaping (_ strongContext: Self) -> Void) {}
                func after(_ timeout: Double, block: @escaping (_ strongContext: Self) -> Void) {}
            }
            public protocol Retainer: AnyObject {
                func notifyDeinit(_ block: @escaping () -> Void)
            }
            public final class CancellationToken {
                public func notifyCancellation(_ block: @escaping () -> Void) {}
            }
            public func producer(bufferSize: Int = 1, block: @escaping (_ producer: Producer) throws -> Void) -> Producer { Producer() }
            """
        ).text
        #expect(!text.contains("\n    func async("), "\(text)")
        #expect(!text.contains("\n    func after("), "\(text)")
        #expect(!text.contains("\n    func notifyDeinit("), "\(text)")
        #expect(!text.contains("\npublic func producer("), "\(text)")
        #expect(
            text.contains(
                "// scan: 'notifyCancellation' calls back only when it is cancelled: the one-shot waits until then, maybe for ever; if it is a hook for your cleanup, mark it '@context'"
            ), "\(text)")
    }

    /// Perfect-HTTPServer's `HTTP2Client.sendRequest(_:callback:)`: `callback(nil, "Header
    /// encoding exception …")`, so the text is the failure and the response the value.
    @Test func noValueAndATextIsAFailureMessage() {
        let text = scan(
            """
            public class Response {}
            public class HTTP2Client {
                public func sendRequest(_ request: String, callback: @escaping (Response?, String?) -> ()) {
                    guard !request.isEmpty else {
                        return callback(nil, "Header encoding exception")
                    }
                    callback(Response(), nil)
                }
                public func sendOther(_ request: String, callback: @escaping (Response?, String?) -> ()) {
                    callback(Response(), nil)
                }
            }
            """
        ).text
        #expect(text.contains("// scan: @asyncError(message: 2) because 'sendRequest' calls 'callback' with no value and a text: the text says why it failed"), "\(text)")
        #expect(!text.contains("'sendOther' calls 'callback' with no value and a text"), "\(text)")
    }

    /// Snowplow's `setup(remoteConfiguration:…, onSuccess:)`: named for setting up, but its
    /// closure is named for an outcome, so it reports; `cellSetup(_ callback:)` configures.
    @Test func aSetupThatReportsSuccessIsACallback() {
        let text = scan(
            """
            public class Snowplow {
                public class func setup(remote: String, onSuccess: @escaping (_ namespaces: [String]?) -> Void) {}
            }
            public class Row {
                public func cellSetup(_ callback: @escaping (Int) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("@context  // takes a closure, but not a callback\n    public class func setup"), "\(text)")
        #expect(text.contains("public class func setup(remote: String, onSuccess:"), "\(text)")
        #expect(!text.contains("\n    public func cellSetup("), "\(text)")
    }

    /// AsyncNinja's `onUpdate(context:executor:_:)` beside `onUpdate(executor:_:)`: the context
    /// handed back is the stand-in for `[weak self]`; the overload without it is the adapter.
    /// A `context:` that is not handed back leaves the method alone.
    @Test func anOverloadThatHandsBackAContextIsContext() {
        let text = scan(
            """
            public protocol ExecutionContext: AnyObject {}
            public final class Channel<Update> {
                public func onUpdate(executor: Int = 0, _ block: @escaping (Update) -> Void) {}
                public func onUpdate<C: ExecutionContext>(context: C, executor: Int = 0, _ block: @escaping (C, Update) -> Void) {}
                public func onEnd<C: ExecutionContext>(context: C, _ block: @escaping (Update) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("the 'onUpdate(executor:_:)' overload's callback, with 'context' handed back, the stand-in for [weak self] that a task replaces: await that one"), "\(text)")
        #expect(text.contains("\n    public func onEnd<C: ExecutionContext>(context: C"), "\(text)")
        #expect(!text.contains("the 'onEnd(_:)' overload's callback"), "\(text)")
    }
}
