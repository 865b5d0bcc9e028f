import BridgegenRuntime
import Foundation

/// Where the app sends bridgegen's misuse reports (a late or duplicate SDK callback, an event a
/// full buffer dropped). `install()` runs once at launch: `BridgegenMisuse.handler` is one
/// handler for the adapters of every module; the tests read what arrived.
public enum PaymentsLog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var reports: [String] = []

    public static func misuse(_ report: BridgegenMisuse) {
        lock.withLock { reports.append(report.description) }
    }

    public static func install() {
        BridgegenMisuse.handler = { misuse($0) }
    }

    public static var received: [String] { lock.withLock { reports } }
}
