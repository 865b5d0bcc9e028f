import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing
import TestSupport

/// An initializer's one-shot (`@once` on an `init`): the factory makes the object with
/// bridgegen's completion, keeps it while the work it started runs, and returns it once the
/// completion has come, beside the completion's value when that is not the object itself.
struct InitializerCallTests {
    /// The completion hands the object itself back: the factory returns the object.
    @Test func aSceneIsReturnedOnceItHasLoaded() async throws {
        let scene = try await withWatchdog { try await Scene.make(named: "intro") }
        #expect(scene.name == "intro")
    }

    /// The completion's error is thrown; no object comes back.
    @Test func aSceneThatFailsToLoadThrows() async throws {
        await #expect(throws: LoadError.notFound("")) {
            try await withWatchdog { try await Scene.make(named: "") }
        }
    }

    /// The client holds itself only weakly while it starts: the factory keeps it, or it would
    /// never call back, and hands it back started.
    @Test func aClientIsKeptUntilItHasStarted() async throws {
        let client = try await withWatchdog { try await Client.start(key: "k", delay: 0.05) }
        #expect(client.isStarted)
        await #expect(throws: LoadError.badKey) {
            try await withWatchdog { try await Client.start(key: "") }
        }
    }

    /// A value of the completion's own comes back beside the object; a throwing initializer
    /// throws from the factory, before anything is awaited.
    @Test func aTrackersValueComesBesideIt() async throws {
        let (tracker, enabled) = try await withWatchdog { try await Tracker.make(account: "a") }
        #expect(tracker.account == "a" && enabled)
        await #expect(throws: LoadError.disabled) {
            try await withWatchdog { try await Tracker.make(account: "a", enabled: false) }
        }
        await #expect(throws: LoadError.notFound("")) {
            try await withWatchdog { try await Tracker.make(account: "") }
        }
    }

    /// Nothing stops the object: a cancelled call throws `CancellationError` without waiting
    /// for the completion, which would come only after a minute (a machine under load may
    /// wake the sleep late: the client's delay is far beyond any such lateness).
    @Test func aCancelledStartThrowsWithoutWaiting() async throws {
        let task = Task { try await Client.start(key: "k", delay: 60) }
        try await Task.sleep(nanoseconds: 20_000_000)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await withWatchdog(seconds: 30) { try await task.value } }
    }

    /// Started by a method of its own (decision 187): the object is made, started once, and
    /// the call returns what the completion hands; nothing stops it when it ran to the end.
    @Test func aPrefetcherIsStartedAndItsOutcomeReturned() async throws {
        let (fetched, failed) = try await withWatchdog { try await Prefetcher.run(names: ["a", "!b", "c"], tag: "ran") }
        #expect(fetched == ["a", "c"] && failed == ["!b"])
        #expect(Prefetcher.counts.starts("ran") == 1)
        #expect(Prefetcher.counts.stops("ran") == 0)
    }

    /// Cancelled while it runs, the object is stopped once and the call throws at once; the
    /// completion its stop sends is dropped and reported, never a second resume. Cancelled
    /// before it began, nothing is made or started.
    @Test func aCancelledRunStopsThePrefetcherOnce() async throws {
        let log = MisuseLog.install(for: "Prefetcher.run")
        let task = Task { try await Prefetcher.run(names: ["a"], tag: "cancelled", delay: 60) }
        #expect(await eventually { Prefetcher.counts.starts("cancelled") == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await withWatchdog(seconds: 30) { try await task.value } }
        #expect(await eventually { Prefetcher.counts.stops("cancelled") == 1 })
        #expect(await eventually { log.all.map(\.kind) == [.callbackAfterCancellation] })

        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Prefetcher.run(names: ["a"], tag: "early")
        }
        await #expect(throws: CancellationError.self) { try await withWatchdog { try await early.value } }
        #expect(Prefetcher.counts.starts("early") == 0 && Prefetcher.counts.stops("early") == 0)
    }
}
