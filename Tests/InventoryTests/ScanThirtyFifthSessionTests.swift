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
