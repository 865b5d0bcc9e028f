import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing
import TestSupport

/// Both halves of one outcome set by chained calls (the ChainedHalves golden): one adapter sets
/// both, awaits whichever the SDK calls, and reports the other if it comes too. Serialized: the
/// misuse handler is global.
@Suite(.serialized) struct ChainedHalvesTests {
    @Test func theSuccessHalfGivesTheValueAndTheFailureHalfThrows() async throws {
        let fetch = PhotoFetch()
        #expect(try await fetch.onSuccess() == [Photo(id: "f")])
        #expect(fetch.startCount == 1)
        fetch.mode = .onAnotherThread
        fetch.outcome = .failure
        await #expect(throws: NSErrorLike.self) { try await fetch.onSuccess() }
        #expect(fetch.startCount == 2)
    }

    /// Without `fetch()` nothing would come: the adapter starts it once both halves are set.
    @Test func bothHalvesAreSetBeforeTheFetchStarts() async throws {
        let fetch = PhotoFetch()
        fetch.outcome = .failure
        do {
            _ = try await fetch.onSuccess()
            Issue.record("expected the failure half's error")
        } catch let error as NSErrorLike {
            #expect(error.code == 404)
        }
    }

    @Test func theFailureAfterTheSuccessIsReported() async throws {
        let log = MisuseLog.install(for: "PhotoFetch.onSuccess")
        let fetch = PhotoFetch()
        fetch.outcome = .both
        #expect(try await fetch.onSuccess() == [Photo(id: "f")])
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// Haneke's: done already, each half called as it is set; a failure without an error throws
    /// the flag.
    @Test func aHalfCalledAtOnceWhenSetEndsTheCall() async throws {
        #expect(try await PhotoLookup(value: 7, outcome: .value).onSuccess() == 7)
        await #expect(throws: FixtureError.failed) { try await PhotoLookup(value: 7, outcome: .failure).onSuccess() }
        await #expect(throws: BridgegenError.failureFlag(adapter: "PhotoLookup.onSuccess()")) {
            try await PhotoLookup(value: 7, outcome: .nothing).onSuccess()
        }
    }
}
