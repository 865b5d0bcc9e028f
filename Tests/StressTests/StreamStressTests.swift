import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// Randomized interleavings for stream adapters: where the SDK delivers, how it ends (or fails
/// twice, or drops its handler, or sends from inside `stop`), and how the consumer leaves
/// (reads to the end, breaks early, is cancelled at a random moment, or was cancelled before it
/// asked). Every trial must end, stop the SDK exactly once when it registered, and leave the
/// fixture object released. (It uses `observe()` and `observations()`; `StreamTests` counts the
/// reports of `readings()`.)
@Suite struct StreamStressTests {
    enum Consumer: CaseIterable, Sendable {
        case toTheEnd, breakAfterOne, cancelAfterDelay, cancelledBeforeStart
    }

    struct Trial: Sendable, CustomStringConvertible {
        var delivery: StreamDelivery
        var ending: StreamEnding
        var sendsOnStop: Bool
        var consumer: Consumer
        var events: Int
        var cancelDelay: UInt64
        var throwing: Bool

        var description: String {
            "stream delivery=\(delivery) ending=\(ending) stopSends=\(sendsOnStop) consumer=\(consumer) events=\(events) throwing=\(throwing)"
        }

        /// An open-ended stream read to its end never ends on its own.
        var canEnd: Bool {
            let waitsForTheEnd = consumer == .toTheEnd || (consumer == .breakAfterOne && events == 0)
            // `observations()` (a `Result` observer) cannot say "no more"; `observe()` cannot fail.
            let endsByItself = throwing ? ![.open, .finish].contains(ending) : ending == .dropHandler
            return !(waitsForTheEnd && !endsByItself)
        }

        static func random(using generator: inout some RandomNumberGenerator) -> Trial {
            Trial(
                delivery: StreamDelivery.allCases.randomElement(using: &generator)!,
                ending: StreamEnding.allCases.randomElement(using: &generator)!,
                sendsOnStop: Bool.random(using: &generator),
                consumer: Consumer.allCases.randomElement(using: &generator)!,
                events: Int.random(in: 0...4, using: &generator),
                cancelDelay: UInt64.random(in: 0...1_000_000, using: &generator),
                throwing: Bool.random(using: &generator))
        }
    }

    struct Observation: Sendable {
        var registrations: Int
        var stops: Int
        var handlersLeft: Int
    }

    final class Box: @unchecked Sendable {
        let sensor: Sensor
        init(_ sensor: Sensor) { self.sensor = sensor }
    }

    static func run(_ trial: Trial) async -> (Observation, Bool) {
        weak var weakSensor: Sensor?
        let observation: Observation = await {
            let sensor = Sensor()
            weakSensor = sensor
            sensor.delivery = trial.delivery
            sensor.ending = trial.ending
            sensor.sendsOnStop = trial.sendsOnStop
            sensor.events = Array(0..<trial.events)
            let box = Box(sensor)
            let task = Task {
                if trial.consumer == .cancelledBeforeStart { withUnsafeCurrentTask { $0?.cancel() } }
                if trial.throwing {
                    do {
                        for try await _ in box.sensor.observations() where trial.consumer == .breakAfterOne { break }
                    } catch {}
                } else {
                    for await _ in box.sensor.observe() where trial.consumer == .breakAfterOne { break }
                }
            }
            if trial.consumer == .cancelAfterDelay {
                try? await Task.sleep(nanoseconds: trial.cancelDelay)
                task.cancel()
            }
            await task.value
            // The SDK's stop is handed to another thread: wait for it (or for proof it is not coming).
            await settle { sensor.registrations <= sensor.stops && sensor.activeHandlers == 0 }
            try? await Task.sleep(nanoseconds: 200_000)
            return Observation(registrations: sensor.registrations, stops: sensor.stops, handlersLeft: sensor.activeHandlers)
        }()
        await settle { weakSensor == nil }
        return (observation, weakSensor == nil)
    }

    @Test func randomizedStreamInterleavings() async throws {
        let log = MisuseLog.install(for: "Sensor.")
        defer { _ = log.all }
        let trials = drawTrials(seed: 0x5EED_5742, { Trial.random(using: &$0) }, canEnd: \.canEnd)
        try await runInBatches(trials) { trial in
            let (observation, released) = await Self.run(trial)
            #expect(released, "\(trial): the sensor is still alive after the stream ended")
            #expect(observation.handlersLeft == 0, "\(trial): the SDK still holds a handler")
            switch trial.consumer {
            case .cancelledBeforeStart:
                #expect(observation.registrations == 0, "\(trial)")
            case .cancelAfterDelay:
                // Cancelled before its task ran: it never registers, as it should not.
                #expect(observation.registrations <= 1, "\(trial)")
            case .toTheEnd, .breakAfterOne:
                #expect(observation.registrations == 1, "\(trial)")
            }
            #expect(observation.stops == observation.registrations, "\(trial): stopped \(observation.stops) times")
        }
    }
}
