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

    /// Web3.swift's `Web3.Eth.subscribeToNewHeads(subscribed:onEvent:)`: `onEvent` is called for
    /// each event, and `subscribed` (the subscription's id) is no part of the outcome: a stream.
    /// The closure typealias is the outer type's (`Web3.Web3ResponseCompletion`), and the value
    /// carries its own failure (`error: Swift.Error?`), which the starter says.
    @Test func anEventClosureBesideAnotherIsAStream() throws {
        let text = scan(
            """
            public struct Web3Response<Result> {
                public var result: Result? { nil }
                public var error: Swift.Error? { nil }
            }
            public struct Web3 {
                public typealias Web3ResponseCompletion<Result> = (_ resp: Web3Response<Result>) -> Void
                public struct Eth {
                    public func blockNumber(response: @escaping Web3ResponseCompletion<Int>) {}
                    public func subscribeToNewHeads(subscribed: @escaping Web3ResponseCompletion<String>, onEvent: @escaping Web3ResponseCompletion<Int>) {}
                }
            }
            """
        ).text
        #expect(text.contains("""
                // scan: @stream because 'onEvent' is called for each event, and the others are no part of the outcome
                @stream
                // scan: 'Web3Response' carries its own failure ('error'): as written, each is an event, whole, and a failure is not thrown; check its 'error', or bridge a method of yours that throws it
                public func subscribeToNewHeads(subscribed: @escaping Web3.Web3ResponseCompletion<String>, onEvent: @escaping Web3.Web3ResponseCompletion<Int>)
            """), "\(text)")
        #expect(text.contains("""
                // scan: 'Web3Response' carries its own failure ('error'): as written, it is the value, whole, and a failure is not thrown; check its 'error', or bridge a method of yours that throws it
                public func blockNumber(response: @escaping Web3.Web3ResponseCompletion<Int>)
            """), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func blockNumber() async throws -> Web3Response<Int> {"), "\(swift)")
        #expect(swift.contains("func subscribeToNewHeads(subscribed: @escaping @Sendable (_ resp: Web3Response<String>) -> Void) -> _Concurrency.AsyncStream<Web3Response<Int>>"), "\(swift)")
    }

    /// YPImagePicker's `YPPhotoFiltersVC.didSave`, `didCancel`: how a screen ends, once. On an
    /// object that is no screen, the same name is a stream, said.
    @Test func aScreensEndIsOnce() throws {
        let text = scan(
            """
            public final class PhotoFiltersVC {
                public var didSave: ((MediaItem) -> Void)?
                public var didCancel: (() -> Void)?
                public var didChangeFilter: ((String) -> Void)?
                func run() { didSave?(MediaItem()); didCancel?(); didChangeFilter?("") }
            }
            public final class Session {
                public var didFinishEvents: (() -> Void)?
                func run() { didFinishEvents?() }
            }
            """
        ).text
        #expect(text.contains("    // scan: @once because 'didSave' is named for how the PhotoFiltersVC's screen ends, which comes once\n    @once\n"), "\(text)")
        #expect(text.contains("    // scan: @once because 'didCancel' is named for how the PhotoFiltersVC's screen ends, which comes once\n    @once\n"), "\(text)")
        #expect(text.contains("// scan: 'didChangeFilter' holds a closure the SDK calls for each event: a stream"), "\(text)")
        #expect(text.contains("// scan: a stream assumed: 'didFinishEvents' is named for an end"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func didSaveEvent() async throws -> MediaItem {"), "\(swift)")
    }

    /// Swift-ActionCableClient's `Channel` calls its own `onRejected`; nothing calls
    /// `ActionCableClient.onRejected`, declared with the same name: said of that one only.
    @Test func aPropertyReadOnlyByAnotherTypeOfTheSameNameIsSaid() {
        let text = scan(
            """
            open class ActionCableClient {
                open var onRejected: (() -> Void)?
            }
            open class Channel {
                open var onRejected: (() -> Void)?
                func reject() {
                    if let callback = self.onRejected { callback() }
                }
            }
            """
        ).text
        #expect(text.components(separatedBy: "nothing in these sources calls 'onRejected'").count == 2, "\(text)")
        #expect(text.contains("""
                // scan: nothing in these sources calls 'onRejected': as written, the one-shot waits for calls that may never come; if it is for your code to call, mark it '@context'
                open var onRejected: (() -> Void)?
            }

            extension Channel {
            """), "\(text)")
    }

    /// A callback property named for no event (SwiftHTTP's `downloadHandler`, called once;
    /// TelemetryDeck's `errorHandler`, a setting): a stream, said to be a guess. One named for
    /// what did or will happen (Alamofire's `requestDidResume`, `whenReachable`) is not asked.
    @Test func aPropertyNamedForNoEventIsAQuestion() {
        let text = scan(
            """
            open class HTTP {
                public var downloadHandler: ((URL) -> Void)?
                public var requestDidResume: ((String) -> Void)?
                public var whenReachable: ((String) -> Void)?
                func run() { downloadHandler?(URL(fileURLWithPath: "")); requestDidResume?(""); whenReachable?("") }
            }
            """
        ).text
        #expect(text.contains("""
                // scan: a stream assumed: nothing in the name 'downloadHandler' says an event; if the SDK calls it once, write '@once'; if it is work or a setting the SDK runs, mark it '@context'
                public var downloadHandler: ((URL) -> Void)?
            """), "\(text)")
        #expect(text.contains("// scan: 'requestDidResume' holds a closure the SDK calls for each event: a stream"), "\(text)")
        #expect(text.contains("// scan: 'whenReachable' holds a closure the SDK calls for each event: a stream"), "\(text)")
    }

    /// Perfect-Net's `forEachAccept(callBack: (NetTCP?) -> ())`: a stream whose events may be
    /// nil, yielded as they come, said; and Eureka's `completionController?.onDismissCallback =
    /// callback`: the library sets another object's handler to one it was given, said.
    @Test func aStreamOfOptionalsAndAHandlerTheLibraryWiresAreSaid() {
        let text = scan(
            """
            open class NetTCP {
                public func forEachAccept(callBack: @escaping (NetTCP?) -> ()) {}
            }
            open class SelectorController {
                public var onDismissCallback: ((SelectorController) -> Void)?
                func dismiss() { onDismissCallback?(self) }
            }
            public enum PresentationMode {
                case show(callback: (SelectorController) -> Void)
                func present(_ controller: SelectorController?, callback: @escaping (SelectorController) -> Void) {
                    controller?.onDismissCallback = callback
                }
            }
            """
        ).text
        #expect(text.contains("// scan: as written, each nil that 'callBack' gets is yielded (no NetTCP); if nil means a failure, bridge a method of yours that skips or throws it"), "\(text)")
        #expect(text.contains("// scan: the library sets 'onDismissCallback' to a handler of its own (Store.swift)"), "\(text)")
    }

    /// PubNub's `InstanceIdOperator: RequestOperator`, a public struct with no public initializer
    /// that no public declaration names: the SDK makes it and calls it through its protocol, so
    /// its method is no API of the app's. One that a public declaration hands out is.
    @Test func aConformanceTheAppCannotGetIsNotBridged() {
        let text = scan(
            """
            public protocol RequestOperator {
                var name: String { get }
            }
            public struct InstanceIdOperator: RequestOperator {
                public let instanceID: String
                public func mutate(_ request: URLRequest, completion: @escaping (Result<URLRequest, Error>) -> Void) {}
            }
            public struct RetryOperator: RequestOperator {
                public func mutate(_ request: URLRequest, completion: @escaping (Result<URLRequest, Error>) -> Void) {}
            }
            public final class Client {
                public var retry: RetryOperator { RetryOperator() }
            }
            """
        ).text
        #expect(text.contains("// InstanceIdOperator: mutate(_:completion:) — 'InstanceIdOperator' has no public initializer, and no public declaration hands one out: only the SDK calls it"), "\(text)")
        #expect(!text.contains("// RetryOperator: mutate(_:completion:) — 'RetryOperator' has no public"), "\(text)")
    }

    /// An outcome struct handed to a registration (the outside try's `subscribeToBlocks(onEvent:
    /// (Response<Block>) -> Void) -> Int`): the outcome says nothing of how often, so the
    /// registration stays a stream; its id is taken back by the bare inverse verb
    /// (`unsubscribe(id:)`) or its `…From…` form.
    @Test func aRegistrationOfAnOutcomeStructStaysAStreamStoppedByItsInverse() throws {
        for stop in ["unsubscribe(id: Int)", "unsubscribeFromBlocks(id: Int)"] {
            let text = scan(
                """
                public struct Block {}
                public struct Response<Result> {
                    public enum Status<T> { case success(T); case failure(Error) }
                    public let status: Status<Result>
                }
                public final class Chain {
                    /// Subscribes. `onEvent` is called each time a new block arrives.
                    public func subscribeToBlocks(onEvent: @escaping (Response<Block>) -> Void) -> Int { 0 }
                    public func \(stop) {}
                }
                """
            ).text
            let name = stop.prefix { $0 != "(" }
            #expect(text.contains("    @stream\n"), "\(text)")
            #expect(text.contains("@cancel(using: \(name)(id:))"), "\(text)")
            let generated = try generate(text)
            #expect(generated.contains("func subscribeToBlocks() -> _Concurrency.AsyncThrowingStream<Block, any Swift.Error>"), "\(generated)")
        }
    }
}

