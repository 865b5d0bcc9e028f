import Generator
@testable import Inventory
import Testing

/// What batch 52 (SendbirdUIKit, CrowdinSDK, Kommunicate, InputBarAccessoryView, ApplozicSwift,
/// Turbo) taught on first contact (decision 132).
@Suite struct ScanFiftySecondBatchTests: ScanTesting {
    /// Sendbird's `SBUDebouncer.add(handler:)` and malcommac/Repeat's `Debouncer.callback`: the
    /// work a debouncer runs later, or never when newer work replaces it. Before, a one-shot that
    /// could wait forever, and a stream.
    @Test func aDebouncersClosuresAreItsWork() {
        let text = scan(
            """
            public class SBUDebouncer {
                public var callback: (() -> Void)?
                public func add(handler: @escaping (() -> Void)) {}
            }
            public class Loader {
                public func add(handler: @escaping (() -> Void)) {}
            }
            """
        ).text
        #expect(!text.contains("    public func add(handler: @escaping (() -> Void))\n}\n\nextension Loader"), "\(text)")
        #expect(text.contains("// SBUDebouncer: callback — the work a SBUDebouncer runs later"), "\(text)")
        #expect(text.contains("// SBUDebouncer: add(handler:)"), "\(text)")
        #expect(text.contains("extension Loader {\n    public func add(handler"), "\(text)")
        #expect(CallbackShape.defersWork(owner: "Throttler"))
        #expect(!CallbackShape.defersWork(owner: "Bouncer"))
    }

    /// Sendbird's `requestCameraAccess(for:onGranted:onDenied:)`: a yes and a no. Before, the
    /// adapter waited for `onDenied` and kept `onGranted` as a parameter, with no word said.
    @Test func aYesAndANoAreNotBridgedAsWritten() {
        let text = scan(
            """
            public class PermissionManager {
                public func requestRecordAccess(onGranted: (() -> Void)? = nil, onDenied: (() -> Void)? = nil) {}
            }
            """
        ).text
        #expect(text.contains("// Not bridgeable as written: 'onGranted' and 'onDenied' answer yes or no"), "\(text)")
        // With generate's note: what to write instead.
        #expect(text.contains("// note: bridge a method of yours that calls it with 'onGranted: { completion(true) }"), "\(text)")
        // Its block bridges nothing else: commented out whole, so the starter generates cleanly.
        #expect(text.contains("// extension PermissionManager {\n"), "\(text)")
        #expect(ClosureRoleNames.answerYesAndNo(("onDenied", nil), ("allowed", nil)))
        #expect(!ClosureRoleNames.answerYesAndNo(("onSuccess", nil), ("onDenied", nil)))
    }

    /// Crowdin's `addErrorUpdateHandler(_:) -> Int`, taken back by `removeErrorHandler(_:)`: some
    /// of the add's words. Before, a one-shot.
    @Test func aRemovalOfSomeOfTheAddsWordsStopsIt() {
        let text = scan(
            """
            public typealias ErrorHandler = ([Error]) -> Void
            public final class Crowdin {
                public class func addErrorUpdateHandler(_ handler: @escaping ErrorHandler) -> Int { 0 }
                public class func removeErrorHandler(_ id: Int) {}
            }
            """
        ).text
        #expect(text.contains("@stream\n    // scan: @cancel(using: removeErrorHandler(_:))"), "\(text)")
        #expect(TokenMethods.removesSomeOf("addErrorUpdateHandler", "removeErrorHandler"))
        #expect(!TokenMethods.removesSomeOf("addErrorUpdateHandler", "removeError"))
        #expect(!TokenMethods.removesSomeOf("addErrorUpdateHandler", "removeDownloadHandler"))
    }

