import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing

/// Stream adapters (`@stream`) against the fixture's scripted observer API: every way the SDK
/// or the consumer can end a stream stops the SDK exactly once and leaves nothing registered.
/// Serialized: misuse reports are counted per adapter name, which these tests share.
@Suite(.serialized) struct StreamTests {
    /// Collects a throwing stream to its end: the values, and the error it ended with. Fails
    /// (instead of hanging the suite) when the stream never ends.
    func collect(_ stream: AsyncThrowingStream<Int, any Error>, upTo limit: Int = .max) async throws -> ([Int], (any Error)?) {
        let (values, error) = try await withWatchdog { () async -> ([Int], String?) in
            var values: [Int] = []
            do {
                for try await value in stream {
                    values.append(value)
                    if values.count == limit { break }
                }
                return (values, nil)
            } catch {
                return (values, "\(error)")
            }
        }
        return (values, error.map(Ended.init))
    }

    /// The error a stream ended with, compared by its description (errors are not Sendable).
    struct Ended: Error, Equatable {
        var description: String
        init(_ description: String) { self.description = description }
        init(_ error: any Error) { description = "\(error)" }
    }

    /// The SDK holds no handler, was stopped exactly once, and its token is gone.
    func expectStoppedOnce(_ sensor: Sensor, _ comment: Comment? = nil) async {
        let done = await eventually { sensor.stops >= 1 && sensor.activeHandlers == 0 && sensor.lastToken == nil }
        #expect(done, "stops=\(sensor.stops) handlers=\(sensor.activeHandlers) token=\(sensor.lastToken != nil) \(comment ?? "")")
        Fixture.drain()
        try? await Task.sleep(nanoseconds: 2_000_000)
        #expect(sensor.stops == 1, "\(comment ?? "")")
        #expect(sensor.registrations == 1, "\(comment ?? "")")
    }

    @Test(arguments: StreamDelivery.allCases)
    func eventsThenTheSDKsEnd(delivery: StreamDelivery) async throws {
        let sensor = Sensor()
        sensor.delivery = delivery
        sensor.ending = .finish
        let (values, error) = try await collect(sensor.readings())
        // `.newest(1)`: when every event arrives before the consumer looks, only the last stays.
        #expect(delivery == .insideRegister ? values == [3] : values.last == 3)
        #expect(error == nil)
        await expectStoppedOnce(sensor, "\(delivery)")
    }

    @Test(arguments: StreamDelivery.allCases)
    func anSDKFailureEndsTheStreamWithItsError(delivery: StreamDelivery) async throws {
        let sensor = Sensor()
        sensor.delivery = delivery
        sensor.ending = .fail
        let (_, error) = try await collect(sensor.observations())
        #expect(error as? Ended == Ended(FixtureError.failed))
        await expectStoppedOnce(sensor, "\(delivery)")
    }

    @Test func everyEventReachesAnUnboundedStreamInOrder() async throws {
        let sensor = Sensor()
        sensor.delivery = .insideRegister
        sensor.events = Array(1...200)
        sensor.ending = .open
        let values = try await withWatchdog { () async -> [Int] in
            var values: [Int] = []
            for await value in sensor.observe() {
                values.append(value)
                if values.count == 200 { break }
            }
            return values
        }
        #expect(values == Array(1...200))
        await expectStoppedOnce(sensor)
    }

    @Test func theConsumerStoppingStopsTheSDKOnce() async throws {
        let sensor = Sensor()
        sensor.ending = .open
        let (values, error) = try await collect(sensor.observations(), upTo: 1)
        #expect(values == [1] && error == nil)
        await expectStoppedOnce(sensor)
    }

    /// An opaque token (Defaults' `observe(…) -> some Observation`), kept as its existential:
    /// the consumer stopping invalidates it once.
    @Test func anOpaqueTokenIsStoppedOnce() async throws {
        let sensor = Sensor()
        sensor.ending = .open
        let first = try await withWatchdog { () async -> Int? in
            for await value in sensor.observeOpaquely() { return value }
            return nil
        }
        #expect(first == 1)
        await expectStoppedOnce(sensor)
    }

    /// An optional id (Optimizely's `add…NotificationListener(…) -> Int?`): taken back once
    /// where the SDK gave one; where it gave nil, nothing was registered and nothing is taken
    /// back (an inverse that takes nil might take back every listener).
    @Test func anOptionalIdIsTakenBackOnlyWhereThereIsOne() async throws {
        let sensor = Sensor()
        sensor.ending = .open
        let first = try await withWatchdog { () async -> Int? in
            for await value in sensor.addReadingListener() { return value }
            return nil
        }
        #expect(first == 1)
        await expectStoppedOnce(sensor)

        let refusing = Sensor()
        refusing.refusesListeners = true
        let box = SensorBox(refusing)
        let task = Task { () -> Int in
            var count = 0
            for await _ in box.sensor.addReadingListener() { count += 1 }
            return count
        }
        try? await Task.sleep(nanoseconds: 20_000_000)
        task.cancel()
        let count = try await withWatchdog { await task.value }
        #expect(count == 0)
        #expect(refusing.stops == 0 && refusing.registrations == 0)
    }

    @Test func cancellingTheConsumersTaskStopsTheSDKOnce() async throws {
        let sensor = Sensor()
        sensor.events = []
        sensor.ending = .open
        let box = SensorBox(sensor)
        let task = Task { () -> String in
            do {
                for try await _ in box.sensor.readings() {}
                return "ended"
            } catch {
                return "\(type(of: error))"
            }
        }
        #expect(await eventually { sensor.registrations == 1 })
        task.cancel()
        let ended = await task.value
        #expect(ended == "ended" || ended == "CancellationError")
        await expectStoppedOnce(sensor)
    }

