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
}
