@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the thirty-eighth session taught (decision 152).
@Suite struct ScanThirtyEighthSessionTests: ScanTesting {
    /// Uber's `fetchProduct(productID:completion:)`: the model is handed over from a `var product:
    /// Product?` that is set by `try? decode(…)` only when the response carries no error, so a
    /// success whose body did not decode hands nil: the value stays optional. Through a private
    /// helper too (`fetchCurrentRide` hands its completion to `apiCallForRideResponse`). Not a
    /// value the body hands over set (`fetchProfile`), which is still said.
    @Test func aValueLeftNilWhereTheBodyDoesNotDecodeStaysOptional() {
        let text = scan(
            """
            public class UberError: Decodable { public var title: String? }
            public class Response {
                public var data: Data?
                public var statusCode: Int
                public var error: UberError?
                init() { statusCode = 0 }
            }
            public final class RidesClient {
                public func fetchProduct(productID: String, completion: @escaping (_ product: Product?, _ response: Response) -> Void) {
                    apiCall(productID) { response in
                        var product: Product?
                        if let data = response.data, response.error == nil {
                            product = try? JSONDecoder().decode(Product.self, from: data)
                        }
                        completion(product, response)
                    }
                }
                public func fetchCurrentRide(completion: @escaping (_ ride: Ride?, _ response: Response) -> Void) {
                    apiCallForRideResponse("current", completion: completion)
                }
                public func fetchProfile(completion: @escaping (_ profile: Profile?, _ response: Response) -> Void) {
                    apiCall("me") { response in
                        completion(Profile(), response)
                    }
                }
                private func apiCallForRideResponse(_ path: String, completion: @escaping (_ ride: Ride?, _ response: Response) -> Void) {
                    apiCall(path) { response in
                        var ride: Ride? = nil
                        if let data = response.data {
                            ride = try? JSONDecoder().decode(Ride.self, from: data)
                        }
                        completion(ride, response)
                    }
                }
                private func apiCall(_ path: String, completion: @escaping (Response) -> Void) {
                    URLSession.shared.dataTask(with: URL(string: path)!) { _, _, _ in completion(Response()) }.resume()
                }
            }
            """
        ).text
        for name in ["fetchProduct", "fetchCurrentRide"] {
            #expect(
                text.contains(
                    "// scan: @nullableResult(1) because '\(name)' hands '\(name == "fetchProduct" ? "product" : "ride")' over from a variable that stays nil where its body does not decode (a 'try?'): nil without a failure is an absent value\n    @nullableResult(1)\n"
                ), "\(text)")
        }
        #expect(text.contains("as written, 'profile' nil without a failure throws BridgegenError.noResult"), "\(text)")
        #expect(!text.contains("'fetchProfile' hands"), "\(text)")
    }

    /// Ballcap's `get(_ cachePolicy:completion: ((Self?, Error?) -> Void)? = nil) -> Self`: the
    /// object returned for chaining beside its one optional completion, which the fetch calls:
    /// a one-shot, not an operator whose returned value runs hooks. Not its `listen(…) -> Self`
    /// (every snapshot, and nothing returned to stop it), nor a setter of one handler
    /// (`onDone(_:) -> Self`, a builder's).
    @Test func theObjectReturnedBesideOneOptionalCompletionIsNoOperator() {
        let text = scan(
            """
            public protocol DataRepresentable {}
            public extension DataRepresentable where Self: Object {
                func get(_ cachePolicy: CachePolicy = .cacheElseServer, completion: ((Self?, Error?) -> Void)? = nil) -> Self {
                    Self.get(id: "") { object, error in
                        completion?(object, error)
                    }
                    return self
                }
                func listen(includeMetadataChanges: Bool = true, completion: ((Self?, Error?) -> Void)? = nil) -> Self {
                    return self
                }
                func onDone(_ completion: ((Self?, Error?) -> Void)? = nil) -> Self {
                    return self
                }
            }
            """
        ).text
        #expect(text.contains("\n    func get(_ cachePolicy: CachePolicy = .cacheElseServer, completion: ((Self?, Error?) -> Void)? = nil) -> Self\n"), "\(text)")
        #expect(text.contains("@context  // takes a closure, but not a callback\n    func listen("), "\(text)")
        #expect(text.contains("@context  // sets a handler of the builder, which a later call uses: nothing this call starts calls it\n    func onDone("), "\(text)")
    }

    /// A method left as context says why where the reason was the generic "not a callback":
    /// Appwrite's `Realtime.subscribe(channel:callback:queries:) async throws ->
    /// RealtimeSubscription` (an async method whose kept closure is an observer's), Kakao's
    /// public `_authorizeWithTalk(…completion:)` (not meant for apps).
    @Test func asyncAndUnderscoredMethodsSayWhyTheyAreLeft() {
        let text = scan(
            """
            open class Realtime {
                public func subscribe(channel: String, callback: @escaping (String) -> Void) async throws -> Subscription { fatalError() }
                public func _authorize(nonce: String?, completion: @escaping (String?, Error?) -> Void) {}
                public func transaction(_ body: @escaping (Transaction) async throws -> Void) async throws {}
                public func authorize(nonce: String?, completion: @escaping (String?, Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@context  // an async method: call it as it is; a closure it keeps and calls after it returns (an observer's handler) is yours to turn into a stream by hand\n    public func subscribe("), "\(text)")
        #expect(text.contains("@context  // its underscore says it is not meant for apps: bridge the method it serves\n    public func _authorize("), "\(text)")
        #expect(!text.contains("an async method: call it as it is; a closure it keeps and calls after it returns (an observer's handler) is yours to turn into a stream by hand\n    public func transaction("), "\(text)")
    }

    /// WordPressKit's `getDetails(forPostID:completion:)`: `completion(nil,
    /// ResponseError.decodingFailure)` and, in the REST call's `failure: { (error, _) in … }`,
    /// `completion(nil, error)`: a case of an error type and a failure handler's own error are
    /// failures, so the body never calls back with nil and no error, whatever the library's
    /// `(nil, nil)` elsewhere says (`getInsight`'s own, which stays an absent value).
    @Test func aFailureHandlersErrorAndAnErrorCaseAreFailures() {
        let text = scan(
            """
            open class StatsRemote {
                public func getDetails(forPostID postID: Int, completion: @escaping ((PostDetails?, Error?) -> Void)) {
                    api.get(path, success: { response in
                        guard let details = PostDetails(response) else {
                            completion(nil, ResponseError.decodingFailure)
                            return
                        }
                        completion(details, nil)
                    }, failure: { (error, _) in
                        completion(nil, error)
                    })
                }
                public func getInsight(completion: @escaping ((Insight?, Error?) -> Void)) {
                    api.get(path, success: { response in
                        guard count > 0 else {
                            completion(nil, nil)
                            return
                        }
                        completion(Insight(response), nil)
                    }, failure: { (error, _) in
                        completion(nil, error)
                    })
                }
            }
            """
        ).text
        #expect(text.contains("// scan: nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'\n    public func getDetails("), "\(text)")
        #expect(text.contains("@nullableResult\n    public func getInsight("), "\(text)")
    }
}
