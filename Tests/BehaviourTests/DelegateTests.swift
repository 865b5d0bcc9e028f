import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing

/// Delegate adapters against the fixture's location, picker and product-request SDKs: the
/// outcome, the owner's delegate slot afterwards, the delegate object's lifetime, cancellation,
/// and a second call on a busy owner. Serialized: misuse reports are counted per adapter name.
@Suite(.serialized) struct DelegateTests {
    final class Box<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Runs `body` in a child task under the watchdog, returning its outcome as text.
    func outcome<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> String {
        try await withWatchdog { () async -> String in
            do {
                return "\(try await body())"
            } catch {
                return "error: \(error)"
            }
        }
    }

    @Test(arguments: [CallbackMode.immediately, .onAnotherThread])
    func aFixIsTheResultAndTheSlotIsClearedAfterwards(mode: CallbackMode) async throws {
        let locator = Box(Locator())
        locator.value.mode = mode
        let result = try await outcome { try await locator.value.currentLocation() }
        #expect(result == "\(Coordinate(latitude: 1, longitude: 2))")
        #expect(locator.value.delegate == nil)
        #expect(locator.value.stops == 0)
    }

    @Test func theSDKsErrorIsThrown() async throws {
        let locator = Box(Locator())
        locator.value.script = .fail
        let result = try await outcome { try await locator.value.currentLocation() }
        #expect(result == "error: \(FixtureError.failed)")
        #expect(locator.value.delegate == nil)
    }

    @Test func theFirstOutcomeWinsAndTheRestIsReported() async throws {
        let log = MisuseLog.install(for: "Locator.currentLocation()")
        let locator = Box(Locator())
        locator.value.script = .succeedTwiceThenFail
        locator.value.mode = .immediately
        let result = try await outcome { try await locator.value.currentLocation() }
        #expect(result == "\(Coordinate(latitude: 1, longitude: 2))")
        // At least this call's two extra callbacks: the stress suite may report through the same
        // adapter name at the same time.
        #expect(log.all.filter { $0.kind == .duplicateCallback }.count >= 2)
    }

    /// The delegate object lives while the call waits, and not a moment after.
    @Test func cancellingStopsTheSDKOnceAndReleasesTheDelegate() async throws {
        let locator = Box(Locator())
        locator.value.mode = .never
        let task = Task { try await locator.value.currentLocation() }
        #expect(await eventually { locator.value.delegate != nil })
        weak let delegate = locator.value.delegate
        #expect(delegate != nil)
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(await eventually { locator.value.stops == 1 })
        #expect(locator.value.delegate == nil)
        #expect(delegate == nil)
        #expect(locator.value.stops == 1)
    }

    @Test func aTaskCancelledBeforeTheCallNeverStartsTheSDK() async throws {
        let locator = Box(Locator())
        let task = Task { () async throws -> Coordinate in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await locator.value.currentLocation()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(locator.value.starts == 0 && locator.value.delegate == nil)
    }

    @Test func aSecondCallOnABusyOwnerFailsAndTheFirstGoesOn() async throws {
        let locator = Box(Locator())
        locator.value.mode = .never
        let first = Task { try await locator.value.currentLocation() }
        #expect(await eventually { locator.value.delegate != nil })
        let second = try await outcome { try await locator.value.currentLocation() }
        #expect(second == "error: \(BridgegenError.busy(adapter: "Locator.currentLocation()"))")
        #expect(locator.value.delegate != nil, "the first call still owns the slot")
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(locator.value.delegate == nil)
    }

    @Test func thePickersUserCancelThrowsCancellationAndThePreviousDelegateComesBack() async throws {
        let picker = Box(Picker())
        let original = OriginalPickerDelegate()
        picker.value.delegate = original
        picker.value.choice = nil
        let cancelled = try await outcome { try await picker.value.pick(animated: true) }
        #expect(cancelled == "error: \(CancellationError())")
        #expect(picker.value.delegate === original)
        picker.value.choice = "photo"
        let picked = try await outcome { try await picker.value.pick(animated: false) }
        #expect(picked == "photo")
        #expect(picker.value.delegate === original)
    }

    @Test func aSecondPickCancelsTheFirstAndTheOriginalDelegateStillComesBack() async throws {
        let picker = Box(Picker())
        let original = OriginalPickerDelegate()
        picker.value.delegate = original
        picker.value.mode = .never
        let first = Task { try await picker.value.pick(animated: true) }
        #expect(await eventually { picker.value.presentations == 1 })
        picker.value.mode = .onAnotherThread
        let second = try await outcome { try await picker.value.pick(animated: true) }
        #expect(second == "photo")
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(picker.value.delegate === original)
    }

    @Test func aProductRequestIsCancelledWithItsOwnCancel() async throws {
        let request = Box(ProductRequest(ids: ["a", "b"]))
        let products = try await outcome { try await request.value.products() }
        #expect(products == "[\"a\", \"b\"]")

        let failing = Box(ProductRequest(ids: []))
        failing.value.script = .fail
        #expect(try await outcome { try await failing.value.products() } == "error: \(FixtureError.failed)")

        let status = Box(ProductRequest(ids: []))
        status.value.script = .failWithStatus
        let statusOutcome = try await outcome { try await status.value.products() }
        #expect(statusOutcome == "error: \(BridgegenError.failureStatus(adapter: "ProductRequest.products()", status: "42"))")

        let pending = Box(ProductRequest(ids: ["c"]))
        pending.value.mode = .never
        let task = Task { try await pending.value.products() }
        #expect(await eventually { pending.value.delegate != nil })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await eventually { pending.value.cancels == 1 })
    }

    @Test func locationUpdatesStreamUntilTheConsumerLeaves() async throws {
        let locator = Box(Locator())
        locator.value.updates = 5
        let count = try await withWatchdog { () async -> Int in
            var count = 0
            do {
                for try await _ in locator.value.locationUpdates() {
                    count += 1
                    if count == 1 { break }
                }
            } catch {}
            return count
        }
        #expect(count == 1)
        #expect(await eventually { locator.value.stops == 1 && locator.value.delegate == nil })
    }

    /// Reads a new `locationUpdates()` stream to its end: "finished", or the error it threw.
    func howUpdatesEnd(_ locator: Box<Locator>) async throws -> String {
        try await withWatchdog { () async -> String in
            do {
                for try await _ in locator.value.locationUpdates() {}
                return "finished"
            } catch {
                return "\(error)"
            }
        }
    }

    @Test func locationUpdatesEndWithTheSDKsFailure() async throws {
        let locator = Box(Locator())
        locator.value.script = .fail
        locator.value.mode = .immediately
        let ended = try await howUpdatesEnd(locator)
        #expect(ended == "\(FixtureError.failed)")
        #expect(await eventually { locator.value.stops == 1 && locator.value.delegate == nil })
    }

    @Test func aSecondStreamOnABusyOwnerEndsWithBusy() async throws {
        let locator = Box(Locator())
        locator.value.script = .silent
        let first = locator.value.locationUpdates()
        #expect(locator.value.delegate != nil)
        let ended = try await howUpdatesEnd(locator)
        #expect(ended == "\(BridgegenError.busy(adapter: "Locator.locationUpdates()"))")
        _ = first
    }
}

/// A delegate the app had set before the adapter's call.
final class OriginalPickerDelegate: NSObject, PickerDelegate {
    func picker(_ picker: Picker, didPick item: String) {}
    func pickerDidCancel(_ picker: Picker) {}
}
