import Generator
@testable import Inventory
import Testing

/// The thirteenth session's readings (decision 120): a handler named after the event it is
/// given, a type deprecated on every Apple platform, and a nil that prose calls a failure.
@Suite struct ScanThirteenthSessionTests: ScanTesting {
    /// SwiftPhoenixClient's and Supabase Realtime's `Presence.onJoin(_ callback: @escaping
    /// OnJoin)`: the method is named after its closure's alias, which is no delegate call of
    /// another SDK's object (`urlSession(_ session: URLSession, …)`), but the event's handler.
    @Test func aMethodNamedAfterItsClosureAliasIsACallback() throws {
        let text = scan(
            """
            public final class Presence {
                public typealias OnJoin = (_ key: String, _ current: String?, _ new: String) -> Void
                public typealias OnSync = () -> Void
                public func onJoin(_ callback: @escaping OnJoin) {}
                public func onSync(_ callback: @escaping OnSync) {}
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'onJoin' registers a handler the SDK calls for each event"), "\(text)")
        #expect(text.contains("// scan: @stream because 'onSync' registers a handler the SDK calls for each event"), "\(text)")
        #expect(!text.contains("@context"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func onJoin() -> _Concurrency.AsyncStream<(String, String?, String)> {"), "\(generated)")
    }

    /// Alamofire's `NetworkReachabilityManager`, `@available(macOS, deprecated: 14.4, message:
    /// "Use NWPathMonitor instead.")` and the same for iOS, tvOS, watchOS and visionOS: left for
    /// what replaces it, as a type deprecated with `*` is. Deprecated on one platform only, it
    /// is bridged.
    @Test func aTypeDeprecatedOnIOSAndMacOSIsLeftForItsReplacement() {
        let text = scan(
            """
            @available(macOS, deprecated: 14.4, message: "Use NWPathMonitor instead.")
            @available(iOS, deprecated: 17.4, message: "Use NWPathMonitor instead.")
            open class ReachabilityManager {
                open func startListening(onUpdatePerforming listener: @escaping (Int) -> Void) -> Bool { true }
                open func stopListening() {}
            }
            @available(iOS, deprecated: 17.4)
            open class Monitor {
                open func startMonitoring(onUpdatePerforming listener: @escaping (Int) -> Void) -> Bool { true }
                open func stopMonitoring() {}
            }
            """
        ).text
        #expect(text.contains("// ReachabilityManager: startListening(onUpdatePerforming:)"), "\(text)")
        #expect(!text.contains("    open func startListening"), "\(text)")
        #expect(text.contains("    open func startMonitoring"), "\(text)")
        #expect(SourceDeclarations.deprecates("@available(OSX, deprecated: 10.15) @available(iOS, introduced: 8, deprecated: 13)"))
        #expect(!SourceDeclarations.deprecates("@available(iOS 13, *) @available(macOS, deprecated: 14)"))
    }

    /// Apphud's `updateUserID(_:callback: ((ApphudUser?) -> Void)?)`, "The user object may be
    /// nil if user registering fails": nil is read as the failure, and the starter says that this
    /// was read from prose, and what to write if a success can hand over nil too.
    @Test func aNilTheDocumentationCallsAFailureIsSaidToBeRead() {
        let text = scan(
            """
            public final class Store {
                /// Updates the user.
                /// - parameter callback: Returns the user. The user object may be nil if user registering fails.
                public static func updateUserID(_ userID: String, callback: ((User?) -> Void)? = nil) {}
            }
            public final class User {}
            """
        ).text
        #expect(text.contains("@failure(nil)"), "\(text)")
        #expect(
            text.contains(
                "// scan: assumed from that sentence: if 'callback' can also get nil when the call succeeded, remove '@failure(nil)' and the adapter returns a User?"
            ), "\(text)")
    }

    /// Facebook's `uploadImage(with:completion: (_ success: Bool, _ result: [String: Any]?, _
    /// error: Error?) -> Void, andProgressHandler:)`: the outcome closure beside progress is read
    /// as the only one would be, and whether a success may come without a result is said.
    @Test func theOutcomeBesideProgressIsReadAsTheOnlyOne() {
        let text = scan(
            """
            public typealias ResultCompletion = (_ success: Bool, _ result: [String: Any]?, _ error: Error?) -> Void
            public typealias ProgressHandler = (_ sent: Int64, _ total: Int64) -> Void
            public final class Uploader {
                public static func upload(path: String, completion: @escaping ResultCompletion) {}
                public static func upload(path: String, completion: @escaping ResultCompletion, andProgressHandler progressHandler: ProgressHandler?) {}
            }
            """
        ).text
        #expect(text.components(separatedBy: "\n    @asyncError(zeroArgument: 1)").count == 3, "\(text)")
        #expect(
            text.contains(
                "// scan: as written, a success without 'result' throws BridgegenError.noResult; if the SDK may succeed with nil, write '@nullableResult' (the adapter then returns [String: Any]?)"
            ), "\(text)")
    }

    /// NextLevel's `GIFCreator.create(…, completionHandler: (_ completed: Bool, _ gifPath: URL?)
    /// -> Void)`: a flag and a value, no error: returned together, and said.
    @Test func aFlagBesideAValueWithoutAnErrorIsSaid() {
        let text = scan(
            """
            public final class GIFCreator {
                public func create(images: [String], completionHandler: ((_ completed: Bool, _ gifPath: URL?) -> Void)? = nil) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: as written, the Bool that 'completionHandler' gets is returned beside the URL; if false means the call failed, write '@asyncError(zeroArgument: 1)'"
            ), "\(text)")
    }

