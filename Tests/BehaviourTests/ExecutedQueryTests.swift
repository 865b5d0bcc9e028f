import BridgegenRuntime
import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// A factory's query that runs only once another object executes it (the ExecutedQueries golden,
/// HealthKitReporter's shape): the adapter executes what the factory returned, and stops it
/// through the same object when the task is cancelled. Serialized: the misuse handler is global.
@Suite(.serialized) struct ExecutedQueryTests {
    /// The query is executed once, and its answer is the value.
    @Test func theQueryIsExecutedAndAnswers() async throws {
        let reporter = QueryReporter()
        let samples = try await reporter.samplesQuery(limit: 3)
        #expect(samples == [1, 2, 3])
        #expect(reporter.manager.executions == 1 && reporter.manager.stops == 0)
    }

    /// The factory's own error is thrown, and nothing is executed.
    @Test func aFactoryThatThrowsExecutesNothing() async {
        let reporter = QueryReporter()
        await #expect(throws: QueryError.invalidType) { try await reporter.samplesQuery(limit: -1) }
        #expect(reporter.manager.executions == 0)
    }

    /// Cancelled while the query runs: the call throws at once, and the manager stops the query
    /// it executed, once.
    @Test func cancellingStopsTheExecutedQueryOnce() async {
        let manager = QueryManager()
        manager.delay = 10
        let reporter = QueryReporter(manager: manager)
        let task = Task { try await reporter.samplesQuery(limit: 2) }
        #expect(await eventually { manager.executions == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await eventually { manager.stops == 1 })
        try? await Task.sleep(for: .milliseconds(20))
        #expect(manager.stops == 1)
    }

    /// A query that answers twice: the first is the value, the second a report.
    @Test func aSecondAnswerIsReported() async throws {
        let log = MisuseLog.install(for: "QueryReporter.samplesQuery")
        let manager = QueryManager()
        manager.answersTwice = true
        let samples = try await QueryReporter(manager: manager).samplesQuery(limit: 1)
        #expect(samples == [1])
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// An observer query's stream: executed once it is made, every change an element, and the
    /// consumer's leaving stops it once.
    @Test func anObserverQueryIsExecutedAndStoppedWhenTheConsumerLeaves() async throws {
        let reporter = QueryReporter()
        var changes: [Int] = []
        for try await change in reporter.changesQuery() {
            changes.append(change)
            if changes.count == 3 { break }
        }
        #expect(changes == [1, 2, 3])
        #expect(reporter.manager.executions == 1)
        #expect(await eventually { reporter.manager.stops == 1 })
    }
}
