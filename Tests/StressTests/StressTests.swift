import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// Randomized interleavings of SDK behaviour, threads and cancellation for every adapter kind.
/// Each trial must end exactly once with an outcome its configuration allows, within the
/// watchdog's limit, with the SDK cancelled at most once and nothing left alive afterwards.
/// `BRIDGEGEN_STRESS_TRIALS` sets the trials per kind (default 2,000).
@Suite struct StressTests {
    static let trials = Int(ProcessInfo.processInfo.environment["BRIDGEGEN_STRESS_TRIALS"] ?? "") ?? 2_000

    enum Kind: String, CaseIterable, Sendable {
        case completionOnly, tokenCancel, idCancel, receiverCancel, timeout, waitForSDK
    }

    enum CancelPoint: CaseIterable, Sendable {
        case never, beforeStart, immediately, afterDelay
    }

    struct Trial: Sendable, CustomStringConvertible {
        var kind: Kind
        var mode: CallbackMode
        var cancelBehavior: CancelBehavior
        var outcome: Outcome
        var cancelPoint: CancelPoint
        var delay: Double
        var cancelDelay: UInt64

        var description: String {
            "\(kind) mode=\(mode) cancel=\(cancelPoint)/\(cancelBehavior) outcome=\(outcome) delay=\(delay)"
        }

        /// A trial whose SDK never answers needs cancellation or a timeout to end.
        var canEnd: Bool {
            if mode == .never {
                if kind == .timeout { return true }
                if cancelPoint == .never { return false }
                // Waiting for the SDK's answer to a cancel it never answers would rightly hang.
                if kind == .waitForSDK && cancelBehavior == .quiet { return false }
            }
            return true
        }

        static func random(_ kind: Kind, using generator: inout some RandomNumberGenerator) -> Trial {
            Trial(
                kind: kind, mode: CallbackMode.allCases.randomElement(using: &generator)!,
                cancelBehavior: CancelBehavior.allCases.randomElement(using: &generator)!,
                outcome: [Outcome.value, .failure, .nothing, .both].randomElement(using: &generator)!,
                cancelPoint: CancelPoint.allCases.randomElement(using: &generator)!,
                delay: Double(Int.random(in: 0...3, using: &generator)) / 2_000,
                cancelDelay: UInt64.random(in: 0...1_500_000, using: &generator))
        }
    }

    struct Observation: Sendable {
        var ended: String
        var cancelCounts: [Int]
        var receiverCancels: Int
    }

    /// Runs one trial and reports how it ended. The fixture object is created and dropped
    /// inside, so a weak reference shows whether anything kept it alive.
    static func run(_ trial: Trial) async -> (Observation, Bool) {
        weak var weakTransfers: Transfers?
        let observation: Observation = await {
            let transfers = Transfers()
            weakTransfers = transfers
            transfers.mode = trial.mode
            transfers.cancelBehavior = trial.cancelBehavior
            transfers.outcome = trial.outcome
            transfers.delay = trial.delay
            let box = Box(transfers)
            let ended = await callOnce(cancel: trial.cancelPoint, after: trial.cancelDelay) {
                switch trial.kind {
                case .completionOnly: _ = try await box.value.geocodeWithoutCancel(address: "a")
                case .tokenCancel: _ = try await box.value.send(amount: 1)
                case .idCancel: try await box.value.startSync()
                case .receiverCancel: _ = try await box.value.geocode(address: "a")
                case .timeout: _ = try await box.value.download(name: "n", progress: { _ in })
                case .waitForSDK: _ = try await box.value.makeTask(url: "u")
                }
            }
            return Observation(
                ended: ended, cancelCounts: transfers.requests.map(\.cancelCount), receiverCancels: transfers.receiverCancelCount)
        }()
        // Pending fixture work (late callbacks) may hold the object briefly; then it must go.
        await settle { weakTransfers == nil }
        return (observation, weakTransfers == nil)
    }

    final class Box: @unchecked Sendable {
        let value: Transfers
        init(_ value: Transfers) { self.value = value }
    }

