@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the thirty-first session taught (decision 145): batch 80 on first contact.
@Suite struct ScanThirtyFirstSessionTests: ScanTesting {
    /// Uber's `Response`, a class whose stored `error: UberError?` is the request's failure
    /// (`UberError` is no `Error`), handed beside the model. Before, the adapter returned
    /// `([Product], Response)` and never threw, with nothing said.
    static let uberLike = """
        public class UberError: Decodable {
            public var title: String?
        }
        public class Response {
            public var data: Data?
            public var statusCode: Int
            public var error: UberError?
        }
        public class RidesClient {
            public func fetchProducts(pickupLocation location: String, completion: @escaping (_ products: [Product], _ response: Response) -> Void) {}
            public func fetchProduct(productID: String, completion: @escaping (_ product: Product?, _ response: Response) -> Void) {}
            public func cancelRide(requestID: String, completion: @escaping (_ response: Response) -> Void) {}
            public func rideReceipt(requestID: String, completion: @escaping (_ response: Response) -> Void) {}
        }
        """

    @Test func aValueThatCarriesTheFailureBesideTheModelIsThrownNotReturned() throws {
        let text = scan(Self.uberLike).text
        #expect(
            text.contains(
                "    @asyncError(message: 2.error)\n    // scan: as written, the Response's 'data', 'statusCode' are left out of the value; if the call is for them too, remove the '@asyncError' (the Response is then returned with the value, its 'error' not thrown)\n    public func fetchProducts(pickupLocation location: String, completion: @escaping (_ products: [Product], _ response: Response) -> Void)\n"),
            "\(text)")
        // An optional model: nil without the failure throws, said.
        #expect(text.contains("// scan: as written, 'product' nil without a failure throws BridgegenError.noResult; if nil is a value (an absent one), add '@nullableResult'"), "\(text)")
        // What else it carries beside the value is left out, said.
        #expect(text.contains("// scan: as written, the Response's 'data', 'statusCode' are left out of the value; if the call is for them too, remove the '@asyncError'"), "\(text)")
        // Alone, with more than its failure, it is what the call is for: returned whole, said.
        #expect(
            text.contains(
                "// scan: 'Response' carries its own failure ('error'): as written, it is the value, whole, and a failure is not thrown; check its 'error', or bridge a method of yours that throws it\n    public func rideReceipt("),
            "\(text)")
        // Unless the method is a command (decision 165): what it is for is done when nothing is
        // thrown, and what else the carrier has is left out, said.
        #expect(
            text.contains(
                "    @asyncError(message: 1.error)\n    // scan: as written, the Response's 'data', 'statusCode' are left out of the value; if the call is for them too, remove the '@asyncError' (the Response is then returned with the value, its 'error' not thrown)\n    public func cancelRide("),
            "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func fetchProducts(pickupLocation location: String) async throws -> [Product] {"), "\(generated)")
        #expect(generated.contains("func fetchProduct(productID: String) async throws -> Product {"), "\(generated)")
        #expect(generated.contains("func cancelRide(requestID: String) async throws {"), "\(generated)")
        #expect(generated.contains("func rideReceipt(requestID: String) async throws -> Response {"), "\(generated)")
        // One thing left out is said in the singular.
        let single = scan(Self.uberLike.replacingOccurrences(of: "public var data: Data?\n", with: "")).text
        #expect(single.contains("// scan: as written, the Response's 'statusCode' is left out of the value;"), "\(single)")
        #expect(generated.contains("if let failure = response.error {\n"), "\(generated)")
        #expect(generated.contains("continuation.resumeWithFailureStatus(failure)"), "\(generated)")
    }

    /// A command is named for a change and what it changes (`cancelRide`, Kommunicate's
    /// `updateTeam`); a verb alone is an HTTP method's (Just's `delete(_:…)`), whose response is
    /// what the call is for, and a getter is no command.
    @Test func aCommandIsAVerbOfChangeBeforeWhatItChanges() {
        for name in ["cancelRide", "updateTeam", "deleteFile", "logoutUser", "removeMember", "unregisterDevice"] {
            #expect(ClosureRoleNames.namesChange(name), "\(name)")
        }
        for name in ["delete", "update", "fetchRide", "rideReceipt", "getUpdates", "execute", "cancellable"] {
            #expect(!ClosureRoleNames.namesChange(name), "\(name)")
        }
    }

    /// DRACOON's `Dracoon.Response`, a nested struct whose one property is `error:
    /// DracoonError?`, an `Error`: thrown as it is, the call returns nothing.
    @Test func aNestedCarrierOfAnErrorIsThrownAsItIs() throws {
        let text = scan(
            """
            public struct DracoonError: Error {}
            public enum Dracoon {
                public struct Response {
                    public let error: DracoonError?
                }
            }
            public protocol DracoonNodes {
                func deleteNodes(request: String, completion: @escaping (Dracoon.Response) -> Void)
            }
            """
        ).text
        #expect(text.contains("    @asyncError(thrown: 1.error)\n    func deleteNodes("), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func deleteNodes(request: String) async throws {"), "\(generated)")
        #expect(generated.contains("continuation.resume(throwing: failure)"), "\(generated)")
    }

    /// Not a computed `error` (Web3.swift's, read off its `status`, which generate reads as an
    /// outcome), nor a carrier beside an error parameter of its own, which is the failure.
    @Test func aComputedErrorOrOneBesideAnErrorParameterIsNoCarrier() {
        let text = scan(
            """
            public struct Reply {
                public var body: String
                public var error: Error? { nil }
            }
            public struct Envelope {
                public var error: Error?
            }
            public class Client {
                public func get(completion: @escaping (Reply) -> Void) {}
                public func put(completion: @escaping (Envelope?, Error?) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("@asyncError"), "\(text)")
    }

    /// SwiftSH's `@available(*, unavailable) public class SCPSession` (a stub): nothing of it
    /// can be called, so its adapters, and its extensions', would not compile.
    @Test func anUnavailableTypeAndItsExtensionsAreNotBridged() {
        let text = scan(
            """
            @available(*, unavailable)
            public class SCPSession {
                public func download(_ from: String, completion: @escaping (Data?, Error?) -> Void) {}
            }
            extension SCPSession {
                public func upload(_ to: String, completion: @escaping (Error?) -> Void) {}
            }
            public class SSHSession {
                public func connect(_ completion: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("SCPSession"), "\(text)")
        #expect(text.contains("public func connect(_ completion: @escaping (Error?) -> Void)"), "\(text)")
    }

    /// MeiliSearch's `URLSessionProtocol.execute(with:completionHandler:) ->
    /// URLSessionDataTaskProtocol`, whose one method, `resume()`, is documented "Trigger HTTP
    /// request": the one-shot starts it, though nothing stops it. Before, the adapter never
    /// started the task, and the call waited until it was cancelled.
    @Test func aReturnedTaskWhoseResumeTriggersTheRequestIsStarted() throws {
        let text = scan(
            """
            public protocol URLSessionDataTaskProtocol {
                /// Trigger HTTP request.
                func resume()
            }
            public protocol URLSessionProtocol {
                func execute(with request: URLRequest, completionHandler: @escaping (Data?, URLResponse?, Error?) -> Void) -> URLSessionDataTaskProtocol
            }
            """
        ).text
        #expect(text.contains("    @start(resume())\n"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains(".resume()"), "\(generated)")
    }

    /// Gigya's `BusinessApiDelegate`: named for a delegate, but every requirement is a call that
    /// takes a completion handed an outcome, and the SDK's own `BusinessApiService` implements
    /// it: a service the app calls. A delegate the app writes (no conformer here, or requirements of events) stays
    /// one.
    @Test func aDelegateNamedProtocolTheModuleImplementsWithCompletionsIsAService() throws {
        let text = scan(
            """
            public protocol BusinessApiDelegate: AnyObject {
                func sendApi(api: String, params: [String: Any], completion: @escaping (Result<String, Error>) -> Void)
                func callLogout(completion: @escaping (Result<String, Error>) -> Void)
            }
            class BusinessApiService {}
            public final class Provider {
                public var delegate: BusinessApiDelegate?
            }
            extension BusinessApiService: BusinessApiDelegate {
                func sendApi(api: String, params: [String: Any], completion: @escaping (Result<String, Error>) -> Void) {}
                func callLogout(completion: @escaping (Result<String, Error>) -> Void) {}
            }
            public protocol AuthUIDelegate: NSObjectProtocol {
                func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)?)
                func dismiss(animated flag: Bool, completion: (() -> Void)?)
            }
            final class AuthDefaultUIDelegate: NSObject, AuthUIDelegate {}
            public protocol PlayerDelegate: AnyObject {
                func player(_ player: Player, didFinish item: String)
                func player(_ player: Player, shouldPlay item: String, completion: @escaping (Bool) -> Void)
            }
            """
        ).text
        #expect(text.contains("extension BusinessApiDelegate {\n    func sendApi(api: String, params: [String: Any], completion:"), "\(text)")
        #expect(!text.contains("Delegate protocol BusinessApiDelegate"), "\(text)")
        #expect(text.contains("Delegate protocol PlayerDelegate"), "\(text)")
        // FirebaseAuth's `AuthUIDelegate` mirrors UIKit's presentation, completions handed
        // nothing: the app implements it, though the SDK's own default conforms.
        #expect(text.contains("Delegate protocol AuthUIDelegate"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func callLogout() async throws -> String {"), "\(generated)")
    }

    /// Frollo's `setup(configuration:completion:) -> Progress?`: a `Progress(totalUnitCount: 1)`
    /// the library makes to report its migration, whose cancellation nothing reads. Taken for
    /// the cancel token, a cancelled call threw while the setup went on. A library that reads
    /// the cancellation keeps it as the token.
    @Test func aProgressTheLibraryOnlyReportsWithIsNoCancelToken() throws {
        let source = """
            public class Frollo {
                @discardableResult public func setup(completion: @escaping (Error?) -> Void) -> Progress? {
                    let progress = Progress(totalUnitCount: 1)
                    migrate { error in completion(error) }
                    return progress
                }
            }
            """
        let text = scan(source).text
        #expect(text.contains("    @cancel(none)\n    @discardableResult public func setup("), "\(text)")
        let generated = try generate(text)
        #expect(!generated.contains(".cancel()"), "\(generated)")
        let read = scan(source.replacingOccurrences(of: "return progress", with: "progress.cancellationHandler = {}; return progress")).text
        #expect(!read.contains("@cancel(none)"), "\(read)")
    }

    /// Frollo's `requestsToRetry`, a list of kept completions the library calls and then empties
    /// (`removeAll()`): cleared, so no "which nothing clears" note. Before, only `= nil` counted.
    @Test func aListOfKeptClosuresEmptiedIsCleared() {
        let source = """
            public final class Authentication {
                private var requestsToRetry: [(Int) -> Void] = []
                public func retry(completion: @escaping (Int) -> Void) {
                    requestsToRetry.append(completion)
                }
                private func refreshed() {
                    requestsToRetry.forEach { $0(1) }
                    requestsToRetry.removeAll()
                }
            }
            """
        let note = "'retry' keeps 'completion' in 'requestsToRetry', which nothing clears"
        #expect(scan(source.replacingOccurrences(of: "requestsToRetry.removeAll()", with: "")).text.contains(note))
        let text = scan(source).text
        #expect(!text.contains(note), "\(text)")
    }
}
