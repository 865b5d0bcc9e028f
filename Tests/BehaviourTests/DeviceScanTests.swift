import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import TestSupport
import Testing

/// A scan whose one closure gets every step as a case of the SDK's enum (the DeviceScans golden,
/// like SwiftyBluetooth's `scanForPeripherals`): the last step ends the stream, and the error it
/// carries, when there is one, fails it after that step was seen. Serialized: the misuse handler
/// is global.
@Suite(.serialized) struct DeviceScanTests {
    /// A scan that times out as asked: every step, `.stopped` last, then the stream ends. Its
    /// end stops the SDK once, as every stream's end does (here a no-op: the scan is over).
    @Test func aScanThatEndsAsAskedYieldsEveryStepAndEnds() async throws {
        let scanner = DeviceScanner()
        var steps: [DeviceScanEvent] = []
        for try await step in scanner.scan() { steps.append(step) }
        #expect(
            steps == [
                .started, .found(device: "thermometer", signal: -40), .found(device: "scale", signal: -41),
                .found(device: "lock", signal: -42), .stopped(devices: ["thermometer", "scale", "lock"], error: nil),
            ])
        #expect(await eventually { scanner.stops == 1 })
    }

    /// A scan that breaks off: `.stopped` is still seen, with what was found, and then the
    /// stream throws its error (where a stream of the enum alone would end as if all went well).
    @Test func aScanThatBreaksOffYieldsItsLastStepAndThenThrows() async throws {
        let scanner = DeviceScanner()
        scanner.devices = ["scale"]
        scanner.ending = .failure(.radioOff)
        var steps: [DeviceScanEvent] = []
        await #expect(throws: ScanError.radioOff) {
            for try await step in scanner.scan() { steps.append(step) }
        }
        #expect(steps == [.started, .found(device: "scale", signal: -40), .stopped(devices: ["scale"], error: .radioOff)])
    }

    /// A consumer that stops early stops the scan once; a step after `.stopped` is reported as
    /// misuse, not yielded.
    @Test func aConsumerThatStopsEarlyStopsTheScanAndLateStepsAreReported() async throws {
        let scanner = DeviceScanner()
        scanner.ending = .never
        for try await step in scanner.scan() {
            if case .found = step { break }
        }
        #expect(await eventually { scanner.stops == 1 && !scanner.isScanning })
        let log = MisuseLog.install(for: "DeviceScanner.scan")
        let late = DeviceScanner()
        late.devices = []
        late.reportsAfterStop = true
        var count = 0
        for try await _ in late.scan() { count += 1 }
        #expect(count == 2)
        // The first scanner can still deliver a step that was in flight at its stop; it is
        // reported under the same adapter name as left by its consumer. Only the late scanner's
        // one step after `.stopped` is an event after the finish.
        #expect(await eventually { log.all.filter { $0.kind == .eventAfterFinish }.count == 1 })
        #expect(log.all.allSatisfy { [.eventAfterFinish, .eventAfterConsumerLeft].contains($0.kind) })
    }

    /// `completed(Error?)`, read by its name: nil ends the stream, an error fails it.
    @Test func anEndThatCarriesAnOptionalErrorEndsOrFails() async throws {
        let scanner = DeviceScanner()
        var found: [String] = []
        for try await device in scanner.foundDevices() { found.append(device) }
        #expect(found == ["thermometer", "scale", "lock"])
        scanner.ending = .failure(.radioOff)
        found = []
        await #expect(throws: ScanError.radioOff) {
            for try await device in scanner.foundDevices() { found.append(device) }
        }
        #expect(found == ["thermometer", "scale", "lock"])
    }
}