    @Test(arguments: Kind.allCases)
    func randomizedInterleavings(kind: Kind) async throws {
        // Duplicates are expected here by design: collect them instead of printing them.
        let log = MisuseLog.install(for: "Transfers.")
        defer { _ = log.all }
        let trials = drawTrials(
            seed: UInt64(Kind.allCases.firstIndex(of: kind)!) &+ 0x9E37_79B9, { Trial.random(kind, using: &$0) },
            canEnd: \.canEnd)
        try await runInBatches(trials) { trial in
            let (observation, released) = await Self.run(trial)
            Self.check(trial, observation, released: released)
        }
    }

    static func check(_ trial: Trial, _ observation: Observation, released: Bool) {
        let ended = observation.ended
        #expect(released, "\(trial): the fixture object is still alive after the call")
        // The SDK is asked to cancel at most once per request.
        #expect(observation.cancelCounts.allSatisfy { $0 <= 1 }, "\(trial): cancel counts \(observation.cancelCounts)")
        #expect(observation.receiverCancels <= 1, "\(trial)")
        // Cancelled before start: no SDK work.
        if trial.cancelPoint == .beforeStart {
            #expect(ended == "cancelled" && observation.cancelCounts.isEmpty, "\(trial): \(ended)")
        }
        // Never a success when the SDK never answered, unless waiting for its answer to cancel.
        if trial.mode == .never && trial.kind != .waitForSDK {
            #expect(ended != "value", "\(trial)")
        }
        if trial.mode == .dropped && trial.cancelPoint == .never {
            #expect(ended.contains("released its handler") || ended.contains("timed out"), "\(trial): \(ended)")
        }
    }
}

/// Runs one adapter call in its own task, cancelled where the trial says (`beforeStart`: by the
/// task itself, before the call), and reports how it ended: "value", "cancelled" or the error.
func callOnce(
    cancel point: StressTests.CancelPoint, after delay: UInt64, _ call: @escaping @Sendable () async throws -> Void
) async -> String {
    let task = Task { () async -> String in
        if point == .beforeStart { withUnsafeCurrentTask { $0?.cancel() } }
        do {
            try await call()
            return "value"
        } catch is CancellationError {
            return "cancelled"
        } catch {
            return "\(error)"
        }
    }
    switch point {
    case .immediately: task.cancel()
    case .afterDelay:
        try? await Task.sleep(nanoseconds: delay)
        task.cancel()
    case .never, .beforeStart: break
    }
    return await task.value
}

/// Waits, never blocking a thread, until `done` holds or `timeout` seconds have passed; the
/// fixture's pending work (late callbacks, handed-off stops) runs meanwhile.
func settle(timeout: TimeInterval = 2, until done: () -> Bool) async {
    let deadline = Date().addingTimeInterval(timeout)
    while !done() && Date() < deadline {
        Fixture.drain()
        try? await Task.sleep(nanoseconds: 500_000)
    }
}

/// Draws trials from a seeded generator until there are `StressTests.trials` that can end.
func drawTrials<Trial>(seed: UInt64, _ draw: (inout SeededGenerator) -> Trial, canEnd: (Trial) -> Bool) -> [Trial] {
    var generator = SeededGenerator(seed: seed)
    var trials: [Trial] = []
    while trials.count < StressTests.trials {
        let trial = draw(&generator)
        if canEnd(trial) { trials.append(trial) }
    }
    return trials
}

/// Runs trials a few at a time, so threads really interleave; each under the watchdog.
func runInBatches<Trial: Sendable & CustomStringConvertible>(
    _ trials: [Trial], concurrency: Int = 8, _ body: @escaping @Sendable (Trial) async throws -> Void
) async throws {
    var index = 0
    while index < trials.count {
        let batch = Array(trials[index..<min(index + concurrency, trials.count)])
        index += batch.count
        try await withThrowingTaskGroup(of: Void.self) { group in
            for trial in batch {
                group.addTask {
                    if ProcessInfo.processInfo.environment["BRIDGEGEN_STRESS_TRACE"] != nil { print("TRIAL start \(trial)") }
                    try await withWatchdog("\(trial)") { try await body(trial) }
                    if ProcessInfo.processInfo.environment["BRIDGEGEN_STRESS_TRACE"] != nil { print("TRIAL end \(trial)") }
                }
            }
            try await group.waitForAll()
        }
    }
}
