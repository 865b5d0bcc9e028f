import BridgegenRuntime
import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

// The tests share one store between tasks, as an app shares its one connection; that the
// adapters then never run two of its commands at once is what they check.
extension KeyValueStore: @unchecked Sendable {}

/// `@blocking` (the BlockingCalls golden): a synchronous client whose commands call back before
/// they return (Kitura-redis). The adapter runs each command on the store's serial queue: never on
/// its caller's thread, never two at once, never after the caller was cancelled. Serialized: were
/// an adapter to block where it must not, one test's held command would starve another's watchdog.
@Suite(.serialized) struct BlockingCallTests {
    @Test func valuesErrorsAndNilReplies() async throws {
        let store = KeyValueStore()
        try await withWatchdog { () async throws -> Void in
            #expect(try await store.get("missing") == nil)
            #expect(try await store.set("a", value: "1"))
            #expect(try await store.get("a") == "1")
            #expect(try await store.incr("a", by: 2) == 3)
            store.reply = .failure
            await #expect(throws: NSError.self) { try await store.get("a") }
            // `(false, error)`: the error, not the Bool.
            await #expect(throws: NSError.self) { try await store.set("a", value: "2") }
        }
        #expect(try await KeyValueStore.ping(host: "localhost"))
        await #expect(throws: NSError.self) { try await KeyValueStore.ping(host: "") }
    }

    /// More commands block than Swift's cooperative pool has threads, and async work still runs:
    /// they block the stores' queues. Without `@blocking` they would block the pool itself, and
    /// nothing async (this test included) would run until they returned.
    @Test func blockedCommandsLeaveTheCooperativePoolFree() async throws {
        let stores = (0..<ProcessInfo.processInfo.activeProcessorCount + 2).map { _ in KeyValueStore() }
        for store in stores { store.hold() }
        defer { for store in stores { store.release() } }
        let commands = stores.map { store in Task { try await store.incr("n") } }
        #expect(await eventually { stores.allSatisfy { $0.runningCommands == 1 } })
        let runningMeanwhile = await Task.detached { stores.map(\.runningCommands).reduce(0, +) }.value
        #expect(runningMeanwhile == stores.count)
        for store in stores { store.release() }
        for command in commands { #expect(try await withWatchdog { try await command.value } == 1) }
    }

    /// Any other adapter starts the SDK where it is awaited: on the caller's actor (decision 2),
    /// in the same job, so on the same thread, as the code before the `await`.
    @Test func otherAdaptersStartTheSDKOnTheCallersActor() async throws {
        final class QueueExecutor: SerialExecutor {
            let queue = DispatchQueue(label: "BlockingCallTests.caller")
            func enqueue(_ job: consuming ExecutorJob) {
                let job = UnownedJob(job)
                queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
            }
        }
        actor Caller {
            let executor = QueueExecutor()
            nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
            func flush(_ store: KeyValueStore) async throws -> Bool {
                let here = pthread_self()
                try await store.flush()
                return store.flushThread.map { pthread_equal($0, here) != 0 } ?? false
            }
        }
        #expect(try await withWatchdog { try await Caller().flush(KeyValueStore()) })
    }

    /// Many tasks, one store: its commands run one at a time, and none is lost.
    @Test func commandsOfOneStoreNeverOverlap() async throws {
        let store = KeyValueStore()
        store.delay = 0.001
        try await withWatchdog {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<40 { group.addTask { _ = try await store.incr("n") } }
                try await group.waitForAll()
            }
        }
        #expect(store.overlaps == 0)
        #expect(try await store.get("n") == "40")
    }

    /// A command that never calls back ends the call instead of hanging it; a second callback
    /// is late, dropped and reported.
    @Test func droppedAndDuplicateCallbacks() async throws {
        let log = MisuseLog.install(for: "KeyValueStore.")
        let store = KeyValueStore()
        store.reply = .never
        await #expect(throws: BridgegenError.self) { try await withWatchdog { try await store.get("a") } }
        store.reply = .twice
        #expect(try await withWatchdog { try await store.incr("a") } == 1)
        #expect(await eventually { log.all.contains { $0.adapter == "KeyValueStore.incr(_:by:)" } })
    }

    /// A synchronous call that returns its outcome (Zip's `zipFiles(…, progress:) throws`): run
    /// on the store's queue like the others, its return the value, its error thrown, its progress
    /// handed on; a call cancelled while it waits for the queue never runs.
    @Test func aCallThatReturnsItsOutcome() async throws {
        let store = KeyValueStore()
        _ = try await store.set("a", value: "1")
        let reported = Locked([Double]())
        let count = try await withWatchdog {
            try await store.snapshotAsync(to: "s", progress: { value in reported.withLock { $0.append(value) } })
        }
        #expect(count == 1)
        #expect(reported.withLock { $0 } == [0.5, 1])
        #expect(store.commandsOnMainThread == 0 && store.overlaps == 0)
        store.reply = .failure
        await #expect(throws: NSError.self) { try await withWatchdog { try await store.snapshotAsync(to: "s", progress: nil) } }
        store.reply = .normal
        store.hold()
        let running = Task { try await store.snapshotAsync(to: "s", progress: nil) }
        #expect(await eventually { store.runningCommands == 1 })
        let before = store.commands
        let waiting = Task { try await store.snapshotAsync(to: "s", progress: nil) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await withWatchdog { try await waiting.value } }
        store.release()
        #expect(try await withWatchdog { try await running.value } == 1)
        #expect(try await withWatchdog { try await store.snapshotAsync(to: "s", progress: nil) } == 1)
        #expect(store.commands == before + 1)
        // Cancelled while it runs: it throws at once, runs to its end, and its progress is not
        // reported to a caller that has stopped listening.
        store.hold()
        let late = Locked([Double]())
        let cancelled = Task { try await store.snapshotAsync(to: "s", progress: { value in late.withLock { $0.append(value) } }) }
        #expect(await eventually { store.runningCommands == 1 })
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await withWatchdog { try await cancelled.value } }
        store.release()
        #expect(await eventually { store.runningCommands == 0 })
        #expect(try await withWatchdog { try await store.snapshotAsync(to: "s", progress: nil) } == 1)
        #expect(late.withLock { $0 }.isEmpty)
    }

    /// A call cancelled while it waits for the queue ends at once and its command never runs;
    /// one cancelled while its command runs ends at once too, and the late answer is dropped.
    @Test func cancellationIsPromptAndSkipsCommandsNotStarted() async throws {
        let store = KeyValueStore()
        store.hold()
        defer { store.release() }
        let running = Task { try await store.incr("n") }
        #expect(await eventually { store.commands == 1 })
        let waiting = Task { try await store.incr("n") }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await withWatchdog { try await waiting.value } }
        running.cancel()
        await #expect(throws: CancellationError.self) { try await withWatchdog { try await running.value } }
        #expect(store.commands == 1)
        // The queue is first in, first out: once the next call is answered, the cancelled one
        // had its turn, and skipped its command.
        store.release()
        #expect(try await withWatchdog { try await store.incr("n") } == 2)
        #expect(store.commands == 2)
    }
}
