import Generator
@testable import Inventory
import Testing

/// What batch 55 (AMSMB2, SwiftyInsta, reddift, ApptentiveKit, SmartcarAuth, SlackKit's SKWebAPI,
/// Sword) taught on first contact (decision 134).
@Suite struct ScanFiftyFifthBatchTests: ScanTesting {
    /// Sword's `getMessage(_:from:then:)`: its own body calls back with a value or with nil and
    /// an error, never nil and no error, while a helper elsewhere (`request`, for a 204) calls
    /// back with (nil, nil). The method's body is the evidence, and what hands its completion
    /// to such a method reads as it does (`TextChannel.getMessage(_:then:)`). Before, both were
    /// `@nullableResult`, from the library at large. A `??` inside the initializer's arguments
    /// is no nil of its own (found by the outside try).
    @Test func aMethodsOwnCallsOutweighTheLibraryAtLarge() {
        let text = scan(
            """
            public struct RequestError: Error {}
            public struct Message { init(_ data: [String: Any], id: Int = 0) {} }
            public class Sword {
                func request(_ url: String, then completion: @escaping (Any?, RequestError?) -> ()) {
                    if url.isEmpty {
                        completion(nil, nil)
                        return
                    }
                }
                public func getMessage(_ id: Int, then completion: @escaping (Message?, RequestError?) -> ()) {
                    self.request("m") { data, error in
                        if let error = error {
                            completion(nil, error)
                        } else {
                            completion(Message(data as! [String: Any], id: Int(exactly: 1.0) ?? 0), nil)
                        }
                    }
                }
                public func getPins(then completion: @escaping ([Message]?, RequestError?) -> ()) {
                    self.request("p") { data, error in
                        completion(data as? [Message], error)
                    }
                }
                public func getBans(then completion: @escaping ([Message]?, RequestError?) -> ()) {
                    self.request("b") { data, error in
                        if let error = error {
                            completion(nil, error)
                        } else {
                            var returnBans: [Message] = []
                            returnBans.append(Message([:]))
                            completion(returnBans, nil)
                        }
                    }
                }
            }
            public class TextChannel {
                let sword = Sword()
                public func getMessage(_ id: Int, then completion: @escaping (Message?, RequestError?) -> ()) {
                    self.sword.getMessage(id, then: completion)
                }
                public func getPins(then completion: @escaping ([Message]?, RequestError?) -> ()) { self.sword.getPins(then: completion) }
            }
            """
        ).text
        let getMessage = "    public func getMessage(_ id: Int, then completion: @escaping (Message?, RequestError?) -> ())"
        #expect(!text.contains("@nullableResult\n" + getMessage), "\(text)")
        #expect(text.contains("nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'\n" + getMessage), "\(text)")
        // A cast is nil only for a malformed reply, thrown as no result (Sword's 17 requests, the
        // oracle's reading; a session-21 form left it to the library at large); so is a list
        // made empty, then filled.
        // Nor is one handed on by a body of one line (Sword's `Guild.getEmbed(then:)`).
        #expect(!text.contains("@nullableResult\n    // scan: assumed from the library at large: if 'getPins'"), "\(text)")
        #expect(text.components(separatedBy: "add '@nullableResult'\n    public func getPins(").count == 3, "\(text)")
        #expect(!text.contains("@nullableResult\n    // scan: assumed from the library at large: if 'getBans'"), "\(text)")
        #expect(text.contains("if nil is a value (an absent one), add '@nullableResult'\n    public func getBans("), "\(text)")
    }

    /// Methods of one name are read as one: when one body may hand on nil and no error, the
    /// other's calls do not outweigh it, in whichever order they come (SignalR's `invoke`
    /// overloads; a first form of the rule forgot the first and kept the second).
    @Test func oneBodyThatMayHandOnNilSpeaksForEveryMethodOfItsName() {
        for (first, second) in [("completion(self.cache[id], error)", "completion(Thing(), nil)"), ("completion(Thing(), nil)", "completion(self.cache[id], error)")] {
            let text = scan(
                """
                public struct Thing { public init() {} }
                public class Store {
                    var cache: [Int: Thing] = [:]
                    func request(then completion: @escaping (Any?, Error?) -> ()) {
                        if Bool.random() { completion(nil, nil) } else { completion(1, nil) }
                    }
                    public func load(id: Int, then completion: @escaping (Thing?, Error?) -> ()) {
                        request { data, error in
                            \(first)
                        }
                    }
                    public func load(name: String, then completion: @escaping (Thing?, Error?) -> ()) {
                        request { data, error in
                            \(second)
                        }
                    }
                }
                """
            ).text
            #expect(text.contains("@nullableResult\n    // scan: assumed from the library at large: if 'load' never calls back with nil and no error"), "\(text)")
            #expect(!text.contains("nil without an error is taken for an error"), "\(text)")
        }
    }

    /// SwiftyInsta's `LoginWebView.didReachEndOfLoginFlow`: `did` and an end. Before, a stream
    /// with no word of another reading.
    @Test func aPropertyNamedForReachingAnEndSaysSo() {
        let text = scan(
            """
            public class LoginFlow {
                public var didReachEndOfLoginFlow: (() -> Void)?
                func finish() { didReachEndOfLoginFlow?() }
            }
            """
        ).text
        #expect(text.contains("a stream assumed: 'didReachEndOfLoginFlow' is named for an end; if the SDK calls it once, write '@once'"), "\(text)")
    }

    /// SlackKit's `channelHistory(id:latest:…)`, whose default value is an interpolated string
    /// (`latest: String = "\(Date().timeIntervalSince1970)"`). Before, not bridgeable: the
    /// `.bridge` lexer refused the escape.
    @Test func anInterpolatedDefaultValueIsPastedAsWritten() throws {
        let result = scan(
            #"""
            public typealias FailureClosure = (_ error: Error) -> Void
            public final class WebAPI {
                public func channelHistory(id: String, latest: String = "\(Date().timeIntervalSince1970)", success: ((_ history: [String]) -> Void)?, failure: FailureClosure?) {}
            }
            """#
        )
        #expect(result.text.contains(#"    public func channelHistory(id: String, latest: String = "\(Date().timeIntervalSince1970)", success"#), "\(result.text)")
        #expect(!result.text.contains("Not bridgeable"), "\(result.text)")
    }
}
