import Foundation

/// The three kinds of multi-shot API that return a token, shaped like real SDKs: a repeating
/// timer (`invalidate()`), a connection listener (`stop()`), and a key observer (`remove()`).
/// Each calls its handler many times from its own queue until the token is stopped, and counts
/// the stops, so tests can see that a stream adapter stops it exactly once.
public final class RepeatingSource: @unchecked Sendable {
    // @unchecked: the counters are behind `state`; the handler runs on `queue`.
    private let state = Locked((stops: 0, starts: 0, running: [Int: Bool]()))
    private let queue = DispatchQueue(label: "fixture.repeating")
    private var nextID = 0

    public init() {}

    /// How many registrations were stopped, how many were made, and how many still run.
    public var stops: Int { state.withLock { $0.stops } }
    public var registrations: Int { state.withLock { $0.starts } }
    public var running: Int { state.withLock { $0.running.values.filter { $0 }.count } }

    /// Calls `handler(n)` for n = 1, 2, … every `interval` seconds until the token stops it.
    func start(interval: Double, _ handler: @escaping @Sendable (Int) -> Void) -> Int {
        let id = state.withLock { state -> Int in
            nextID += 1
            state.starts += 1
            state.running[nextID] = true
            return nextID
        }
        queue.async { [self] in tick(id, 1, interval, handler) }
        return id
    }

    private func tick(_ id: Int, _ count: Int, _ interval: Double, _ handler: @escaping @Sendable (Int) -> Void) {
        guard state.withLock({ $0.running[id] == true }) else { return }
        handler(count)
        queue.asyncAfter(deadline: .now() + interval) { [self] in tick(id, count + 1, interval, handler) }
    }

    func stop(_ id: Int) {
        state.withLock { state in
            if state.running[id] == true { state.stops += 1 }
            state.running[id] = false
        }
    }
}

/// A timer that fires until invalidated (like `Timer.scheduledTimer(withTimeInterval:repeats:block:)`).
public final class RepeatingTimer: @unchecked Sendable {
    let source: RepeatingSource
    let id: Int
    init(source: RepeatingSource, id: Int) { (self.source, self.id) = (source, id) }
    public func invalidate() { source.stop(id) }
}

/// A listener that accepts connections until stopped.
public final class ConnectionListener: @unchecked Sendable {
    let source: RepeatingSource
    let id: Int
    init(source: RepeatingSource, id: Int) { (self.source, self.id) = (source, id) }
    public func stop() { source.stop(id) }
}

/// A key observer that reports changes until removed.
public final class KeyObservation: @unchecked Sendable {
    let source: RepeatingSource
    let id: Int
    init(source: RepeatingSource, id: Int) { (self.source, self.id) = (source, id) }
    public func remove() { source.stop(id) }
}

public struct Connection: Sendable, Equatable {
    public var number: Int
}

extension RepeatingSource {
    public func scheduleTimer(every interval: Double, block: @escaping @Sendable (RepeatingTimer?) -> Void) -> RepeatingTimer {
        let box = Locked<RepeatingTimer?>(nil)
        let timer = RepeatingTimer(source: self, id: start(interval: interval) { _ in block(box.withLock { $0 }) })
        box.withLock { $0 = timer }
        return timer
    }

    public func listen(port: Int, onConnection: @escaping @Sendable (Connection) -> Void) -> ConnectionListener {
        ConnectionListener(source: self, id: start(interval: 0.001) { onConnection(Connection(number: $0)) })
    }

    /// A tick count every millisecond, until stopped (for shared streams).
    public func observeTicks(_ handler: @escaping @Sendable (Int) -> Void) -> RepeatingTimer {
        RepeatingTimer(source: self, id: start(interval: 0.001, handler))
    }

    public func observeValue(forKey key: String, changeHandler: @escaping @Sendable (String?, Error?) -> Void) -> KeyObservation {
        KeyObservation(source: self, id: start(interval: 0.001) { changeHandler("\(key)=\($0)", nil) })
    }

    /// Several keys in a variadic list: each tick reports them all.
    public func observeValues(forKeys keys: String..., changeHandler: @escaping @Sendable (String?, Error?) -> Void) -> KeyObservation {
        KeyObservation(source: self, id: start(interval: 0.001) { tick in changeHandler(keys.map { "\($0)=\(tick)" }.joined(separator: ","), nil) })
    }
}

/// A repeated task that hands itself to each run and may be stopped from inside it, as NIO's
/// `RepeatedTask` is (`cancel(promise:)` with a default argument).
public final class RepeatedRun: @unchecked Sendable {
    let source: RepeatingSource
    var id = 0
    init(source: RepeatingSource) { self.source = source }
    public func cancel(reason: String? = nil) { source.stop(id) }
}

extension RepeatingSource {
    /// Runs `task` every `interval` seconds, handing it the returned `RepeatedRun`, until that is
    /// cancelled or the task throws (the throw stops the repetition, as in NIO).
    public func scheduleRepeated(every interval: Double, _ task: @escaping @Sendable (RepeatedRun) throws -> Void) -> RepeatedRun {
        let run = RepeatedRun(source: self)
        let box = UncheckedBox(run)
        run.id = start(interval: interval) { _ in
            do { try task(box.value) } catch { box.value.cancel() }
        }
        return run
    }
}
