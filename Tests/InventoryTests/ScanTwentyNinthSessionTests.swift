@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the twenty-ninth session taught (decision 144): batch 76 on first contact.
@Suite struct ScanTwentyNinthSessionTests: ScanTesting {
    static let emptyResult = """
        public typealias FrolloSDKCompletionHandler = (EmptyResult<Error>) -> Void
        public enum EmptyResult<Failure> {
            case success
            case failure(Failure)
        }

        """

    /// Frollo's `updateUser(securityCode:completion:)`: "This should be called whenever details …
    /// are altered" tells the app when to call the method; it says nothing of its closure.
    @Test func aSentenceAboutCallingThisMethodSaysNothingOfItsClosure() {
        let read = { (text: String) in
            DocumentedFrequency.read(text.split(separator: "\n").map(String.init), callback: "completion", otherParameters: [])
        }
        #expect(read("Updates the user. This should be called whenever details or statistics about a user are altered.") == nil)
        #expect(read("This method must be called whenever the token changes.") == nil)
        #expect(read("This function may be called repeatedly.") == nil)
        #expect(read("The handler is called whenever the user changes.")?.kind == .many)
    }

    /// Frollo's `FrolloSDKCompletionHandler = (EmptyResult<Error>) -> Void` (`success`,
    /// `failure(Failure)`), named by 102 methods. One of them documented "called whenever" was
    /// inferred a stream, which no case of the enum could carry: generate's error at the
    /// typealias commented it out, and every method naming it became "not bridgeable: no
    /// completion handler found". An enum of a failure and cases without values reports one
    /// outcome, whatever else says many.
    @Test func anEnumOfNoEventIsOneOutcomeEvenWhereTheDocumentationSaysMany() throws {
        let text = scan(
            Self.emptyResult + """
                public class Users {
                    public func refreshUser(completion: FrolloSDKCompletionHandler? = nil) {}
                    /// Watches the user: the handler is called whenever the user changes.
                    public func watchUser(completion: @escaping FrolloSDKCompletionHandler) {}
                }
                """
        ).text
        #expect(text.contains("\npublic typealias FrolloSDKCompletionHandler = (EmptyResult<Error>) -> Void\n"), "\(text)")
        #expect(text.contains("\n    public func refreshUser(completion: FrolloSDKCompletionHandler? = nil)\n"), "\(text)")
        #expect(
            text.contains("// scan: one-shot: the cases of 'EmptyResult' (.success, .failure) report one outcome\n    public func watchUser(completion:"),
            "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func refreshUser() async throws {"), "\(generated)")
        #expect(generated.contains("func watchUser() async throws {"), "\(generated)")
    }

    /// generate names the declaration whose reading found an error at another line.
    @Test func anErrorAtATypealiasNamesTheDeclarationThatCausedIt() {
        let source = Self.emptyResult + """
            extension Users {
                public func refreshUser(completion: FrolloSDKCompletionHandler? = nil)
                @stream
                public func watchUser(completion: @escaping FrolloSDKCompletionHandler)
            }
            """
        let (file, parseDiagnostics) = Parser.parse(Array(source.utf8))
        #expect(parseDiagnostics.isEmpty, "\(parseDiagnostics)")
        let (_, diagnostics) = Analyzer.analyse(file)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1 && errors[0].location.line == 1, "\(errors)")
        #expect(errors.first?.notes.last?.message == "while reading 'watchUser(completion:)'")
        #expect(errors.first?.notes.last?.location?.line == 9)
    }

    /// RxSwift's `Completable.subscribe(_ observer: (CompletableEvent) -> Void) -> Disposable`:
    /// a registration, but of an enum with a failure and an end only. One outcome, a one-shot;
    /// as a stream it would be empty (generate refused it).
    @Test func aRegistrationOfAFailureAndAnEndOnlyIsAOneShot() throws {
        let text = scan(
            """
            public enum CompletableEvent {
                case error(Swift.Error)
                case completed
            }
            public protocol Disposable { func dispose() }
            public struct Completable {
                public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable { fatalError() }
            }
            """
        ).text
        #expect(text.contains("// scan: one-shot: the cases of 'CompletableEvent' (.error, .completed) report one outcome"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func subscribe() async throws {"), "\(generated)")
    }

    /// BlueTriangle's `verifySessionStitchingOnWebView(_ webView: WKWebView, completion: (String?,
    /// Error?) -> Void)`: a web view first, but a closure that reports an error is the SDK's own
    /// outcome, not a delegate's handler the app passes on.
    @Test func aSystemObjectFirstAndAnErrorInTheClosureIsTheSDKsOwnCall() throws {
        let text = scan(
            """
            import WebKit
            public class BTTWebViewTracker {
                public static func verifySessionStitchingOnWebView(_ webView: WKWebView, completion: @escaping (String?, Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("\n    public static func verifySessionStitchingOnWebView(_ webView: WKWebView, completion: @escaping (String?, Error?) -> Void)\n"), "\(text)")
    }

    /// SuprSend's `Push.didReceive(_:withContentHandler:)` never calls its handler (it tracks the
    /// delivery and leaves the content to the app); its `SuprSendNotificationService`, a
    /// `UNNotificationServiceExtension`, overrides a method of that signature and calls its own.
    /// An override speaks only for the classes it inherits from: `Push`'s handler is dropped.
    /// Customer.io's `MessagingPush.didReceive(_:withContentHandler:) -> Bool`, which calls it,
    /// stays bridged.
    @Test func anOverrideInAnUnrelatedClassDoesNotSpeakForADroppedHandler() throws {
        let text = scan(
            """
            import UserNotifications
            public class Push {
                public func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    Task {
                        await track(request)
                    }
                }
                func track(_ request: UNNotificationRequest) async {}
            }
            open class SuprSendNotificationService: UNNotificationServiceExtension {
                public override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content
                    contentHandler(content)
                }
            }
            public class MessagingPush {
                public func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) -> Bool {
                    let content = request.content
                    contentHandler(content)
                    return true
                }
            }
            """
        ).text
        #expect(text.contains("Push: didReceive(_:withContentHandler:) — its body never uses 'contentHandler'"), "\(text)")
        #expect(text.contains("\n    public func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) -> Bool\n"), "\(text)")
    }

    /// BlueTriangle's `btDataTask(with:completionHandler:)` beside its `btData(for:delegate:)
    /// async`: URLSession's pair under the SDK's prefix, the async form the one to call.
    @Test func aPrefixedDataTaskHasItsPrefixedAsyncForm() {
        let text = scan(
            """
            import Foundation
            extension URLSession {
                public func btDataTask(with request: URLRequest, completionHandler: @escaping (Data?, URLResponse?, Error?) -> Void) -> URLSessionDataTask { fatalError() }
                public func btData(for request: URLRequest, delegate: URLSessionTaskDelegate? = nil) async throws -> (Data, URLResponse) { fatalError() }
            }
            """
        ).text
        #expect(text.contains("the SDK's own async form 'btData(for:delegate:)'"), "\(text)")
    }

    /// NIOPosix's `MultiThreadedEventLoopGroup: EventLoopGroup` implements `shutdownGracefully(
    /// queue:_:)`, whose async form NIOCore declares in an extension of `EventLoopGroup`: with
    /// NIOCore's sources as a dependency, scan leaves it to that form.
    @Test func aDependencysProtocolExtensionHoldsTheAsyncForm() {
        var scan = Scan()
        scan.modules = ["NIOPosix"]
        scan.dependencyFiles = [
            Scan.File(
                path: "Sources/NIOCore/EventLoop.swift",
                bytes: Array(
                    """
                    import Dispatch
                    public protocol EventLoopGroup: AnyObject {
                        func shutdownGracefully(queue: DispatchQueue, _ callback: @escaping @Sendable (Error?) -> Void)
                    }
                    extension EventLoopGroup {
                        public func shutdownGracefully() async throws {}
                    }
                    """.utf8))
        ]
        let text = scan.run([
            Scan.File(
                path: "Sources/NIOPosix/Group.swift",
                bytes: Array(
                    """
                    import Dispatch
                    import NIOCore
                    public final class MultiThreadedEventLoopGroup: EventLoopGroup {
                        public func shutdownGracefully(queue: DispatchQueue, _ handler: @escaping @Sendable (Error?) -> Void) {}
                        /// Convert the calling thread into an `EventLoop`.
                        ///
                        /// This function will not return until the `EventLoop` has stopped.
                        ///
                        /// - Parameters:
                        ///   - callback: Called _on_ the `EventLoop`, providing you the `EventLoop` reference.
                        public static func withCurrentThreadAsEventLoop(_ callback: @escaping (EventLoop) -> Void) {}
                    }
                    public protocol EventLoop {}
                    """.utf8))
        ]).text
        #expect(text.contains("the SDK's own async form 'shutdownGracefully()'"), "\(text)")
        #expect(text.contains("withCurrentThreadAsEventLoop(_:) — its documentation says 'not return until': it blocks its caller, and its closure is work run meanwhile"), "\(text)")
    }

    /// Frollo's `Authentication.adapt(_ urlRequest: URLRequest, for session: Session, completion:
    /// (Result<URLRequest, Error>) -> Void)`, Alamofire's `RequestAdapter` requirement: it hands
    /// back what it is handed, a hook the library calls. Bridged (KakaoSDK's oracle wants it),
    /// and said.
    @Test func aMethodThatHandsBackWhatItIsHandedIsSaidToBeAHook() {
        let text = scan(
            """
            import Foundation
            public final class Session {}
            public class Authentication {
                public func adapt(_ urlRequest: URLRequest, for session: Session, completion: @escaping (Result<URLRequest, Error>) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: 'adapt' hands back a 'URLRequest' as it is handed one ('urlRequest'): if the library calls it to let you change it (an interceptor), mark it '@context'\n    public func adapt("
            ), "\(text)")
        #expect(StarterBlock.successType(of: "Result<[String: Int], Error>") == "[String: Int]")
        #expect(StarterBlock.successType(of: "URLRequest?") == "URLRequest")
    }

    /// Frollo's `OAuth2Authentication.loginUserUsingWeb` overloads, one under `#if os(iOS) &&
    /// !CORE` and one under `#if os(macOS)` inside the class: the starter pasted both without
    /// a condition, and the generated file compiled on no platform (found reading Frollo's
    /// adapters by hand). Each goes in an extension under its condition now; a declaration both
    /// branches of an `#if … #else` make alike stays the type's.
    @Test func membersUnderAnIfOfTheirOwnKeepTheirCondition() throws {
        let text = scan(
            """
            import Foundation
            public class OAuth2Authentication {
                public func refreshTokens(completion: @escaping (Error?) -> Void) {}
                #if os(iOS) && !CORE
                public func loginUserUsingWeb(presenting controller: UIViewController, completion: @escaping (Error?) -> Void) {
                    #if DEBUG
                    print(controller)
                    #endif
                    queue.async { completion(nil) }
                }
                #endif
                #if os(macOS)
                public func loginUserUsingWeb(scopes: [String], completion: @escaping (Error?) -> Void) { completion(nil) }
                #else
                public func upload(completion: @escaping (Error?) -> Void) { completion(nil) }
                #endif
                #if os(macOS)
                public func upload(completion: @escaping (Error?) -> Void)
                #endif
            }
            """
        ).text
        #expect(
            text.contains(
                "#if os(iOS) && !CORE\nextension OAuth2Authentication {\n    public func loginUserUsingWeb(presenting controller: UIViewController, completion: @escaping (Error?) -> Void)\n}\n#endif"
            ), "\(text)")
        #expect(text.contains("#if os(macOS)\nextension OAuth2Authentication {\n    public func loginUserUsingWeb(scopes: [String], completion: @escaping (Error?) -> Void)\n}\n#endif"), "\(text)")
        #expect(text.contains("extension OAuth2Authentication {\n    public func refreshTokens(completion: @escaping (Error?) -> Void)\n\n    public func upload(completion:"), "\(text)")
        #expect(text.components(separatedBy: "func upload(").count == 2, "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("#if os(macOS)"), "\(generated)")
    }
}
