@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the forty-seventh session taught: a token of another module still has its stop written
/// down where the library says how to use it.
@Suite struct ScanFortySeventhSessionTests: ScanTesting {
    /// Realm's `observe(_:) -> NotificationToken`: an alias of Objective-C's `RLMNotificationToken`,
    /// which the Swift sources do not declare, and documented "To stop receiving updates, call
    /// `invalidate()` on the token." Before, the starter asked for the stop, and a stream the
    /// consumer left kept its registration, warned at generate.
    @Test func aTokensStopNamedByTheDocumentationStopsTheStream() throws {
        let text = scan(
            """
            public typealias NotificationToken = RLMNotificationToken
            public final class Realm {
                /// Adds a notification handler for changes made to this Realm, and returns a
                /// notification token. Notification handlers are called after each write
                /// transaction is committed.
                ///
                /// You must retain the returned token for as long as you want updates to be sent
                /// to the block. To stop receiving updates, call `invalidate()` on the token.
                public func observe(_ block: @escaping (Notification, Realm) -> Void) -> NotificationToken { fatalError() }
                /// Observes the results, and returns a token.
                public func observe(on queue: DispatchQueue?, _ block: @escaping (Notification) -> Void) -> NotificationToken { fatalError() }
            }
            """
        ).text
        #expect(text.contains("""
                // scan: @cancel(token: invalidate()) because its documentation says to call invalidate() on the NotificationToken it returns
                @cancel(token: invalidate())
                public func observe(_ block:
            """), "\(text)")
        // Without such a sentence, the starter still asks.
        #expect(text.contains("""
                // scan: the NotificationToken it returns is not declared in these sources: write '@cancel(token: method())' with the method that stops it
                public func observe(on queue:
            """), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("token.invalidate()"), "\(swift)")
    }

    /// A sentence that names a method called on something else is no stop.
    @Test func aCallOnAnotherObjectIsNoStop() {
        #expect(StarterBlock.stopNamedInDocumentation(["Call `refresh()` on the realm first."], returned: "NotificationToken") == nil)
        #expect(StarterBlock.stopNamedInDocumentation(["call `stop()` on the returned subscription"], returned: "RTSubscription?") == "stop")
        #expect(StarterBlock.stopNamedInDocumentation(["Call `cancel()` on the `ListenerRegistration`."], returned: "ListenerRegistration") == "cancel")
        // Realm's `addProgressNotification(for:mode:block:) -> ProgressNotificationToken?`.
        #expect(
            StarterBlock.stopNamedInDocumentation(
                ["The token returned by this method must be retained as long as progress", "notifications are desired, and the `invalidate()` method should be called on it"],
                returned: "ProgressNotificationToken?") == "invalidate")
        #expect(StarterBlock.stopNamedInDocumentation(["until it is unregistered by calling `ProgressNotificationToken.invalidate()`."], returned: "ProgressNotificationToken?") == "invalidate")
        #expect(StarterBlock.stopNamedInDocumentation(["`Realm.refresh()` first"], returned: "ProgressNotificationToken?") == nil)
    }

    /// CwlSignal's `SignalChannel.subscribe(context:_:) -> (input: InputInterface, output:
    /// SignalOutput<…>)`: the input is how the caller sends, and releasing it cancels the signal.
    /// Before, a one-shot dropped the tuple, and the call ended with `.cancelled` at once.
    @Test func aTupleOfHandlesIsRefused() {
        let text = scan(
            """
            public final class SignalOutput<Value> { public func cancel() {} }
            public struct SignalChannel<InputInterface, Value> {
                public func subscribe(_ handler: @escaping (Result<Value, Error>) -> Void) -> (input: InputInterface, output: SignalOutput<Value>) { fatalError() }
                public func subscribeValues(_ handler: @escaping (Value) -> Void) -> SignalOutput<Value> { fatalError() }
            }
            """
        ).text
        #expect(
            text.contains(
                "@context  // returns a tuple ('input', 'output') beside its callback: an adapter would drop it as the call returns, and the caller needs its parts (to send, to stop); bridge a method of yours that keeps them while you listen\n    public func subscribe("
            ), "\(text)")
        #expect(text.contains("@cancel(token)\n    public func subscribeValues("), "\(text)")
    }

    /// SwiftPhoenixClient's `Socket.onClose(callback:)`: a socket that reconnects by itself
    /// (`reconnectAfter`, its back-off) calls its close callbacks at each close. Before, a
    /// one-shot took the first close and reported every later one as a misuse. A channel, which
    /// does not reconnect, still closes once.
    @Test func aCloseOfAnObjectThatReconnectsIsAStream() throws {
        let text = scan(
            """
            public class Socket {
                public var reconnectAfter: (Int) -> TimeInterval = { _ in 10 }
                @discardableResult
                public func onClose(callback: @escaping (Int, String?) -> Void) -> String { "" }
                @discardableResult
                public func delegateOnClose<T: AnyObject>(to owner: T, callback: @escaping ((T, (Int, String?)) -> Void)) -> String { "" }
                public func off(_ refs: [String]) {}
            }
            public class Channel {
                @discardableResult
                public func onClose(_ callback: @escaping (String) -> Void) -> Int { 0 }
            }
            """
        ).text
        #expect(text.contains("""
                // scan: @stream because 'onClose' comes once per connection, and Socket reconnects ('reconnectAfter'): called for each
                @stream
                // scan: if the Socket retries a drop without calling 'onClose', and calls it only when it gives up, write '@once' instead
                // scan: @cancel(off([$token])) because 'off([$token])' takes the String 'onClose' returns
                @cancel(off([$token]))
            """), "\(text)")
        #expect(text.contains("""
                // scan: @stream because 'delegateOnClose' comes once per connection, and Socket reconnects ('reconnectAfter'): called for each
                @stream
                // scan: if the Socket retries a drop without calling 'delegateOnClose', and calls it only when it gives up, write '@once' instead
                // scan: @cancel(off([$token])) because 'off([$token])' takes the String 'delegateOnClose' returns
                @cancel(off([$token]))
            """), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("self.off([returnedToken])"), "\(swift)")
        #expect(text.contains("// scan: one-shot: 'onClose' is named for an end, which comes once; if the SDK reconnects and calls it for each connection, add '@stream'\n    @discardableResult\n    public func onClose(_ callback:"), "\(text)")
    }

    /// Gigya's `login(loginId:password:params:completion:)`: a `.failure` whose `interruption` can
    /// carry a resolver that keeps the login's completion and calls it again once the app acts on
    /// it (sets the missing account fields, links the accounts). Before, it was refused, with the
    /// advice to make the failure an `Error` and bridge a one-shot, which would end at the
    /// interruption and drop what the resolver brings.
    @Test func anOutcomeThatCarriesAKeeperOfItsCompletionIsAStreamUntilOneDoesNot() throws {
        let text = scan(
            """
            public enum LoginResult<T> {
                case success(data: T)
                case failure(LoginApiError<T>)
            }
            public struct LoginApiError<T> {
                public let error: Error
                public let interruption: Interruptions<T>?
            }
            public enum Interruptions<T> {
                case pendingRegistration(resolver: PendingRegistrationResolver<T>)
                case pendingVerification(regToken: String)
                case conflictingAccount(resolver: LinkAccountsResolver<T>)
            }
            public final class PendingRegistrationResolver<T> {
                let completion: (LoginResult<T>) -> Void
                init(completion: @escaping (LoginResult<T>) -> Void) { self.completion = completion }
                public func setAccount(params: [String: Any]) {}
            }
            public final class LinkAccountsResolver<T> {
                let completion: (LoginResult<T>) -> Void
                init(completion: @escaping (LoginResult<T>) -> Void) { self.completion = completion }
            }
            public final class Core<T> {
                public func login(loginId: String, password: String, completion: @escaping (LoginResult<T>) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("""
                // scan: @stream(results) because 'completion' gets a value that can carry a 'LinkAccountsResolver' or a 'PendingRegistrationResolver', which keeps 'completion' and calls it again once you act on it: each outcome is an element
                @stream(results)
                // scan: @until({ value in if case .failure(let payload) = value, let interruption = payload.interruption { switch interruption { case .pendingRegistration, .conflictingAccount: return false; default: return true } }; return true }, inclusive: true) because the stream ends with the first outcome that carries none of them
                @until({ value in if case .failure(let payload) = value, let interruption = payload.interruption { switch interruption { case .pendingRegistration, .conflictingAccount: return false; default: return true } }; return true }, inclusive: true)
                // scan: read off the types, not the calls: if 'completion' is called once whatever the outcome carries, remove '@stream(results)' and '@until' for a one-shot
                public func login(
            """), "\(text)")
        #expect(!text.contains("is named like an error"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func login(loginId: String, password: String) -> _Concurrency.AsyncStream<LoginResult<T>>"), "\(swift)")
    }

    /// WordPressAuthenticator's `NUXViewController.dismissBlock: ((_ cancelled: Bool) -> Void)?`,
    /// called once as the flow is dismissed: named with a verb of what a screen does, it was
    /// taken for code the library runs (as `presentHandler` is not) and left out of the starter
    /// without a word. ProcedureKit's `transformChildErrorBlock` stays work.
    @Test func aBlockTellingTheScreenWasDismissedIsACallback() {
        let text = scan(
            """
            open class NUXViewController: UIViewController {
                public var dismissBlock: ((_ cancelled: Bool) -> Void)?
                public var transformErrorBlock: ((Error) -> Void)?
                func dismiss(cancelled: Bool) { dismissBlock?(cancelled) }
            }
            """
        ).text
        #expect(text.contains("""
                // scan: @once because 'dismissBlock' is named for how the NUXViewController's screen ends, which comes once
                @once
                // scan: if the same NUXViewController is shown again and calls 'dismissBlock' each time, write '@stream' instead
                public var dismissBlock: ((_ cancelled: Bool) -> Void)?
            """), "\(text)")
        #expect(text.contains("// Context: the type's other members, checked for name collisions.\n    public var transformErrorBlock:"), "\(text)")
    }

    /// ZLPhotoBrowser's `fetchImage(for:size:completion: (UIImage?, Bool) -> Void)`, whose body
    /// calls `completion(image, isDegraded)` for each of Photos' deliveries: a degraded image,
    /// then the final one. As a plain one-shot it returned the blurred preview and reported the
    /// final image as a misuse. `fetchOriginalImage` hands its completion to `fetchImage`.
    @Test func aCallbackHandedADegradedFlagWaitsForTheFinalValue() throws {
        let text = scan(
            """
            public class PhotoManager: NSObject {
                public class func fetchImage(for asset: Asset, size: CGSize, completion: @escaping (UIImage?, Bool) -> Void) -> Int {
                    return Manager.default.requestImage(for: asset) { image, info in
                        let isDegraded = (info?["degraded"] as? Bool ?? false)
                        completion(image, isDegraded)
                    }
                }
                public class func fetchOriginalImage(for asset: Asset, completion: @escaping (UIImage?, Bool) -> Void) -> Int {
                    return fetchImage(for: asset, size: .zero, completion: completion)
                }
                public class func fetchData(for asset: Asset, completion: @escaping (Data, Bool) -> Void) {
                    Manager.default.requestData(for: asset) { data, info in
                        let isDegraded = (info?["degraded"] as? Bool ?? false)
                        completion(data, isDegraded)
                    }
                }
                public class func fetchFlag(for asset: Asset, completion: @escaping (UIImage?, Bool) -> Void) {
                    completion(nil, true)
                }
            }
            """
        ).text
        for name in ["fetchImage", "fetchOriginalImage"] {
            #expect(text.contains("""
                    // scan: @until({ value, isDegraded in !isDegraded || value == nil }) because the library calls 'completion' with 'isDegraded': a degraded value first, then the final one (or nil, once, when it fails)
                    @until({ value, isDegraded in !isDegraded || value == nil })
                    public class func \(name)(
                """), "\(text)")
        }
        #expect(text.contains("@until({ _, isDegraded in !isDegraded })\n    public class func fetchData("), "\(text)")
        #expect(!text.contains("@until({ value, isDegraded in !isDegraded || value == nil })\n    public class func fetchFlag("), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func fetchImage(for asset: Asset, size: CGSize) async throws -> (UIImage?, Bool)"), "\(swift)")
    }

    /// MapboxMaps' `onEvery(event:handler:) -> Cancelable`: a protocol of MapboxCommon, which these
    /// sources do not declare, and which the module itself keeps (`var errorToken: Cancelable?`)
    /// and stops (`errorToken?.cancel()`). Before, the stream ended and the registration stayed
    /// (generate warned). A type generate knows already (`URLSessionDataTask`, started too) is
    /// left to generate.
    @Test func aForeignTokenStopsAsTheModuleStopsIt() throws {
        let text = scan(
            """
            public final class MapboxMap {
                /// Listens to every event of the type.
                @discardableResult
                public func onEvery(event: String, handler: @escaping (String) -> Void) -> Cancelable { fatalError() }
                public func load(url: URL, completion: @escaping (Data?, Error?) -> Void) -> URLSessionDataTask { fatalError() }
                func style() {
                    var errorToken: Cancelable?
                    errorToken = onEvery(event: "error") { _ in errorToken?.cancel() }
                    var task: URLSessionDataTask?
                    task?.cancel()
                }
            }
            """
        ).text
        #expect(text.contains("""
                // scan: @cancel(token) because the module stops the Cancelables it keeps with cancel(), a type these sources do not declare
                @cancel(token)
            """), "\(text)")
        #expect(!text.contains("@cancel(token)\n    public func load("), "\(text)")
        let file = Scan.File(path: "Timers.swift", bytes: Array("var timer: Timer?\ntimer?.invalidate()\nlet other: Timer\nanotherTimer.cancel()".utf8))
        #expect(Scan.stopsCalledOnValues(in: [file]) == ["Timer": "invalidate"])
    }

    /// The keeper in a case of the outcome itself (a `.needsConsent(ConsentRequest)` whose request
    /// keeps the completion and calls it once the user answers): that case goes on, any other ends.
    @Test func aCaseThatCarriesAKeeperItselfGoesOn() throws {
        let text = scan(
            """
            public enum SignInOutcome {
                case signedIn(String)
                case needsConsent(ConsentRequest)
                case failed(String)
            }
            public final class ConsentRequest {
                let completion: (SignInOutcome) -> Void
                init(completion: @escaping (SignInOutcome) -> Void) { self.completion = completion }
                public func accept() {}
            }
            public final class Auth {
                public func signIn(completion: @escaping (SignInOutcome) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    @stream\n"), "\(text)")
        #expect(text.contains("    @until({ value in if case .needsConsent = value { return false }; return true }, inclusive: true)\n"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func signIn() -> _Concurrency.AsyncStream<SignInOutcome>"), "\(swift)")
    }
}
