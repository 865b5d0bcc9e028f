@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the thirty-second session taught (decision 146): batch 81 on first contact.
@Suite struct ScanThirtySecondSessionTests: ScanTesting {
    /// StravaSwift's `request(_:result:failure:)`: a value closure whose one value is optional,
    /// beside a failure closure. The library hands nil when it swallowed a failure; its oracle
    /// wants `T`. The adapter returns `T?` as written, and now says so, with the annotation that
    /// makes nil the failure.
    @Test func anOptionalValueBesideAFailureClosureIsSaid() throws {
        let text = scan(
            """
            public class StravaClient {
                public func request<T: Decodable>(_ route: String, result: @escaping ((T?) -> Void), failure: @escaping (NSError) -> Void) {}
                public func fetch(_ id: String, success: @escaping (Data) -> Void, failure: @escaping (Error) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: as written, a nil that 'result' gets is returned (no T); if nil comes only when the call failed, write '@failure(nil)'\n    public func request<T: Decodable>("),
            "\(text)")
        // A value that is not optional: nothing to say.
        #expect(text.components(separatedBy: "a nil that").count == 2, "\(text)")
        let generated = try generate(text.replacingOccurrences(of: "    public func request<", with: "    @failure(nil)\n    public func request<"))
        #expect(generated.contains("func request<T: Decodable>(_ route: String) async throws -> T {"), "\(generated)")
        #expect(generated.contains("continuation.resumeWithNoResult()"), "\(generated)")
    }

    /// SwiftMQTT's `(_ error: MQTTSessionError) -> Void`, `.none` when the call went well: the
    /// adapter returned the error as its value, with nothing said (5 of 5 wrong on first contact).
    @Test func anErrorEnumWithACaseForSuccessIsThrownUnlessItIsThatCase() throws {
        let text = scan(
            """
            public enum MQTTSessionError: Error {
                case none
                case socketError
                case connectionError(MQTTConnAckResponse), streamError(Error?)
            }
            public typealias MQTTSessionCompletionBlock = (_ error: MQTTSessionError) -> Void
            open class MQTTSession {
                open func connect(completion: MQTTSessionCompletionBlock?) {}
            }
            /// One case only: nothing says which is success.
            public enum Failure: Error { case none }
            open class Other {
                open func run(completion: @escaping (Failure) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: @asyncError(thrown: 1, unless: .none) because 'MQTTSessionError' is an error whose case 'none' says the call went well: any other case is thrown\n    @asyncError(thrown: 1, unless: .none)\n    open func connect("),
            "\(text)")
        #expect(text.components(separatedBy: "unless:").count == 3, "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func connect() async throws {"), "\(generated)")
        #expect(generated.contains("if case .none = error {"), "\(generated)")
    }

    /// Appcues' `didReceiveNotification(response:completionHandler:) -> Bool`: "if true is
    /// returned, Appcues will execute the completionHandler block; otherwise you should". The
    /// adapter dropped the `Bool` and waited for ever after a false.
    @Test func aReturnedBoolSaysWhetherTheCompletionWillCome() throws {
        let text = scan(
            """
            public class Appcues {
                public func didReceiveNotification(response: UNNotificationResponse, completionHandler: @escaping () -> Void) -> Bool { true }
                public func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) -> Bool { true }
                public func show(experienceID: String, completion: ((Bool, Error?) -> Void)? = nil) -> Bool { true }
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: @success(returned) because the Bool it returns says whether 'completionHandler' will come: false is the value at once\n    @success(returned)\n"),
            "\(text)")
        #expect(text.contains("false is nil at once"), "\(text)")
        // A completion that reports a failure of its own: not so; nor a method handed no
        // notification (Noze's `write(_:done:) -> Bool` calls back full buffer or not).
        #expect(text.components(separatedBy: "    @success(returned)\n").count == 3, "\(text)")
        let writer = scan("public class Stream { public func write(_ chunk: [UInt8], done: (() -> Void)? = nil) -> Bool { true } }").text
        #expect(!writer.contains("@success(returned)"), "\(writer)")
        let generated = try generate(text)
        #expect(generated.contains("func didReceiveNotification(response: UNNotificationResponse) async throws -> Bool {"), "\(generated)")
        #expect(generated.contains("async throws -> UIBackgroundFetchResult? {"), "\(generated)")
    }
}
