import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A networking SDK whose API names `URLRequest`, which Linux keeps in FoundationNetworking: the
/// `.bridge` file that pastes it imports that module under `#if canImport(…)`, as the SDK does.
public final class URLFetcher: @unchecked Sendable {
    public init() {}

    /// Answers with the path as bytes (the `.bridge` file bridges it on Linux only).
    public func fetch(_ path: String, completion: @escaping (Data?, Error?) -> Void) {
        FixtureScheduler.shared.async { completion(Data(path.utf8), nil) }
    }

    /// Answers with the request's URL as bytes, from another thread.
    public func send(_ request: URLRequest, completion: @escaping (Data?, Error?) -> Void) {
        let body = Data((request.url?.absoluteString ?? "").utf8)
        FixtureScheduler.shared.async { completion(body, nil) }
    }
}
