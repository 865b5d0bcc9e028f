import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing

/// Builder-style APIs return `Self` (the request itself): the adapters keep it as the token and
/// cancel it, in a class, a final class and a protocol extension.
@Suite struct BuilderTests {
    @Test func selfReturningCallsDeliverTheirValue() async throws {
        let request = DataRequest(id: 3)
        #expect(try await request.response() == Data("response 3".utf8))
        let upload = UploadRequest(id: 4)
        upload.mode = .onAnotherThread
        #expect(try await upload.uploadResponse() == Data("response 4".utf8))
        try await upload.resume()
        #expect(request.cancelCount == 0 && upload.cancelCount == 0)
    }

    @Test func cancellingCancelsTheReturnedRequestOnce() async throws {
        let request = UploadRequest(id: 5)
        request.mode = .never
        let task = Task { try await request.uploadResponse() }
        #expect(await eventually { request.isWaiting })
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("expected CancellationError, got \(result)")
            return
        }
        #expect(error is CancellationError)
        #expect(await eventually { request.cancelCount == 1 })
    }

    /// Why generation warns when an adapter's name collides with a member: in async code
    /// `request.cancel()` now means the adapter (this file would not compile with a plain
    /// `request.cancel()` below); only synchronous code still reaches the SDK's `cancel()`.
    @Test func aCollidingAdapterTakesOverTheNameInAsyncCode() async throws {
        let request = DataRequest(id: 6)
        #expect(try await request.cancel() == true)
        Self.cancelSynchronously(request)
        #expect(request.cancelCount == 2)
    }

    static func cancelSynchronously(_ request: DataRequest) {
        request.cancel()
    }
}
