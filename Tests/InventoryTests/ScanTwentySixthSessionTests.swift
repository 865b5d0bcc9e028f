@testable import Generator
@testable import Inventory
import Testing

/// What the twenty-sixth session taught (decision 140).
@Suite struct ScanTwentySixthSessionTests: ScanTesting {
    /// Material's `ChipBar.select(at:completion:)` and `animate(to:completion:)` hand their
    /// completion to a fileprivate `animate(to:isTriggeredByUserInteraction:completion:)` that
    /// never calls it; `TabBar`'s method of the same name calls its own. Read by type and
    /// signature, through the hand-over: nothing calls the chip bar's completion.
    @Test func aClosureHandedToAMethodThatDropsItIsNeverCalled() {
        let text = scan(
            """
            open class ChipBar {
                open func select(at index: Int, completion: ((String) -> Void)? = nil) {
                    guard index >= 0 else { return }
                    animate(to: "chip", isTriggeredByUserInteraction: false, completion: completion)
                }
                open func animate(to item: String, completion: ((String) -> Void)? = nil) {
                    animate(to: item, isTriggeredByUserInteraction: false, completion: completion)
                }
            }
            fileprivate extension ChipBar {
                func animate(to item: String, isTriggeredByUserInteraction: Bool, completion: ((String) -> Void)? = nil) {
                    selected = item
                    update()
                }
            }
            open class TabBar {
                open func select(at index: Int, completion: ((String) -> Void)? = nil) {
                    animate(to: "tab", isTriggeredByUserInteraction: false, completion: completion)
                }
                func animate(to item: String, isTriggeredByUserInteraction: Bool, completion: ((String) -> Void)? = nil) {
                    line.animate {
                        completion?(item)
                    }
                }
            }
            """
        ).text
        let dropped =
            " — it hands 'completion' to animate(to:isTriggeredByUserInteraction:completion:), which never calls it: nothing calls it, so an adapter would wait for ever\n"
        #expect(text.contains("// ChipBar: select(at:completion:)" + dropped), "\(text)")
        #expect(text.contains("// ChipBar: animate(to:completion:)" + dropped), "\(text)")
        // The tab bar's is called: bridged.
        #expect(text.contains("extension TabBar {\n    open func select(at index: Int, completion: ((String) -> Void)? = nil)\n}"), "\(text)")
    }

    /// A closure handed to another object's method, or stored, is used: only a hand-over to the
    /// type's own method is followed.
    @Test func aClosureHandedElsewhereIsUsed() {
        let text = scan(
            """
            open class Loader {
                open func load(id: String, completion: @escaping (Data) -> Void) {
                    session.fetch(id: id, completion: completion)
                }
                open func reload(id: String, completion: @escaping (Data) -> Void) {
                    let other = Fetcher()
                    other.fetch(id: id, completion: completion)
                }
                func fetch(id: String, completion: @escaping (Data) -> Void) {
                    log(id)
                    print(id)
                }
            }
            """
        ).text
        #expect(!text.contains("never uses 'completion': nothing calls it, so an adapter would wait for ever\n    open func load"), "\(text)")
        #expect(!text.contains("never uses 'completion': nothing calls it, so an adapter would wait for ever\n    open func reload"), "\(text)")
    }
}

extension ScanTwentySixthSessionTests {
    /// WordPressAuthenticator's `showLogin(from:…:onLoginButtonTapped:onCompletion:)` hands
    /// `onLoginButtonTapped` to `loginUI(…)`, which drops it, and presents with `onCompletion`:
    /// the awaited closure is called; the dropped one is context.
    @Test func aDroppedContextClosureBesideACalledCompletionIsBridged() {
        let text = scan(
            """
            public class Authenticator {
                public class func showLogin(from presenter: UIViewController, onLoginButtonTapped: (() -> Void)? = nil, onCompletion: (() -> Void)? = nil) {
                    let controller = loginUI(onLoginButtonTapped: onLoginButtonTapped)
                    presenter.present(controller, animated: true, completion: onCompletion)
                }
                public class func loginUI(onLoginButtonTapped: (() -> Void)? = nil) -> UIViewController {
                    let controller = UIViewController()
                    return controller
                }
            }
            """
        ).text
        #expect(!text.contains("nothing calls it, so an adapter would wait for ever\n    public class func showLogin"), "\(text)")
        #expect(text.contains("extension Authenticator {"), "\(text)")
    }
}

