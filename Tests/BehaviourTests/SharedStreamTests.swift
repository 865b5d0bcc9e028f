import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// `@stream(shared)`: consumers of one sensor's stream share one registration with the SDK.
/// Each test checks the sensor's register and stop counts: one registration while anyone
/// listens, one stop when the last consumer leaves, nothing left registered.
@Suite struct SharedStreamTests {
    /// A sensor whose events come slowly enough for consumers to subscribe first.
    func sensor(events: [Int] = [1, 2, 3], ending: StreamEnding = .open, interval: Double = 0.02) -> Sensor {
        let sensor = Sensor()
        sensor.events = events
        sensor.ending = ending
        sensor.interval = interval
        return sensor
    }

    func expectStoppedAsOftenAsRegistered(_ sensor: Sensor, registrations: Int? = nil) async {
        #expect(await eventually { sensor.stops == sensor.registrations && sensor.activeHandlers == 0 })
        if let registrations { #expect(sensor.registrations == registrations) }
    }

    @Test func twoConsumersGetEveryEventFromOneRegistration() async throws {
        let sensor = self.sensor()
        // Each stream lives in its consumer only: a stream still referenced after its loop
        // broke has not ended (AsyncStream's rule), and neither has its subscription.
        async let a = Self.take(3, from: sensor.sharedReadings())
        async let b = Self.take(3, from: sensor.sharedReadings())
        #expect(try await (a, b) == ([1, 2, 3], [1, 2, 3]))
        await expectStoppedAsOftenAsRegistered(sensor, registrations: 1)
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

    /// The SDK's failure reaches every consumer; it stops once; a later consumer starts it again.
    @Test func aFailureReachesEveryConsumerAndALaterOneRestarts() async throws {
        let sensor = self.sensor(ending: .fail)
        let streams = [sensor.sharedLatestReadings(), sensor.sharedLatestReadings()]
        for stream in streams {
            let failed = await withWatchdogResult {
                do {
                    for try await _ in stream {}
                    return false
                } catch {
                    return error as? FixtureError == .failed
                }
            }
            #expect(failed.value == true)
        }
        await expectStoppedAsOftenAsRegistered(sensor, registrations: 1)
        // After the end, a new consumer registers afresh (and gets no replay of the old run).
        sensor.ending = .open
        var values: [Int] = []
        for try await value in sensor.sharedLatestReadings() {
            values.append(value)
            if value == 3 { break }
        }
        #expect(values.last == 3)
        await expectStoppedAsOftenAsRegistered(sensor, registrations: 2)
    }

    /// A late consumer gets the last event at once with `replay: 1`; without replay it waits.
    @Test func aLateConsumerWithAndWithoutReplay() async throws {
        let sensor = self.sensor(interval: 0.005)
        let early = sensor.sharedLatestReadings()
        var iterator = early.makeAsyncIterator()
        var seen: [Int] = []
        while seen.last != 3, let value = try await iterator.next() { seen.append(value) }
        // Subscribed after the last event: replayed at once, from the same registration.
        var late = sensor.sharedLatestReadings().makeAsyncIterator()
        #expect(try await late.next() == 3)
        #expect(sensor.registrations == 1)
        _ = (iterator, late)

        let plain = self.sensor(interval: 0.005)
        var firstIterator = plain.sharedReadings().makeAsyncIterator()
        while await firstIterator.next() != 3 {}
        let waiting = Task { () -> Int? in
            var iterator = plain.sharedReadings().makeAsyncIterator()
            return await iterator.next()
        }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        #expect(await waiting.value == nil, "no replay: nothing until the next event")
        #expect(plain.registrations == 1)
        _ = firstIterator
    }

    /// Consumers joining and leaving at random (their loop breaks, their task is cancelled, or
    /// their stream is dropped unread) over a source that ticks until stopped: one stop per
    /// registration, nothing left running.
    @Test(arguments: [1, 2, 10])
    func consumersComeAndGoAtRandom(count: Int) async throws {
        for round in 0..<5 {
            let source = RepeatingSource()
            try await withWatchdog {
                try await joinAndLeaveAtRandom(count, source, seed: UInt64(count * 100 + round))
            }
            #expect(await eventually { source.stops == source.registrations && source.running == 0 })
            // (No count of registrations: a consumer whose task is cancelled before it
            // subscribes registers nothing, by design (Hub.subscribe), which a busy machine
            // makes happen: one CI run saw 0 registrations for a lone consumer.)
        }
    }

    /// A delegate stream shared by two consumers: the second joins (no `busy`) and gets the
    /// latest fix replayed; one start, one stop, and the delegate slot is cleared.
    @Test func aSharedDelegateStream() async throws {
        let locator = Locator()
        locator.updates = 3
        var first = locator.sharedLocationUpdates().makeAsyncIterator()
        let fix = try await first.next()
        #expect(fix != nil)
        var second = locator.sharedLocationUpdates().makeAsyncIterator()
        #expect(try await second.next() != nil, "the latest fix, replayed")
        #expect(locator.starts == 1)
        _ = (first, second)
    }

    @Test func aSharedDelegateStreamStopsWhenTheLastConsumerLeaves() async throws {
        let locator = Locator()
        locator.updates = 2
        async let a: Int = Self.count(locator.sharedLocationUpdates(), upTo: 1)
        async let b: Int = Self.count(locator.sharedLocationUpdates(), upTo: 1)
        #expect(try await a + b >= 1)
        #expect(await eventually { locator.stops == 1 && locator.delegate == nil })
        #expect(locator.starts == 1)
    }

    static func count(_ stream: AsyncThrowingStream<Coordinate, any Error>, upTo limit: Int) async throws -> Int {
        try await withWatchdog {
            var count = 0
            for try await _ in stream {
                count += 1
                if count == limit { break }
            }
            return count
        }
    }

    /// Two consumers of one notification stream: one observer, every notification to both, and
    /// the last event replayed to a late consumer; the observer is removed after the last leaves.
    @Test func aSharedNotificationStream() async throws {
        let center = NotificationCenter()
        var first = center.sharedBatteryLevels().makeAsyncIterator()
        var second = center.sharedBatteryLevels().makeAsyncIterator()
        NotificationProbe.postBattery(0.5, tag: "shared-1", to: center)
        #expect(await first.next() == 0.5)
        #expect(await second.next() == 0.5)
        #expect(NotificationProbe.mapCalls(tag: "shared-1") == 1, "one observer for both")
        var late = center.sharedBatteryLevels().makeAsyncIterator()
        #expect(await late.next() == 0.5)
        first = center.sharedBatteryLevels().makeAsyncIterator()
        _ = (first, second, late)
    }
}
