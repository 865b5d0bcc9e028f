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
}
