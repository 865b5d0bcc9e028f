import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing

/// Adapters in extensions of types whose generic parameters are named `Error`, `Result`, `Task`…
/// behave as any other.
@Suite struct ShadowedGenericNamesTests {
    struct Refusal: Error, Equatable {}

    @Test func channelAndWorkflowAdaptersWork() async throws {
        let channel = Channel<Int, Refusal>(next: .success(4))
        #expect(try await channel.receive() == 4)
        channel.next = .failure(Refusal())
        await #expect(throws: Refusal()) { try await channel.receive() }
        let workflow = Workflow<String, Int, Int, Int, Int, Int>(value: "done")
        #expect(try await workflow.run() == "done")
        try await workflow.stopped()
    }
}
