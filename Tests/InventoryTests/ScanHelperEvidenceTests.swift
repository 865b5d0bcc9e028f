import Generator
@testable import Inventory
import Testing

/// How far a helper's `completion(nil, nil)` reaches (decision 186): by its typealias where it
/// has one, not from a helper that never hands a value, and for any number of nil values.
@Suite struct ScanHelperEvidenceTests: ScanTesting {
    /// ForgeRock's shape: an internal helper answers `(nil, nil)` when no token is stored.
    static let library = """
        public typealias TokenCallback = (_ token: Token?, _ error: Error?) -> Void
        public typealias UserCallback = (_ user: User?, _ error: Error?) -> Void
        public final class Token {}
        public final class User {}
        public final class Tokens {
            public func refresh(completion: @escaping TokenCallback) {
                retrieve { token, error in completion(token, error) }
            }
            func retrieve(completion: @escaping TokenCallback) {
                guard let token = stored else {
                    completion(nil, nil)
                    return
                }
                completion(token, nil)
            }
            var stored: Token?
        }
        public final class Users {
            public func current(completion: @escaping UserCallback) {
                Tokens().refresh { token, error in completion(token.map { _ in User() }, error) }
            }
        }
        """

    static let asAssumed = "@nullableResult\n    // scan: assumed from the library at large: if"

    @Test func aHelpersClosureOfAnAliasReachesTheCallbacksOfThatAlias() {
        let text = scan(Self.library).text
        #expect(text.contains(Self.asAssumed + " 'refresh' never"), "\(text)")
        #expect(!text.contains(Self.asAssumed + " 'current' never"), "\(text)")
        #expect(text.contains("""
                // scan: nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'
                public func current(
            """), "\(text)")
        // Spelled out, the helper's closure reaches every public callback of its name, as before.
        let spelled = scan(Self.library.replacingOccurrences(
            of: "func retrieve(completion: @escaping TokenCallback)", with: "func retrieve(completion: @escaping (Token?, Error?) -> Void)")).text
        #expect(spelled.contains(Self.asAssumed + " 'current' never"), "\(spelled)")
    }

    /// A helper that hands its closure nil or an error and never a value (ForgeRock's
    /// `logoutWithASWebSession`): nil there is no value at all, no evidence of an absent one.
    @Test func aHelperThatNeverHandsAValueIsNoEvidence() {
        let library = """
            public final class Session {
                public func user(completion: @escaping (User?, Error?) -> Void) {}
                func endSession(completion: @escaping (User?, Error?) -> Void) {
                    if let error = failure {
                        completion(nil, error)
                        return
                    }
                    completion(nil, nil)
                }
                var failure: Error?
            }
            public final class User {}
            """
        let text = scan(library).text
        #expect(!text.contains("@nullableResult\n"), "\(text)")
        // Handed a value in one branch, or handed on, it is evidence again.
        let valued = scan(library.replacingOccurrences(of: "completion(nil, error)", with: "completion(User(), nil)")).text
        #expect(valued.contains(Self.asAssumed + " 'user' never"), "\(valued)")
        let handedOn = scan(library.replacingOccurrences(of: "completion(nil, error)", with: "finish(completion)")).text
        #expect(handedOn.contains(Self.asAssumed + " 'user' never"), "\(handedOn)")
    }

    /// Every value nil with no error, however many values (ForgeRock's `completion(nil, nil,
    /// nil)` of `(T?, Node?, Error?)`).
    @Test func threeNilsAreNilWithoutAnError() {
        let library = """
            public final class Node {}
            public final class Journey {
                public func advance(completion: @escaping (User?, Node?, Error?) -> Void) {}
                func step(completion: @escaping (User?, Node?, Error?) -> Void) {
                    if done { completion(User(), nil, nil) } else { completion(nil, nil, nil) }
                }
                var done = false
            }
            public final class User {}
            """
        let text = scan(library).text
        #expect(text.contains(Self.asAssumed + " 'advance' never"), "\(text)")
    }

    /// The key a helper's closure is known by: its alias where it has one, its name where its
    /// type is spelled out (a closure's `->` closes no bracket), from a header of several lines.
    @Test func aHelpersClosureIsKeyedByItsAlias() {
        let spelled: [Substring] = ["func retrieve(completion: @escaping (Token?, Error?) -> Void, queue: Int) {"]
        #expect(StarterBlock.calleeKey("completion", helperAt: 0, in: spelled) == "completion")
        let aliased: [Substring] = ["func retrieve(", "    completion: @escaping TokenCallback,", "    queue: Int", ") {"]
        #expect(StarterBlock.calleeKey("completion", helperAt: 0, in: aliased) == "completion: TokenCallback")
        let generic: [Substring] = ["func request<T>(then completion: @escaping ResultCallback<T>) {"]
        #expect(StarterBlock.calleeKey("completion", helperAt: 0, in: generic) == "completion: ResultCallback")
    }
}

