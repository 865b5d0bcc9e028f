import FixtureSDK
import Foundation
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
            try await withWatchdog(seconds: 30) {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<10 {
                        let way = Int.random(in: 0..<3)
                        let delay = Double.random(in: 0..<0.01)
                        let breakAfter = Int.random(in: 1..<5)
                        group.addTask {
                            try await Task.sleep(for: .seconds(delay))
                            switch way {
                            case 0:
                                var seen = 0
                                for await _ in source.sharedTicks() {
                                    seen += 1
                                    if seen == breakAfter { break }
                                }
                            case 1:
                                let task = Task { for await _ in source.sharedTicks() {} }
                                try await Task.sleep(for: .seconds(delay))
                                task.cancel()
                                await task.value
                            default:
                                _ = source.sharedTicks()
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            let settled = await eventually { source.stops == source.registrations && source.running == 0 }
            #expect(settled, "round \(round): \(source.registrations) registrations, \(source.stops) stops")
            // Nothing of the hub stays once the last consumer is gone.
            let owner = ObjectIdentifier(source)
            #expect(await eventually { BridgegenHubs.table.withLock { !$0.keys.contains { $0.owner == owner } } })
        }
    }
}
