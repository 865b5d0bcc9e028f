import Foundation

/// The fixture SDK's own callback thread with a timer queue. Not Dispatch: sleeping or blocking
/// Dispatch worker threads on a 2-core machine starves libdispatch (and with it Swift's
/// cooperative pool on Linux) and makes correct adapters look hung.
public final class FixtureScheduler: @unchecked Sendable {
    // @unchecked: `jobs` is guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [(deadline: Date, sequence: Int, work: () -> Void)] = []
    private var sequence = 0
    private var busy = false

    public static let shared = FixtureScheduler()

    private init() {
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = "FixtureSDK.callbacks"
        thread.start()
    }

    /// Runs `work` on the fixture thread after `delay` seconds, in submission order for equal deadlines.
    public func async(after delay: Double = 0, _ work: @escaping () -> Void) {
        condition.lock()
        sequence += 1
        let deadline = Date().addingTimeInterval(delay)
        // Kept sorted by deadline (then submission), so the next job is always the first.
        var low = 0
        var high = jobs.count
        while low < high {
            let middle = (low + high) / 2
            if jobs[middle].deadline <= deadline { low = middle + 1 } else { high = middle }
        }
        jobs.insert((deadline, sequence, work), at: low)
        condition.signal()
        condition.unlock()
    }

    /// Blocks until every job due now has run (jobs scheduled for later are not waited for).
    public func drain() {
        let now = Date()
        condition.lock()
        while busy || (jobs.first.map { $0.deadline <= now } ?? false) {
            _ = condition.wait(until: Date().addingTimeInterval(0.01))
        }
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            busy = false
            condition.broadcast()
            while true {
                if let next = jobs.first {
                    if next.deadline <= Date() { break }
                    _ = condition.wait(until: next.deadline)
                } else {
                    condition.wait()
                }
            }
            let job = jobs.removeFirst()
            busy = true
            condition.unlock()
            job.work()
        }
    }
}
