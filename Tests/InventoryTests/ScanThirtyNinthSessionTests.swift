@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the thirty-ninth session taught (decision 153).
@Suite struct ScanThirtyNinthSessionTests: ScanTesting {
    /// EosioSwift's `EosioTransaction`: "an `EosioResult` consisting of a `Bool` for success".
    /// `broadcast` calls back with `.success(true)`, `prepare` hands its completion to
    /// `serializeActionData` (through `strongSelf`), `sign(prompt:)` to another `sign`: each a
    /// status, the adapter returns nothing. Not `check`, which hands a Bool it computed.
    @Test func aResultThatSucceedsOnlyWithTrueIsAStatus() throws {
        let source = """
            public enum EosioResult<Success, Failure: Error> {
                case success(Success)
                case failure(Failure)
            }
            public struct EosioError: Error {}
            public final class EosioTransaction {
                public func broadcast(completion: @escaping (EosioResult<Bool, EosioError>) -> Void) {
                    send { ok in
                        if ok { return completion(.success(true)) }
                        completion(.failure(EosioError()))
                    }
                }
                public func serializeActionData(completion: @escaping (EosioResult<Bool, EosioError>) -> Void) {
                    guard ready else { return completion(.failure(EosioError())) }
                    completion(.success(true))
                }
                public func prepare(completion: @escaping (EosioResult<Bool, EosioError>) -> Void) {
                    load { [weak self] in
                        guard let strongSelf = self else { return completion(.failure(EosioError())) }
                        strongSelf.serializeActionData(completion: completion)
                    }
                }
                public func sign(prompt: String = "Sign", completion: @escaping (EosioResult<Bool, EosioError>) -> Void) {
                    sign(publicKeys: [], prompt: prompt, completion: completion)
                }
                public func sign(publicKeys: [String], prompt: String = "Sign", completion: @escaping (EosioResult<Bool, EosioError>) -> Void) {
                    guard !publicKeys.isEmpty else { return completion(.failure(EosioError())) }
                    completion(.success(true))
                }
                public func check(completion: @escaping (EosioResult<Bool, EosioError>) -> Void) {
                    load {
                        completion(.success(self.ready))
                    }
                }
                var ready = true
                func send(_ done: @escaping (Bool) -> Void) { done(true) }
                func load(_ done: @escaping () -> Void) { done() }
            }
            """
        let text = scan(source).text
        for name in ["broadcast", "prepare", "serializeActionData", "sign"] {
            #expect(
                text.contains(
                    "// scan: @asyncError(zeroArgument: 1) because '\(name)' succeeds only with true, itself or through the methods it hands its completion to: a status, not a value; the adapter returns nothing, and a false one would throw\n    @asyncError(zeroArgument: 1)\n"
                ), "\(name): \(text)")
        }
        #expect(text.components(separatedBy: "@asyncError(zeroArgument: 1)\n").count == 6, "\(text)")
        #expect(text.contains("'check' succeeds with a Bool, which the adapter returns"), "\(text)")
        // The other reading (BiometricAuthentication's oracle keeps its always-true Bool).
        #expect(
            text.components(separatedBy: "as written, the adapter returns nothing; if callers read the Bool, remove '@asyncError(zeroArgument: 1)', and it is returned").count == 6,
            "\(text)")
    }
}
