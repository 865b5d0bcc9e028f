@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the thirty-fifth session taught (decision 148): batch 85 on first contact, and the
/// `will…` callback properties.
@Suite struct ScanThirtyFifthSessionTests: ScanTesting {
    /// Drops' `willShowDrop`, Dodo's `willAnimateKeyboard`: a property named for what is about to
    /// happen is called each time, as a `did` one is; its closure returns nothing, so it cannot
    /// hold the library back. A stream, and said that each element comes after the library has
    /// gone on.
    @Test func aWillPropertyIsAStreamOfEachTime() {
        let text = scan(
            """
            public final class Drops {
                public typealias DropHandler = (Drop) -> Void
                public var willShowDrop: DropHandler?
                func next(_ drop: Drop) { willShowDrop?(drop) }
            }
            public final class KeyboardObserver {
                public var willAnimateKeyboard: ((CGFloat) -> Void)?
                func notify(_ height: CGFloat) { willAnimateKeyboard?(height) }
            }
            """
        ).text
        #expect(!text.contains("@context  // named for what is about to happen"), "\(text)")
        #expect(
            text.contains(
                "// scan: 'willShowDrop' is called before it happens: each element comes after the Drops has gone on; if your code must run first, set 'willShowDrop' yourself and mark it '@context'\n    public var willShowDrop: DropHandler?"
            ), "\(text)")
        #expect(text.contains("set 'willAnimateKeyboard' yourself and mark it '@context'\n    public var willAnimateKeyboard: ((CGFloat) -> Void)?"), "\(text)")
    }

    /// SwiftyTeeth's `connect(with:autoReconnect:complete:)` beside `disconnect(autoReconnect:)`:
    /// a lone `complete` is the call's outcome, as a `completion` is (stream-chat's `connect
    /// (completion:)`), not a stream until the undoing call.
    @Test func aLoneCompleteBesideItsUndoingCallIsTheOutcome() {
        let text = scan(
            """
            public enum ConnectionState { case connected, disconnected }
            open class Device {
                private var connectionHandler: ((ConnectionState) -> Void)?
                open func connect(with timeout: Int? = nil, autoReconnect: Bool = true, complete: ((ConnectionState) -> Void)? = nil) {
                    connectionHandler = complete
                }
                open func disconnect(autoReconnect: Bool = false) { connectionHandler = nil }
            }
            """
        ).text
        #expect(!text.contains("    @stream\n"), "\(text)")
        #expect(text.contains("open func connect(with timeout: Int? = nil, autoReconnect: Bool = true, complete: ((ConnectionState) -> Void)? = nil)"), "\(text)")
    }

    /// WistiaKit's `deleteCustomizations(forHash:completionHandler: (_ success: Bool, _ error:
    /// WistiaAPIError?))`: a flag named for success beside the SDK's own error says whether the
    /// call worked, as beside `Error?`: `Void`, thrown when false.
    @Test func aSuccessFlagBesideTheSDKsOwnErrorIsTheOutcome() {
        let text = scan(
            """
            public enum WistiaAPIError: Error { case unavailable }
            public final class WistiaAPI {
                public func deleteCustomizations(forHash mediaHashedID: String, completionHandler: @escaping (_ success: Bool, _ error: WistiaAPIError?) -> ()) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: @asyncError(zeroArgument: 1) because 'completionHandler' gets a flag named 'success' beside the error: false is the failure\n    @asyncError(zeroArgument: 1)"
            ), "\(text)")
    }
}

extension ScanThirtyFifthSessionTests {
    /// Dracoon's `DownloadCallback.onComplete: ((URL) -> Void)?`, SwiftHTTP's `onFinish:
    /// ((Response) -> Void)?`: `on` and an end alone is the object's own end, once, whatever it
    /// hands over. A thing named between them (`onTaskCompleted`) is still the end of each.
    @Test func anObjectsOwnEndPropertyWithAValueIsOnce() {
        let text = scan(
            """
            public class DownloadCallback {
                public var onComplete: ((URL) -> Void)?
                public var onTaskCompleted: ((Int) -> Void)?
                func done(_ url: URL) { onComplete?(url); onTaskCompleted?(1) }
            }
            """
        ).text
        #expect(text.contains("// scan: @once because 'onComplete' is named for an end, which comes once\n    @once\n    public var onComplete: ((URL) -> Void)?"), "\(text)")
        #expect(!text.contains("@once\n    public var onTaskCompleted"), "\(text)")
    }
}

extension ScanThirtyFifthSessionTests {
    static let btKitLike = """
        public final class ObservationToken {
            public func invalidate() {}
        }
        public struct BTDevice {}
        public enum BTConnectResult { case connected, already }
        public enum BTDisconnectResult { case disconnected, already }
        public final class BTForeground {
            private var observations: [UUID: (BTDevice) -> Void] = [:]
            @discardableResult
            public func scan<T: AnyObject>(_ observer: T, options: Int? = nil, closure: @escaping (T, BTDevice) -> Void) -> ObservationToken { ObservationToken() }
            @discardableResult
            public func readRSSI<T: AnyObject>(_ observer: T, uuid: String, closure: @escaping (T, Int) -> Void) -> ObservationToken { ObservationToken() }
            @discardableResult
            public func connect<T: AnyObject>(for observer: T, uuid: String, connected: ((T, BTConnectResult) -> Void)? = nil, heartbeat: ((T, BTDevice) -> Void)? = nil, disconnected: ((T, BTDisconnectResult) -> Void)? = nil) -> ObservationToken? { nil }
        }
        """

    /// BTKit's `scan(_:options:closure:) -> ObservationToken`: what it returns says an
    /// observation, kept until stopped, so a lone closure named for nothing is called for each
    /// device. Not `readRSSI(…, closure:)`, named for one request, which returns the same token.
    @Test func aLoneClosureOfAMethodReturningAnObservationIsAStream() {
        let text = scan(Self.btKitLike).text
        #expect(text.contains("// scan: @stream because 'scan' returns a token and calls back until it is stopped\n    @stream"), "\(text)")
        #expect(!text.contains("@stream because 'readRSSI'"), "\(text)")
    }

    /// BTKit's `connect(for:uuid:connected:heartbeat:disconnected:)`: three closures, none named
    /// for an outcome, registered until the returned token stops them. Said here, once, as a
    /// one-shot that waited for the last; since decision 183, one stream of the three.
    @Test func threeClosuresNoneNamedForAnOutcomeAreSaid() {
        let text = scan(Self.btKitLike).text
        #expect(text.contains("@event(connected, heartbeat, disconnected)\n"), "\(text)")
        #expect(!text.contains("passes 'connected', 'heartbeat' through"), "\(text)")
    }

    /// OmiseSDK's `ThreeDSFlowViewModel.onStateChange`, the implementation of
    /// `ThreeDSFlowViewModelProtocol`'s: the protocol's stream sets it, as a protocol's adapter
    /// calls a conformer's method; a second stream on the class would only repeat it.
    @Test func aConformersCallbackPropertyIsServedByTheProtocols() {
        let text = scan(
            """
            public enum FlowState { case idle, done }
            public protocol FlowViewModelProtocol: AnyObject {
                var onStateChange: ((FlowState) -> Void)? { get set }
            }
            public final class FlowViewModel: FlowViewModelProtocol {
                public var onStateChange: ((FlowState) -> Void)?
                func finish() { onStateChange?(.done) }
            }
            """
        ).text
        #expect(text.contains("extension FlowViewModelProtocol {\n    // scan: 'onStateChange' holds a closure the SDK calls for each event: a stream"), "\(text)")
        #expect(
            text.contains("// FlowViewModel: onStateChange — implements FlowViewModelProtocol's requirement: the stream of FlowViewModelProtocol sets it on this type too"),
            "\(text)")
    }
}

extension ScanThirtyFifthSessionTests {
    /// Eureka's `onPresentCallback` of `PresenterRowType`, which the library sets on the rows it is
    /// given: the protocol's is its wiring, no stream, and the conformer's is the same slot.
    @Test func aConformersPropertyTheLibrarySetsIsItsWiring() {
        let text = scan(
            """
            public protocol PresenterRow: AnyObject {
                var onPresent: ((Int) -> Void)? { get set }
            }
            public final class PushRow: PresenterRow {
                public var onPresent: ((Int) -> Void)?
            }
            final class Form {
                func wire(_ row: PresenterRow) { row.onPresent = { index in print(index) } }
            }
            """
        ).text
        #expect(
            text.contains("// PushRow: onPresent — implements PresenterRow's requirement, which the library sets on the PresenterRow it is given ("),
            "\(text)")
    }
}

extension ScanThirtyFifthSessionTests {
    /// EVCloudKitDao's `fetchChangeNotifications(_:inserted:updated:deleted:completed:)`: events
    /// by kind, then a named end handed nothing. Once a one-shot that waited for the end, said
    /// with the stream it may be; since decision 183, that stream.
    @Test func eventClosuresBeforeANamedEndAreSaid() {
        let text = scan(
            """
            open class Dao {
                open func fetchChangeNotifications(_ since: Int, inserted: @escaping (_ id: String) -> Void, updated: @escaping (_ id: String) -> Void, deleted: @escaping (_ id: String) -> Void, completed: @escaping () -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@event(inserted, updated, deleted)\n"), "\(text)")
        #expect(text.contains("@finish(completed)\n"), "\(text)")
    }

    /// ApiVideoPlayer's `addTimerObserver(callback:) -> Any` and `removeTimeObserver(_ observer:
    /// Any)`: the remove's words cut short still name what it takes back.
    @Test func aRemoveWhoseWordIsCutShortTakesTheRegistrationBack() {
        let text = scan(
            """
            public class PlayerController {
                public func addTimerObserver(callback: @escaping () -> Void) -> Any { 0 }
                public func removeTimeObserver(_ observer: Any) {}
            }
            """
        ).text
        #expect(text.contains("@cancel(using: removeTimeObserver(_:))\n    public func addTimerObserver"), "\(text)")
        #expect(text.contains("    @stream\n"), "\(text)")
    }
}

extension ScanThirtyFifthSessionTests {
    /// BMSPush's `completionHandler: (_ response: String?, _ statusCode: Int?, _ error: String)`,
    /// an error text that is empty when the call succeeded: the failure, not part of the value,
    /// and the values beside it stay optional (a nil says no failure). Before, the text was
    /// returned with them, nothing said.
    @Test func aStringNamedErrorBesideValuesIsTheFailuresText() {
        let text = scan(
            """
            public class PushClient {
                public func unregisterDevice(completionHandler: @escaping (_ response: String?, _ statusCode: Int?, _ error: String) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: @asyncError(message: 3) because 'completionHandler' gets a String named 'error': the failure's text, empty when the call succeeded\n    @asyncError(message: 3)\n    // scan: as written, a 'error' that is not empty throws BridgegenError.failureStatus"
            ), "\(text)")
        #expect(text.contains("@nullableResult\n    public func unregisterDevice"), "\(text)")
    }
}