    /// The stop runs on another thread and may release the SDK's handler before the stream has
    /// recorded its own end (seen once in a loaded full run: the consumer's cancellation came out
    /// as `callbackDropped`). The stream's end is therefore recorded first: from then on an event
    /// is late, and a released handler ends nothing.
    @Test func afterTheStreamEndedEventsAreLateAndAReleasedHandlerEndsNothing() {
        let log = MisuseLog.install(for: "StreamEventsUnit.")
        var yields = 0
        var ends = 0
        var events: BridgegenStreamEvents<Int>? = BridgegenStreamEvents(
            "StreamEventsUnit.events()", canThrow: true,
            yield: { _ in
                yields += 1
                return nil
            },
            end: { _ in ends += 1 })
        events?.streamEnded()
        events?.yield(1)
        events = nil
        #expect(yields == 0 && ends == 0)
        #expect(log.all.map(\.kind) == [.eventAfterConsumerLeft])
    }

    @Test func aConsumerAlreadyCancelledNeverRegisters() async throws {
        let sensor = Sensor()
        let box = SensorBox(sensor)
        let task = Task { () -> (Int, Bool) in
            withUnsafeCurrentTask { $0?.cancel() }
            var count = 0
            for await _ in box.sensor.observe() { count += 1 }
            do {
                for try await _ in box.sensor.readings() {}
                return (count, false)
            } catch {
                return (count, error is CancellationError)
            }
        }
        let (count, threwCancellation) = await task.value
        #expect(count == 0 && threwCancellation)
        #expect(sensor.registrations == 0 && sensor.stops == 0)
    }

    @Test func aSecondFailureAndLaterEventsAreDroppedAndReported() async throws {
        let log = MisuseLog.install(for: "Sensor.observations()")
        let sensor = Sensor()
        sensor.delivery = .insideRegister
        sensor.ending = .failTwiceThenSend
        let (values, error) = try await collect(sensor.observations())
        #expect(values == [1, 2, 3])
        #expect(error as? Ended == Ended(FixtureError.failed))
        let kinds = log.all.map(\.kind)
        // Other tests of this adapter run in parallel: only what this one causes is checked.
        #expect(kinds.contains(.duplicateCallback) && kinds.contains(.eventAfterFinish), "\(kinds)")
        await expectStoppedOnce(sensor)
    }

    @Test func anEventSentFromInsideStopIsDroppedAndReported() async throws {
        let log = MisuseLog.install(for: "Sensor.receipts()")
        let sensor = Sensor()
        sensor.ending = .open
        sensor.sendsOnStop = true
        let ids = try await withWatchdog { () async -> [String] in
            var ids: [String] = []
            for await receipt in sensor.receipts() {
                ids.append(receipt.id)
                break
            }
            return ids
        }
        #expect(ids == ["r1"])
        await expectStoppedOnce(sensor)
        #expect(await eventually { log.all.contains { $0.kind == .eventAfterConsumerLeft } })
    }

    @Test func aReleasedHandlerEndsTheStream() async throws {
        let log = MisuseLog.install(for: "Sensor.readings()")
        let sensor = Sensor()
        sensor.ending = .dropHandler
        let (values, error) = try await collect(sensor.readings())
        #expect(values.last == 3)
        #expect(error as? Ended == Ended(BridgegenError.callbackDropped(adapter: "Sensor.readings()")))
        await expectStoppedOnce(sensor)
        #expect(log.all.contains { $0.kind == .handlerReleasedUncalled })

        // A stream that cannot throw just ends.
        let quiet = Sensor()
        quiet.ending = .dropHandler
        let count = try await withWatchdog { () async -> Int in
            var count = 0
            for await _ in quiet.observe() { count += 1 }
            return count
        }
        #expect(count == 3)
    }

    @Test func aFullBufferDropsAsItsPolicySaysAndReportsIt() async throws {
        let log = MisuseLog.install(for: "Sensor.readings()")
        let sensor = Sensor()
        sensor.delivery = .insideRegister
        sensor.events = Array(1...5)
        let (values, _) = try await collect(sensor.readings())
        #expect(values == [5])
        #expect(log.all.filter { $0.kind == .droppedByBuffer }.count == 4)

        let oldest = Sensor()
        oldest.delivery = .insideRegister
        oldest.events = Array(1...15)
        oldest.ending = .fail  // A `Result` observer has no "end" but a failure.
        let (kept, error) = try await collect(oldest.observations())
        #expect(kept == Array(1...10))
        #expect(error as? Ended == Ended(FixtureError.failed))
    }

    @Test func aStreamDroppedUnusedStopsTheSDK() async throws {
        let sensor = Sensor()
        sensor.ending = .open
        do {
            let stream = sensor.readings()
            _ = stream
        }
        await expectStoppedOnce(sensor)
    }

    @Test func receiverStopEndsEveryTick() async throws {
        let sensor = Sensor()
        sensor.ending = .open
        // `.newest(1)`: a consumer that is behind may see only the latest tick.
        let ticks = try await withWatchdog { () async -> Int in
            var ticks = 0
            for await _ in sensor.ticks(every: 1) {
                ticks += 1
                break
            }
            return ticks
        }
        #expect(ticks == 1)
        #expect(await eventually { sensor.stops == 1 && sensor.activeHandlers == 0 })
    }
}

/// Hands the fixture object to a child task (it is only touched there and by the fixture).
final class SensorBox: @unchecked Sendable {
    let sensor: Sensor
    init(_ sensor: Sensor) { self.sensor = sensor }
}
