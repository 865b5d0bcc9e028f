@testable import BridgegenRuntime
import Foundation
import Testing

/// `BridgegenAsyncRegistration` on its own: the call made once in a task of its own, and its
/// token stopped exactly once whenever the stop comes — before the call begins, while it runs,
/// after it returned — and never in the call's cancelled task.
@Suite struct AsyncRegistrationTests {
    /// What the call and the stops did, behind a lock.
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var _calls = 0
        private var _stops: [Int] = []
        private var _stopSawCancellation = false
        private var gate: CheckedContinuation<Void, Never>?
        private var opened = false

        var calls: Int { lock.withLock { _calls } }
        var stops: [Int] { lock.withLock { _stops } }
        var stopSawCancellation: Bool { lock.withLock { _stopSawCancellation } }
        var isWaiting: Bool { lock.withLock { gate != nil } }

        func called() { lock.withLock { _calls += 1 } }
        func stopped(_ token: Int) {
            lock.withLock {
                _stops.append(token)
                if Task.isCancelled { _stopSawCancellation = true }
            }
        }
        /// Suspends the call until `open()`.
        func wait() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let goesOn = lock.withLock { () -> Bool in
                    if opened { return true }
                    gate = continuation
                    return false
                }
                if goesOn { continuation.resume() }
            }
        }
        func open() {
            let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                opened = true
                defer { gate = nil }
                return gate
            }
            waiting?.resume()
        }
    }

    static func settle(_ done: () -> Bool) async -> Bool {
        for _ in 0..<4000 where !done() { try? await Task.sleep(nanoseconds: 500_000) }
        return done()
    }

    @Test func aStopAfterTheCallReturnedStopsItsTokenOnce() async {
        let record = Record()
        let registration = BridgegenAsyncRegistration<Int> {
            record.called()
            return 7
        }
        #expect(await Self.settle { record.calls == 1 })
        try? await Task.sleep(nanoseconds: 2_000_000)
        registration.stop { record.stopped($0) }
        registration.stop { record.stopped($0 + 100) }
        #expect(await Self.settle { record.stops == [7] })
        try? await Task.sleep(nanoseconds: 5_000_000)
        #expect(record.stops == [7])
        #expect(!record.stopSawCancellation)
    }

    /// The stop comes while the call is suspended: the call is not cancelled (an SDK cancelled
    /// half-way may keep the callback with no token to remove it), and its token is stopped as
    /// soon as it returns, in a task that is not cancelled.
    @Test func aStopDuringTheCallStopsTheTokenWhenItArrives() async {
        let record = Record()
        let registration = BridgegenAsyncRegistration<Int> {
            record.called()
            await record.wait()
            try Task.checkCancellation()
            return 8
        }
        #expect(await Self.settle { record.isWaiting })
        registration.stop { record.stopped($0) }
        try? await Task.sleep(nanoseconds: 2_000_000)
        #expect(record.stops.isEmpty)
        record.open()
        #expect(await Self.settle { record.stops == [8] })
        #expect(!record.stopSawCancellation)
        registration.stop { record.stopped($0 + 100) }
        try? await Task.sleep(nanoseconds: 5_000_000)
        #expect(record.stops == [8])
    }

    /// A per-item call (no token) is ended by cancelling it.
    @Test func aPerItemCallIsCancelled() async {
        let record = Record()
        let cancelled = BridgegenLocked(false)
        let registration = BridgegenAsyncRegistration<Void> {
            record.called()
            await record.wait()
            cancelled.withLock { $0 = Task.isCancelled }
        }
        #expect(await Self.settle { record.isWaiting })
        registration.stop()
        record.open()
        #expect(await Self.settle { cancelled.withLock { $0 } })
    }

    /// A call that fails has nothing to stop; its error fails the stream while it is open, and
    /// is no one's once the stream has ended.
    @Test func aCallThatFailsLeavesNothingToStop() async {
        struct Refused: Error {}
        for stopsFirst in [false, true] {
            let record = Record()
            let failures = BridgegenLocked(0)
            let events = BridgegenStreamEvents<Int>(
                "test", canThrow: false, yield: { _ in nil }, end: { error in if error != nil { failures.withLock { $0 += 1 } } })
            let registration = BridgegenAsyncRegistration<Int>(failing: events) {
                record.called()
                await record.wait()
                throw Refused()
            }
            #expect(await Self.settle { record.isWaiting })
            if stopsFirst { registration.stop { record.stopped($0) } }
            record.open()
            if !stopsFirst {
                // The stream must see the failure before the stop; under load the failing task
                // may need longer than any fixed sleep to run.
                #expect(await Self.settle { failures.withLock { $0 } == 1 })
            } else {
                try? await Task.sleep(nanoseconds: 5_000_000)
            }
            registration.stop { record.stopped($0) }
            try? await Task.sleep(nanoseconds: 5_000_000)
            #expect(record.calls == 1 && record.stops.isEmpty)
            #expect(failures.withLock { $0 } == (stopsFirst ? 0 : 1), "stopsFirst \(stopsFirst)")
            withExtendedLifetime(events) {}
        }
    }

    /// Stopped at once, over and over: whenever the stop lands, a call that was made and returned
    /// its token has it stopped exactly once, and a call not yet begun is never made.
    @Test func aStopAtAnyMomentStopsWhatWasMadeExactlyOnce() async {
        for trial in 0..<500 {
            let record = Record()
            let registration = BridgegenAsyncRegistration<Int> {
                record.called()
                if trial % 3 == 0 { await Task.yield() }
                return trial
            }
            if trial % 2 == 0 { await Task.yield() }
            registration.stop { record.stopped($0) }
            // A call past its start check but not yet counted counts itself soon after.
            _ = await Self.settle { record.stops.count == record.calls }
            try? await Task.sleep(nanoseconds: 1_000_000)
            _ = await Self.settle { record.stops.count == record.calls }
            #expect(record.calls <= 1, "trial \(trial)")
            #expect(record.stops == (record.calls == 1 ? [trial] : []), "trial \(trial)")
            #expect(!record.stopSawCancellation, "trial \(trial)")
        }
    }
}
