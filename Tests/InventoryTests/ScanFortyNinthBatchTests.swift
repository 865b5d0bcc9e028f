import Generator
@testable import Inventory
import Testing

/// What batch 49 (ActiveLabel, Former, Alertift, SwifterSwift, JSQCoreDataKit, …) taught on
/// first contact (decision 128).
@Suite struct ScanFortyNinthBatchTests: ScanTesting {
    /// ActiveLabel's `handleMentionTap(_:)` keeps its handler in `mentionTapHandler`, and
    /// `removeHandle(for:)` clears it under `case .mention:`; `handleCustomTap(for:handler:)`
    /// keeps one per type, cleared by the same key. Each tap calls them: streams, stopped by
    /// that removal. Before, one-shots with no word.
    @Test func handlersARemoveMethodReleasesAreStreamsStoppedByIt() {
        let text = scan(
            """
            import UIKit
            public enum ActiveType { case mention, hashtag, custom(pattern: String) }
            open class ActiveLabel: UILabel {
                open func handleMentionTap(_ handler: @escaping (String) -> ()) {
                    mentionTapHandler = handler
                }
                open func handleCustomTap(for type: ActiveType, handler: @escaping (String) -> ()) {
                    customTapHandlers[type] = handler
                }
                open func removeHandle(for type: ActiveType) {
                    switch type {
                    case .mention:
                        mentionTapHandler = nil
                    case .hashtag:
                        break
                    case .custom:
                        customTapHandlers[type] = nil
                    }
                }
                internal var mentionTapHandler: ((String) -> ())?
                internal var customTapHandlers: [ActiveType : ((String) -> ())] = [:]
            }
            """
        ).text
        // One slot: a second stream shares it (the outside try's two loops ended each other).
        #expect(
            text.contains(
                "// scan: @stream(shared) because 'handleMentionTap' keeps 'handler' in 'mentionTapHandler', which only 'removeHandle(for: .mention)' releases: called for each event until then; 'mentionTapHandler' holds one handler, so every stream of this object shares it"),
            "\(text)")
        #expect(text.contains("@cancel(removeHandle(for: .mention))\n    open func handleMentionTap"), "\(text)")
        #expect(
            text.contains(
                "@cancel(removeHandle(for: type))\n    // scan: 'customTapHandlers' holds one handler per 'type': a second stream of the same replaces the first's, and the first's end removes it; keep one\n    open func handleCustomTap"),
            "\(text)")
    }

    /// A removal whose argument scan cannot tell (no `case`, no key) leaves the method as it
    /// was: no guessed stop.
    @Test func aRemovalWithNoCaseOrKeyIsNoStop() {
        let text = scan(
            """
            open class Label {
                open func handleTap(_ handler: @escaping (String) -> ()) {
                    tapHandler = handler
                }
                open func removeHandle(for name: String) {
                    if name == "tap" { tapHandler = nil }
                }
                internal var tapHandler: ((String) -> ())?
            }
            """
        ).text
        #expect(!text.contains("@cancel(removeHandle"), "\(text)")
    }

    /// Former's `didDeselectCell(_:) -> Self` keeps its handler where nothing clears it and
    /// returns the form for chaining, as do its `will…`: events of a table, streams with no
    /// stop. A stream that returns `Self` says `@cancel(none)`, so generate has nothing to warn
    /// of. Its `onSelected(_ handler: (Self) -> Void) -> Self` streams the row, not `Void`.
    @Test func chainedEventHandlersAreStreams() {
        let text = scan(
            """
            public final class Former: NSObject {
                @discardableResult
                public func didDeselectCell(_ handler: @escaping ((IndexPath) -> Void)) -> Self {
                    didDeselectCell = handler
                    return self
                }
                @discardableResult
                public func willDisplayCell(_ handler: @escaping ((IndexPath) -> Void)) -> Self {
                    willDisplayCell = handler
                    return self
                }
                fileprivate var didDeselectCell: ((IndexPath) -> Void)?
                fileprivate var willDisplayCell: ((IndexPath) -> Void)?
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: @stream(shared) because 'didDeselectCell' sets the object's 'didDeselectCell' and returns the object for chaining: a handler called for each event; 'didDeselectCell' holds one handler, so every stream of this object shares it"
            ), "\(text)")
        #expect(text.contains("@cancel(none)\n    @discardableResult\n    public func willDisplayCell"), "\(text)")
        #expect(!text.contains("named for what is about to happen"), "\(text)")
        #expect(!text.contains("one-shot assumed"), "\(text)")
    }

    /// The row a chained `onSelected(_ handler: (Self) -> Void) -> Self` is handed is the
    /// event, not a handle the stream stops: the object returned is the receiver itself.
    @Test func aChainedHandlersSelfIsTheElement() throws {
        let swift = try generate(
            """
            extension SelectableForm {
                @stream @cancel(none)
                func onSelected(_ handler: @escaping ((Self) -> Void)) -> Self
            }
            """)
        #expect(swift.contains("func onSelected() -> _Concurrency.AsyncStream<Self>"), "\(swift)")
    }

    /// Former's `init(instantiateType:cellSetup:)`: the setup closure is the caller's code, not
    /// a completion; generate does not warn of it. Its `configure(handler: (Self) -> Void)`
    /// runs the caller's code on the object itself: context, not a blocking one-shot.
    @Test func setupClosuresAndConfigurationOfSelfAreNotCallbacks() throws {
        let text = scan(
            """
            open class RowFormer<T> {
                public required init(instantiateType: Int = 0, cellSetup: ((T) -> Void)? = nil) {}
            }
            public protocol ConfigurableForm: AnyObject {}
            extension ConfigurableForm {
                @discardableResult
                public func configure(handler: ((Self) -> Void)) -> Self { handler(self); return self }
            }
            """
        ).text
        #expect(!text.contains("@blocking"), "\(text)")
        let diagnostics = try generateWithDiagnostics(
            """
            extension RowFormer {
                public required init(instantiateType: Int = 0, cellSetup: ((T) -> Void)? = nil)
            }
            """)
        #expect(!diagnostics.contains("takes completion handler"), "\(diagnostics)")
    }

    /// A button's handler (UIAlertController's `addAction(title:…, handler:)`, Alertift's
    /// `Alert.action(_:handler:)`, SCLAlertView's `addButton(_:action:)`) runs only if that
    /// button is picked: context. Schedule's `Task.addAction(_:)` is no button.
    @Test func aButtonsHandlerIsNotAnOutcome() {
        #expect(CallbackShape.namesButtonHandler(method: "addAction", owner: "UIAlertController"))
        #expect(CallbackShape.namesButtonHandler(method: "action", owner: "Alert"))
        #expect(CallbackShape.namesButtonHandler(method: "addButton", owner: "SCLAlertView"))
        #expect(!CallbackShape.namesButtonHandler(method: "addAction", owner: "Task"))
        let text = scan(
            """
            import UIKit
            extension UIAlertController {
                @discardableResult
                public func addAction(title: String, style: UIAlertAction.Style = .default, handler: ((UIAlertAction) -> Void)? = nil) -> UIAlertAction {
                    fatalError()
                }
            }
            """
        ).text
        #expect(text.contains("// UIAlertController: addAction(title:style:handler:)\n"), "\(text)")
        #expect(!text.contains("@once") && !text.contains("\n    public func addAction"), "\(text)")
    }

    /// JSQCoreDataKit's `saveSync(completion:)` beside `saveAsync(completion:)`: the twin is
    /// the one to await. A `sync(completion:)` with no twin is a synchronisation, bridged.
    @Test func aSyncTwinIsContext() {
        let text = scan(
            """
            extension NSManagedObjectContext {
                public func saveSync(completion: ((Int) -> Void)? = nil) {}
                public func saveAsync(completion: ((Int) -> Void)? = nil) {}
                public func cloudSync(completion: @escaping (Int) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@context  // named synchronous beside 'saveAsync': it calls back before it returns"), "\(text)")
        #expect(text.contains("public func saveAsync(completion: ((Int) -> Void)? = nil)\n"), "\(text)")
        #expect(!text.contains("@context  // named synchronous beside 'cloudAsync'"), "\(text)")
    }

    /// SwifterSwift's `show(animated:vibrate:completion:)` is unavailable in app extensions
    /// only: callable in the app, and bridged with the attribute. `@available(*, unavailable)`
    /// stays context.
    @Test func platformUnavailabilityIsCallable() {
        let text = scan(
            """
            extension UIAlertController {
                @available(iOSApplicationExtension, unavailable)
                public func show(animated: Bool = true, completion: (() -> Void)? = nil) {}
                @available(*, unavailable)
                public func present(completion: (() -> Void)? = nil) {}
            }
            """
        ).text
        #expect(!text.contains("@context  // unavailable: not callable\n    @available(iOSApplicationExtension"), "\(text)")
        #expect(text.contains("@context  // unavailable: not callable\n    @available(*, unavailable)"), "\(text)")
    }

    /// Found by the full score: RevenueCat's Obsoletions.swift marks a method unavailable on each
    /// platform apart; on iOS and macOS both, it is not callable. Its `@objc(showStoreMessagesForTypes:
    /// completion:)` convenience is served by the Swift async form of the same name and
    /// arguments; `recordPurchase(productID:completion:)` is not, by `recordPurchase(_:) async`,
    /// which takes something else.
    @Test func unavailableOnEveryMainPlatformAndObjectiveCConveniences() {
        let text = scan(
            """
            public final class Purchases {
                @available(iOS, introduced: 13.0, unavailable, renamed: "purchase(package:promotionalOffer:completion:)")
                @available(macOS, introduced: 10.15, unavailable, renamed: "purchase(package:promotionalOffer:completion:)")
                public func purchase(product: Int, discount: Int, completion: @escaping (Int?, Error?) -> Void) {}
                @available(macOS, unavailable)
                @objc(showStoreMessagesForTypes:completion:)
                public func showStoreMessages(forTypes types: NSSet, completion: @escaping () -> Void) {}
                public func showStoreMessages(for types: Set<Int>) async {}
                @objc(recordPurchaseForProductID:completion:)
                public func recordPurchase(productID: String, completion: @escaping (Int?, Error?) -> Void) {}
                public func recordPurchase(_ purchaseResult: Int) async throws -> Int? { nil }
            }
            """
        ).text
        #expect(text.contains("@context  // unavailable on iOS and macOS: not callable\n    @available(iOS, introduced: 13.0"), "\(text)")
        #expect(text.contains("@context  // the SDK's own async form 'showStoreMessages(for:)' is the one to call\n    @available(macOS"), "\(text)")
        #expect(text.contains("    public func recordPurchase(productID: String, completion:"), "\(text)")
    }
}
