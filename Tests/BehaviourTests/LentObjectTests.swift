import BridgegenRuntime
import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// `@lent(ArchiveConnection)`: a connection the SDK lends to its callbacks only (GRDB's
/// `Database`) is never part of the value, so nothing the app gets can use it after the
/// callback returned; the rest of the outcome is the SDK's.
@Suite struct LentObjectTests {
    @Test(arguments: [CallbackMode.immediately, .onAnotherThread, .twice, .twiceOnAnotherThread])
    func aResultOfTheLentObjectIsVoid(mode: CallbackMode) async throws {
        let archive = Archive()
        archive.mode = mode
        try await withWatchdog { try await archive.migrate() }
        archive.outcome = .failure
        await #expect(throws: FixtureError.failed) { try await withWatchdog { try await archive.migrate() } }
        #expect(archive.usesAfterClose == 0)
    }

    @Test(arguments: [CallbackMode.immediately, .onAnotherThread, .twice])
    func theResultBesideTheLentObjectIsTheValue(mode: CallbackMode) async throws {
        let archive = Archive()
        archive.mode = mode
        let count = try await withWatchdog {
            try await archive.write { connection in
                connection.append("a")
                return connection.entries.count
            }
        }
        #expect(count == 1)
        // The work's own error, and the SDK's failure.
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await withWatchdog { try await archive.write { _ -> Int in throw Refused() } }
        }
        archive.outcome = .failure
        await #expect(throws: FixtureError.failed) { try await withWatchdog { try await archive.write { _ in 1 } } }
        #expect(archive.usesAfterClose == 0)
    }

    @Test func dropsAWriteWhoseCallbackNeverComes() async throws {
        let archive = Archive()
        archive.mode = .dropped
        await #expect(throws: BridgegenError.self) { try await withWatchdog { try await archive.write { _ in 1 } } }
    }

    /// Each change is one Void event; the stream's end cancels the observation.
    @Test func changesAreVoidEventsUntilTheConsumerLeaves() async throws {
        let archive = Archive()
        let consumer = Task {
            var changes = 0
            for try await _ in archive.changes() {
                changes += 1
                if changes == 2 { break }
            }
            return changes
        }
        #expect(await eventually { archive.observerCount == 1 })
        archive.commit("first")
        archive.commit("second")
        #expect(try await consumer.value == 2)
        #expect(await eventually { archive.observerCount == 0 })
        #expect(archive.usesAfterClose == 0)
    }

    @Test func anObservationThatCannotStartFails() async throws {
        let archive = Archive()
        archive.outcome = .failure
        await #expect(throws: FixtureError.failed) {
            try await withWatchdog {
                for try await _ in archive.changes() {}
            }
        }
    }
}
