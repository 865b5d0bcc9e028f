@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the forty-fifth session taught (decision 170): the steps of a piece of work handed as
/// one enum whose last step carries an optional error are a stream of the steps, whole, that
/// ends with that step and fails with its error.
@Suite struct ScanFortyFifthSessionTests: ScanTesting {
    /// SwiftyBluetooth's `Central.scanForPeripherals(withServiceUUIDs:options:timeoutAfter:
    /// completion:)`: `.scanStarted`, a `.scanResult` per device, one `.scanStopped(peripherals:
    /// error: SBError?)`; its documentation says "called multiple times", and `stopScan()`
    /// stops it.
    @Test func theStepsOfAScanAreAStreamThatEndsWithItsLastStep() throws {
        let text = scan(
            """
            public enum SBError: Error { case scanningEndedUnexpectedly }
            public class Peripheral {}
            public typealias PeripheralScanCallback = (PeripheralScanResult) -> Void
            public enum PeripheralScanResult {
                case scanStarted
                case scanResult(peripheral: Peripheral, advertisementData: [String: Any], RSSI: Int?)
                case scanStopped(peripherals: [Peripheral], error: SBError?)
            }
            public final class Central {
                /// Scans for peripherals; the completion closure is called multiple times throughout a scan.
                public func scanForPeripherals(timeoutAfter timeout: Double, completion: @escaping PeripheralScanCallback) {}
                public func stopScan() {}
            }
            """
        ).text
        #expect(
            text.contains(
                """
                enum PeripheralScanResult {
                    case scanStarted
                    case scanResult(peripheral: Peripheral, advertisementData: [String: Any], RSSI: Int?)
                    case scanStopped(peripherals: [Peripheral], error: SBError?)
                }
                """),
            "\(text)")
        #expect(text.contains("    @stream(results)\n"), "\(text)")
        #expect(
            text.contains(
                "// scan: @finish(.scanStopped) because '.scanStopped' of 'PeripheralScanResult' is the last event: yielded, then the stream ends, failing with its error when that is not nil"),
            "\(text)")
        #expect(text.contains("    @cancel(stopScan())\n"), "\(text)")
        let generated = try generate(text)
        #expect(
            generated.contains(
                "func scanForPeripherals(timeoutAfter timeout: Double) -> _Concurrency.AsyncThrowingStream<PeripheralScanResult, any Swift.Error> {"),
            "\(generated)")
        #expect(generated.contains("if let error { events.finish(throwing: error) } else { events.finish() }"), "\(generated)")
    }

    /// Called once, the steps' enum is the value, whole, as any other enum of no outcome.
    @Test func aOneShotOfTheStepsKeepsTheEnumWhole() throws {
        let text = scan(
            """
            public enum SyncError: Error { case offline }
            public enum SyncResult {
                case skipped
                case syncFinished(count: Int, error: SyncError?)
            }
            public final class Store {
                public func sync(completion: @escaping (SyncResult) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("@finish"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func sync() async throws -> SyncResult {"), "\(generated)")
    }
}
