import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// Randomized interleavings for `@retry` adapters: scripts of transient and final failures,
/// successes and hangs, answered inside the call or from the fixture thread, cancelled at random
/// moments (often during a wait). Every trial must end with an outcome its script allows, make
/// no more attempts than allowed, start no attempt after it ended, and leave nothing alive.
@Suite struct RetryStressTests {
    typealias CancelPoint = StressTests.CancelPoint

    struct Trial: Sendable, CustomStringConvertible {
        var script: [FlakyStep]
        var inline: Bool
        var cancelPoint: CancelPoint
        var cancelDelay: UInt64

        var description: String {
            "retry script=\(script) inline=\(inline) cancel=\(cancelPoint)"
        }

        /// The steps the three attempts take (the script's last step repeats).
        var attempts: [FlakyStep] { (0..<3).map { script[min($0, script.count - 1)] } }

        /// A hang within the three attempts ends only by cancellation.
        var canEnd: Bool { !attempts.contains(.hang) || cancelPoint != .never }

        /// What `fetch(id:)` (3 attempts, transient errors retried) ends with when not cancelled.
        var expected: String {
            for step in attempts {
                switch step {
                case .succeed: return "value"
                case .fail(.declined): return "\(FlakyError.declined)"
                case .fail, .hang: continue
                }
            }
            guard case .fail(let error) = attempts[2] else { return "hang" }
            return "\(error)"
        }

        static func random(using generator: inout some RandomNumberGenerator) -> Trial {
            let steps: [FlakyStep] = [.fail(.offline), .fail(.busy), .fail(.declined), .succeed(1), .hang]
            let count = Int.random(in: 1...4, using: &generator)
            return Trial(
                script: (0..<count).map { _ in steps.randomElement(using: &generator)! },
                inline: Bool.random(using: &generator),
                cancelPoint: CancelPoint.allCases.randomElement(using: &generator)!,
                cancelDelay: UInt64.random(in: 0...30_000_000, using: &generator))
        }
    }

    final class Box: @unchecked Sendable {
        let service: FlakyService
        init(_ service: FlakyService) { self.service = service }
    }

    @Test func randomizedRetryInterleavings() async throws {
        let log = MisuseLog.install(for: "FlakyService.fetch(id:)")
        let trials = drawTrials(seed: 0x5E77_1E5, { Trial.random(using: &$0) }, canEnd: \.canEnd)
        try await runInBatches(trials) { trial in
            weak var weakService: FlakyService?
            let (ended, callsAtEnd, callsLater, hangsCancelled) = await { () async -> (String, Int, Int, Bool) in
                let service = FlakyService(trial.script, answersInline: trial.inline, latency: 0.001)
                weakService = service
                let box = Box(service)
                let ended = await callOnce(cancel: trial.cancelPoint, after: trial.cancelDelay) {
                    let value = try await box.service.fetch(id: 1)
                    // A value other than the script's is a wrong outcome; report it as one.
                    if value != 1 { throw FlakyError.declined }
                }
                let callsAtEnd = service.callCount
                Fixture.drain()
                try? await Task.sleep(nanoseconds: 5_000_000)
                // Every hanging attempt that ended was cancelled (by the task or never started).
                await settle { service.calls.allSatisfy { !$0.isHanging || $0.isCancelled } }
                let hangsCancelled = service.calls.allSatisfy { !$0.isHanging || $0.isCancelled }
                return (ended, callsAtEnd, service.callCount, hangsCancelled)
            }()
            await settle { weakService == nil }
            #expect(weakService == nil, "\(trial): the service is still alive after the call")
            #expect(callsAtEnd <= 3, "\(trial): \(callsAtEnd) attempts")
            #expect(callsLater == callsAtEnd, "\(trial): an attempt started after the call ended")
            #expect(hangsCancelled, "\(trial): a hanging attempt was left running")
            if trial.cancelPoint == .beforeStart {
                #expect(ended == "cancelled" && callsAtEnd == 0, "\(trial): \(ended)")
            } else if trial.cancelPoint == .never {
                #expect(ended == trial.expected, "\(trial): \(ended)")
            } else {
                // Cancelled, or ended before the cancel with a failure or value the script gives.
                let possible = trial.attempts.map { step -> String in
                    if case .fail(let error) = step { return "\(error)" }
                    return "value"
                }
                #expect(ended == "cancelled" || possible.contains(ended), "\(trial): \(ended)")
            }
        }
        // A cancelled call drops the SDK's later answer quietly; a retried one reports nothing.
        #expect(log.all.allSatisfy { $0.kind == .callbackAfterCancellation }, "\(log.all)")
    }
}