    /// Kommunicate's `KMConversationService.Response`, a nested struct with `error: Error?`,
    /// handed to `completion: (Response) -> Void`: the note that it carries its own failure.
    /// Before, only a top-level type was found.
    @Test func aNestedTypeThatCarriesItsFailureIsSaid() {
        let text = scan(
            """
            public class ConversationService {
                public struct Response {
                    public var success: Bool = false
                    public var error: Error?
                }
                public func updateTeam(groupID: Int, completion: @escaping (Response) -> Void) {}
                public func teamMembers(groupID: Int, completion: @escaping (Response) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: 'Response' carries its own failure ('error')"), "\(text)")
        // A command's is thrown (decision 165).
        #expect(text.contains("    @asyncError(thrown: 1.error)\n"), "\(text)")
    }

    /// Sendbird's modules set each cell's `userProfileTapHandler` (and a score of other tap
    /// handlers) to a closure that calls their `delegate`: the library's wiring, which a stream
    /// would take over, while the app hears the same taps through that delegate. Not a property
    /// the object sets on itself for its own delegate (TOCropViewController's `onDidTapDone`),
    /// nor one set to a closure of other work.
    @Test func aHandlerTheLibraryForwardsToItsDelegateIsWiring() {
        let text = scan(
            """
            import UIKit
            public protocol ListModuleDelegate: AnyObject { func listModule(_ module: ListModule, didTapProfile: Int) }
            open class MessageCell: UITableViewCell {
                public var userProfileTapHandler: (() -> Void)?
                public var reloadHandler: (() -> Void)?
            }
            open class CropController: UIViewController {
                public weak var delegate: ListModuleDelegate?
                public var onDidTapDone: (() -> Void)?
                func install() {
                    self.onDidTapDone = { [weak self] in
                        self?.delegate?.listModule(ListModule(), didTapProfile: 0)
                    }
                }
            }
            open class ListModule {
                public weak var delegate: ListModuleDelegate?
                func configure(_ cell: MessageCell) {
                    cell.userProfileTapHandler = { [weak self] in
                        guard let self else { return }
                        // Hand the tap to the delegate.
                        self.delegate?.listModule(self, didTapProfile: 1)
                    }
                    cell.reloadHandler = { [weak self] in
                        self?.reload()
                    }
                }
                func reload() {}
            }
            """
        ).text
        #expect(
            text.contains(
                "@context  // the library sets it on each MessageCell it makes, handing every call on to its own 'delegate': listen through that\n    public var userProfileTapHandler"),
            "\(text)")
        #expect(text.contains("public var reloadHandler: (() -> Void)?"), "\(text)")
        #expect(text.contains("public var onDidTapDone: (() -> Void)?"), "\(text)")
        #expect(!text.contains("@context  // the library sets it on each CropController"), "\(text)")
    }

    /// Batch 54: ScrollStackController's `setRowHidden(…, completion:)` takes a completion its
    /// body never uses (not bridged: it would wait for ever), and its `toggleAxis(animated:
    /// completion:)` on a view is an animation's end, not a control's events; Epoxy's
    /// `makeCoordinator(update:) -> Coordinator` hands its closure to what it makes.
    @Test func aClosureNoBodyUsesAControlsCompletionAndAFactorysClosure() {
        let text = scan(
            """
            import UIKit
            open class ScrollStack: UIScrollView {
                open func setRowHidden(index: Int, isHidden: Bool, completion: (() -> Void)? = nil) {
                    // Known issue: the completion is never invoked (outside try: a comment or a
                    /* string that names it */ is no use of it).
                    guard index > 0 else { return print("no completion") }
                    self.isHidden = isHidden
                }
                open func moveRow(index: Int, completion: (() -> Void)? = nil) {
                    UIView.animate(withDuration: 0.3, animations: {}) { _ in completion?() }
                }
                open func toggleAxis(animated: Bool = false, completion: (() -> Void)? = nil) {
                    UIView.animate(withDuration: 0.3, animations: {}) { _ in completion?() }
                }
            }
            public struct BarModel {
                public func makeCoordinator(update: @escaping (_ animated: Bool) -> Void) -> Int { 0 }
            }
            public protocol Loading {
                func load(completion: @escaping () -> Void)
            }
            """
        ).text
        #expect(text.contains("@context  // its body never uses 'completion': nothing calls it, so an adapter would wait for ever\n    open func setRowHidden"), "\(text)")
        #expect(text.contains("    open func moveRow(index: Int, completion: (() -> Void)? = nil)\n"), "\(text)")
        #expect(!text.contains("@stream\n    open func toggleAxis"), "\(text)")
        #expect(text.contains("// BarModel: makeCoordinator(update:)"), "\(text)")
        #expect(text.contains("    func load(completion: @escaping () -> Void)\n"), "\(text)")
        #expect(CallbackShape.isWork(name: "update", label: nil, parameterCount: 1, method: "makeCoordinator", returns: "Coordinator"))
        #expect(!CallbackShape.isWork(name: "completion", label: nil, parameterCount: 1, method: "makeRequest", returns: "Request"))
    }

    /// The two adapters of batch 52 that were wrong with nothing said: InputBarAccessoryView's
    /// `onKeyboardSwipeGesture(_:) -> Self`, whose item (the receiver, handed back first) each
    /// event leaves out, and Sendbird's `loadAllEmojis`, whose (nil, nil) the library's own body
    /// shows and which may as well mean a failure. Each now says the other reading.
    @Test func theReceiverLeftOutAndANilValueSayTheOtherReading() {
        let text = scan(
            """
            import UIKit
            open class InputBarButtonItem: UIButton {
                private var onSwipeAction: ((InputBarButtonItem, UISwipeGestureRecognizer) -> Void)?
                @discardableResult
                open func onKeyboardSwipeGesture(_ action: @escaping (_ item: InputBarButtonItem, _ gesture: UISwipeGestureRecognizer) -> Void) -> Self {
                    onSwipeAction = action
                    return self
                }
            }
            public class EmojiManager {
                static var cached: String?
                public static func loadAllEmojis(completionHandler: @escaping (_ container: String?, _ error: Error?) -> Void) {
                    guard cached == nil else { return completionHandler(nil, nil) }
                    completionHandler(cached, nil)
                }
            }
            """
        ).text
        #expect(text.contains("// scan: 'action' gets the InputBarButtonItem itself before its values: each value leaves it out"), "\(text)")
        #expect(text.contains("// scan: as written, nil without an error is returned as nil; if it means 'loadAllEmojis' failed, remove '@nullableResult' below"), "\(text)")
    }
}
