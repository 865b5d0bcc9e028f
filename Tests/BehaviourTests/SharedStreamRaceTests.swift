import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing
import TestSupport

/// The races of shared streams with an SDK that takes its time, as real ones do: a consumer
/// that joins while the last one's stop still runs, one that joins while the first one's start
/// still runs, and a task that is already cancelled when it subscribes.
@Suite struct SharedStreamRaceTests {
    /// Waits until the scanner is off and every start was stopped.
    func expectSettled(_ scanner: RadioScanner) async {
        #expect(
            await eventually { scanner.stops == scanner.starts && !scanner.isScanning && !scanner.hasObserver },
            "starts \(scanner.starts), stops \(scanner.stops), scanning \(scanner.isScanning)")
    }

    static func take(_ count: Int, from stream: AsyncStream<Int>) async throws -> [Int] {
        try await withWatchdog {
            var values: [Int] = []
            for await value in stream {
                values.append(value)
                if values.count == count { break }
            }
            return values
        }
    }

    /// The stop of the last consumer's scan is still running (it takes 50 ms) when a new
    /// consumer subscribes: the new scan starts only after that stop, so it stays on.
    @Test func aConsumerJoiningWhileTheLastStopRunsGetsAScanThatStaysOn() async throws {
        let scanner = RadioScanner()
        scanner.stopDelay = 0.05
        #expect(try await Self.take(1, from: scanner.sightings()).count == 1)
        #expect(await eventually { scanner.stopsBegun == 1 })
        // Readings until five have come after the old stop finished: a scan that the old stop
        // switched off sends none, and its stream ends when the scanner lets go of the observer.
        let (values, afterStop) = try await withWatchdog { () async -> ([Int], Int) in
            var values: [Int] = []
            var afterStop = 0
            for await value in scanner.sightings() {
                values.append(value)
                if scanner.stops >= 1 { afterStop += 1 }
                if afterStop == 5 { break }
            }
            return (values, afterStop)
        }
        #expect(afterStop == 5, "the new consumer's scan was switched off by the old stop: \(values)")
        #expect(zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 })
        await expectSettled(scanner)
        #expect(scanner.starts == 2)
    }

    /// Consumers that join while the first one's start still runs (readings already flowing)
    /// return once the scanner is on, like the first one, and from then on get every reading.
    /// The start waits for the first joiner to be on its way, and the first consumer stays until
    /// every joiner is done: on a busy machine it would otherwise take its readings and leave
    /// before anyone joined, and the joiners would start a scan of their own.
    @Test func consumersJoiningDuringTheFirstStartGetEveryReadingFromTheirJoinOn() async throws {
        let scanner = RadioScanner()
        let joinerOnItsWay = DispatchSemaphore(value: 0)
        scanner.duringStart = { _ = joinerOnItsWay.wait(timeout: .now() + 10) }
        scanner.startDelay = 0.03
        scanner.interval = 0.0005
        let joinersDone = Locked(false)
        let first = Task {
            try await withWatchdog { () async -> Int in
                var count = 0
                for await _ in scanner.sightings() {
                    count += 1
                    if joinersDone.withLock({ $0 }) { break }
                }
                return count
            }
        }
        #expect(await eventually { scanner.starts == 1 })
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    joinerOnItsWay.signal()
                    let stream = scanner.sightings()
                    // Returned from the subscription: the SDK's start call has returned too.
                    #expect(scanner.startsReturned == 1)
                    let from = scanner.lastReading
                    let values = try await Self.take(20, from: stream)
                    #expect(values.count == 20)
                    #expect(zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 }, "\(values)")
                    #expect((values.first ?? .max) <= from + 1, "joined at \(from), first reading \(values.first ?? 0)")
                }
            }
            try await group.waitForAll()
        }
        joinersDone.withLock { $0 = true }
        #expect(try await first.value > 0)
        await expectSettled(scanner)
        #expect(scanner.starts == 1)
    }

    /// A task already cancelled when it subscribes gets a stream that ends at once
    /// (`CancellationError`, as a non-shared stream's), registers nothing and ends no one else's.
    @Test func aPreCancelledSubscriberNeverJoins() async throws {
        func sensor() -> Sensor {
            let sensor = Sensor()
            sensor.events = [1, 2, 3, 4, 5]
            sensor.ending = .open
            sensor.interval = 0.002
            return sensor
        }
        let alone = sensor()
        let cancelled = Task { () -> String in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                for try await _ in alone.sharedLatestReadings() {}
                return "finished"
            } catch {
                return "\(type(of: error))"
            }
        }
        #expect(await cancelled.value == "CancellationError")
        #expect(alone.registrations == 0)
        // Racing a normal consumer of the same sensor, many times: whichever subscribes first,
        // the normal one gets its events from one registration, stopped once. (Unbounded
        // buffering: the sensor sends its five events at once.)
        for round in 0..<50 {
            let sensor = sensor()
            let early = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                for await _ in sensor.sharedReadings() {}
            }
            let normal = Task { () -> [Int] in
                var values: [Int] = []
                for await value in sensor.sharedReadings() {
                    values.append(value)
                    if values.count == 3 { break }
                }
                return values
            }
            _ = await early.result
            let values = try await withWatchdog(state: { "round \(round): \(sensor.registrations) registrations" }) {
                await normal.value
            }
            #expect(values == [1, 2, 3], "round \(round): the normal consumer's stream was ended by the cancelled one")
            #expect(await eventually { sensor.stops == 1 && sensor.registrations == 1 && sensor.activeHandlers == 0 })
        }
    }

    /// The SDK ends the registration inside its own slow register call (language.md, "What a late
    /// joiner receives"; decision 38). A consumer that joins before the end shares that
    /// registration: it gets the replay, then the end, and its call may return as soon as the end
    /// has come, before the register call has: there is nothing left to wait for. One that joins
    /// after the end registers anew, and only once the old register call has returned and its
    /// stop has run: register calls never overlap. Which of the two a run sees depends on the
    /// machine's timing; both are checked for what they promise.
    @Test(.serialized, arguments: [true, false])
    func aJoinerOfARegistrationEndedInsideItsRegisterCall(pauseBeforeTheEnd: Bool) async throws {
        let sensor = Sensor()
        sensor.delivery = .insideRegister
        sensor.ending = .finish
        sensor.registerDelay = pauseBeforeTheEnd ? 0.3 : 0
        sensor.registerDelayAfterEnd = pauseBeforeTheEnd ? 0 : 0.3
        let first = Task { () -> [Int] in
            var got: [Int] = []
            for try await value in sensor.sharedLatestReadings() { got.append(value) }
            return got
        }
        #expect(await eventually { sensor.registrations == 1 })
        var second: [Int] = []
        for try await value in sensor.sharedLatestReadings() { second.append(value) }
        #expect(try await withWatchdog { try await first.value } == [3])
        // Joined, or registered anew: the latest reading either way (replay 1, buffering 1).
        #expect(second == [3])
        #expect(sensor.overlappingRegisterCalls == 0, "a new registration started while the old register call ran")
        #expect(sensor.registrations <= 2)
    }
}
