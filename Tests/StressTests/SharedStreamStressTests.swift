import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing
import TestSupport

/// Shared streams under many random interleavings of consumers joining and leaving (breaking,
/// cancelled, dropped): every registration is stopped exactly once and nothing stays running.
/// CI runs this under Thread Sanitizer.
@Suite struct SharedStreamStressTests {
    @Test func randomConsumersNeverLeakOrDoubleStop() async throws {
        for round in 0..<40 {
            let source = RepeatingSource()
            try await withWatchdog {
                try await joinAndLeaveAtRandom(10, source, maxDelay: 0.01)
            }
            let settled = await eventually { source.stops == source.registrations && source.running == 0 }
            #expect(settled, "round \(round): \(source.registrations) registrations, \(source.stops) stops")
            // Nothing of the hub stays once the last consumer is gone.
            let owner = ObjectIdentifier(source)
            #expect(await eventually { BridgegenHubs.table.withLock { !$0.keys.contains { $0.owner == owner } } })
        }
    }
}