extension ScanTwentySixthSessionTests {
    /// WKZombie's `Action<T>.start(_ completion: @escaping Completion)`, with `Completion =
    /// (ResultType) -> ()` and `ResultType = Result<T>`, the module's own enum: read through the
    /// type's own alias by the enum's cases (it was bridged returning the whole `ResultType`).
    @Test func anEnumNamedThroughATypesOwnAliasIsReadByItsCases() {
        let text = scan(
            """
            public enum ActionError: Error { case notFound }
            public enum Result<T> {
                case success(T)
                case error(ActionError)
            }
            public struct Action<T> {
                public typealias ResultType = Result<T>
                public typealias Completion = (ResultType) -> ()
                public func start(_ completion: @escaping Completion) {}
            }
            """
        ).text
        #expect(text.contains("enum Result<T> {\n    case success(T)\n    case error(ActionError)\n}"), "\(text)")
        #expect(
            text.contains(
                "    // scan: one-shot: the cases of 'Result' (.success, .error) report one outcome\n    public func start(_ completion: @escaping Completion)\n"),
            "\(text)")
        #expect(!text.contains("typealias ResultType = Result<T>\n\nextension"), "no top-level alias of T: \(text)")
    }

    /// WKZombie's `ActionError` conforms only to the library's own `ErrorType`: the enum's
    /// failure case could not be thrown, so the call is refused with the conformance that fixes it.
    @Test func anEnumsFailureThatIsNoErrorIsRefused() {
        let text = scan(
            """
            public protocol ErrorType {}
            public enum ActionError: ErrorType { case notFound }
            public enum Result<T> {
                case success(T)
                case error(ActionError)
            }
            public struct Action<T> {
                public func start(_ completion: @escaping (Result<T>) -> ()) {}
            }
            """
        ).text
        #expect(text.contains("// Not bridgeable as written: 'ActionError' is named like an error but is not an 'Error' in these sources"), "\(text)")
        #expect(text.contains("    // public func start(_ completion: @escaping (Result<T>) -> ())\n"), "\(text)")
    }
}

extension ScanTwentySixthSessionTests {
    /// InstantSearch's `Observable.subscribePast(with:callback:)`: "invokes its callback
    /// immediately with the last data fired by the `Signal` if it has fired at least once" and
    /// "the closure to invoke whenever the `Signal` fires": "at least once" is no count of one.
    @Test func atLeastOnceIsNoCountOfOne() {
        let documentation = [
            "Subscribes an observer to the `Signal` and invokes its callback immediately with the last data fired by the",
            "`Signal` if it has fired at least once and if the `retainLastData` property has been set to true.",
            "- parameter callback: The closure to invoke whenever the `Signal` fires.",
        ]
        #expect(DocumentedFrequency.read(documentation, callback: "callback", otherParameters: ["observer"])?.kind == .many)
        #expect(DocumentedFrequency.read(["The callback is invoked only once."], callback: "callback", otherParameters: [])?.kind == .once)
    }
}

