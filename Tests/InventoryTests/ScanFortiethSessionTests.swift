@testable import Inventory
import Testing

/// What the fortieth session taught (decision 155).
@Suite struct ScanFortiethSessionTests: ScanTesting {
    /// Sword's `getDM(for:then:)` answers from its cache under `guard self.dms[userId] == nil
    /// else { … }`, and `getPruneCount` hands on `(data as! [String: Int])["pruned"]`, a reply's
    /// field: neither is an absent value, though the library's `request` calls back with
    /// `(nil, nil)` for a 204. A lookup nothing checked (`load`) still may be nil.
    @Test func aValueTheBodyCheckedAndAReplysFieldAreNotNil() {
        let text = scan(
            """
            public struct RequestError: Error {}
            public struct DM { init(_ data: [String: Any]) {} }
            public class Sword {
                var dms: [Int: DM] = [:]
                func request(_ url: String, then completion: @escaping (Any?, RequestError?) -> ()) {
                    if url.isEmpty {
                        completion(nil, nil)
                        return
                    }
                    completion(url, nil)
                }
                public func getDM(for userId: Int, then completion: @escaping (DM?, RequestError?) -> ()) {
                    guard self.dms[userId] == nil else {
                        completion(self.dms[userId], nil)
                        return
                    }
                    self.request("dm") { data, error in
                        if let error = error {
                            completion(nil, error)
                        } else {
                            let dm = DM(data as! [String: Any])
                            completion(dm, nil)
                        }
                    }
                }
                public func getPruneCount(for limit: Int, then completion: @escaping (Int?, RequestError?) -> ()) {
                    self.request("prune") { data, error in
                        completion((data as! [String: Int])["pruned"], error)
                    }
                }
                public func load(id: Int, then completion: @escaping (DM?, RequestError?) -> ()) {
                    self.request("load") { data, error in
                        if self.dms[id] == nil { print(id) }
                        completion(self.dms[id], error)
                    }
                }
            }
            """
        ).text
        for name in ["getDM", "getPruneCount"] {
            #expect(text.contains("if nil is a value (an absent one), add '@nullableResult'\n    public func \(name)("), "\(text)")
        }
        #expect(text.contains("@nullableResult\n    // scan: assumed from the library at large: if 'load' never calls back"), "\(text)")
    }

    /// FRAuth's `FRUser.getAccessToken` calls back with `self` or hands on the error its token
    /// manager's callback got (`completion(nil, error)` in `{ (token, error) in … }`): nil and
    /// no error only where the token manager calls back so, and it never does. Handing on the
    /// error of `request`, which calls back with `(nil, nil)`, may be nil and no error.
    @Test func anErrorHandedOnIsTheCalleesOutcome() {
        let text = scan(
            """
            public struct AuthError: Error {}
            public final class Token { init() {} }
            public final class TokenManager {
                public func getAccessToken(completion: @escaping (Token?, AuthError?) -> Void) {
                    self.retrieve { (token, error) in
                        if let error = error {
                            completion(nil, error)
                            return
                        }
                        completion(Token(), nil)
                    }
                }
                func retrieve(completion: @escaping (Token?, AuthError?) -> Void) {}
                func request(completion: @escaping (Token?, AuthError?) -> Void) {
                    if Bool.random() {
                        completion(nil, nil)
                    } else {
                        completion(Token(), nil)
                    }
                }
            }
            public final class FRUser {
                let tokenManager = TokenManager()
                public func getAccessToken(completion: @escaping (FRUser?, AuthError?) -> Void) {
                    tokenManager.getAccessToken { (token, error) in
                        if let token = token {
                            print(token)
                            completion(self, nil)
                        } else {
                            completion(nil, error)
                        }
                    }
                }
                public func refresh(completion: @escaping (FRUser?, AuthError?) -> Void) {
                    tokenManager.request(completion: { [weak self] token, error in
                        if token != nil {
                            completion(self, nil)
                        } else {
                            completion(nil, error)
                        }
                    })
                }
            }
            """
        ).text
        #expect(text.contains("if nil is a value (an absent one), add '@nullableResult'\n    public func getAccessToken(completion: @escaping (FRUser?"), "\(text)")
        #expect(text.contains("@nullableResult\n    // scan: assumed from the library at large: if 'refresh' never calls back"), "\(text)")
    }

    /// A callee's whole outcome handed on (`completion(token, error)` in `{ (token, error) in
    /// … }`) and the error a `catch` block caught: FRAuth's `refreshUsingSSOToken`, whose
    /// callee `exchangeToken` calls back with a token or an error. Handed on from `request`,
    /// which calls back with `(nil, nil)`, the outcome may be nil and no error.
    @Test func aCalleesOutcomeHandedOnAndACaughtErrorAreRead() {
        let text = scan(
            """
            public struct AuthError: Error {}
            public final class Token { init() {} }
            public final class Client {
                public func exchangeToken(completion: @escaping (Token?, Error?) -> Void) {
                    if Bool.random() {
                        completion(Token(), nil)
                    } else {
                        completion(nil, AuthError())
                    }
                }
                public func refreshUsingSSOToken(completion: @escaping (Token?, Error?) -> Void) {
                    self.exchangeToken { (token, error) in
                        do {
                            try self.check()
                            completion(token, error)
                        } catch {
                            completion(nil, error)
                        }
                    }
                }
                public func reload(completion: @escaping (Token?, Error?) -> Void) {
                    self.request { (token, error) in
                        completion(token, error)
                    }
                }
                func check() throws {}
                func request(completion: @escaping (Token?, Error?) -> Void) {
                    if Bool.random() { completion(nil, nil) } else { completion(Token(), nil) }
                }
            }
            """
        ).text
        #expect(text.contains("if nil is a value (an absent one), add '@nullableResult'\n    public func refreshUsingSSOToken("), "\(text)")
        #expect(text.contains("@nullableResult\n    // scan: assumed from the library at large: if 'reload' never calls back"), "\(text)")
    }

    /// FirebaseStorage's `data(maxSize:) async throws -> Data` sits in a `public extension`, so its
    /// line says no `public`, and discards what `getData` returns (`_ = self.getData(…) {`): it
    /// is still the SDK's own async form of `getData(maxSize:completion:)` (decision 157). A
    /// member of a plain extension is internal, and no async form for callers.
    @Test func aWrapperInAPublicExtensionThatDiscardsTheCallsResult() {
        let text = scan(
            """
            public final class DownloadTask { public func cancel() {} }
            public final class Reference {
                @discardableResult
                public func getData(maxSize: Int64, completion: @escaping (Result<Data, Error>) -> Void) -> DownloadTask { DownloadTask() }
                public func getSize(completion: @escaping (Result<Int, Error>) -> Void) {}
            }
            public extension Reference {
                func data(maxSize: Int64) async throws -> Data {
                    return try await withCheckedThrowingContinuation { continuation in
                        _ = self.getData(maxSize: maxSize) { result in
                            continuation.resume(with: result)
                        }
                    }
                }
            }
            extension Reference {
                func size() async throws -> Int {
                    try await withCheckedThrowingContinuation { continuation in
                        getSize { continuation.resume(with: $0) }
                    }
                }
            }
            """
        ).text
        #expect(
            text.contains("    @context  // the SDK's own async form 'data()' wraps it: that is the one to call\n    @discardableResult\n    public func getData("),
            "\(text)")
        #expect(text.contains("\n    public func getSize(completion:"), "\(text)")
    }
}
