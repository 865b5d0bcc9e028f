import Foundation

/// An observer SDK shaped like a radio scanner: one device-wide scan that is on or off (not one
/// registration per caller), whose start and stop take time, and a numbered reading every
/// `interval` while it is on, to whichever observer was added last. Shared streams' races show
/// here: a late stop switches off a newer scan; readings flow while a slow start is still running.
public final class RadioScanner: @unchecked Sendable {
    // @unchecked: the settings are set before use; everything else is behind `state`.

    /// Seconds `addObserver` takes after the scan is on (readings flow meanwhile), and seconds
    /// a stop takes before the scan is off. The SDK blocks its caller meanwhile, as slow SDKs do.
    public var startDelay: Double = 0
    public var stopDelay: Double = 0
    /// Seconds between readings.
    public var interval: Double = 0.001
    /// Runs inside `addObserver` once the scan is on, before the start delay: a test holds the
    /// start here until a consumer is on its way to join, so the join happens during the start
    /// however slowly the machine schedules it.
    public var duringStart: (() -> Void)?

    struct State {
        var scanning = false
        var observer: ((Int) -> Void)?
        var starts = 0
        var startsReturned = 0
        var stopsBegun = 0
        var stops = 0
        /// The number the next reading gets; readings are numbered across scans.
        var next = 1
        /// Each start and stop begins a new generation: a tick of an older one stops ticking.
        var generation = 0
    }

    private let state = Locked(State())

    public init() {}

    public var starts: Int { state.withLock { $0.starts } }
    /// Start calls that have returned to their caller.
    public var startsReturned: Int { state.withLock { $0.startsReturned } }
    public var stopsBegun: Int { state.withLock { $0.stopsBegun } }
    public var stops: Int { state.withLock { $0.stops } }
    public var isScanning: Bool { state.withLock { $0.scanning } }
    public var hasObserver: Bool { state.withLock { $0.observer != nil } }
    /// The number of the last reading the scanner made (0 before the first).
    public var lastReading: Int { state.withLock { $0.next - 1 } }

    /// Switches the scan on for `handler` (replacing any earlier observer) and returns its token.
    public func addObserver(_ handler: @escaping (Int) -> Void) -> ScanToken {
        let generation = state.withLock { state -> Int in
            state.starts += 1
            state.observer = handler
            state.scanning = true
            state.generation += 1
            return state.generation
        }
        tick(generation)
        duringStart?()
        // The rest of a slow start (a radio powering up): the caller waits, readings flow.
        if startDelay > 0 { Thread.sleep(forTimeInterval: startDelay) }
        state.withLock { $0.startsReturned += 1 }
        return ScanToken(scanner: self)
    }

    func stop() {
        state.withLock { $0.stopsBegun += 1 }
        if stopDelay > 0 { Thread.sleep(forTimeInterval: stopDelay) }
        state.withLock { state in
            state.stops += 1
            state.scanning = false
            state.observer = nil
            state.generation += 1
        }
    }

    private func tick(_ generation: Int) {
        FixtureScheduler.shared.async(after: interval) { [self] in
            let next = state.withLock { state -> (((Int) -> Void), Int)? in
                guard state.scanning, state.generation == generation, let observer = state.observer else { return nil }
                defer { state.next += 1 }
                return (observer, state.next)
            }
            guard let (observer, reading) = next else { return }
            observer(reading)
            tick(generation)
        }
    }
}

public final class ScanToken {
    let scanner: RadioScanner
    init(scanner: RadioScanner) { self.scanner = scanner }
    public func cancel() { scanner.stop() }
}