extension ScanTwentySixthSessionTests {
    /// Perfect-FileMaker's `query(_ query: FMPQuery, completion:)`: named after its first
    /// parameter's type without a prefix, like a framework's delegate method
    /// (`webView(_ webView: WKWebView, …)`), but `FMPQuery` is the module's own: its request.
    @Test func aMethodNamedForTheModulesOwnPrefixedTypeIsNoDelegateMethod() {
        let text = scan(
            """
            public struct FMPQuery {}
            public struct FMPResultSet {}
            public class FileMakerServer {
                public func query(_ query: FMPQuery, completion: @escaping (() throws -> FMPResultSet) -> ()) {}
                public func webView(_ webView: WKWebView, completion: @escaping (Bool) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("extension FileMakerServer {\n    public func query(_ query: FMPQuery, completion: @escaping (() throws -> FMPResultSet) -> ())\n"), "\(text)")
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public func webView("), "\(text)")
    }
}

extension ScanTwentySixthSessionTests {
    /// InstantSearch's `Observable.subscribePast(with:callback:) -> Obs`: a requirement has no
    /// body to read; both conformers store the callback and call it until the returned
    /// subscription is cancelled, so the requirement is a stream too. Not `subscribeOnce`,
    /// whose implementations are one-shots.
    @Test func aRequirementEveryConformerStreamsIsAStream() {
        let text = scan(
            """
            public protocol Observable {
                associatedtype Obs
                func subscribePast(with observer: AnyObject, callback: @escaping (Int) -> Void) -> Obs
                func subscribeOnce(with observer: AnyObject, callback: @escaping (Int) -> Void) -> Obs
            }
            public class Subscription {
                public func cancel() {}
            }
            public class Signal: Observable {
                var callbacks: [(Int) -> Void] = []
                public func subscribePast(with observer: AnyObject, callback: @escaping (Int) -> Void) -> Subscription {
                    callbacks.append(callback)
                    return Subscription()
                }
                public func subscribeOnce(with observer: AnyObject, callback: @escaping (Int) -> Void) -> Subscription {
                    once = callback
                    return Subscription()
                }
            }
            """
        ).text
        #expect(
            text.contains(
                "extension Observable {\n    // scan: @stream because Signal's implementation is a stream\n    @stream\n    func subscribePast(with observer: AnyObject"),
            "\(text)")
        #expect(!text.contains("@stream because Signal's implementation is a stream\n    @stream\n    func subscribeOnce"), "\(text)")
    }
}

extension ScanTwentySixthSessionTests {
    /// XCoordinator's `registerInteractiveTransition(for:triggeredBy:handler:completion:)`: the
    /// `handler` is handed `transition: () -> TransitionAnimation?`, a function the app's code
    /// calls to start the transition: work beside the completion, not a second outcome.
    @Test func aClosureHandedAFunctionThatMakesSomethingIsWork() {
        let text = scan(
            """
            open class BaseCoordinator {
                /// - Parameter completion: The closure to be called whenever the transition completes.
                open func registerInteractiveTransition(
                    for route: String,
                    handler: @escaping (_ recognizer: AnyObject, _ transition: () -> Int?) -> Void,
                    completion: (() -> Void)? = nil) {}
            }
            """
        ).text
        #expect(!text.contains("ambiguous completion handler"), "\(text)")
        #expect(text.contains("// scan: @stream because its documentation says 'whenever'\n    @stream\n"), "\(text)")
    }
}

extension ScanTwentySixthSessionTests {
    /// grpc-swift's `GRPCClient.makeServerStreamingCall(…, handler:)`: the handler gets each
    /// response message of a server-streaming call.
    @Test func aMethodNamedForAStreamingCallIsAStream() {
        #expect(ClosureRoleNames.namesStreaming("makeServerStreamingCall"))
        #expect(ClosureRoleNames.namesStreaming("makeBidirectionalStreamingCall"))
        #expect(!ClosureRoleNames.namesStreaming("streamingUpload"))
        #expect(!ClosureRoleNames.namesStreaming("streaming"))
    }
}

extension ScanTwentySixthSessionTests {
    /// DGElasticPullToRefresh's `dg_addPullToRefreshWithActionHandler(_:loadingView:)`, stopped by
    /// `dg_removePullToRefresh()`: an Objective-C category's prefix and selector-style `With…`
    /// tail hide the add/remove pair.
    @Test func aPrefixedAdditionIsStoppedByItsPrefixedRemoval() {
        #expect(ClosureRoleNames.inverses(of: "dg_addPullToRefreshWithActionHandler").contains("dg_removePullToRefresh"))
        #expect(ClosureRoleNames.inverses(of: "sd_setImage").contains("sd_removeImage"))
        #expect(!ClosureRoleNames.inverses(of: "_addThing").contains { $0.hasPrefix("_") && $0.dropFirst().hasPrefix("_") })
        let text = scan(
            """
            extension UIScrollView {
                public func dg_addPullToRefreshWithActionHandler(_ actionHandler: @escaping () -> Void, loadingView: UIView?) {
                    let view = RefreshView()
                    view.actionHandler = actionHandler
                    addSubview(view)
                }
                public func dg_removePullToRefresh() {
                    refreshView?.removeFromSuperview()
                }
            }
            """
        ).text
        #expect(text.contains("    @stream\n"), "\(text)")
        #expect(text.contains("    @cancel(dg_removePullToRefresh())\n"), "\(text)")
    }
}

/// Batch 69 on first contact (decision 140).
extension ScanTwentySixthSessionTests {
    /// Exponea's `onInitSucceeded(callback:) -> Self`: keeps the closure for when the SDK is
    /// configured (or calls it at once): named for what happens once, a one-shot, said.
    @Test func aChainedHandlerNamedForWhatHappensOnceIsAOneShot() {
        let text = scan(
            """
            public class ExponeaInternal {
                var onInitSucceededCallBack: (() -> Void)?
                public func onInitSucceeded(callback completion: @escaping (() -> Void)) -> Self {
                    if isConfigured {
                        completion()
                    } else {
                        onInitSucceededCallBack = completion
                    }
                    return self
                }
            }
            """
        ).text
        #expect(text.contains("// scan: one-shot: 'onInitSucceeded' is named for what happens once ('succeeded')"), "\(text)")
        #expect(!text.contains("@stream(shared)\n"), "\(text)")
    }

    /// Exponea's `InAppContentBlocksDataProvider.loadPersonalizedInAppContentBlocks<D: Codable>(
    /// data: D.Type, …)` implements its protocol's `<Data: Codable>(data: Data.Type, …)`: the
    /// same requirement, whatever its generic parameters are called.
    @Test func aConformerNamingItsGenericParametersOtherwiseImplementsTheRequirement() {
        let text = scan(
            """
            public protocol Provider {
                func load<Data: Codable>(data: Data.Type, completion: @escaping (Data?) -> Void)
            }
            public class ContentProvider: Provider {
                public func load<D: Codable>(data: D.Type, completion: @escaping (D?) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("extension ContentProvider {\n    public func load"), "\(text)")
        #expect(text.contains("extension Provider {"), "\(text)")
    }

    /// Exponea's free `onMain(_:)`, `ensureBackground(_:)`: they run their closure of nothing on
    /// a thread; it is the job, not a callback.
    @Test func aClosureRunOnANamedThreadIsWork() {
        #expect(CallbackShape.isWork(name: "closure", label: nil, parameterCount: 0, method: "onMain"))
        #expect(CallbackShape.isWork(name: "closure", label: nil, parameterCount: 0, method: "ensureBackground"))
        #expect(!CallbackShape.isWork(name: "completion", label: nil, parameterCount: 0, method: "saveInBackground"))
        #expect(!CallbackShape.isWork(name: "closure", label: nil, parameterCount: 1, method: "onMain"))
    }
}

extension ScanTwentySixthSessionTests {
    /// Kumulos's `KSAPIOperation.success(_:) -> KSAPIOperation` and `failure(_:) -> KSAPIOperation`:
    /// each sets one half of the request's outcome, and no method gets both; an adapter of the
    /// success half would wait for ever after a failure (it compiled and its type was right).
    /// Since decision 147 the two are one adapter (ScanThirtyFourthSessionTests); refused still
    /// where the other half cannot be told (two of them).
    @Test func aChainedHalfOfAnOutcomeIsNotAwaitedAlone() {
        let result = scan(
            """
            public typealias SuccessBlock = ((Response, Operation) -> Void)?
            public typealias FailureBlock = ((NSError?, Operation) -> Void)?
            open class Operation {
                var successBlock: SuccessBlock
                var failureBlock: FailureBlock
                @discardableResult open func success(_ success: SuccessBlock) -> Operation {
                    successBlock = success
                    return self
                }
                @discardableResult open func failure(_ failure: FailureBlock) -> Operation {
                    failureBlock = failure
                    return self
                }
                @discardableResult open func onError(_ failure: FailureBlock) -> Operation {
                    failureBlock = failure
                    return self
                }
            }
            """
        )
        let text = result.text
        #expect(text.contains("// Operation: success(_:) — 'success' sets only the value of the Operation's outcome and 'failure' the other half"), "\(text)")
        #expect(text.contains("// Operation: failure(_:) — 'failure' sets only the failure of the Operation's outcome and 'success' the other half"), "\(text)")
        // Refused callbacks, said and counted so (the outside try found them under "closures
        // that are not callbacks" and the summary's "0 not bridgeable").
        #expect(text.contains("// Not bridgeable as written: these are callbacks, but an adapter of one alone would mean something"), "\(text)")
        #expect(!text.contains("are not callbacks"), "\(text)")
        #expect(result.summary == "scan: 3 callback APIs in 1 type: 0 bridged as written, 0 with inferred annotations, 3 not bridgeable", "\(result.summary)")
    }
}

/// The outside try (decision 140).
extension ScanTwentySixthSessionTests {
    /// `Outcome<T> { case failure(_ err: VisitFault); case success(_ result: T) }`, `VisitFault:
    /// Error`: generate knows errors by their name, so the failure case is named; the adapter
    /// returned the whole `Outcome<Visit>`, said as one outcome.
    @Test func anOutcomesFailureOfAnErrorNotNamedSoIsNamed() throws {
        let text = scan(
            """
            public enum VisitFault: Error { case rejected }
            public struct Visit {}
            public enum Outcome<T> {
                case failure(_ err: VisitFault)
                case success(_ result: T)
            }
            public class Client {
                public func checkIn(_ id: String, onComplete: @escaping (Outcome<Visit>) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @failure(.failure) because 'VisitFault' is an error of the module: '.failure' carries it, thrown\n    @failure(.failure)\n"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func checkIn(_ id: String) async throws -> Visit {"), "\(generated)")
    }

    /// `onReady(_:) -> Self` that calls back at once when configured, else appends the closure
    /// to `readyCallbacks`: each is called once, when the SDK is ready.
    @Test func anAppendedHandlerNamedForWhatHappensOnceIsAOneShot() {
        let text = scan(
            """
            public class PushClient {
                var readyCallbacks: [() -> Void] = []
                public func onReady(_ callback: @escaping () -> Void) -> Self {
                    if configured {
                        callback()
                    } else {
                        readyCallbacks.append(callback)
                    }
                    return self
                }
            }
            """
        ).text
        #expect(text.contains("// scan: one-shot: 'onReady' is named for what happens once ('ready')"), "\(text)")
        #expect(!text.contains("    @stream"), "\(text)")
    }

    /// `flush(completion:)` hands its completion, unlabeled, to a fileprivate helper of one line
    /// that never calls it: a private method is no stub another file fills in.
    @Test func aClosureHandedUnlabeledToAPrivateOneLineHelperIsNeverCalled() {
        let text = scan(
            """
            public class PushClient {
                var pending = 0
                public func flush(completion: @escaping (Error?) -> Void) {
                    enqueueFlush(completion)
                }
                fileprivate func enqueueFlush(_ completion: @escaping (Error?) -> Void) { pending += 1 }
            }
            """
        ).text
        #expect(text.contains("it hands 'completion' to enqueueFlush(_:), which never calls it"), "\(text)")
    }
}

extension ScanTwentySixthSessionTests {
    /// Tiercel's `Task.success(onMainQueue:handler:) -> Self` and `failure(…) -> Self`, beside
    /// `completion(onMainQueue:handler:) -> Self`, which gets both: the halves say to await it.
    @Test func aChainedHalfBesideTheWholeOutcomeNamesIt() {
        let result = scan(
            """
            open class Task {
                var successHandler: ((Task) -> Void)?
                var failureHandler: ((Task) -> Void)?
                var completionHandler: ((Task) -> Void)?
                @discardableResult public func success(onMainQueue: Bool = true, handler: @escaping (Task) -> Void) -> Self {
                    successHandler = handler
                    return self
                }
                @discardableResult public func failure(onMainQueue: Bool = true, handler: @escaping (Task) -> Void) -> Self {
                    failureHandler = handler
                    return self
                }
                @discardableResult public func completion(onMainQueue: Bool = true, handler: @escaping (Task) -> Void) -> Self {
                    completionHandler = handler
                    return self
                }
            }
            """
        )
        let text = result.text
        #expect(text.contains("@context  // 'success' sets only the value of the Task's outcome and 'failure' the other half: an adapter of either is not ended by the other (it waits until the SDK releases its closure, then throws BridgegenError.callbackDropped, or for ever while the SDK keeps it); 'completion' gets both, await that\n"), "\(text)")
        // Counted as not bridgeable, though written in place (the type has another callback).
        #expect(result.summary.hasSuffix("3 callback APIs in 1 type: 1 bridged as written, 0 with inferred annotations, 2 not bridgeable"), "\(result.summary)")
    }
}
