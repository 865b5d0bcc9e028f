import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing

/// Collects the misuse reports of the adapters whose names start with `prefix`. One global
/// handler fans reports out to every log, so suites running in parallel do not steal each
/// other's reports.
final class MisuseLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [BridgegenMisuse] = []
    let prefix: String

    init(prefix: String) { self.prefix = prefix }

    func record(_ report: BridgegenMisuse) {
        guard report.adapter.hasPrefix(prefix) else { return }
        lock.withLock { reports.append(report) }
    }

    var all: [BridgegenMisuse] { lock.withLock { reports } }

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
    static func install(for prefix: String) -> MisuseLog {
        let log = MisuseLog(prefix: prefix)
        logs.add(log)
        return log
    }
}

/// Fails the test instead of hanging it when an adapter never finishes.
func withWatchdog<T: Sendable>(
    seconds: Double = 10, _ name: String = #function, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            return nil
        }
        guard let first = try await group.next(), let value = first else {
            group.cancelAll()
            throw WatchdogTimeout(name: name)
        }
        group.cancelAll()
        return value
    }
}

struct WatchdogTimeout: Error, CustomStringConvertible {
    var name: String
    var description: String { "\(name) did not finish: an adapter hung" }
}

/// Waits (briefly, polling) until `condition` holds; for effects that happen on other threads.
func eventually(_ condition: () -> Bool, timeout: Double = 5) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        usleep(1000)
    }
    return true
}
