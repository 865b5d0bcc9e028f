import Foundation

/// Where the app sends bridgegen's misuse reports (a late or duplicate SDK callback, an event a
/// full buffer dropped). Named in bridgegen.json as the default handler, so no launch code is
/// needed; the tests read what arrived.
public enum PaymentsLog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var reports: [String] = []

    public static func misuse(_ report: BridgegenMisuse) {
        lock.withLock { reports.append(report.description) }
    }

    public static var received: [String] { lock.withLock { reports } }
}
