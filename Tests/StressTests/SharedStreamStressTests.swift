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
                try await joinAndLeaveAtRandom(10, source, maxDelay: 0.01, seed: 0x5EED_0000 + UInt64(round))
            }
            let settled = await eventually { source.stops == source.registrations && source.running == 0 }
            #expect(settled, "round \(round): \(source.registrations) registrations, \(source.stops) stops")
            // Nothing of the hub stays once the last consumer is gone.
            let owner = ObjectIdentifier(source)
            #expect(await eventually { BridgegenHubs.table.withLock { !$0.keys.contains { $0.owner == owner } } })
        }
    }

    /// Random joins and leaves over a scanner whose start and stop are fast or slow: every
    /// consumer gets every reading from its join on, without a gap (a late stop never switches
    /// off a newer scan, and a consumer that joins during a start returns once the scan is on);
    /// at the end every start was stopped once and the scanner is off.
    @Test(arguments: [false, true])
    func aScannerWithSlowOrFastStartsAndStops(slow: Bool) async throws {
        for round in 0..<(slow ? 12 : 30) {
            let scanner = RadioScanner()
            scanner.interval = 0.0005
            if slow {
                scanner.startDelay = 0.004
                scanner.stopDelay = 0.004
            }
            var generator = SeededGenerator(seed: (slow ? 0x5CA0_0000 : 0x5CA1_0000) + UInt64(round))
            let consumers = (0..<8).map { _ in
                (delay: Double.random(in: 0..<0.02, using: &generator), count: Int.random(in: 1..<15, using: &generator),
                 cancels: Bool.random(using: &generator))
            }
            try await withWatchdog(state: { "round \(round): \(scanner.starts) starts, \(scanner.stops) stops" }) {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (delay, count, cancels) in consumers {
                        group.addTask {
                            try await Task.sleep(for: .seconds(delay))
                            let consumer = Task { () -> (from: Int, values: [Int]) in
                                let stream = scanner.sightings()
                                let from = scanner.lastReading
                                var values: [Int] = []
                                for await value in stream {
                                    values.append(value)
                                    if values.count == count { break }
                                }
                                return (from, values)
                            }
                            if cancels {
                                try await Task.sleep(for: .seconds(delay / 2))
                                consumer.cancel()
                            }
                            let (from, values) = await consumer.value
                            if !cancels { #expect(values.count == count, "round \(round): the stream ended early") }
                            #expect(zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 }, "round \(round): \(values)")
                            if let first = values.first { #expect(first <= from + 1, "round \(round): joined at \(from), got \(first)") }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            let settled = await eventually { scanner.stops == scanner.starts && !scanner.isScanning && !scanner.hasObserver }
            #expect(settled, "round \(round): \(scanner.starts) starts, \(scanner.stops) stops, scanning \(scanner.isScanning)")
            let owner = ObjectIdentifier(scanner)
            #expect(await eventually { BridgegenHubs.table.withLock { !$0.keys.contains { $0.owner == owner } } })
        }
    }
}