    /// NextLevel's `requestAuthorization(forMediaType mediaType: AVMediaType, completionHandler:
    /// (AVMediaType, AuthorizationStatus) -> Void)`: the unnamed media type is the one passed,
    /// by its type. Not a plain `String`, which may be anything.
    @Test func anUnnamedValueOfAPassedTypeIsSaidToBeHandedBack() {
        let text = scan(
            """
            public struct MediaType {}
            public enum AuthorizationStatus { case authorized, denied }
            public final class Camera {
                public static func requestAuthorization(forMediaType mediaType: MediaType, completionHandler: @escaping (MediaType, AuthorizationStatus) -> Void) {}
                public static func lookUp(name: String, completionHandler: @escaping (String, AuthorizationStatus) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: 'completionHandler' hands back 'mediaType', which the caller passed"), "\(text)")
        #expect(!text.contains("hands back 'name'"), "\(text)")
    }

    /// CameraManager's `capturePictureWithCompletion(_:)`: Objective-C's naming of the call's own
    /// completion, not the end of each of many things (`clientConnectionCompleted`).
    @Test func aMethodNamedWithCompletionIsOneCall() {
        let text = scan(
            """
            open class Camera {
                open func capturePictureWithCompletion(_ imageCompletion: @escaping (String) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("@stream"), "\(text)")
        #expect(!ClosureRoleNames.namesEndOfEach("shootWithCompletion"))
        #expect(ClosureRoleNames.namesEndOfEach("clientConnectionCompleted"))
    }

    /// Facebook's `logIn(configuration:completion: (LoginResult) -> Void)`, `LoginResult`'s
    /// `.success(granted:declined:token:)`, `.cancelled`, `.failed(Error)`: the one-shot returns
    /// nil for the case without values, which is said.
    @Test func anOutcomeCaseWithoutValuesIsSaidToReturnNil() throws {
        let text = scan(
            """
            public enum LoginResult {
                case success(granted: Set<String>, declined: Set<String>, token: String?)
                case cancelled
                case failed(Error)
            }
            public final class LoginManager {
                public func logIn(configuration: String?, completion: @escaping (LoginResult) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: as written, '.cancelled' returns nil; if you want the LoginResult itself, bridge a method of yours that hands it on"),
            "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func logIn(configuration: String?) async throws -> (Set<String>, Set<String>, String?)? {"), "\(generated)")
    }

    /// StreamChat's `sendKeystrokeEvent(parentMessageId:completion:)`: "This method is meant to
    /// be called every time the user presses a key" speaks of calls of the method, not of its
    /// completion.
    @Test func aMethodCalledEveryTimeIsNoStream() {
        let text = scan(
            """
            public final class ChannelController {
                /// Sends the start typing event.
                ///
                /// This method is meant to be called every time the user presses a key. The method will manage requests as needed.
                ///
                /// - Parameter completion: a completion block with an error if the request was failed.
                public func sendKeystrokeEvent(parentMessageId: String? = nil, completion: ((Error?) -> Void)? = nil) {}
            }
            """
        ).text
        #expect(!text.contains("@stream"), "\(text)")
    }

    /// Kinvey's `User.logout(options:completionHandler:) -> AnyRequest<Swift.Result<Void,
    /// Swift.Error>>`: the returned request's type is `AnyRequest`, read before the dots of its
    /// generic arguments (it was read as `Error>>`, found no `cancel()`, and the method was taken
    /// for an operator with hooks).
    @Test func aReturnedGenericRequestIsReadByItsOwnName() {
        let text = scan(
            """
            public protocol Request { func cancel() }
            public class AnyRequest<Result>: Request {
                public func cancel() {}
            }
            open class User {
                @discardableResult
                open func logout(options: String? = nil, completionHandler: ((Swift.Result<Void, Swift.Error>) -> Void)? = nil) -> AnyRequest<Swift.Result<Void, Swift.Error>> { fatalError() }
            }
            """
        ).text
        #expect(text.contains("// scan: @cancel(token) because the returned AnyRequest<Swift.Result<Void, Swift.Error>> has cancel()"), "\(text)")
        #expect(!text.contains("@context"), "\(text)")
    }

    /// MySQLNIO's `query(_:_:onRow:onMetadata:) -> EventLoopFuture<Void>`: the per-item closure
    /// comes before a hook, so it is named as the event (generate takes the last closure
    /// otherwise), and the hook stays a parameter.
    @Test func aPerItemClosureBeforeAHookIsNamedTheEvent() throws {
        let text = scan(
            """
            import NIOCore
            public protocol MySQLDatabase {
                func query(_ sql: String, _ binds: [String], onRow: @escaping (String) throws -> (), onMetadata: @escaping (Int) throws -> ()) -> EventLoopFuture<Void>
            }
            """
        ).text
        #expect(text.contains("    // scan: @event(onRow) because the closures after it are hooks the caller may pass\n    @event(onRow)\n"), "\(text)")
        let generated = try generate(text)
        #expect(
            generated.contains(
                "func query(_ sql: String, _ binds: [String], onMetadata: @escaping @Sendable (Int) throws -> ()) -> _Concurrency.AsyncThrowingStream<String, any Swift.Error> {"
            ), "\(generated)")
    }

    /// DKImagePickerController's `exportAssetsAsynchronously(assets:completion: (_ info:
    /// [AnyHashable: Any]) -> Void)`: an info dictionary may carry the failure under a key,
    /// which no declaration shows; said.
    @Test func anInfoDictionaryIsSaidToMayCarryTheFailure() {
        let text = scan(
            """
            public final class Exporter {
                public func exportAssets(assets: [String], completion: ((_ info: [AnyHashable : Any]) -> Void)?) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: 'completion' gets an info dictionary: as written, part of the value; if its keys say that the call failed or was cancelled, bridge a method of yours that throws then"
            ), "\(text)")
    }

    /// MySQLNIO's `MySQLDatabase`, held by the library's own wrapper: only its requirements are
    /// what the library calls on the conformer it holds; `query(_:onRow:)`, declared by its
    /// extension, is the app's to call.
    @Test func onlyAHeldProtocolsRequirementsAreCalledByTheLibrary() {
        let text = scan(
            """
            public protocol Database {
                func send(_ command: String, completion: @escaping (Error?) -> Void)
            }
            extension Database {
                public func query(_ sql: String, completion: @escaping ([String]?, Error?) -> Void) {}
            }
            public final class Connection: Database {
                public func send(_ command: String, completion: @escaping (Error?) -> Void) {}
            }
            struct LoggingDatabase {
                let database: Database
                func run() { database.send("PING") { _ in } }
            }
            """
        ).text
        #expect(text.contains("// scan: the library keeps a Database in 'LoggingDatabase.database' and calls 'send' itself"), "\(text)")
        #expect(!text.contains("calls 'query' itself"), "\(text)")
    }
}
