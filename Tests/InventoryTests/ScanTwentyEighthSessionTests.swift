@testable import Generator
@testable import Inventory
import Testing

/// What the twenty-eighth session taught (decision 142): batch 74 on first contact.
@Suite struct ScanTwentyEighthSessionTests: ScanTesting {
    /// DRACOON's `Dracoon.Result<T>` (`value(T)`, `error(DracoonError)`) handed to every REST
    /// call's completion: a result, one outcome. Its `value` case made all 70 of them streams;
    /// beside an end (ReactiveSwift's `Signal.Event`) `value` is still an event.
    @Test func aValueCaseBesideOnlyAFailureIsAResult() throws {
        let text = scan(
            """
            public struct Dracoon {
                public enum Result<T: Sendable>: Sendable {
                    case value(T)
                    case error(DracoonError)
                }
            }
            public enum DracoonError: Error, Sendable { case generic }
            public protocol DracoonServer {
                func getServerVersion(completion: @Sendable @escaping (Dracoon.Result<String>) -> Void)
            }
            public enum Event<Value, Failure: Error> {
                case value(Value)
                case failed(Failure)
                case completed
                case interrupted
            }
            public final class Signal<Value, Failure: Error> {
                public func observe(_ action: @escaping (Event<Value, Failure>) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: one-shot: the cases of 'Dracoon.Result' (.value, .error) report one outcome\n    func getServerVersion"), "\(text)")
        #expect(text.contains("@stream  // 'Event' has '.value', called for each event") || text.contains("// scan: @stream because 'Event' has '.value', called for each event"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func serverVersion() async throws -> String {"), "\(generated)")
    }

    /// Gigya's `GigyaPluginEvent` (`onBeforeValidation(event:)`, `onLogin(account:)`, `onHide(event:)`,
    /// …, `error(event:)`): cases named for events, so `showScreenSet(…, completion:)` calls back
    /// for each (it was a one-shot, unsaid). And `attachTo(webView: WKWebView, …, pluginEvent:)`
    /// takes a web view but forwards no delegate call of it: its closure gets a type of the
    /// module, which the system never hands.
    @Test func casesNamedForEventsMakeAStream() throws {
        let text = scan(
            """
            public protocol GigyaAccountProtocol {}
            public struct PluginEventData {}
            public enum GigyaPluginEvent<T: GigyaAccountProtocol> {
                case onBeforeValidation(event: PluginEventData)
                case onLogin(account: T)
                case onHide(event: PluginEventData)
                case onCanceled
                case error(event: PluginEventData)
            }
            public class GigyaCore<T: GigyaAccountProtocol> {
                public func showScreenSet(with name: String, params: [String: Any] = [:], completion: @escaping (GigyaPluginEvent<T>) -> Void) {}
            }
            open class GigyaWebBridge<T: GigyaAccountProtocol> {
                open func attachTo(webView: WKWebView, viewController: UIViewController, pluginEvent: @escaping (GigyaPluginEvent<T>) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because the cases of 'GigyaPluginEvent' are named for events ('.onBeforeValidation', …): each call is one\n    @stream\n"), "\(text)")
        #expect(!text.contains("forwards the"), "\(text)")
        #expect(text.components(separatedBy: "    @stream\n").count == 3, "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("-> _Concurrency.AsyncStream<GigyaPluginEvent<T>>"), "\(generated)")
    }

    /// Karhoo's `Result<T>`: `success(result: T, correlationId: String?)`, `failure(error:
    /// KarhooError?, correlationId: String?)`. Generate returns it whole (the failure carries no
    /// one error it can throw): said, where it was not, and a failure came back as a value.
    @Test func aFailureCaseOfAnOptionalErrorAndMoreIsSaid() throws {
        let text = scan(
            """
            public struct KarhooError: Error {}
            public enum Result<T> {
                case success(result: T, correlationId: String? = nil)
                case failure(error: KarhooError?, correlationId: String? = nil)
            }
            public typealias CallbackClosure<T> = (Result<T>) -> Void
            open class Call<T> {
                open func execute(callback: @escaping CallbackClosure<T>) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: as written, the value is the whole Result, a failure among its values: '.failure(error: KarhooError?, correlationId: String?)' is no one error generate can throw"
            ), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func execute() async throws -> Result<T> {"), "\(generated)")
    }

    /// Watson's `registerCallback(callbackURL:userSecret:headers:completionHandler:)`, documented
    /// with "the payload of every callback notification that uses the URL" (the service's HTTP
    /// callbacks, not the closure's): no word of the sentence speaks of the closure (it made the
    /// call a stream that never ends).
    @Test func aCallbackNotificationIsNoCallOfTheClosure() {
        let text = scan(
            """
            public class SpeechToText {
                /// Register a callback. The signature provides integrity for the payload of every callback notification that uses the URL.
                public func registerCallback(callbackURL: String, completionHandler: @escaping (String?, Error?) -> Void) {}
                /// Listen. The handler is called for every message.
                public func listen(handler: @escaping (String) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("every callback notification"), "\(text)")
        #expect(text.components(separatedBy: "    @stream\n").count == 2, "\(text)")
    }

    /// Tjek's `addResponseListener(on:_:)`, `(_ endpointName: String, Result<HTTPURLResponse,
    /// APIError>)` once per request: a listener of results, each call whole; the first failed
    /// request ended the stream, and the endpoint's name was left out.
    @Test func aListenerOfAResultBesideOtherValuesKeepsEachCall() throws {
        let text = scan(
            """
            public enum APIError: Error { case failed }
            public class APIClient {
                public func addResponseListener(on queue: DispatchQueue, _ callback: @escaping (_ endpointName: String, Result<HTTPURLResponse, APIError>) -> Void) {
                    responseListeners.append((queue: queue, callback: callback))
                }
            }
            """
        ).text
        #expect(text.contains("@stream(results) because 'callback' gets a Result per call beside other values"), "\(text)")
        #expect(!text.contains("the rest is left out"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("-> _Concurrency.AsyncStream<(String, Result<HTTPURLResponse, APIError>)>"), "\(generated)")
    }

    /// WeTransfer's `upload(_:stateChanged:)`: a closure named for what changed, and a `State` of
    /// `.created(T)`, `.uploading(Progress)`, `.completed(T)`, `.failed(Error)`: each state
    /// whole, `.completed` the last, `.failed` thrown. It was a one-shot of the first state.
    @Test func aStateMachineIsAStreamOfItsStatesEndingAtItsLast() throws {
        let text = scan(
            """
            public class Transfer {}
            public class WeTransfer {
                public enum State<T> {
                    case created(T)
                    case uploading(Progress)
                    case completed(T)
                    case failed(Swift.Error)
                }
                public static func upload(_ transfer: Transfer, stateChanged: @escaping (State<Transfer>) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@stream(results) because 'stateChanged' is called for each change: each 'WeTransfer.State' is an event, whole"), "\(text)")
        #expect(text.contains("    @failure(.failed)\n") && text.contains("    @finish(.completed)\n"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("static func upload(_ transfer: Transfer) -> _Concurrency.AsyncThrowingStream<State<Transfer>, any Swift.Error>"), "\(generated)")
    }

    /// ABSmartly's `Scheduler.schedule(after:execute: Work) -> ScheduledHandle`: an alias named
    /// for work is the work the SDK runs for the caller, as `() -> Void` written out is; an
    /// `Action` alias keeps what the rest says (EasyClosure's control actions are events).
    @Test func anAliasNamedForWorkIsWork() {
        let text = scan(
            """
            public protocol ScheduledHandle { func cancel() }
            public protocol Scheduler {
                typealias Work = () -> Void
                func schedule(after: TimeInterval, execute: @escaping Work) -> ScheduledHandle
            }
            public typealias Action = () -> Void
            public class Button {
                public func tap(_ action: @escaping Action) {}
            }
            """
        ).text
        #expect(text.contains("// Scheduler: schedule(after:execute:)"), "\(text)")
        #expect(text.contains("    public func tap(_ action: @escaping Action)"), "\(text)")
    }
}
