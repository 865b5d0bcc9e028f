import Foundation
@testable import BridgegenRuntime
import GoldenAdapters

/// Collects the misuse reports of the adapters whose names start with `prefix`. One global
/// handler fans reports out to every log, so suites running in parallel do not steal each
/// other's reports.
public final class MisuseLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [BridgegenMisuse] = []
    let prefix: String

    init(prefix: String) { self.prefix = prefix }

    func record(_ report: BridgegenMisuse) {
        guard report.adapter.hasPrefix(prefix) else { return }
        lock.withLock { reports.append(report) }
    }

    public var all: [BridgegenMisuse] { lock.withLock { reports } }

    private static let logs = Registry()

    final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var logs: [MisuseLog] = []
        private var installed = false
        func add(_ log: MisuseLog) {
            let install = lock.withLock { () -> Bool in
                logs.append(log)
                defer { installed = true }
                return !installed
            }
            if install { BridgegenMisuse.handler = { report in self.dispatch(report) } }
        }
        func dispatch(_ report: BridgegenMisuse) {
            for log in lock.withLock({ logs }) { log.record(report) }
        }
    }

    /// A fresh log for the adapters of one fixture type (`"PaymentsClient."`).
    public static func install(for prefix: String) -> MisuseLog {
        let log = MisuseLog(prefix: prefix)
        logs.add(log)
        return log
    }
}
