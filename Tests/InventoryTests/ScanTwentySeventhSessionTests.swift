@testable import Generator
@testable import Inventory
import Testing

/// What the twenty-seventh session taught (decision 141).
@Suite struct ScanTwentySeventhSessionTests: ScanTesting {
    /// FilesProvider's `publicLink(to:completionHandler:)` of `(URL?, FileObject?, Date?,
    /// Error?)`: WebDAV's calls back `(url, nil, nil, nil)`, iCloud's `(url, nil, expiration as
    /// Date?, nil)`. Unwrapped, every success threw `noResult`; the values handed as nil beside
    /// the link stay optional. A call of nils and an error is a failure and says nothing.
    @Test func valuesHandedAsNilBesideAValueStayOptional() {
        let text = scan(
            """
            public protocol FileProviderSharing {
                func publicLink(to path: String, completionHandler: @escaping (_ link: URL?, _ attribute: FileObject?, _ expiration: Date?, _ error: Error?) -> Void)
            }
            open class WebDAVFileProvider: FileProviderSharing {
                open func publicLink(to path: String, completionHandler: @escaping ((URL?, FileObject?, Date?, Error?) -> Void)) {
                    guard path.isEmpty else {
                        completionHandler(nil, nil, nil, URLError(.resourceUnavailable))
                        return
                    }
                    if let url = URL(string: path) {
                        completionHandler(url, nil, nil, nil)
                        return
                    }
                    completionHandler(nil, nil, nil, nil)
                }
            }
            open class CloudFileProvider: FileProviderSharing {
                open func publicLink(to path: String, completionHandler: @escaping ((_ link: URL?, _ attribute: FileObject?, _ expiration: Date?, _ error: Error?) -> Void)) {
                    query.start { url, expiration in
                        completionHandler(url, nil, expiration as Date?, nil)
                    }
                }
            }
            open class Cache<T> {
                open func setObject(forKey key: String, completion: @escaping (T?, Bool, NSError?) -> Void) {
                    if let object = object(forKey: key) { completion(object, true, nil) } else { completion(nil, false, error) }
                }
            }
            open class Reader {
                open func read(path: String, completion: @escaping (Data?, URLResponse?, Error?) -> Void) {
                    session.load(path) { data, response, error in
                        if let error { completion(nil, nil, error) } else { completion(data, response, nil) }
                    }
                }
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: @nullableResult(2, 3) because 'publicLink' calls back with nil for 'attribute' and 'expiration' beside a value and no error: absent values of a success, not a failure\n    @nullableResult(2, 3)\n    // scan: as written, 'link' nil without an error throws BridgegenError.noResult; if nil is a value there too, write '@nullableResult'\n    func publicLink("
            ), "\(text)")
        #expect(!text.contains("@nullableResult(1"), "\(text)")
        // Values and nils only as a failure's: nothing said.
        #expect(!text.contains("'read' calls back with nil"), "\(text)")
        // A flag beside a failure's nil (AwesomeCache's `completion(nil, false, error)`): no value.
        #expect(!text.contains("'setObject' calls back with nil"), "\(text)")
    }

    /// Ballcap's document listener calls back `(nil, nil)` itself when the document does not
    /// exist (a method of a public extension with no access word of its own): a stream of
    /// `Self?`, not one that ends there. Its `get` says the same of its one-shot.
    @Test func aListenerThatCallsBackWithNothingItselfStreamsNil() throws {
        let result = scan(
            """
            public final class Disposer { public func dispose() {} }
            public protocol DataRepresentable: AnyObject {}
            public extension DataRepresentable {
                static func listen(id: String, completion: @escaping ((Self?, Error?) -> Void)) -> Disposer {
                    let registration = reference(id).addSnapshotListener { snapshot, error in
                        if let error = error {
                            completion(nil, error)
                            return
                        }
                        guard let snapshot = snapshot, snapshot.exists else {
                            completion(nil, nil)
                            return
                        }
                        completion(Self(snapshot), nil)
                    }
                    return Disposer(registration)
                }
            }
            """
        )
        #expect(
            result.text.contains(
                "    // scan: @nullableResult because 'listen' calls back with nil and no error itself: an event with no value (nil), not the end\n    @nullableResult\n    // scan: if nil without an error means the end, remove '@nullableResult': it then finishes the stream\n"
            ), "\(result.text)")
        let generated = try generate(result.text)
        #expect(generated.contains("static func listen(id: String) -> _Concurrency.AsyncThrowingStream<Self?, any Swift.Error>"), "\(generated)")
    }

    /// FutureX's `on(success:failure:completion:)`: `completion?()` runs after the success or
    /// the failure, whichever came (RxSwift Maybe's `onCompleted` is a third outcome, no value).
    /// The adapter returns the value; before, it returned `Value?`, as if the completion meant none.
    @Test func aCompletionBesideTheSuccessAndTheFailureRunsAfterEither() throws {
        let text = scan(
            """
            public final class Future<Value> {
                public func on(success: ((Value) -> Void)? = nil, failure: ((Error) -> Void)? = nil, completion: (() -> Void)? = nil) {
                    cascade { result in
                        switch result {
                        case let .success(value): success?(value)
                        case let .failure(error): failure?(error)
                        }
                        completion?()
                    }
                }
            }
            """
        ).text
        let generated = try generate(text)
        #expect(generated.contains("func on() async throws -> Value {"), "\(generated)")
        #expect(generated.contains("/// Closures: `success` is the value, `failure` the error, `completion` runs after either, nothing to do."), "\(generated)")
        #expect(generated.contains("completion: {}"), "\(generated)")
    }

    /// FTPopOverMenu's `globalShadowAdapter: ((UIView) -> Void)?`, which styles the view the
    /// library makes; VueFlux's `bind(to:on:binding:)`, a setter the SDK runs per value: the
    /// caller's code, not events.
    @Test func anAdapterPropertyAndABindingAreTheCallersCode() {
        let text = scan(
            """
            public class FTConfiguration {
                public var globalShadowAdapter: ((_ backgroundView: UIView) -> Void)?
            }
            public final class Signal<Value> {
                @discardableResult
                public func bind<Target: AnyObject>(to target: Target, on executor: Executor = .mainThread, binding: @escaping (Target, Value) -> Void) -> Disposable {
                    return observe { value in binding(target, value) }
                }
            }
            """
        ).text
        #expect(text.contains("// FTConfiguration: globalShadowAdapter — named for setting up what it is handed"), "\(text)")
        #expect(text.contains("// Signal: bind(to:on:binding:)\n"), "\(text)")
    }

    /// RouteComposer's `commitNavigation(to:with:animated:completion:)` hands its completion to
    /// `navigate(to:with:animated:completion:)` (and its throw to the completion), whose own
    /// `navigate(to:with:animated:) async throws` is the SDK's; an overload that hands it on to
    /// that wrapper is served too.
    @Test func aWrapperOfAMethodWithAnAsyncFormIsServedByIt() {
        let text = scan(
            """
            public protocol Router {
                func navigate(to step: String, with context: Int, animated: Bool, completion: ((Result<Void, Error>) -> Void)?) throws
            }
            public extension Router {
                func navigate(to step: String, with context: Int, animated: Bool) async throws {
                    try await withCheckedThrowingContinuation { continuation in
                        do { try navigate(to: step, with: context, animated: animated) { continuation.resume(with: $0) } } catch { continuation.resume(throwing: error) }
                    }
                }
                func navigate(to step: String, animated: Bool) async throws {}
                func commitNavigation(to step: String, with context: Int, animated: Bool, completion: ((Result<Void, Error>) -> Void)?) {
                    do {
                        try navigate(to: step, with: context, animated: animated, completion: completion)
                    } catch {
                        completion?(.failure(error))
                    }
                }
                func commitNavigation(to step: String, animated: Bool, completion: ((Result<Void, Error>) -> Void)?) {
                    commitNavigation(to: step, with: 0, animated: animated, completion: completion)
                }
                func navigate(to destination: Destination, animated: Bool, completion: ((Result<Void, Error>) -> Void)?) throws {
                    try navigate(to: destination.step, with: destination.context, animated: animated, completion: completion)
                }
                func commitNavigation(to destination: Destination, animated: Bool, completion: ((Result<Void, Error>) -> Void)?) {
                    do { try navigate(to: destination, animated: animated, completion: completion) } catch { completion?(.failure(error)) }
                }
            }
            """
        ).text
        // Around a method bridged itself, of the same arguments: a question (RouteComposer's
        // oracle wants `commit(with:completion:)` around `execute(with:completion:)` too).
        #expect(
            text.contains(
                "    // scan: it hands its closure to 'navigate(to:animated:completion:)', whose adapter, 'navigate(to:animated:)' may do the same: if one adapter is enough, mark 'commitNavigation' '@context'\n    func commitNavigation(to destination: Destination"
            ), "\(text)")
        #expect(
            text.contains(
                "    @context  // it hands its closure to 'navigate(to:with:animated:completion:)', whose own async form 'navigate(to:animated:)' does the same: that is the one to call\n    func commitNavigation(to step: String, animated: Bool"
            ), "\(text)")
        #expect(
            text.contains(
                "    @context  // it hands its closure to 'navigate(to:with:animated:completion:)', whose own async form 'navigate(to:with:animated:)' does the same: that is the one to call\n    func commitNavigation(to step: String, with context: Int"
            ), "\(text)")
    }

    /// TransloaditKit's `pollAssemblyStatus(completion:)` calls back at every check, where
    /// McuManager's `poll(callback:)` calls once: a one-shot, with the other reading said
    /// (batch 73 found it unsaid).
    @Test func aMethodNamedForPollingSaysTheOtherReading() {
        let text = scan(
            """
            public final class TransloaditPoller {
                private var completion: ((Result<AssemblyStatus, TransloaditError>) -> Void)?
                public func pollAssemblyStatus(completion: @escaping (Result<AssemblyStatus, TransloaditError>) -> Void) {
                    self.completion = completion
                    start()
                }
            }
            """
        ).text
        #expect(text.contains("// scan: one-shot assumed: 'pollAssemblyStatus' is named for polling; if it calls back at every check, add '@stream'"), "\(text)")
    }

    /// Chargebee's `retrieveProducts(withProductID:completion:)` keeps its completion in the
    /// public `receiveProductsHandler` until the request answers, once, with a `Result`: a
    /// one-shot (a closure of one `Result` reports one outcome), not a stream by the slot.
    @Test func aResultKeptInAPublicSlotIsOneOutcome() {
        let text = scan(
            """
            public class CBPurchase {
                public var receiveProductsHandler: ((_ result: Result<[CBProduct], CBPurchaseError>) -> Void)?
                public func retrieveProducts(withProductID productIDs: [String], completion receiveProductsHandler: @escaping (_ result: Result<[CBProduct], CBPurchaseError>) -> Void) {
                    self.receiveProductsHandler = receiveProductsHandler
                    request.start()
                }
            }
            """
        ).text
        #expect(!text.contains("@stream because 'retrieveProducts' keeps"), "\(text)")
        #expect(text.contains("\n    public func retrieveProducts(withProductID"), "\(text)")
    }

    /// Chargebee's `purchaseProductHandler<T>(product:completion: (Result<T, Error>) -> Void)`,
    /// a step of the library's own made public: an unconstrained `T` that only the closure
    /// names is the caller's pick, which the library can only cast to; said. A `Decodable` one
    /// is a decoding request's, and goes without saying.
    @Test func aGenericNamedOnlyInTheClosureIsSaid() {
        let text = scan(
            """
            public class CBPurchase {
                public func purchaseProductHandler<T>(product: CBProduct, completion handler: @escaping ((_ result: Result<T, Error>) -> Void)) {
                    buy(product) { handler($0 as! Result<T, Error>) }
                }
                public func get<T: Decodable>(_ path: String, completion: @escaping (Result<T, Error>) -> Void) {
                    load(path) { completion($0) }
                }
            }
            """
        ).text
        #expect(text.contains("// scan: 'T' is named only in 'completion': the caller picks the value's type; if the library uses this itself, mark it '@context'\n    public func purchaseProductHandler<T>"), "\(text)")
        #expect(!text.contains("the caller picks the value's type; if the library uses this itself, mark it '@context'\n    public func get<"), "\(text)")
    }
}
