@testable import Inventory
import Testing

/// What the twenty-fourth session's first contact with batch 61 taught (decision 138).
@Suite struct ScanTwentyFourthSessionTests: ScanTesting {
    /// api.video (openapi-generator): every endpoint twice, with the same labels, once with
    /// `(T?, Error?)` and once with `Result<Response<T>, ErrorResponse>`. Both are bridged (which
    /// one a caller wants differs from SDK to SDK); the later one says that a call names the type.
    @Test func overloadsWithTheSameArgumentsAreSaid() {
        let text = scan(
            """
            open class CaptionsAPI {
                open class func get(videoId: String, completion: @escaping ((_ data: Caption?, _ error: Error?) -> Void)) {}
                open class func get(videoId: String, completion: @escaping (_ result: Result<Response<Caption>, ErrorResponse>) -> Void) {}
                open class func get(videoId: Int, completion: @escaping (_ result: Result<Response<Caption>, ErrorResponse>) -> Void) {}
            }
            public struct Caption {}
            public struct Response<T> {}
            public struct ErrorResponse: Error {}
            """
        ).text
        #expect(
            text.contains(
                "    // scan: takes the same arguments as 'get(… (_ data: Caption?, _ error: Error?) -> Void)' above"
                    + ": the two adapters differ only in what they return, so a call names the type it wants ('let value: T = try await …', 'let _: Void = try await …' for one that returns nothing); to keep one, mark the other '@context'\n"
                    + "    open class func get(videoId: String, completion: @escaping (_ result: Result<Response<Caption>, ErrorResponse>) -> Void)\n"),
            "\(text)")
        // Other arguments: nothing to say.
        #expect(!text.contains("to keep one, mark the other '@context'\n    open class func get(videoId: Int"), "\(text)")
    }

    /// api.video's `ProgressiveUploadSession`: its `(Video?, Error?)` overload implements the
    /// protocol's requirement, whose adapter serves the type; the type's own `Result` overload
    /// would win every call on the type and answer `Response<Video>`.
    @Test func anOverloadBesideARequirementsImplementationIsLeftToTheProtocol() {
        let text = scan(
            """
            public protocol UploadSessionProtocol {
                func uploadPart(file: URL, completion: @escaping ((_ data: Video?, _ error: Error?) -> Void))
            }
            public class UploadSession: UploadSessionProtocol {
                public func uploadPart(file: URL, completion: @escaping ((_ data: Video?, _ error: Error?) -> Void)) {}
                public func uploadPart(file: URL, completion: @escaping (_ result: Result<Response<Video>, Error>) -> Void) {}
                public func finish(completion: @escaping (Error?) -> Void) {}
            }
            public struct Video {}
            public struct Response<T> {}
            """
        ).text
        #expect(
            text.contains(
                "    @context  // an overload with the same arguments is UploadSessionProtocol's, whose adapter serves this type"
                    + ": a second adapter here would differ only in what it returns, and win every call on the type\n"
                    + "    public func uploadPart(file: URL, completion: @escaping (_ result: Result<Response<Video>, Error>) -> Void)\n"),
            "\(text)")
    }

    /// api.video's `RequestBuilder.execute(_:_ completion:) -> RequestTask`: a builder's other
    /// methods keep what they are handed for what it builds; the one that sends it calls back.
    @Test func theBuildersExecuteCallsBack() {
        let text = scan(
            """
            open class RequestBuilder<T> {
                open func onProgress(_ handler: @escaping (Double) -> Void) -> Self { self }
                open func execute(_ queue: DispatchQueue = .main, _ completion: @escaping (_ result: Result<T, Error>) -> Void) -> RequestTask { RequestTask() }
            }
            public final class RequestTask { public func cancel() {} }
            """
        ).text
        #expect(text.contains("@cancel(token)\n    open func execute("), "\(text)")
        #expect(text.contains("@context  // a method of a RequestBuilder, whose closures run when what it builds is used\n    open func onProgress("), "\(text)")
    }

    /// SwiftSpinner's `addTapHandler(_ tap:subtitle:)`: kept in a private slot that the library
    /// empties once it has called it (`tapHandler?()`, then `tapHandler = nil`): one call, though
    /// a UI control's tap would otherwise be taken for each of its events.
    @Test func aSlotEmptiedOnceCalledHoldsOneCall() {
        let text = scan(
            """
            import UIKit
            public class Spinner: UIView {
                private var tapHandler: (() -> Void)?
                public func addTapHandler(_ tap: @escaping (() -> Void), subtitle: String? = nil) {
                    clearTapHandler()
                    tapHandler = tap
                }
                public func clearTapHandler() {
                    tapHandler = nil
                }
                override public func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                    if tapHandler != nil {
                        tapHandler?()
                        tapHandler = nil
                    }
                }
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: 'addTapHandler' keeps 'tap' in 'tapHandler', which 'touchesBegan' sets to nil once it has called it: one call; a later 'addTapHandler' replaces it, and the waiting call throws BridgegenError.callbackDropped; if the SDK calls it again, write '@stream'\n"
                    + "    public func addTapHandler("),
            "\(text)")
        #expect(!text.contains("@stream\n    public func addTapHandler("), "\(text)")
    }

    /// SwiftSpinner's `show(duration:title:animated:completion:) -> SwiftSpinner`: a class method
    /// that returns an object of its type is a factory whose closure the object keeps, unless
    /// that closure is named a completion: the object calls it back when its work is done.
    @Test func aFactorysCompletionCallsBack() {
        let text = scan(
            """
            public class Spinner {
                public class func show(duration: Double, completion: (() -> ())? = nil) -> Spinner { Spinner() }
                public class func make(handler: @escaping () -> Void) -> Spinner { Spinner() }
            }
            """
        ).text
        #expect(text.contains("\n    public class func show(duration: Double, completion: (() -> ())? = nil) -> Spinner\n"), "\(text)")
        #expect(!text.contains("@context  // takes a closure, but not a callback\n    public class func show("), "\(text)")
        #expect(!text.contains("\n    public class func make(handler: @escaping () -> Void) -> Spinner\n\n"), "\(text)")
    }

    /// Jobs' `oneoff(delay:action: Job.Action, onError:)`: the action, a throwing closure of
    /// nothing by its alias, is work as a closure written out is; what is left reports only a
    /// failure (and `oneoff` does not start with the word `on`).
    @Test func anAliasedActionIsWorkAndTheErrorOnlyAFailure() {
        let text = scan(
            """
            public class Job {
                public typealias Action = () throws -> Void
            }
            public class Jobs {
                public static func oneoff(delay: Double = 0, action: @escaping Job.Action, onError errorHandler: ((Error) -> Void)?) {}
                public static func fetch(completion: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "    @context  // 'onError' is called only when 'oneoff' fails: after a success a one-shot would wait until it is cancelled\n"
                    + "    public static func oneoff("),
            "\(text)")
    }

    /// Phoenix's `onOpen(callback:)`, with `() -> Void` and with `(URLResponse?) -> Void`: said.
    /// Bluejay's `run(backgroundTask:completionOnMainThread:)` overloads differ in their work
    /// closure, which stays the adapter's parameter: nothing to say.
    @Test func workClosuresTellOverloadsApart() {
        let text = scan(
            """
            public class Socket {
                public func onOpen(callback: @escaping () -> Void) {}
                public func onOpen(callback: @escaping (URLResponse?) -> Void) {}
                public func run(backgroundTask: @escaping (Int) throws -> Void, completion: @escaping (Result<Void, Error>) -> Void) {}
                public func run<R>(backgroundTask: @escaping (Int) throws -> R, completion: @escaping (Result<R, Error>) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: takes the same arguments as 'onOpen(… () -> Void)' above"), "\(text)")
        #expect(!text.contains("// scan: takes the same arguments as 'run("), "\(text)")
    }

    /// Sheeeeeeeeet (batch 63): a conversion (`Menu.toActionSheet(action:) -> ActionSheet`)
    /// hands its closure to what it makes; an `animation` block is work, as `animations` is; a
    /// step of a type named for building a chain (Stellar's `BasicChainable.completion(_:) ->
    /// Self`) keeps its closure for when the chain runs.
    @Test func conversionsAnimationsAndChainStepsAreNoCallbacks() {
        let text = scan(
            """
            public struct MenuItem {}
            public class ActionSheet {}
            public class Menu {
                public func toActionSheet(title: String, action: @escaping (MenuItem) -> Void) -> ActionSheet { ActionSheet() }
                public func show(completion: @escaping (MenuItem) -> Void) {}
            }
            open class Presenter {
                open func animate(_ animation: @escaping () -> ()) {}
                open func present(completion: @escaping () -> Void) {}
            }
            public protocol BasicChainable {
                func completion(_ c: @escaping () -> Void) -> Self
                func run(_ done: @escaping () -> Void)
            }
            """
        ).text
        #expect(text.contains("@context  // a conversion: the ActionSheet it returns keeps the closure and runs it when it is used\n    public func toActionSheet("), "\(text)")
        #expect(text.contains("@context  // takes a closure, but not a callback\n    open func animate(_ animation:"), "\(text)")
        #expect(text.contains("@context  // sets a handler of the builder, which a later call uses: nothing this call starts calls it\n    func completion(_ c:"), "\(text)")
    }

    /// Sentry's `capture(event:block: (Scope) -> Void) -> SentryId` sets up the scope of one
    /// call; `setLogOutput(_:)` and Crowdin's `onLogCallback`, Statsig's `printHandler` are log
    /// sinks: configuration, not events. A `logIn(then:)` still calls back.
    @Test func aScopesBlockAndLogSinksAreNoCallbacks() {
        let text = scan(
            """
            public class Scope {}
            public struct SentryId {}
            public class SentrySDK {
                public static func capture(message: String, block: @escaping (Scope) -> Void) -> SentryId { SentryId() }
                public static func setLogOutput(_ output: @escaping (String) -> Void) {}
                public static func logIn(user: String, then: @escaping (Error?) -> Void) {}
                public var onLogCallback: ((String) -> Void)?
                public var printHandler: ((String) -> Void)?
                public var onEvent: ((String) -> Void)?
            }
            """
        ).text
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public static func capture(message:"), "\(text)")
        #expect(text.contains("@context  // a log sink: where the SDK writes its log, not an outcome to await\n    public static func setLogOutput("), "\(text)")
        #expect(text.contains("\n    public static func logIn(user: String, then: @escaping (Error?) -> Void)\n"), "\(text)")
        #expect(!text.contains("stream\n    public var onLogCallback"), "\(text)")
        #expect(!text.contains("stream\n    public var printHandler"), "\(text)")
        #expect(text.contains("'onEvent' holds a closure the SDK calls for each event: a stream\n"), "\(text)")
    }

    /// Floaty's `addItem(title:handler:) -> FloatyItem`: the handler is the added item's action,
    /// run if the user picks it, perhaps never; nothing to await. `addItem(_:completion:)` of a
    /// cart, which returns nothing, still calls back.
    @Test func anAddedMenuItemsHandlerIsItsAction() {
        let text = scan(
            """
            open class FloatyItem {}
            open class Floaty {
                open func addItem(title: String, handler: @escaping ((FloatyItem) -> Void)) -> FloatyItem { FloatyItem() }
                open func addItem(_ id: String, completion: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@context  // takes a closure, but not a callback\n    open func addItem(title:"), "\(text)")
        #expect(text.contains("\n    open func addItem(_ id: String, completion: @escaping (Error?) -> Void)\n"), "\(text)")
    }

    /// supabase's `onPostgresChange(_: AnyAction.Type, …, callback:) -> RealtimeSubscription`: a
    /// parameter with no name was refused ("'_' must be followed by a parameter name"); the
    /// adapter now declares it `_ argument1` and hands it on.
    @Test func aParameterWithNoNameIsBridged() throws {
        let result = scan(
            """
            public struct AnyAction {}
            public final class RealtimeSubscription { public func cancel() {} }
            public final class Channel: @unchecked Sendable {
                public func onPostgresChange(_: AnyAction.Type, schema: String = "public", callback: @escaping @Sendable (AnyAction) -> Void) -> RealtimeSubscription {
                    RealtimeSubscription()
                }
            }
            """
        )
        #expect(!result.text.contains("Not bridgeable"), "\(result.text)")
        let generated = try generate(result.text)
        #expect(generated.contains("func onPostgresChange(_ argument1: AnyAction.Type, schema: String = \"public\")"), "\(generated)")
        #expect(generated.contains("                    argument1,\n"), "\(generated)")
    }
}
