@testable import Inventory
import Testing

/// What the twenty-fourth session's first contact with batch 61 taught (decision 138).
@Suite struct ScanTwentyFourthSessionTests: ScanTesting {
    /// api.video (openapi-generator): every endpoint twice, with the same labels, once with
    /// `(T?, Error?)` and once with `Result<Response<T>, ErrorResponse>`. Two adapters would
    /// differ only in what they return, and `try await CaptionsAPI.get(…)` would be ambiguous:
    /// the first is bridged, the other is context, said.
    @Test func overloadsWithTheSameArgumentsBridgeOnce() {
        let text = scan(
            """
            open class CaptionsAPI {
                open class func get(videoId: String, completion: @escaping ((_ data: Caption?, _ error: Error?) -> Void)) {}
                open class func get(videoId: String, completion: @escaping (_ result: Result<Response<Caption>, ErrorResponse>) -> Void) {}
                open class func get(videoId: Int, completion: @escaping (_ result: Result<Response<Caption>, ErrorResponse>) -> Void) {}
            }
            public struct Caption {}
            public struct Response<T> {}
            public struct ErrorResponse: Error {}
            """
        ).text
        #expect(
            text.contains(
                "    @context  // takes the same arguments as the 'get(… (_ data: Caption?, _ error: Error?) -> Void)' above, which is bridged"
                    + ": a second adapter would differ only in what it returns, and calls that do not name the type would be ambiguous"
                    + "; to bridge this one instead, move '@context' to that one\n"
                    + "    open class func get(videoId: String, completion: @escaping (_ result: Result<Response<Caption>, ErrorResponse>) -> Void)\n"),
            "\(text)")
        // Other arguments: an adapter of its own.
        #expect(!text.contains("@context  // takes the same arguments as the 'get(… (_ data: Caption?, _ error: Error?) -> Void)' above, which is bridged: a second adapter would differ only in what it returns, and calls that do not name the type would be ambiguous; to bridge this one instead, move '@context' to that one\n    open class func get(videoId: Int"), "\(text)")
    }

    /// api.video's `ProgressiveUploadSession`: its `(Video?, Error?)` overload implements the
    /// protocol's requirement, whose adapter serves the type; the type's own `Result` overload
    /// would win every call on the type and answer `Response<Video>`.
    @Test func anOverloadBesideARequirementsImplementationIsLeftToTheProtocol() {
        let text = scan(
            """
            public protocol UploadSessionProtocol {
                func uploadPart(file: URL, completion: @escaping ((_ data: Video?, _ error: Error?) -> Void))
            }
            public class UploadSession: UploadSessionProtocol {
                public func uploadPart(file: URL, completion: @escaping ((_ data: Video?, _ error: Error?) -> Void)) {}
                public func uploadPart(file: URL, completion: @escaping (_ result: Result<Response<Video>, Error>) -> Void) {}
                public func finish(completion: @escaping (Error?) -> Void) {}
            }
            public struct Video {}
            public struct Response<T> {}
            """
        ).text
        #expect(
            text.contains(
                "    @context  // an overload with the same arguments is UploadSessionProtocol's, whose adapter serves this type"
                    + ": a second adapter here would differ only in what it returns\n"
                    + "    public func uploadPart(file: URL, completion: @escaping (_ result: Result<Response<Video>, Error>) -> Void)\n"),
            "\(text)")
    }

    /// api.video's `RequestBuilder.execute(_:_ completion:) -> RequestTask`: a builder's other
    /// methods keep what they are handed for what it builds; the one that sends it calls back.
    @Test func theBuildersExecuteCallsBack() {
        let text = scan(
            """
            open class RequestBuilder<T> {
                open func onProgress(_ handler: @escaping (Double) -> Void) -> Self { self }
                open func execute(_ queue: DispatchQueue = .main, _ completion: @escaping (_ result: Result<T, Error>) -> Void) -> RequestTask { RequestTask() }
            }
            public final class RequestTask { public func cancel() {} }
            """
        ).text
        #expect(text.contains("@cancel(token)\n    open func execute("), "\(text)")
        #expect(text.contains("@context  // a method of a RequestBuilder, whose closures run when what it builds is used\n    open func onProgress("), "\(text)")
    }
}
