import Generator
@testable import Inventory
import Testing

/// What batch 38 (PushNotifications, Mobius, Amazon Chime, RequestKit, WordPressAuthenticator,
/// URLNavigator) taught (decision 121).
@Suite struct ScanThirtyEighthBatchTests: ScanTesting {
    /// WordPressAuthenticator's `startObservingAppleIDCredentialRevoked(completion:)` beside
    /// `stopObservingAppleIDCredentialRevoked()`: named as an observer, a stream until the stop,
    /// its `completion` name said as weak evidence.
    @Test func aStartObservingPairIsAStream() {
        let text = scan(
            """
            public class Authenticator {
                public func startObservingRevoked(completion: @escaping () -> Void) {}
                public func stopObservingRevoked() {}
            }
            """
        ).text
        #expect(text.contains("@stream\n    // scan: @cancel(stopObservingRevoked())"), "\(text)")
        #expect(text.contains("// scan: 'completion' is named for one outcome: if it is called once, remove '@stream'"), "\(text)")
    }

    /// Mobius's `Connectable.connect(_ consumer: @escaping Consumer<Output>) -> Connection<Input>`:
    /// a consumer gets each value, until the returned connection is disposed.
    @Test func aConsumerIsCalledForEachEvent() {
        let text = scan(
            """
            public typealias Consumer<Value> = (Value) -> Void
            public final class Connection<Value> { public func dispose() {} }
            public protocol Connectable {
                associatedtype Input
                associatedtype Output
                func connect(_ consumer: @escaping Consumer<Output>) -> Connection<Input>
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'consumer' is called for each event"), "\(text)")
    }

    /// RequestKit's `RequestKitURLSession`, a seam that mirrors URLSession: `dataTask(with:
    /// completionHandler:)` is the form of the protocol's own `data(for:delegate:) async`; and a
    /// method named as URLSession's makes its task suspended, started with `resume()`.
    @Test func urlSessionsNamesAreReadAsURLSessionsAre() {
        let text = scan(
            """
            public protocol DataTask { func resume(); func cancel() }
            public protocol Session {
                func dataTask(with request: URLRequest, completionHandler: @escaping (Data?, URLResponse?, Error?) -> Void) -> DataTask
                func data(for request: URLRequest, delegate: URLSessionTaskDelegate?) async throws -> (Data, URLResponse)
                func downloadTask(with request: URLRequest, completionHandler: @escaping (URL?, URLResponse?, Error?) -> Void) -> DataTask
            }
            """
        ).text
        #expect(text.contains("@context  // the SDK's own async form 'data(for:delegate:)' is the one to call\n    func dataTask("), "\(text)")
        #expect(text.contains("// scan: @start(resume()) because 'downloadTask' is named as URLSession's, whose tasks are made suspended"), "\(text)")
    }

    /// RequestKit's `Router.loadJSON(…)`: a protocol requirement whose default implementation is
    /// deprecated ("Please use `load` method instead") is deprecated API.
    @Test func aRequirementWhoseImplementationIsDeprecatedIsDeprecated() {
        let text = scan(
            """
            public protocol Router {
                func loadJSON(_ path: String, completion: @escaping (Data?, Error?) -> Void)
                func load(_ path: String) async throws -> Data
            }
            public extension Router {
                @available(*, deprecated, message: "Please use `load` method instead")
                func loadJSON(_ path: String, completion: @escaping (Data?, Error?) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("extension Router {"), "\(text)")
        #expect(text.contains("loadJSON(_:completion:) — deprecated"), "\(text)")
    }

    /// WordPressAuthenticator's `loginUI(…, onLoginButtonTapped:) -> UIViewController?`: a screen
    /// for the caller to present, which keeps the closure. URLNavigator's `present(…, completion:)
    /// -> UIViewController?` presents it itself: a call with an outcome.
    @Test func aScreenMadeForTheCallerKeepsItsClosures() {
        let text = scan(
            """
            public class UIViewController {}
            public class Authenticator {
                public class func loginUI(showCancel: Bool, onLoginButtonTapped: (() -> Void)? = nil) -> UIViewController? { nil }
            }
            public class Navigator {
                public func present(_ url: String, animated: Bool = true, completion: (() -> Void)? = nil) -> UIViewController? { nil }
            }
            """
        ).text
        #expect(text.contains("loginUI(showCancel:onLoginButtonTapped:) — returns a UIViewController for the caller to present"), "\(text)")
        #expect(text.contains("extension Navigator {"), "\(text)")
    }

    /// WordPressAuthenticator's `authenticate(username:password:success:needsMultifactor:failure:)`:
    /// beside the success and the failure, a closure named for no role stays a parameter; if the
    /// SDK calls it instead, the call would wait until cancelled. generate says so.
    @Test func aThirdClosureBesideSuccessAndFailureIsSaid() throws {
        let text = scan(
            """
            public class Client {
                public func authenticate(username: String, success: @escaping (_ token: String?) -> Void, needsMultifactor: @escaping (_ userID: Int) -> Void, failure: @escaping (_ error: Error) -> Void) {}
            }
            """
        ).text
        let result = try generateWithDiagnostics(text)
        #expect(result.contains("warning: 'needsMultifactor' stays a parameter of the async function beside 'success' and the failure"), "\(result)")
    }

    /// DropDown's `customCellConfiguration: ((Index, String, DropDownCell) -> Void)?`, run for
    /// each cell the list lays out: a property named for the configuration it is is work.
    @Test func aPropertyNamedForAConfigurationIsWork() {
        let text = scan(
            """
            public final class DropDownCell {}
            public final class DropDown {
                public var customCellConfiguration: ((Int, String, DropDownCell) -> Void)?
                public var selectionAction: ((Int, String) -> Void)?
            }
            """
        ).text
        #expect(text.contains("checked for name collisions.\n    public var customCellConfiguration: ((Int, String, DropDownCell) -> Void)?"), "\(text)")
        #expect(text.contains("public var selectionAction"), "\(text)")
    }

    /// ImageLoader's `request(with:onCompletion: (UIImage?, Error?, FetchOperation) -> Void)`: a
    /// value after the error says how the value came more often than it is part of it; returned
    /// with the value as written, and said.
    @Test func aValueAfterTheErrorIsSaid() {
        let text = scan(
            """
            public enum FetchOperation { case network, cache }
            public final class Image {}
            public final class ImageLoader {
                public func request(with url: URL, onCompletion: @escaping (Image?, Error?, FetchOperation) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: 'onCompletion' gets 'FetchOperation' after the error: as written, returned with the value"), "\(text)")
    }
}
