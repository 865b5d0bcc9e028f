@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the thirty-sixth session taught (decision 149): batches 88 and 89 on first contact.
@Suite struct ScanThirtySixthSessionTests: ScanTesting {
    /// Owl's `TableDirector.scrollViewEvents = ScrollViewEventsHandler()`, a struct of callback
    /// slots the director reads on each scroll: an adapter on the struct would set its own copy's,
    /// but one on the director sets them where the library reads them, `@bridge(through:)`. One
    /// block per holder; a holder whose property is a `let` or optional, or a struct, holds none.
    @Test func aValuesCallbackPropertiesAreSetThroughTheObjectThatKeepsIt() {
        let text = scan(
            """
            import UIKit
            public struct ScrollViewEventsHandler {
                public var didScroll: ((UIScrollView) -> Void)? = nil
                public var endDragging: ((_ scrollView: UIScrollView, _ willDecelerate: Bool) -> Void)? = nil
            }
            open class TableDirector: NSObject {
                public var scrollViewEvents = ScrollViewEventsHandler()
                func scrolled(_ view: UIScrollView) { scrollViewEvents.didScroll?(view) }
            }
            open class CollectionDirector: NSObject {
                public var scrollEvents: ScrollViewEventsHandler
                public let fixedEvents = ScrollViewEventsHandler()
                public var maybeEvents: ScrollViewEventsHandler?
                init() { scrollEvents = ScrollViewEventsHandler() }
            }
            public struct Layout {
                public var events = ScrollViewEventsHandler()
            }
            """
        ).text
        #expect(
            text.contains(
                """
                // scan: @bridge(through: TableDirector.scrollViewEvents) because ScrollViewEventsHandler is a value: the library reads its callbacks from the one a TableDirector keeps in 'scrollViewEvents', where the adapters set them
                @bridge(through: TableDirector.scrollViewEvents)
                extension ScrollViewEventsHandler {
                """), "\(text)")
        #expect(text.contains("@bridge(through: CollectionDirector.scrollEvents)\nextension ScrollViewEventsHandler {"), "\(text)")
        #expect(!text.contains("fixedEvents)") && !text.contains("maybeEvents)") && !text.contains("Layout.events"), "\(text)")
        #expect(text.contains("    public var didScroll: ((UIScrollView) -> Void)?\n"), "\(text)")
        #expect(!text.contains("Not bridged: callback properties of a struct"), "\(text)")
    }

    /// Mocker's `Mock`, a value nothing keeps: its callback properties are still named as not
    /// bridged.
    @Test func aValueNothingKeepsIsStillNamedNotBridged() {
        let text = scan(
            """
            public struct Mock {
                public var completion: (() -> Void)?
            }
            public final class Mocker {
                public static func register(_ mock: Mock) {}
            }
            """
        ).text
        #expect(text.contains("// Not bridged: callback properties of a struct or an enum."), "\(text)")
        #expect(!text.contains("@bridge(through:"), "\(text)")
    }

    /// SyncKit's `CoreDataAdapterDelegate.coreDataAdapter(_ adapter: CoreDataAdapter,
    /// requestsContextSaveWithCompletion:)`, kept in `CoreDataAdapter.delegate`: a delegate method
    /// the library calls with itself first, which the app implements and never calls.
    @Test func aDelegateMethodTheHolderCallsWithItselfIsContext() {
        let text = scan(
            """
            import CoreData
            @objc public protocol CoreDataAdapterDelegate {
                func coreDataAdapter(_ adapter: CoreDataAdapter, requestsContextSaveWithCompletion completion: (Error?) -> ())
                func coreDataAdapter(_ adapter: CoreDataAdapter, didImportChanges importContext: NSManagedObjectContext, completion: (Error?) -> ())
            }
            public class DefaultCoreDataAdapterDelegate: NSObject, CoreDataAdapterDelegate {
                public func coreDataAdapter(_ adapter: CoreDataAdapter, requestsContextSaveWithCompletion completion: (Error?) -> ()) {
                    completion(nil)
                }
                public func coreDataAdapter(_ adapter: CoreDataAdapter, didImportChanges importContext: NSManagedObjectContext, completion: (Error?) -> ()) {
                    completion(nil)
                }
            }
            public class CoreDataAdapter: NSObject {
                public weak var delegate: CoreDataAdapterDelegate?
                func save() {
                    delegate?.coreDataAdapter(self, requestsContextSaveWithCompletion: { _ in })
                }
            }
            """
        ).text
        #expect(
            text.contains(
                "// CoreDataAdapterDelegate: coreDataAdapter(_:requestsContextSaveWithCompletion:) — a delegate method: the library keeps a CoreDataAdapterDelegate in 'CoreDataAdapter.delegate' and calls 'coreDataAdapter' with itself first; your delegate implements it"
            ), "\(text)")
    }

    /// MiniApp's `MiniAppMessageDelegate.getMauid(completionHandler:)`, kept in
    /// `RealMiniAppView.hostAppMessageDelegate` and adopted by no public type of the module: the
    /// host app implements it; no adapter. One the library adopts publicly stays, with its note.
    @Test func aDelegateNoPublicTypeAdoptsIsTheAppsToImplement() {
        let text = scan(
            """
            public protocol MiniAppMessageDelegate: AnyObject {
                func getMauid(completionHandler: @escaping (Result<String?, Error>) -> Void)
                func getUniqueId(completionHandler: @escaping (Result<String, Error>) -> Void)
            }
            class RealMiniApp {}
            extension RealMiniApp: MiniAppMessageDelegate {
                func getMauid(completionHandler: @escaping (Result<String?, Error>) -> Void) {}
                func getUniqueId(completionHandler: @escaping (Result<String, Error>) -> Void) {}
            }
            public protocol TokenDataSource: AnyObject {
                func token(completionHandler: @escaping (Result<String, Error>) -> Void)
                func refresh(completionHandler: @escaping (Result<String, Error>) -> Void)
            }
            public final class DefaultTokenDataSource: TokenDataSource {
                public func token(completionHandler: @escaping (Result<String, Error>) -> Void) {}
                public func refresh(completionHandler: @escaping (Result<String, Error>) -> Void) {}
            }
            public class RealMiniAppView {
                public var hostAppMessageDelegate: MiniAppMessageDelegate?
                public var tokens: TokenDataSource?
                func ask() {
                    hostAppMessageDelegate?.getMauid { _ in }
                    hostAppMessageDelegate?.getUniqueId { _ in }
                    tokens?.token { _ in }
                    tokens?.refresh { _ in }
                }
            }
            """
        ).text
        #expect(
            text.contains(
                "getMauid(completionHandler:) — a delegate method: the library keeps a MiniAppMessageDelegate in 'RealMiniAppView.hostAppMessageDelegate' and calls 'getMauid', and none of its public types adopts MiniAppMessageDelegate; your delegate implements it"
            ), "\(text)")
        #expect(text.contains("extension TokenDataSource {"), "\(text)")
    }

    /// Hyperwallet's `(HyperwalletUser?, HyperwalletErrorType?) -> Void`, `enum
    /// HyperwalletErrorType: Error`: the failure, which generate cannot tell by its name.
    @Test func anErrorNamedOtherwiseIsNamedTheFailure() {
        let text = scan(
            """
            public enum HyperwalletErrorType: Error { case network }
            public struct HyperwalletUser: Codable {}
            public final class Hyperwallet {
                public func getUser(completion: @escaping (HyperwalletUser?, HyperwalletErrorType?) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: @asyncError(thrown: 2) because 'HyperwalletErrorType' is the SDK's error (it conforms to 'Error'), which generate cannot tell by its name\n    @asyncError(thrown: 2)"
            ), "\(text)")
    }

    /// Hyperwallet's HTTP client calls back with (nil, nil) for a 204, which its reads hand on;
    /// `createBankAccount` hands back the account it made: the library at large says nothing of it.
    @Test func aCallThatMakesSomethingIsNotAssumedToAnswerNil() {
        let text = scan(
            """
            public struct Account: Codable {}
            public final class Client {
                public func getAccount(completion: @escaping (Account?, Error?) -> Void) { completion(nil, nil) }
                public func createAccount(account: Account, handler: @escaping (Account?, Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@nullableResult\n    public func getAccount"), "\(text)")
        #expect(text.contains("nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'"), "\(text)")
        #expect(text.components(separatedBy: "    @nullableResult\n").count == 2, "\(text)")
    }

    /// Owl's `dequeue: ((Event) -> Void)?`, handed the reused cell to fill in before it is shown,
    /// `willEndDragging`'s pointer to the target offset, written before the handler returns, and
    /// Vapor's certificate verifier, handed a promise to complete: the caller's work, done in the
    /// handler; a stream's element comes too late.
    @Test func aCellToFillInAndAPointerToWriteAreWork() {
        let text = scan(
            """
            import UIKit
            public final class CellAdapter {
                public var dequeue: ((UITableViewCell) -> Void)?
                public var willEndDragging: ((UIScrollView, CGPoint, UnsafeMutablePointer<CGPoint>) -> Void)?
                public var didSelect: ((UITableViewCell) -> Void)?
                public var verifyCallback: (([Data], EventLoopPromise<Bool>) -> Void)?
            }
            """
        ).text
        #expect(
            text.contains(
                """
                    // Context: the type's other members, checked for name collisions.
                    public var dequeue: ((UITableViewCell) -> Void)?
                    public var willEndDragging: ((UIScrollView, CGPoint, UnsafeMutablePointer<CGPoint>) -> Void)?
                    public var verifyCallback: (([Data], EventLoopPromise<Bool>) -> Void)?
                """), "\(text)")
        #expect(text.contains("    public var didSelect: ((UITableViewCell) -> Void)?"), "\(text)")
    }

    /// PusherPlatform's `subscribe(using:onOpen:onEvent:onError:) -> PPSubscription`, which keeps
    /// each handler in the `PPSubscriptionDelegate` it makes (`subscriptionDelegate.onOpen =
    /// onOpen`): the method is the API, a stream of its events (not an operator's hooks, though
    /// its closures are optional beside a returned object); the delegate's properties are its
    /// plumbing. Not those of what a factory returns, which go on being called for the app.
    @Test func aSubscriptionsHandlersAreItsEventsAndWhereItKeepsThemIsPlumbing() {
        let text = scan(
            """
            public class PPSubscriptionDelegate {
                public var onOpen: (() -> Void)?
                public var onEvent: ((String) -> Void)?
                public var onError: ((Error) -> Void)?
            }
            public class PPSubscription {
                public let delegate = PPSubscriptionDelegate()
            }
            public class PointAnnotationManager {
                public var onClusterTap: ((String) -> Void)?
                func tapped() { onClusterTap?("c") }
            }
            public class Instance {
                public func makePointAnnotationManager(onClusterTap: ((String) -> Void)? = nil) -> PointAnnotationManager {
                    let manager = PointAnnotationManager()
                    manager.onClusterTap = onClusterTap
                    return manager
                }
                public func subscribe(
                    using path: String, onOpen: (() -> Void)? = nil, onEvent: ((String) -> Void)? = nil, onError: ((Error) -> Void)? = nil
                ) -> PPSubscription {
                    let subscription = PPSubscription()
                    let subscriptionDelegate = subscription.delegate
                    subscriptionDelegate.onOpen = onOpen
                    subscriptionDelegate.onEvent = onEvent
                    subscriptionDelegate.onError = onError
                    return subscription
                }
            }
            """
        ).text
        #expect(text.contains("    @stream\n    public func subscribe("), "\(text)")
        #expect(text.contains("the library sets it to the 'onOpen' a method of its is handed ("), "\(text)")
        #expect(!text.contains("extension PPSubscriptionDelegate {"), "\(text)")
        // A factory's: the object it returns goes on calling it (MapboxMaps' `onClusterTap`).
        #expect(text.contains("extension PointAnnotationManager {"), "\(text)")
    }

    /// GiniPayApiLib's `DefaultDocumentService: DefaultDocumentServiceProtocol`, an internal
    /// `typealias DefaultDocumentServiceProtocol = DocumentService & V2DocumentService`: the
    /// conformer implements `DocumentService`'s requirements, served by its adapters.
    @Test func aConformanceThroughACompositionAliasIsServedByTheProtocol() {
        let text = scan(
            """
            public typealias CompletionResult<T> = (Result<T, Error>) -> Void
            public protocol DocumentService: AnyObject {
                func delete(_ id: String, completion: @escaping CompletionResult<String>)
            }
            protocol V2DocumentService {}
            typealias DefaultDocumentServiceProtocol = DocumentService & V2DocumentService
            public final class DefaultDocumentService: DefaultDocumentServiceProtocol {
                public func delete(_ id: String, completion: @escaping CompletionResult<String>) {}
            }
            """
        ).text
        #expect(text.contains("extension DocumentService {"), "\(text)")
        #expect(!text.contains("extension DefaultDocumentService {"), "\(text)")
    }

    /// EosioSwift's `prepare(completion: (EosioResult<Bool, EosioError>) -> Void)`, true on every
    /// success, and ESPProvision's `initialiseSession(…, completionHandler: (ESPSessionStatus) ->
    /// Void)`, whose `.failedToConnect(ESPSessionError)` is a failure: as written, each is the
    /// value; said (a body that says true on every success writes the annotation: decision 153).
    @Test func aSuccessFlagAndAStatusWithAnErrorCaseAreSaid() {
        let text = scan(
            """
            public struct ChainError: Error {}
            public enum ESPSessionError: Error { case timeout }
            public enum ESPSessionStatus {
                case connected
                case failedToConnect(ESPSessionError)
                case disconnected
            }
            public final class Transaction {
                public func prepare(completion: @escaping (Result<Bool, ChainError>) -> Void) {}
                public func initialiseSession(sessionPath: String?, completionHandler: @escaping (ESPSessionStatus) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: 'prepare' succeeds with a Bool, which the adapter returns: if the SDK only ever hands 'true', the value says nothing; write '@asyncError(zeroArgument: 1)', and the adapter returns nothing"
            ), "\(text)")
        #expect(
            text.contains(
                "// scan: as written, the ESPSessionStatus is the value, '.failedToConnect' too, not thrown; if it ends the call with a failure, bridge a method of yours that calls it and throws the error"
            ), "\(text)")
    }

    /// SwiftWebSocket's `WebSocketEvents.end` and `close`: the bare end, once, as `ended` and
    /// `closed` are.
    @Test func aBareEndIsOnce() {
        #expect(ClosureRoleNames.namesOnce(property: "end"))
        #expect(ClosureRoleNames.namesOnce(property: "close"))
        #expect(!ClosureRoleNames.namesOnce(property: "message"))
    }
}
