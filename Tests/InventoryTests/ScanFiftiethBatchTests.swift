import Generator
@testable import Inventory
import Testing

/// What batch 50 (BlueSignals, PermissionScope, Perfect-PostgreSQL, DATAStack, PopupView, …)
/// taught on first contact (decision 130).
@Suite struct ScanFiftiethBatchTests: ScanTesting {
    /// BlueSignals' `SignalWatch.on(signal:perform:) -> SignalWatchHandler`: a struct of the
    /// module, not a closure it wraps; `remove(handler:)` takes it back. A stream, stopped so,
    /// whose handle is left out of each event, said. Before, not bridged at all, unsaid.
    @Test func aHandlerStructARemoveTakesBackIsTheStreamsToken() {
        let text = scan(
            """
            public struct SignalWatchHandler { public let id: Int }
            public class SignalWatch {
                public static let shared = SignalWatch()
                @discardableResult
                public func on(signal: Int32, perform handler: @escaping (SignalWatchHandler) -> Void) -> SignalWatchHandler { fatalError() }
                public func remove(handler: SignalWatchHandler) {}
            }
            """
        ).text
        #expect(text.contains("@cancel(using: remove(handler:))"), "\(text)")
        #expect(text.contains("// scan: as written, each event is Void: the SignalWatchHandler 'perform' gets is the one the stream keeps and stops"), "\(text)")
    }

    /// BlueSignals' `trap(signal:action: SigActionHandler)`, a `@convention(c)` alias: it captures
    /// nothing, so no adapter can report to the call. scan says so; generate refuses it at the
    /// line. Before, generate wrote a closure that could not compile.
    @Test func aCFunctionPointerIsNoCallback() throws {
        let text = scan(
            """
            public class Signals {
                public typealias SigActionHandler = @convention(c)(Int32) -> Void
                public class func trap(signal: Int32, action: @escaping SigActionHandler) {}
            }
            """
        ).text
        #expect(text.contains("// Signals: trap(signal:action:) — takes a C function pointer ('@convention(c)'), which captures nothing"), "\(text)")
        let diagnostics = try generateWithDiagnostics(
            """
            extension Signals {
                public typealias SigActionHandler = @convention(c)(Int32) -> Void
                public class func trap(signal: Int32, action: @escaping SigActionHandler)
            }
            """)
        #expect(
            diagnostics.contains(
                "S.bridge:3:43: error: 'action' is a C function pointer ('@convention(c)'): it cannot capture the call it would report to, so it cannot be bridged"),
            "\(diagnostics)")
    }

    /// Perfect-PostgreSQL's `setReceiver(_:) -> PQnoticeReceiver?`: a handler setter that returns
    /// the one it replaces, called for each notice. DATAStack's `performInNewBackgroundContext(_
    /// operation:)`: the caller's work.
    @Test func aSetterReturningThePreviousIsAStreamAndAnOperationIsWork() {
        let text = scan(
            """
            public final class PGConnection {
                public typealias ReceiverProc = (PGResult) -> Void
                var receiver: ReceiverProc?
                public func setReceiver(_ handler: @escaping ReceiverProc) -> PQnoticeReceiver? {
                    receiver = handler
                    return nil
                }
            }
            public class DATAStack {
                public func performInNewBackgroundContext(_ operation: @escaping (_ backgroundContext: NSManagedObjectContext) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'setReceiver' sets a handler the SDK keeps and calls for each event"), "\(text)")
        #expect(text.contains("// DATAStack: performInNewBackgroundContext(_:)"), "\(text)")
    }

    /// PopupView: a popup's parameters set up with chained closures (`dismissCallback(_:) ->
    /// Self` on `BasePopupParameters`), and an environment value (`popupDismiss`) the views call:
    /// neither calls the app back.
    @Test func popupParametersAndEnvironmentValuesAreNotCallbacks() {
        let text = scan(
            """
            import SwiftUI
            public class Popup {
                public class BasePopupParameters {
                    var dismissCallback: (DismissSource) -> () = { _ in }
                    public func dismissCallback(_ dismissCallback: @escaping (DismissSource) -> ()) -> Self {
                        self.dismissCallback = dismissCallback
                        return self
                    }
                }
            }
            extension EnvironmentValues {
                public var popupDismiss: (() -> Void)? {
                    get { nil }
                    set {}
                }
            }
            """
        ).text
        #expect(text.contains("// Popup.BasePopupParameters: dismissCallback(_:) — returns a BasePopupParameters, whose closures run when it is used"), "\(text)")
        #expect(text.contains("// EnvironmentValues: popupDismiss — a SwiftUI environment value: an action your views read and call"), "\(text)")
    }

    /// PermissionScope's `show(_ authChange:cancelled:)` keeps both closures in the screen's
    /// callback properties: the changes are events until the cancel.
    @Test func twoKeptClosuresOneNamedForTheEndAreAStream() {
        let text = scan(
            """
            public typealias authClosureType = (_ finished: Bool, _ results: [Int]) -> Void
            public typealias cancelClosureType = (_ results: [Int]) -> Void
            public class PermissionScope {
                public var onAuthChange: authClosureType? = nil
                public var onCancel: cancelClosureType? = nil
                public func show(_ authChange: authClosureType? = nil, cancelled: cancelClosureType? = nil) {
                    onAuthChange = authChange
                    onCancel = cancelled
                }
            }
            """
        ).text
        #expect(text.contains("@event(authChange)\n    // scan: @finish(cancelled) because 'cancelled' is named for the end\n    @finish(cancelled)\n    public func show"), "\(text)")
    }
}
