import Foundation

/// Methods shaped like the rows of SE-0297 and of the Swift compiler's own async-import tests
/// (test/IDE/print_clang_objc_async.swift, test/ClangImporter/objc_async.swift), written as the
/// Swift importer presents them. Each answers at once with a recognizable value.
public final class SlowServer: @unchecked Sendable {
    // @unchecked: stateless.
    public init() {}

    public func doSomethingSlow(_ operation: String, completionHandler handler: @escaping (Int) -> Void) {
        handler(operation.count)
    }

    public func doSomethingDangerous(_ operation: String, completionHandler handler: ((String?, Error?) -> Void)? = nil) {
        handler?(operation, nil)
    }

    public func checkAvailability(completionHandler: @escaping (Bool) -> Void) { completionHandler(true) }
    public func anotherExample(completionBlock block: @escaping (String) -> Void) { block("another") }
    public func finalExampleWithReply(to block: @escaping (String) -> Void) { block("final") }

    public func replyingOperation(_ operation: String, replyTo block: @escaping (String) -> Void) {
        block(operation)
    }

    public func findAnswer(completionHandler handler: @escaping (String?, Error?) -> Void) { handler("42", nil) }

    public func findAnswerFailingly(completionHandler handler: @escaping (String?, Error?) -> Void) throws {
        handler("42", nil)
    }

    public func doSomethingFun(_ operation: String, then completionHandler: @escaping () -> Void) { completionHandler() }
    public func fortune(completionHandler handler: @escaping (String?, Error?) -> Void) { handler(nil, nil) }

    public func magicNumber(withSeed seed: Int, completionHandler handler: @escaping (Int, Error?) -> Void) {
        handler(seed * 2, nil)
    }

    public func server(_ name: String, restartWithCompletionHandler block: @escaping () -> Void) { block() }

    public func server(_ name: String, atPriority priority: Double, restartWithCompletionHandler block: @escaping () -> Void) {
        block()
    }

    public func poorlyNamed(_ operation: String, completionHandler handler: @escaping (Int) -> Void) { handler(1) }

    public func customize(withString str: String, completionHandler handler: @escaping (String) -> Void) {
        handler(str)
    }

    public func leap(_ height: Int, completionHandler handler: @escaping (String) -> Void) { handler("\(height)") }
    public func dance(_ step: String, completionHandler handler: @escaping (String) -> Void) { handler(step) }

    public func findQAndA(completionHandler handler: @escaping (String?, String?, Error?) -> Void) {
        handler(nil, "42", nil)
    }

    // SE-0297's own examples (CloudKit, PassKit, UserNotifications), with plain types.
    public func fetchShareParticipant(
        withUserRecordID userRecordID: String, completionHandler: @escaping (String?, Error?) -> Void
    ) {
        completionHandler("participant \(userRecordID)", nil)
    }

    public func sign(_ signData: Data, using secureElementPass: String, completion: @escaping (Data?, Data?, Error?) -> Void) {
        completion(signData, Data(secureElementPass.utf8), nil)
    }

    public func getPendingNotificationRequests(completionHandler: @escaping ([String]) -> Void) {
        completionHandler(["a", "b"])
    }

    // Imported as async properties (test/IDE/print_clang_objc_effectful_properties.swift).
    public func getDog(withCompletion completionHandler: @escaping (String) -> Void) { completionHandler("Rex") }
    public func obtainCat(_ completionHandler: @escaping (String?, Error?) -> Void) { completionHandler(nil, nil) }
    public func returnNothing(completion completionHandler: @escaping () -> Void) { completionHandler() }
    public func nullableHandler(_ completion: ((String) -> Void)? = nil) { completion?("from nullable") }
    /// Fails with `SlowServerError.unplugged`.
    public func fetchStatus(_ completionHandler: @escaping (String?, Error?) -> Void) {
        completionHandler(nil, SlowServerError.unplugged)
    }
    public static func getShared(completion: @escaping (String) -> Void) { completion("shared") }

    /// Two optional errors: Swift imports neither as the failure.
    public func compare(completionHandler handler: @escaping (Error?, Error?) -> Void) { handler(nil, nil) }
}

public enum SlowServerError: Error, Equatable {
    case unplugged
}
