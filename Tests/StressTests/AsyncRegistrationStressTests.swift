import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// Randomized interleavings for a stream whose registration is itself `async` (LiveChannel,
/// shaped like Appwrite's `Realtime`): the registration slow or quick, refused or not, an event
/// inside it or none, a stop that throws; the consumer leaving after its first event, cancelled
/// at a random moment (before, during or after the registration), or cancelled before it asked.
/// Every trial must end, call `subscribe` at most once (never for a task cancelled before it
/// asked), close every subscription it returned exactly once, leave no callback registered, and
/// leave the channel released. (It uses `events(topics:)`; `AsyncRegistrationTests` counts the
/// reports of `events(topic:)`.)
@Suite struct AsyncRegistrationStressTests {
    enum Consumer: CaseIterable, Sendable {
        case breakAfterFirst, cancelAfterDelay, cancelledBeforeStart
    }

    struct Trial: Sendable, CustomStringConvertible {
        var holds: Bool
        var holdDelay: UInt64
        var refuses: Bool
        var greets: Bool
        var closeFails: Bool
        var consumer: Consumer
        var cancelDelay: UInt64

        var description: String {
            "async registration holds=\(holds)/\(holdDelay) refuses=\(refuses) greets=\(greets) closeFails=\(closeFails) consumer=\(consumer)/\(cancelDelay)"
        }

        /// A consumer waiting for its first event gets one only from the greeting (or the refusal's end).
        var canEnd: Bool { consumer != .breakAfterFirst || greets || refuses }

        static func random(using generator: inout some RandomNumberGenerator) -> Trial {
            Trial(
                holds: Bool.random(using: &generator),
                holdDelay: UInt64.random(in: 0...1_000_000, using: &generator),
                refuses: Int.random(in: 0..<4, using: &generator) == 0,
                greets: Bool.random(using: &generator),
                closeFails: Bool.random(using: &generator),
                consumer: Consumer.allCases.randomElement(using: &generator)!,
                cancelDelay: UInt64.random(in: 0...1_500_000, using: &generator))
        }
    }

    struct Observation: Sendable {
        var calls: Int
        var closes: [Int]
        var subscribers: Int
    }

    /// The channel is not `Sendable`; the trial hands it to its tasks as a legacy SDK's
    /// callbacks hand their objects across threads.
    final class Box: @unchecked Sendable {
        let channel: LiveChannel
        init(_ channel: LiveChannel) { self.channel = channel }
    }

    static func run(_ trial: Trial) async -> (Observation, Bool) {
        weak var weakChannel: LiveChannel?
        let probe: LiveChannelProbe = await {
            let channel = LiveChannel()
            weakChannel = channel
            channel.holdsRegistrations = trial.holds
            channel.refusesRegistrations = trial.refuses
            channel.greets = trial.greets
            channel.closeFails = trial.closeFails
            let box = Box(channel)
            let opener = Task {
                try? await Task.sleep(nanoseconds: trial.holdDelay)
                box.channel.holdsRegistrations = false
            }
            let consumer = Task {
                if trial.consumer == .cancelledBeforeStart { withUnsafeCurrentTask { $0?.cancel() } }
                do {
                    for try await _ in box.channel.events(topics: ["photos"]) where trial.consumer == .breakAfterFirst { break }
                } catch {}
            }
            if trial.consumer == .cancelAfterDelay {
                try? await Task.sleep(nanoseconds: trial.cancelDelay)
                consumer.cancel()
            }
            await consumer.value
            await opener.value
            return channel.probe
        }()
        // The consumer may have left before the adapter's registration task even ran, so no
        // count says yet whether a `subscribe` is still to come; that task holds the channel
        // until its registration has returned or thrown. Once it lets go, only the stop can be
        // pending: it runs in a task of its own, which on a loaded machine (load 6 on 2 cores)
        // can wait longer than 2 s to run.
        await settle(timeout: 15) { weakChannel == nil }
        await settle(timeout: 15) {
            probe.subscriptions.allSatisfy { $0.closeCount >= 1 } && probe.subscriberCount == 0 && probe.subscribesInProgress == 0
        }
        try? await Task.sleep(nanoseconds: 200_000)
        let observation = Observation(
            calls: probe.subscribeCalls, closes: probe.subscriptions.map(\.closeCount), subscribers: probe.subscriberCount)
        return (observation, weakChannel == nil)
    }

    @Test func randomizedAsyncRegistrationInterleavings() async throws {
        let log = MisuseLog.install(for: "LiveChannel.events(topics:")
        defer { _ = log.all }
        let trials = drawTrials(seed: 0x5EED_A5C1, { Trial.random(using: &$0) }, canEnd: \.canEnd)
        try await runInBatches(trials) { trial in
            let (observation, released) = await Self.run(trial)
            #expect(released, "\(trial): the channel is still alive after the stream ended")
            #expect(observation.subscribers == 0, "\(trial): a callback is still registered")
            #expect(observation.calls <= 1, "\(trial): subscribed \(observation.calls) times")
            if trial.consumer == .cancelledBeforeStart {
                #expect(observation.calls == 0, "\(trial)")
            }
            #expect(observation.closes.allSatisfy { $0 == 1 }, "\(trial): closed \(observation.closes)")
            #expect(observation.closes.count == (trial.refuses ? 0 : observation.calls), "\(trial)")
        }
    }
}
