import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// A timer, a listener and an observer bridged as streams: many events from one registration,
/// and the token stopped exactly once when the consumer leaves.
@Suite struct MultiShotTokenTests {
    @Test func eachKindStreamsUntilTheConsumerLeaves() async throws {
        let source = RepeatingSource()
        try await withWatchdog {
            var ticks = 0
            for await _ in source.ticks(every: 0.001) {
                ticks += 1
                if ticks == 3 { break }
            }
            var connections: [Int] = []
            for await connection in source.connections(port: 80) {
                connections.append(connection.number)
                if connections.count == 3 { break }
            }
            #expect(connections == [1, 2, 3])
            var changes: [String] = []
            for try await change in source.changes(forKey: "volume") {
                changes.append(change)
                if changes.count == 2 { break }
            }
            #expect(changes == ["volume=1", "volume=2"])
        }
        #expect(await eventually { source.stops == 3 })
        try await Task.sleep(for: .milliseconds(20))
        #expect(source.stops == 3)
    }

    /// NIO's `scheduleRepeatedTask` shape: each run gets the returned handle, which is no event;
    /// leaving the stream cancels it, once.
    @Test func aRepeatedTaskHandedItsHandleTicksUntilTheConsumerLeaves() async throws {
        let source = RepeatingSource()
        try await withWatchdog {
            var runs = 0
            for await _ in source.scheduleRepeated(every: 0.001) {
                runs += 1
                if runs == 3 { break }
            }
        }
        #expect(await eventually { source.stops == 1 })
        #expect(source.running == 0)
    }

    /// A variadic list (decision 109): the adapter takes it as the SDK does and calls the method
    /// through its array form, every element in place; the registration still stops once.
    @Test func aVariadicListReachesTheSDKWhole() async throws {
        let source = RepeatingSource()
        try await withWatchdog {
            var changes: [String] = []
            for try await change in source.observeValues(forKeys: "a", "b", "c") {
                changes.append(change)
                if changes.count == 2 { break }
            }
            #expect(changes == ["a=1,b=1,c=1", "a=2,b=2,c=2"])
            var none: [String] = []
            for try await change in source.observeValues() {
                none.append(change)
                break
            }
            #expect(none == [""])
        }
        #expect(await eventually { source.stops == 2 })
        #expect(source.running == 0)
    }
}
