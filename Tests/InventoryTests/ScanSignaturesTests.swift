import Generator
@testable import Inventory
import Testing

/// What names and signatures say on libraries first met in the eighth session (batch 18 of
/// docs/real-sdks.md): a per-item closure and the end of the call, a stop that takes the
/// returned handle, a callback that only reports failure, and async forms with more labels or
/// under other names.
@Suite struct ScanSignaturesTests: ScanTesting {
    /// SignalR's `stream(method:arguments:streamItemReceived:invocationDidComplete:) ->
    /// StreamHandle`: an item closure named for its receipt and an end named `…DidComplete` make
    /// a stream, stopped by the type's `cancel…` method that takes the handle; the stop's own
    /// failure report gets a closure that ignores it.
    @Test func itemsBesideADidCompleteAreAStreamStoppedByCancel() throws {
        let text = scan(
            """
            public final class StreamHandle {}
            public final class HubConnection {
                public func stream<T: Decodable>(method: String, streamItemReceived: @escaping (_ item: T) -> Void, invocationDidComplete: @escaping (_ error: Error?) -> Void) -> StreamHandle { StreamHandle() }
                public func cancelStreamInvocation(streamHandle: StreamHandle, cancelDidFail: @escaping (_ error: Error) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @stream because 'streamItemReceived' is called for each event and 'invocationDidComplete' ends them\n"), "\(text)")
        #expect(text.contains("    @cancel(cancelStreamInvocation(streamHandle: $token, cancelDidFail: { _ in }))\n"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func stream<T: Decodable>(method: String) -> _Concurrency.AsyncThrowingStream<T, any Swift.Error>"), "\(swift)")
        #expect(swift.contains("self.cancelStreamInvocation(streamHandle: returnedToken, cancelDidFail: { _ in })"), "\(swift)")
    }

    /// A callback called only when the call fails (`cancelDidFail`) has nothing that says
    /// success: a one-shot would wait after every success until it is cancelled. Not a
    /// registration for errors, which is a stream.
    @Test func aCallbackOnlyForFailureIsNotBridged() {
        let text = scan(
            """
            public final class HubConnection {
                public func cancelInvocation(id: String, cancelDidFail: @escaping (_ error: Error) -> Void) {}
                public func onError(_ handler: @escaping (Error) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains("    @context  // 'cancelDidFail' is called only when 'cancelInvocation' fails: after a success a one-shot would wait until it is cancelled\n"),
            "\(text)")
        #expect(text.contains("    public func onError(_ handler: @escaping (Error) -> Void)\n"), "\(text)")
    }

    /// FirebaseAuth's `sendPasswordReset(withEmail:completion:)` beside
    /// `sendPasswordReset(withEmail:actionCodeSettings: = nil) async throws`: the async form
    /// takes one more parameter, with a default; it is the one to call. Not one whose extra
    /// parameter must be given.
    @Test func anAsyncFormWithMoreDefaultedLabelsIsTheOneToCall() {
        let text = scan(
            """
            public final class Auth {
                public func sendPasswordReset(withEmail email: String, completion: ((Error?) -> Void)? = nil) {}
                public func sendPasswordReset(withEmail email: String, actionCodeSettings: String? = nil) async throws {}
                public func verify(_ number: String, completion: @escaping (String?, Error?) -> Void) {}
                public func verify(_ number: String, session: String) async throws -> String { "" }
                public func putData(_ data: Data, metadata: String? = nil, completion: ((Result<String, Error>) -> Void)? = nil) {}
                public func putDataAsync(_ data: Data, metadata: String? = nil, onProgress: ((Double) -> Void)? = nil) async throws -> String { "" }
            }
            """
        ).text
        // FirebaseStorage: named with `Async` after it, taking a progress closure with a default.
        #expect(text.contains("    @context  // the SDK's own async form 'putDataAsync(_:metadata:onProgress:)' is the one to call\n"), "\(text)")
        #expect(text.contains("    @context  // the SDK's own async form 'sendPasswordReset(withEmail:actionCodeSettings:)' is the one to call\n"), "\(text)")
        #expect(text.contains("    public func verify(_ number: String, completion"), "\(text)")
        #expect(!text.contains("the SDK's own async form 'verify(_:session:)'"), "\(text)")
    }

    /// Async forms under other names are asked about: the first label written into the name,
    /// Objective-C's way (`getIDTokenForcingRefresh(_:completion:)` and `getIDToken(forcingRefresh:)`),
    /// `…WithCompletion` (`getSessionWithCompletion(_:)` and `session()`), and one that takes the
    /// same types and returns the callback's value (APIKit's `send(_:handler:)` and `response(for:)`).
    @Test func asyncFormsUnderOtherNamesAreQuestions() {
        let text = scan(
            """
            public final class User {
                public func getIDTokenForcingRefresh(_ force: Bool, completion: ((String?, Error?) -> Void)?) {}
                public func getIDToken(forcingRefresh: Bool) async throws -> String { "" }
                public func getSessionWithCompletion(_ completion: ((String?, Error?) -> Void)?) {}
                public func session() async throws -> String { "" }
            }
            public final class Session {
                public func send(_ request: Int, handler: @escaping (Result<String, Error>) -> Void) {}
                public func response(for request: Int) async throws -> String { "" }
            }
            """
        ).text
        #expect(text.contains("    // scan: the SDK has 'getIDToken(forcingRefresh:)' async: if that is this call's async form, mark 'getIDTokenForcingRefresh' '@context'"), "\(text)")
        #expect(text.contains("    // scan: the SDK has 'session()' async: if that is this call's async form, mark 'getSessionWithCompletion' '@context'"), "\(text)")
        #expect(text.contains("    // scan: the SDK has 'response(for:)' async: if that is this call's async form, mark 'send' '@context'"), "\(text)")
    }

    /// A Swift method marked `@objc` (FirebaseAuth's `getToken(forcingRefresh:completion:)`,
    /// which calls back with (nil, nil) when no one is signed in) is seen by Swift callers as
    /// written: what nil without an error means is asked, as for any Swift method.
    @Test func aSwiftObjcMethodsNilIsAsked() {
        let text = scan(
            """
            import Foundation
            @objc public final class Auth: NSObject {
                @objc(getTokenForcingRefresh:withCallback:)
                public func getToken(forcingRefresh: Bool, completion callback: @escaping (String?, Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'\n    @objc(getTokenForcingRefresh:withCallback:)"), "\(text)")
    }

    /// ApphudSDK: `class ApphudError: NSError` is an error (it was refused as "named like an
    /// error but not one"); and `purchase(_ productId: String, callback:)` is no form of
    /// `purchase(_ product: Product, prefersPlan: Bool = false) async`, whose first parameter
    /// takes another type.
    @Test func anNSErrorSubclassIsAnErrorAndTwinsTakeTheSameTypes() throws {
        let text = scan(
            """
            import Foundation
            public class AppError: NSError, @unchecked Sendable {}
            public final class Product {}
            public final class Store {
                public static func loadPaywalls(callback: @escaping ([String]?, AppError?) -> Void) {}
                public static func purchase(_ productId: String, callback: ((Int) -> Void)?) {}
                public static func purchase(_ product: Product, callback: ((Int) -> Void)?) {}
                public static func purchase(_ product: Product, prefersPlan: Bool = false) async -> Int { 0 }
            }
            """
        ).text
        #expect(text.contains("    public static func loadPaywalls(callback: @escaping ([String]?, AppError?) -> Void)\n"), "\(text)")
        #expect(!text.contains("Not bridgeable"), "\(text)")
        #expect(text.contains("    public static func purchase(_ productId: String, callback: ((Int) -> Void)?)\n"), "\(text)")
        #expect(text.contains("    @context  // the SDK's own async form 'purchase(_:prefersPlan:)' is the one to call\n    public static func purchase(_ product: Product, callback"), "\(text)")
    }

    /// pCloud's `CallTask`: `addCompletionBlock(_:) -> CallTask` adds a completion, once, and
    /// returns the task for chaining (no token); `addProgressBlock(_:)` is called for each
    /// change. The task may not be started yet: asked.
    @Test func anAdditionNamedForCompletionIsOnceAndForProgressMany() {
        let text = scan(
            """
            public final class CallTask {
                @discardableResult public func addCompletionBlock(_ block: @escaping (Result<Int, Error>) -> Void) -> CallTask { self }
                @discardableResult public func addProgressBlock(_ block: @escaping (Int64, Int64) -> Void) -> CallTask { self }
                @discardableResult public func start() -> CallTask { self }
                public func cancel() {}
            }
            """
        ).text
        #expect(text.contains("    // scan: the returned CallTask has start(): if it may not be started when 'addCompletionBlock' is called, write '@start(start())'\n    @discardableResult public func addCompletionBlock"), "\(text)")
        #expect(!text.contains("because 'addCompletionBlock'"), "\(text)")
        // The task it returns is itself, for chaining: its cancel() is no stop of the stream,
        // and nothing ends the stream (outside try, eighth session).
        #expect(text.contains("    // scan: @stream because 'addProgressBlock' reports progress, many times\n    @stream\n"), "\(text)")
        #expect(text.contains("    @cancel(none)\n    // scan: nothing ends this stream when the CallTask is done"), "\(text)")
    }

    /// KituraKit's `respondWith: @escaping CodableResultClosure<O>`, a typealias of another
    /// module: scan says to paste it, and generate says the method is not bridged until it is
    /// (before, the block "declared nothing to bridge"). Pasted, the adapter is the one-shot.
    @Test func aClosureTypeOfAnotherModuleIsAskedFor() throws {
        let result = scan(
            """
            public class Client {
                public func get<O: Codable>(_ route: String, respondWith: @escaping CodableResultClosure<O>) {}
            }
            """
        )
        // Counted as not bridgeable until the typealias is pasted (outside try, eighth session).
        #expect(result.summary.hasSuffix("0 bridged as written, 0 with inferred annotations, 1 not bridgeable"), "\(result.summary)")
        let text = scan(
            """
            public class Client {
                public func get<O: Codable>(_ route: String, respondWith: @escaping CodableResultClosure<O>) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: 'CodableResultClosure' is not declared in these sources: scan again with '--dependency' and the sources of the module that declares it, or paste its typealias into this file; else generate cannot see the closure\n"), "\(text)")
        let output = try GeneratorPipeline.standard().generate(source: Array(text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(output.reports.contains {
            $0.diagnostic.severity == .warning
                && $0.diagnostic.message == "'respondWith' is '@escaping CodableResultClosure<O>', a closure type this file does not declare: 'get(_:respondWith:)' is not bridged"
        }, "\(output.reports.map(\.diagnostic.message))")
        let pasted = text.replacingOccurrences(
            of: "extension Client {", with: "typealias CodableResultClosure<O: Codable> = (O?, Error?) -> Void\n\nextension Client {")
        #expect(try generate(pasted).contains("func get<O: Codable>(_ route: String) async throws -> O {"))
    }

    /// Perfect-Redis's `getClient(withIdentifier:callback: (() throws -> RedisClient) -> ())`:
    /// the outcome handed over as a closure that returns it or throws is a callback, bridged as
    /// a throwing one-shot. A closure handed over with arguments is a step the app implements.
    @Test func anOutcomeHandedAsAThrowingClosureIsACallback() throws {
        let text = scan(
            """
            public final class RedisClient {
                public static func getClient(withIdentifier: String, callback: @escaping (() throws -> RedisClient) -> ()) {}
                public func schedule(_ action: @escaping (Int, (Int) -> Void) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("\n    public static func getClient(withIdentifier: String, callback"), "\(text)")
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public func schedule"), "\(text)")
        #expect(try generate(text).contains("static nonisolated(nonsending) func client(withIdentifier: String) async throws -> RedisClient {"))
    }

    /// Perfect-Redis: `subscribe(channels:callback:)` beside `unsubscribe(channels:callback:)`
    /// and a blocking `unsubscribe(channels:) throws`: commands, each answered once; the
    /// blocking one is no stop of a stream.
    @Test func anInverseWithACallbackOverloadIsACommand() {
        let text = scan(
            """
            public typealias redisResponseCallback = (String) -> ()
            public final class RedisClient {
                public func subscribe(channels: [String], callback: @escaping redisResponseCallback) {}
                public func unsubscribe(channels: [String], callback: @escaping redisResponseCallback) {}
            }
            public extension RedisClient {
                func unsubscribe(channels: [String]) throws -> String { "" }
            }
            """
        ).text
        #expect(!text.contains("    @stream\n"), "\(text)")
        #expect(!text.contains("@cancel(unsubscribe"), "\(text)")
        #expect(text.contains("    // scan: 'unsubscribe(channels:callback:)' calls back too: as written, each is a command answered once; if 'subscribe' calls back for every message, add '@stream'\n"), "\(text)")
    }

    /// Swift-Kuery-PostgreSQL's `connect(onCompletion: (QueryResult) -> ())`, where
    /// `QueryResult` is SwiftKuery's enum with an `.error` case: as written, the value is the
    /// whole result and its failure is not thrown, which the starter says. Not for a typealias
    /// these sources declare (`ConditionResult = ProcedureResult<Bool>`).
    @Test func anUndeclaredResultTypeIsSaid() {
        let text = scan(
            """
            public enum ProcedureResult<T> { case success(T), failure(Error) }
            public typealias ConditionResult = ProcedureResult<Bool>
            public final class Connection {
                public func connect(onCompletion: @escaping (QueryResult) -> ()) {}
                public func evaluate(completion: @escaping (ConditionResult) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: 'QueryResult' is not declared in these sources: as written, it is the value, whole; if it is an enum with a failure case, scan again with '--dependency' and the sources of the module that declares it, or paste it into this file and write '@failure(.case)', so that the failure throws\n    public func connect"), "\(text)")
        #expect(!text.contains("'ConditionResult' is not declared"), "\(text)")
    }

    /// SDWebImageSwiftUI: `WebImage.onSuccess(perform:) -> WebImage` and the same on a
    /// `PlatformViewRepresentable` are view modifiers, whose closures run while the view is
    /// shown; `ImageManager.setOnSuccess(perform:)` keeps one handler, called for each load
    /// until nil clears it.
    @Test func viewModifiersAndSetOnSlots() {
        let text = scan(
            """
            import SwiftUI
            public protocol PlatformViewRepresentable {}
            public struct WebImage: View {
                public var body: some View { EmptyView() }
                public func onSuccess(perform action: ((Int) -> Void)? = nil) -> WebImage { self }
            }
            public struct AnimatedImage: PlatformViewRepresentable {
                public func onFailure(perform action: ((Error) -> Void)? = nil) -> AnimatedImage { self }
            }
            public final class ImageManager {
                public func setOnSuccess(perform action: ((Int) -> Void)? = nil) {}
            }
            """
        ).text
        // Alone in their blocks, they are named in the starter's list of what is not bridged.
        #expect(text.contains("\n// WebImage: onSuccess(perform:) — a SwiftUI view modifier: its closure runs while the view is shown\n"), "\(text)")
        #expect(text.contains("\n// AnimatedImage: onFailure(perform:) — a SwiftUI view modifier: its closure runs while the view is shown\n"), "\(text)")
        #expect(!text.contains("func onSuccess") && !text.contains("func onFailure"), "\(text)")
        #expect(text.contains("    @cancel(setOnSuccess(perform: nil))\n    public func setOnSuccess"), "\(text)")
    }

    /// okta's `AuthenticationFlow: Actor`: its isolated `reset()` is async from outside, the
    /// async form of `nonisolated reset(completion:)`.
    @Test func anActorsIsolatedMethodIsAnAsyncForm() {
        let text = scan(
            """
            public protocol AuthenticationFlow: Actor {
                func reset()
            }
            extension AuthenticationFlow {
                nonisolated public func reset(completion: @escaping @Sendable () -> Void) {}
            }
            """
        ).text
        #expect(text.contains("\n// AuthenticationFlow: reset(completion:)"), "\(text)")
        #expect(!text.contains("func reset(completion"), "\(text)")
    }

    /// Backendless's shape: implicitly unwrapped `responseHandler:` and `errorHandler:` closures
    /// are callbacks; the answer is the value (a registration's events), and an error type these
    /// sources do not declare (`Fault`, declared in another directory) is taken for the error by
    /// the closure's name, which the starter says. With `Error` itself, the names alone decide.
    @Test func anAnswerAndAnErrorHandlerImplicitlyUnwrapped() throws {
        let result = scan(
            """
            public class UserService {
                public func login(identity: String, password: String, responseHandler: ((BackendlessUser) -> Void)!, errorHandler: ((Fault) -> Void)!) { }
                public func logout(responseHandler: (() -> Void)!, errorHandler: ((Error) -> Void)!) { }
            }
            public class Channel {
                public func addMessageListener(responseHandler: ((String) -> Void)!, errorHandler: ((Fault) -> Void)!) -> Subscription? { nil }
            }
            public class Subscription { public func stop() { } }
            public class BackendlessUser { }
            """)
        let text = result.text
        #expect(text.contains("'errorHandler' gets a Fault, not declared in these sources: taken for the error by its name"), "\(text)")
        #expect(text.contains("@success(responseHandler)\n"), "\(text)")
        #expect(text.contains("@event(responseHandler)\n"), "\(text)")
        #expect(text.contains("@stream"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func login(identity: String, password: String) async throws -> BackendlessUser"), "\(generated)")
        #expect(generated.contains("func logout() async throws {"), "\(generated)")
        #expect(generated.contains("func addMessageListener() -> _Concurrency.AsyncThrowingStream<String, any Swift.Error>"), "\(generated)")
        #expect(generated.contains("stop: { token in token?.stop() }"), "\(generated)")
    }
}

