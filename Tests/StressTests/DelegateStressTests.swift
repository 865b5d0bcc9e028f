import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// Randomized interleavings for one-shot delegate adapters: how and where the SDK calls its
/// delegate (once, twice, never, inside the start call, on its own thread), whether its stop
/// reports a failure synchronously, and when the task is cancelled. Every trial must end, stop
/// the SDK at most once, clear the owner's delegate slot and leave nothing alive.
@Suite struct DelegateStressTests {
    typealias CancelPoint = StressTests.CancelPoint

    struct Trial: Sendable, CustomStringConvertible {
        var mode: CallbackMode
        var script: DelegateScript
        var failsOnStop: Bool
        var cancelPoint: CancelPoint
        var cancelDelay: UInt64

        var description: String {
            "delegate mode=\(mode) script=\(script) failsOnStop=\(failsOnStop) cancel=\(cancelPoint)"
        }

        /// A delegate that is never called ends only by cancellation (the timeout is 30 s).
        var canEnd: Bool {
            let silent = script == .silent || mode == .never || mode == .dropped
            return !silent || cancelPoint != .never
        }

        static func random(using generator: inout some RandomNumberGenerator) -> Trial {
            Trial(
                mode: CallbackMode.allCases.randomElement(using: &generator)!,
                script: [DelegateScript.succeed, .fail, .succeedTwiceThenFail, .silent].randomElement(using: &generator)!,
                failsOnStop: Bool.random(using: &generator),
                cancelPoint: CancelPoint.allCases.randomElement(using: &generator)!,
                cancelDelay: UInt64.random(in: 0...1_000_000, using: &generator))
        }
    }

    final class Box: @unchecked Sendable {
        let locator: Locator
        init(_ locator: Locator) { self.locator = locator }
    }

    static func run(_ trial: Trial) async -> (ended: String, starts: Int, stops: Int, slotCleared: Bool, released: Bool) {
        weak var weakLocator: Locator?
        let (ended, starts, stops, slotCleared): (String, Int, Int, Bool) = await {
            let locator = Locator()
            weakLocator = locator
            locator.mode = trial.mode
            locator.script = trial.script
            locator.failsOnStop = trial.failsOnStop
            let box = Box(locator)
            let ended = await callOnce(cancel: trial.cancelPoint, after: trial.cancelDelay) {
                _ = try await box.locator.currentLocation()
            }
            // The SDK's stop is handed to another thread: give it a moment.
            Fixture.drain()
            try? await Task.sleep(nanoseconds: 300_000)
            return (ended, locator.starts, locator.stops, locator.delegate == nil)
        }()
        await settle { weakLocator == nil }
        return (ended, starts, stops, slotCleared, weakLocator == nil)
    }

    @Test func randomizedDelegateInterleavings() async throws {
        let log = MisuseLog.install(for: "Locator.currentLocation()")
        defer { _ = log.all }
        let trials = drawTrials(seed: 0xDE1E_6A7E, { Trial.random(using: &$0) }, canEnd: \.canEnd)
        try await runInBatches(trials) { trial in
            let observed = await Self.run(trial)
            #expect(observed.released, "\(trial): the locator is still alive after the call")
            #expect(observed.slotCleared, "\(trial): the owner still holds the adapter's delegate")
            #expect(observed.stops <= 1, "\(trial): stopped \(observed.stops) times")
            if trial.cancelPoint == .beforeStart {
                #expect(observed.ended == "cancelled" && observed.starts == 0, "\(trial): \(observed.ended)")
            }
            if observed.ended == "value" || observed.ended.contains("failed") {
                #expect(observed.stops == 0, "\(trial): the SDK answered, yet it was stopped")
            }
        }
    }
}
