@testable import Inventory
import Testing

/// Who calls a callback API, and whether the SDK already has its async form (decision 79).
@Suite struct ScanCallersAndFormsTests: ScanTesting {
    /// A protocol's async form may stand in a sibling protocol its conformer also adopts
    /// (RevenueCat's `PurchasesType` and `PurchasesSwiftType`): the callback form is left out.
    @Test func anAsyncFormInASiblingProtocolIsTheOneToCall() {
        let text = scan(
            """
            public protocol PurchasesType: AnyObject {
                func offers(forProduct product: String, completion: @escaping ([String]?, Error?) -> Void)
            }
            public protocol PurchasesSwiftType: AnyObject {
                func offers(forProduct product: String) async throws -> [String]
            }
            public final class Purchases: PurchasesType, PurchasesSwiftType {
                public func offers(forProduct product: String, completion: @escaping ([String]?, Error?) -> Void) {}
                public func offers(forProduct product: String) async throws -> [String] { [] }
            }
            """
        ).text
        #expect(!text.contains("    func offers(forProduct product: String, completion"), "\(text)")
        #expect(
            text.contains("\n// PurchasesType: offers(forProduct:completion:) — the SDK's own async form 'offers(forProduct:)' is the one to call\n"),
            "\(text)")
    }

    /// An async method under the name without `get`/`list` and with exactly the other labels
    /// (OctoKit's `reviews(owner:)` beside `listReviews(owner:completion:)`) may be the same
    /// call: asked, not decided. Labels in another order are still the same call's.
    @Test func anAsyncFormUnderAnotherNameIsAQuestion() {
        let text = scan(
            """
            public final class Client {
                public func listReviews(owner: String, completion: @escaping (Result<[String], Error>) -> Void) {}
                public func reviews(owner: String) async throws -> [String] { [] }
                public func pulls(owner: String, page: Int, completion: @escaping (Result<[String], Error>) -> Void) {}
                public func pulls(page: Int, owner: String) async throws -> [String] { [] }
            }
            """
        ).text
        #expect(text.contains("    // scan: the SDK has 'reviews(owner:)' async: if that is this call's async form, mark 'listReviews' '@context'"), "\(text)")
        #expect(text.contains("    public func listReviews(owner: String, completion"), "\(text)")
        #expect(text.contains("    @context  // the SDK's own async form 'pulls(page:owner:)' is the one to call\n"), "\(text)")
    }

    /// A conformer that implements a requirement with a closure that does not escape
    /// (Kingfisher's `Base64ImageDataProvider.data(handler:)`, `any Error` where the protocol
    /// says `Error`) is served by the protocol, not bridged on its own as `@blocking`.
    @Test func aRequirementImplementedWithoutEscapingIsTheProtocols() {
        let text = scan(
            """
            public protocol DataProvider {
                func data(handler: @escaping (Result<Data, Error>) -> Void)
            }
            public struct Base64Provider: DataProvider {
                public func data(handler: (Result<Data, any Error>) -> Void) { handler(.success(Data())) }
            }
            """
        ).text
        #expect(!text.contains("@blocking"), "\(text)")
        #expect(text.contains("\n// Base64Provider → DataProvider: data(handler:)"), "\(text)")
    }

    /// Only the word `any` is dropped from a signature: overloads of `Company` and `Comp` stay
    /// two methods.
    @Test func onlyTheWordAnyIsDropped() {
        let text = scan(
            """
            public final class Company {}
            public final class Comp {}
            public final class Registry {
                public func take(_ x: Company, completion: @escaping (Error?) -> Void) {}
                public func take(_ x: Comp, completion: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("public func take(_ x: Company, completion:"), "\(text)")
        #expect(text.contains("public func take(_ x: Comp, completion:"), "\(text)")
    }

    /// A builder's method whose documentation says it sets a block (Kingfisher's
    /// `redirectHandler(_:) -> Self`) keeps it for a later call: context.
    @Test func aBuilderMethodDocumentedAsSettingABlockIsContext() {
        let text = scan(
            """
            public protocol OptionSetter {}
            extension OptionSetter {
                /// Sets a block to modify the request during redirection.
                public func redirectHandler(_ block: @escaping (String) -> Void) -> Self { self }
                /// Called when the image is ready.
                public func whenReady(_ block: @escaping (String) -> Void) -> Self { self }
            }
            """
        ).text
        #expect(text.contains("@context  // sets a handler of the builder"), "\(text)")
        #expect(text.contains("    public func whenReady(_ block: @escaping (String) -> Void) -> Self\n"), "\(text)")
    }

    /// A protocol the library keeps a value of is asked about even when the module conforms a
    /// type of its own to it (Starscream's `FoundationSecurity: CertificatePinning`), and so is
    /// a requirement whose completion does not escape.
    @Test func aHeldProtocolTheModuleConformsToIsAQuestion() {
        let text = scan(
            """
            public protocol CertificatePinning {
                func evaluateTrust(domain: String?, completion: ((Bool) -> ()))
            }
            public final class FoundationSecurity: CertificatePinning {
                public func evaluateTrust(domain: String?, completion: ((Bool) -> ())) { completion(true) }
            }
            public final class Transport {
                var security: CertificatePinning?
                func open() { security?.evaluateTrust(domain: nil, completion: { _ in }) }
            }
            """
        ).text
        #expect(text.contains("// scan: the library keeps a CertificatePinning in 'Transport.security' and calls 'evaluateTrust' itself"), "\(text)")
    }

    /// A free function whose closure stands under a typealias (SwiftyBluetooth's
    /// `asyncState(completion: @escaping AsyncCentralStateCallback)`) is a callback API too.
    @Test func aFreeFunctionWithAClosureTypealiasIsBridged() {
        let result = scan(
            """
            public typealias StateCallback = (Int) -> Void
            public func asyncState(completion: @escaping StateCallback) {}
            public func scan(timeout: Double,
                             completion: @escaping StateCallback)
            {
            }
            public func plain(_ x: Int) -> Int { x }
            """
        )
        #expect(result.text.contains("\npublic func asyncState(completion: @escaping StateCallback)\n"), "\(result.text)")
        #expect(result.text.contains("\npublic func scan(timeout: Double,"), "\(result.text)")
        #expect(!result.text.contains("plain"), "\(result.text)")
    }

    /// An observer whose one closure is named `completion` and whose undoing call takes an
    /// optional completion of its own (Bluejay's `listen(to:completion:)` and
    /// `endListen(to:completion:)`) is a registration: a stream its undoing call stops, each
    /// call one of the enum's outcomes.
    @Test func anObserverWithAnEndCallIsAStreamOfOutcomes() {
        let text = scan(
            """
            public enum ReadResult<R> {
                case success(R)
                case failure(Error)
            }
            public final class Central {
                public func listen<R>(to characteristic: String, completion: @escaping (ReadResult<R>) -> Void) {}
                public func endListen(to characteristic: String, completion: ((Error?) -> Void)? = nil) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @stream because 'listen' registers a handler, called until it is stopped\n    @stream\n"), "\(text)")
        #expect(text.contains("    @cancel(endListen(to: characteristic))\n"), "\(text)")
        #expect(text.contains("the stream ends at the first failure; if each call is one request's outcome, remove '@stream'"), "\(text)")
    }

    /// A synchronous method that throws and calls back with no value (Bluejay's
    /// `SynchronizedPeripheral.flushListen(to:completion:) throws`) may report its outcome by
    /// the throw: said.
    @Test func aThrowingCallWithAValuelessCallbackIsAQuestion() {
        let text = scan(
            """
            public final class SynchronizedPeripheral {
                public func flushListen(to characteristic: String, completion: @escaping () -> Void) throws {}
                public func read(from characteristic: String, completion: @escaping (Data) -> Void) throws {}
            }
            """
        ).text
        #expect(text.contains("// scan: 'flushListen' throws, and 'completion' gets no value: if it blocks until it is done and throws its failure, mark it '@context'"), "\(text)")
        #expect(!text.contains("'read' throws"), "\(text)")
    }
}

/// The thirteenth batch's shapes (decision 80).
@Suite struct ScanThirteenthBatchTests: ScanTesting {
    /// Methods named for a dispatch queue or quality of service (duemunk/Async's
    /// `AsyncGroup.background(_ block:)`, `Apply.utility(_:block:)`) run their block there: work.
    @Test func aMethodNamedForAQueueRunsItsBlock() {
        let text = scan(
            """
            public struct AsyncGroup {
                public func background(_ block: @escaping @convention(block) () -> Swift.Void) {}
                public func custom(queue: DispatchQueue, block: @escaping @convention(block) () -> Swift.Void) {}
                public func notify(completion: @escaping () -> Void) {}
            }
            public struct Apply {
                public static func utility(_ iterations: Int, block: @escaping (Int) -> ()) {}
            }
            """
        ).text
        #expect(text.contains("    @context  // takes a closure, but not a callback\n    public func background("), "\(text)")
        #expect(text.contains("    @context  // takes a closure, but not a callback\n    public func custom(queue:"), "\(text)")
        #expect(text.contains("// Apply: utility(_:block:)"), "\(text)")
        #expect(text.contains("    public func notify(completion: @escaping () -> Void)\n"), "\(text)")
    }

    /// Public helpers under a `// MARK: Internal` of a public extension (Haneke's
    /// `hnk_fetchImageForFetcher`) are the library's own; a `// MARK: Private` above public API
    /// (AsyncKit's `shutdownGracefully(_:)`) says nothing.
    @Test func helpersUnderAnInternalMarkAreLeftOut() {
        let text = scan(
            """
            public final class ImageView {
                public func setImage(_ url: URL, success: @escaping (Data) -> Void) {}

                // MARK: Internal

                public func fetchImageForFetcher(_ key: String, success: @escaping (Data) -> Void) {}

                // MARK: Private

                public func shutdownGracefully(_ callback: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// ImageView: fetchImageForFetcher"), "\(text)")
        #expect(text.contains("    public func setImage(_ url: URL, success: @escaping (Data) -> Void)\n"), "\(text)")
        #expect(text.contains("    public func shutdownGracefully(_ callback: @escaping (Error?) -> Void)\n"), "\(text)")
    }

    /// A `success` closure is the call's one outcome, even beside a `remove` that undoes the
    /// call (Haneke's `Cache.set(value:key:success:)` and `remove(key:)`).
    @Test func aSuccessClosureBesideAnUndoingCallIsAOneShot() {
        let text = scan(
            """
            public final class Cache {
                public func set(value: Data, key: String, success succeed: ((Data) -> ())? = nil) {}
                public func remove(key: String) {}
            }
            """
        ).text
        #expect(!text.contains("    @stream\n"), "\(text)")
        #expect(!text.contains("@cancel"), "\(text)")
    }

    /// A method named for the last word of its first parameter's type, with a `did…` label
    /// (`socket(_ sock: GCDAsyncSocket, didReceive:completionHandler:)`), implements another
    /// SDK's delegate; the module's own protocol named so (Alamofire's `RedirectHandler.task(_:
    /// willBeRedirectedTo:…)`) is its API.
    @Test func anotherSDKsDelegateMethodIsNotBridged() {
        let text = scan(
            """
            public final class TCPSocket {
                public func socket(_ sock: GCDAsyncSocket, didReceive trust: SecTrust, completionHandler: @escaping (Bool) -> Void) {}
            }
            public protocol RedirectHandler {
                func task(_ task: URLSessionTask, willBeRedirectedTo request: URLRequest, completion: @escaping (URLRequest?) -> Void)
            }
            """
        ).text
        #expect(!text.contains("    public func socket(_ sock"), "\(text)")
        #expect(text.contains("    func task(_ task: URLSessionTask, willBeRedirectedTo request: URLRequest, completion:"), "\(text)")
    }

    /// `register…` that returns a key its inverse takes back (SwiftyDropbox's
    /// `registerGlobalErrorHandler(_:queue:) -> String`, `deregisterGlobalErrorHandler(key:)`)
    /// is a registration: a stream.
    @Test func aRegistrationWhoseKeyIsTakenBackIsAStream() {
        let text = scan(
            """
            public final class GlobalErrorHandler {
                @discardableResult
                public func registerGlobalErrorHandler(_ callback: @escaping (Error) -> Void, queue: OperationQueue = .main) -> String { "" }
                public func deregisterGlobalErrorHandler(key: String) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @stream because 'registerGlobalErrorHandler' registers a handler, called until the String it returns is taken back\n    @stream\n"), "\(text)")
        #expect(text.contains("    @cancel(using: deregisterGlobalErrorHandler(key:))\n"), "\(text)")
    }

    /// A callback property named for an end among other words (a `didFinishSyncing`) is a
    /// stream only by assumption: said. (SwiftyDropbox's `didFinishBackgroundEvents` holds the
    /// system's handler: context, ScanThirtyFirstBatchTests.)
    @Test func aCallbackPropertyNamedForAnEndIsAQuestion() {
        let text = scan(
            """
            public final class Client {
                public var didFinishSyncing: (() -> Void)?
                public var onMessage: ((String) -> Void)?
            }
            """
        ).text
        #expect(text.contains("// scan: a stream assumed: 'didFinishSyncing' is named for an end; if the SDK calls it once, write '@once'"), "\(text)")
        #expect(text.contains("// scan: 'onMessage' holds a closure the SDK calls for each event: a stream"), "\(text)")
    }

    /// A completion of nothing beside a closure that gets a value and is named for no role
    /// (SwiftyDropbox's `handleEventsForBackgroundURLSession(…, completionHandler:,
    /// requestsToReconnect:)`): the value would stay a parameter; said, with the fix.
    @Test func aValueBesideAnEmptyCompletionIsAQuestion() {
        let text = scan(
            """
            public final class Manager {
                public static func handleEvents(with identifier: String, completionHandler: @escaping () -> Void, requestsToReconnect: @escaping ([String]) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: 'completionHandler' gets nothing, and 'requestsToReconnect' gets a value that stays a parameter: if that value is the outcome, write '@completion(requestsToReconnect)'"), "\(text)")
    }

    /// A type of the module named like an error that is not an `Error` (SwiftyDropbox's `enum
    /// BatchUploadError`) cannot be thrown as it is: an optional one beside the value is the
    /// failure, thrown described (`@asyncError(message: N)`, TelegramBotSDK's `DataTaskError?`),
    /// with the conformance that would throw it as it is said; one handed over alone, not
    /// optional, is refused. One that is an `Error`, through a qualified `Swift.Error` (CouchDB's
    /// `CouchDBError`), is bridged; so is a `responseBlock`, a completion by its name.
    @Test func anErrorNamedTypeThatIsNoErrorIsThrownDescribed() {
        let text = scan(
            """
            public enum BatchUploadError {
                case unexpected
            }
            public struct CouchDBError: Codable, Swift.Error {}
            public final class Routes {
                public func batchUpload(files: [URL], progressBlock: ((Double) -> Void)? = nil, responseBlock: @escaping ([URL]?, BatchUploadError?) -> Void) -> Int? { nil }
                public func deleteDB(_ name: String, callback: @escaping (CouchDBError?) -> ()) {}
                public func verify(_ name: String, callback: @escaping (BatchUploadError) -> ()) {}
                public func batchUploadFiles(files: [URL], responseBlock: @escaping ([URL: Int]?, BatchUploadError?, [URL: BatchUploadError]) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @asyncError(message: 2) because 'responseBlock' gets a 'BatchUploadError?' that is not an 'Error' in these sources"), "\(text)")
        // The way to throw it as it is comes right under the annotation (found by the outside try).
        #expect(text.contains("    @asyncError(message: 2)\n    // scan: 'BatchUploadError' is thrown described"), "\(text)")
        #expect(text.contains("    public func batchUpload(files: [URL], progressBlock: ((Double) -> Void)? = nil, responseBlock: @escaping ([URL]?, BatchUploadError?) -> Void) -> Int?\n"), "\(text)")
        #expect(text.contains("    // Not bridgeable as written: 'BatchUploadError' is named like an error but is not an 'Error' in these sources"), "\(text)")
        #expect(text.contains("    // public func verify("), "\(text)")
        // Not beside more of them: results and errors may come together (SwiftyDropbox's).
        #expect(text.contains("    // public func batchUploadFiles("), "\(text)")
        // With the conformance that would let it be thrown, for a user who can vouch for it (checked
        // with swiftc 6.3 in Swift 6 mode: a plain retroactive `Error` asks for `@unchecked Sendable`).
        #expect(text.contains("declare 'extension BatchUploadError: @retroactive @unchecked Sendable, @retroactive Error {}' in your code"), "\(text)")
        #expect(!text.contains("@blocking"), "\(text)")
        #expect(text.contains("    public func deleteDB(_ name: String, callback: @escaping (CouchDBError?) -> ())\n"), "\(text)")
    }
}

/// Notes where the adapter, as written, is one reading of several (decision 81).
@Suite struct ScanQuestionsTests: ScanTesting {
    /// The object itself beside the values (Siesta's `addObserver(owner:closure: (Resource,
    /// ResourceEvent) -> Void)`) is left out of each value: said.
    @Test func theObjectBesideValuesIsSaid() {
        let text = scan(
            """
            public final class Resource {
                public func addObserver(owner: AnyObject, closure: @escaping (Resource, String) -> Void) -> Token { Token() }
            }
            public final class Token { public func cancel() {} }
            """
        ).text
        #expect(text.contains("// scan: 'closure' also gets the Resource itself, which you already hold: as written, it is left out of each value"), "\(text)")
    }

    /// A promise's steps (Then's `finally`, `chain`) are asked about; its registrations for the
    /// outcome (`onSuccess`) are not.
    @Test func aPromisesStepIsAQuestion() {
        let text = scan(
            """
            public final class Promise<T> {
                public func finally(_ block: @escaping () -> Void) {}
                public func onSuccess(_ block: @escaping (T) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: 'finally' is a step of the promise: as written, a one-shot of this step; if the promise is awaited where its chain ends, mark it '@context'"), "\(text)")
        #expect(!text.contains("'onSuccess' is a step"), "\(text)")
    }

    /// A `@once` property named for a completion (OAuthSwift's `presentCompletion`, handed to
    /// UIKit) may be a completion the app hands over rather than an event: said.
    @Test func aCompletionPropertyIsAQuestion() {
        let text = scan(
            """
            open class SafariURLHandler {
                open var presentCompletion: (() -> Void)?
            }
            """
        ).text
        #expect(text.contains("    @once\n"), "\(text)")
        #expect(text.contains("if it is a completion you hand the SDK for its own work, mark it '@context'"), "\(text)")
    }

    /// A stream nothing stops (KeyboardShortcuts' `onKeyDown(for:action:)`) leaves its handler
    /// with the SDK: said. One with a stop is not.
    @Test func aRegistrationNothingUndoesIsSaid() {
        let text = scan(
            """
            public enum KeyboardShortcuts {
                public static func onKeyDown(for name: String, action: @escaping () -> Void) {}
            }
            public final class Bus {
                public func onMessage(_ handler: @escaping (String) -> Void) {}
                public func offMessage() {}
                public func onEvent(_ handler: @escaping (String) -> Void) -> Token { Token() }
            }
            public final class Token { public func cancel() {} }
            """
        ).text
        #expect(text.contains("// scan: nothing stops what 'onKeyDown' registers: as written, the handler stays with the SDK after the stream ends"), "\(text)")
        #expect(!text.contains("nothing stops what 'onEvent'"), "\(text)")
    }

    /// A method handed an error beside its completion (OAuthSwift's static
    /// `completionHandler(completionHandler:…, error:)`) may only pass on what it is given.
    @Test func aMethodHandedAnErrorIsAQuestion() {
        let text = scan(
            """
            open class HTTPRequest {
                public static func completionHandler(completionHandler completion: ((Data) -> Void)?, data: Data?, error: Error?) {}
            }
            """
        ).text
        #expect(text.contains("// scan: 'completionHandler' is handed 'error': if it only passes on an outcome it is given, calling back at once, mark it '@context'"), "\(text)")
    }
}

/// Enums of the SDK not named as outcomes, with a case of one error (decision 82).
@Suite struct ScanErrorCaseEnumTests: ScanTesting {
    /// Bluejay's `DisconnectionResult` (`disconnected(PeripheralIdentifier)`, `failure(Error)`):
    /// the one case with a value is the value, the error case the failure; and the starter
    /// generates.
    @Test func theOneValueCaseIsTheValue() throws {
        let text = scan(
            """
            public enum DisconnectionResult {
                case disconnected(String)
                case failure(Error)
            }
            public final class Bluejay {
                public func disconnect(immediate: Bool = false, completion: ((DisconnectionResult) -> Void)? = nil) {}
            }
            """
        ).text
        #expect(text.contains("    @success(.disconnected)\n"), "\(text)")
        #expect(text.contains("    @failure(.failure)\n"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func disconnect(immediate: Bool = false) async throws -> String {"), "\(swift)")
    }

    /// One value case beside cases without values (Alamofire's `PingResponse`: `pong(Pong)`,
    /// `timeout`, `error(Error)`): the enum itself is the value, so a timeout stays a timeout.
    /// An error case whose documentation says it never comes (Realm's `RealmCollectionChange`)
    /// or that carries no error (Kitura-redis's `RedisResponse.Error(String)`) is no failure.
    @Test func otherCasesKeepTheWholeEnum() throws {
        let text = scan(
            """
            public enum PingResponse {
                case pong(Date)
                case timeout
                case error(Error)
            }
            public enum CollectionChange {
                case initial([Int])
                case update([Int], deletions: [Int])
                /// Errors can no longer occur. This case is unused and will be removed.
                case error(Error)
            }
            public enum RedisResponse {
                case StringValue(String)
                case Error(String)
            }
            public final class Socket {
                public func sendPing(onResponse: @escaping (PingResponse) -> Void) {}
                public func watch(_ block: @escaping (CollectionChange) -> Void) {}
                public func exec(_ callback: @escaping (RedisResponse) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    @failure(.error)\n    // scan: as written, the value is the whole PingResponse"), "\(text)")
        // Not annotated; named only as what to write if '.pong' alone carries the answer.
        #expect(!text.contains("    @success(.pong)\n"), "\(text)")
        #expect(text.components(separatedBy: "@failure(").count == 3, "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func sendPing() async throws -> PingResponse {"), "\(swift)")
        #expect(swift.contains("func exec() async throws -> RedisResponse {"), "\(swift)")
    }
}

/// The fourteenth batch's shapes (decision 83).
@Suite struct ScanFourteenthBatchTests: ScanTesting {
    /// LaunchDarkly's observers: `observe…(owner:handler:)` beside `stopObserving(owner:)`
    /// (an `@objc(stopObservingForOwner:)` method) are streams it stops, said to stop every
    /// handler of the owner; "called once regardless of how many flags changed" is once per
    /// change, not a one-shot.
    @Test func anObserverStoppedByItsOwnerIsAStream() {
        let text = scan(
            """
            public final class Client {
                /// Sets a handler. The closure will only be called once regardless of how many flags changed.
                @objc public func observeAllKeys(owner: Owner, handler: @escaping (Int) -> Void) {}
                @objc(stopObservingForOwner:) public func stopObserving(owner: Owner) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @stream because 'observeAllKeys' calls back until 'stopObserving(owner: owner)'\n    @stream\n"), "\(text)")
        #expect(text.contains("    @cancel(stopObserving(owner: owner))\n"), "\(text)")
        #expect(text.contains("// scan: 'stopObserving(owner: owner)' stops every handler of 'owner'"), "\(text)")
        #expect(!text.contains("documentation says"), "\(text)")
    }

    /// "each time `setOnline:YES` is called" speaks of calls of the method, not its callback.
    @Test func eachTimeTheMethodIsCalledSaysNothing() {
        let text = scan(
            """
            public final class Client {
                /// The SDK enforces a delay each time `setOnline:YES` is called within a short time,
                /// and each time setOnline(true) is called again.
                public func setOnline(_ goOnline: Bool, completion: (() -> Void)? = nil) {}
            }
            """
        ).text
        #expect(!text.contains("@stream"), "\(text)")
    }

    /// A callback property of an options object (Amplitude's `EventOptions.callback`) may be
    /// what a call it is handed to reports through: said.
    @Test func aCallbackPropertyOfOptionsIsAQuestion() {
        let text = scan(
            """
            open class EventOptions {
                public var callback: ((String, Int) -> Void)?
            }
            """
        ).text
        #expect(text.contains("// scan: 'callback' is a setting of EventOptions: as written, a stream of its calls; if the object is handed to a call that reports through it, bridge that call and mark this '@context'"), "\(text)")
    }
}

/// A nil value that is the failure (decision 84).
@Suite struct ScanNilIsFailureTests: ScanTesting {
    /// Perfect-Net's `connect(…, callBack: (NetTCP?) -> ())`, "otherwise, a nil object will be
    /// passed": `@failure(nil)`, and the adapter returns the object or throws. Where nothing
    /// says what nil means, it is returned and the starter says so; `beginSSL(closure: (Bool)
    /// -> ())` beside `endSSL()` is no stream.
    @Test func documentedNilIsTheFailure() throws {
        let text = scan(
            """
            open class NetTCP {
                /// - parameter callBack: Called when the connection completes. If it completes successfully then this instance is passed, otherwise, a nil object will be passed.
                public func connect(address: String, callBack: @escaping (NetTCP?) -> ()) throws {}
                /// - parameter callBack: Called with the new client.
                public func accept(timeoutSeconds: Double, callBack: @escaping (NetTCP?) -> ()) throws {}
                public func beginSSL(closure: @escaping (Bool) -> ()) {}
                public func endSSL() {}
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: @failure(nil) because its documentation says 'otherwise a nil object will be passed'\n    @failure(nil)\n"
                    + "    // scan: assumed from that sentence: if 'callBack' can also get nil when the call succeeded, remove '@failure(nil)' and the adapter returns a NetTCP?\n"
                    + "    public func connect("), "\(text)")
        #expect(text.contains("    // scan: as written, a nil that 'callBack' gets is returned (no NetTCP); if nil means the call failed, write '@failure(nil)'\n    public func accept("), "\(text)")
        #expect(!text.contains("    @stream\n"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func connect(address: String) async throws -> NetTCP {"), "\(swift)")
        #expect(swift.contains("func accept(timeoutSeconds: Double) async throws -> NetTCP? {"), "\(swift)")
    }
}

/// Closures nothing calls back through (decision 85).
@Suite struct ScanUncalledTests: ScanTesting {
    /// A bare `block` of nothing beside a returned value that is no token (Nimble's
    /// `catchBadInstruction(block:) -> BadInstructionException?`) is work the method runs.
    @Test func aBlockRunBeforeItsResultIsWork() {
        let text = scan(
            """
            public final class BadInstructionException {}
            public func catchBadInstruction(block: @escaping () -> Void) -> BadInstructionException? { nil }
            public final class Task { public func cancel() {} }
            public final class Runner {
                public func start(block: @escaping () -> Void) -> Task { Task() }
            }
            """
        ).text
        #expect(text.contains("\n// free functions: catchBadInstruction(block:)"), "\(text)")
        #expect(text.contains("    @cancel(token)\n    public func start(block: @escaping () -> Void) -> Store.Task\n"), "\(text)")
    }

    /// A callback property nothing in the library reads (declared, never called) is said; one
    /// read through `if let callback = onConnected`, `self.whenReachable?(self)` or a typealias
    /// is not.
    @Test func aPropertyNothingCallsIsSaid() {
        let text = scan(
            """
            public typealias NetworkReachable = (Reachability) -> ()
            open class Reachability {
                open var onRejected: (() -> Void)?
                open var onConnected: (() -> Void)?
                public var whenReachable: NetworkReachable?
                func notify() {
                    if let callback = onConnected { callback() }
                    self.whenReachable?(self)
                }
            }
            """
        ).text
        #expect(text.contains("// scan: nothing in these sources calls 'onRejected'"), "\(text)")
        #expect(!text.contains("calls 'onConnected'"), "\(text)")
        #expect(!text.contains("calls 'whenReachable'"), "\(text)")
    }
}

/// The sixteenth batch's shapes (decision 86).
@Suite struct ScanSixteenthBatchTests: ScanTesting {
    /// A token whose stop is a closure property (roberthein/Observable's `Disposable.dispose:
    /// () -> ()`) stops an observer: a stream.
    @Test func aStopThatIsAClosurePropertyIsAToken() {
        let text = scan(
            """
            public final class Disposable {
                public let dispose: () -> ()
                public init(_ dispose: @escaping () -> ()) { self.dispose = dispose }
            }
            public final class Observable<T> {
                public func observe(_ queue: DispatchQueue? = nil, _ observer: @escaping (T, T?) -> Void) -> Disposable { Disposable {} }
            }
            """
        ).text
        #expect(text.contains("    @cancel(token: dispose())\n"), "\(text)")
        #expect(text.contains("    @stream\n"), "\(text)")
    }

    /// A stream of a method that returns the object itself (SwiftTask's `progress(_:) -> Self`
    /// on a `Task` with `cancel()`) is not stopped by cancelling the object; and a computed
    /// callback property (SwiftHTTP's `progress`, which sets another property) is read under
    /// that other name: nothing is said of it being never called.
    @Test func theObjectItselfIsNoStopOfItsStream() {
        let text = scan(
            """
            open class Task {
                public func cancel() {}
                @discardableResult public func progress(_ progressClosure: @escaping (Double) -> Void) -> Self { self }
                var progressHandler: ((Float) -> Void)?
                open var onProgress: ((Float) -> Void)? {
                    set { progressHandler = newValue }
                    get { progressHandler }
                }
            }
            """
        ).text
        #expect(text.contains("    // scan: @cancel(none) because 'progress' returns the Task itself, for chaining: its stop would stop the Task, not this listening\n"), "\(text)")
        #expect(!text.contains("nothing in these sources calls 'onProgress'"), "\(text)")
    }
}

/// The seventeenth batch's shapes (decision 87).
@Suite struct ScanSeventeenthBatchTests: ScanTesting {
    /// A registration whose SDK has its own stream (supabase's `onStatusChange(_:)` beside
    /// `statusChange: AsyncStream<Status>`, `onBroadcast(event:callback:)` beside
    /// `broadcastStream(event:)`) is left to that stream.
    @Test func theSDKsOwnStreamIsTheOneToIterate() {
        let text = scan(
            """
            public final class RealtimeClientV2: Sendable {
                public var statusChange: AsyncStream<Int> { fatalError() }
                public func onStatusChange(_ listener: @escaping @Sendable (Int) -> Void) -> ObservationToken { fatalError() }
                public func broadcastStream(event: String) -> AsyncStream<String> { fatalError() }
                public func onBroadcast(event: String, callback: @escaping @Sendable (String) -> Void) -> ObservationToken { fatalError() }
            }
            public final class ObservationToken: Sendable { public func cancel() {} }
            """
        ).text
        #expect(!text.contains("@stream"), "\(text)")
        #expect(text.contains("\n// RealtimeClientV2: onStatusChange(_:) — the SDK's own stream 'statusChange' is the one to iterate\n"), "\(text)")
        #expect(text.contains("\n// RealtimeClientV2: onBroadcast(event:callback:) — the SDK's own stream 'broadcastStream(event:)' is the one to iterate"), "\(text)")
    }

    /// `startWatching(…, completion:)` beside `stopWatching` and `connect(completion:)` beside
    /// `disconnect` report their outcome: no registration; `observe(_:) -> ObserverToken`
    /// beside `remove(observer:)` is one (malcommac/Repeat).
    @Test func aCompletionBesideItsStopIsTheOutcome() {
        let text = scan(
            """
            public final class ChannelController {
                public func startWatching(isInRecoveryMode: Bool, completion: ((Error?) -> Void)? = nil) {}
                public func stopWatching(completion: ((Error?) -> Void)? = nil) {}
            }
            public final class ObserverToken {}
            public final class Repeater {
                public func observe(_ observer: @escaping (Repeater) -> Void) -> ObserverToken { ObserverToken() }
                public func remove(observer identifier: ObserverToken) {}
                public var onStateChanged: ((Repeater, Int) -> Void)?
                func fire() { onStateChanged?(self, 1) }
            }
            """
        ).text
        #expect(!text.contains("@stream\n    public func startWatching"), "\(text)")
        #expect(text.contains("    @cancel(using: remove(observer:))\n"), "\(text)")
        #expect(text.contains("// scan: 'onStateChanged' also gets the Repeater itself, which you already hold: as written, it is left out of each value"), "\(text)")
    }

    /// A callback property handed cells (XLPagerTabStrip's `changeCurrentIndex`) may be the
    /// caller's code to style them: said.
    @Test func aPropertyHandedCellsIsAQuestion() {
        let text = scan(
            """
            open class ButtonBarViewCell {}
            open class PagerController {
                public var changeCurrentIndex: ((_ oldCell: ButtonBarViewCell?, _ newCell: ButtonBarViewCell?, _ animated: Bool) -> Void)?
                func update() { changeCurrentIndex?(nil, nil, true) }
            }
            """
        ).text
        #expect(text.contains("// scan: 'changeCurrentIndex' is handed a ButtonBarViewCell: if it is your code to configure it, which the library runs at once, mark it '@context'"), "\(text)")
    }
}
