import Foundation

public enum LinkError: Error, Equatable, Sendable {
    case dropped
}

/// What `DeviceLink.connect` returns: the registration, until `invalidate()`.
public final class LinkToken: @unchecked Sendable {
    // @unchecked: `stop` is set once, at creation.
    let stop: () -> Void

    init(stop: @escaping () -> Void) { self.stop = stop }

    public func invalidate() { stop() }
}

/// A sensor link in the shape of BTKit's `connect(for:uuid:options:connected:heartbeat:
/// disconnected:) -> ObservationToken?`: three closures, each called for its own kind of
/// event, none the outcome. The link keeps the device connected while the registration lives:
/// after a drop it connects again, `connections` times in all, then goes quiet (it never says
/// "no more"). The observer is held weakly, as BTKit holds it; events stop when it is gone.
public final class DeviceLink: @unchecked Sendable {
    // @unchecked: the settings are set before use; everything else is behind `state`.

    /// Connections in all (the first, then reconnections after drops).
    public var connections = 2
    /// Heartbeats per connection.
    public var heartbeats = 2
    public var interval: Double = 0.001
    /// Misbehaves: `connected` is called inside `connect`, before it returns.
    public var connectsAtOnce = false
    /// Misbehaves: one more heartbeat after the registration was invalidated.
    public var beatsAfterInvalidate = false

    struct State {
        var registered = false
        var generation = 0
        var invalidations = 0
        var sent = 0
    }

    private let state = Locked(State())

    public init() {}

    /// `invalidate()` calls so far.
    public var invalidations: Int { state.withLock { $0.invalidations } }
    /// Whether a registration is live.
    public var isRegistered: Bool { state.withLock { $0.registered } }
    /// Events handed to the closures so far.
    public var sent: Int { state.withLock { $0.sent } }

    /// Registers the closures: `connected(observer, isReconnection)`, then `heartbeat(observer,
    /// beat)` per heartbeat, then `disconnected(observer, error)`, `.dropped` before a
    /// reconnection and nil after the last connection.
    @discardableResult
    public func connect<T: AnyObject>(
        for observer: T, uuid: String, connected: ((T, Bool) -> Void)? = nil, heartbeat: ((T, Int) -> Void)? = nil,
        disconnected: ((T, LinkError?) -> Void)? = nil
    ) -> LinkToken? {
        let generation = state.withLock { state -> Int in
            state.registered = true
            state.generation += 1
            return state.generation
        }
        weak let weakObserver = observer
        let events = Events(
            connected: { isReconnection in weakObserver.map { connected?($0, isReconnection) } },
            heartbeat: { beat in weakObserver.map { heartbeat?($0, beat) } },
            disconnected: { error in weakObserver.map { disconnected?($0, error) } })
        let token = LinkToken { [self] in
            let live = state.withLock { state -> Bool in
                state.invalidations += 1
                defer { state.registered = false }
                return state.registered && state.generation == generation
            }
            if live, beatsAfterInvalidate {
                FixtureScheduler.shared.async(after: interval) { self.count(); events.heartbeat(-1) }
            }
        }
        if connectsAtOnce {
            count()
            events.connected(false)
            run(connection: 0, step: 1, generation, events)
        } else {
            run(connection: 0, step: 0, generation, events)
        }
        return token
    }

    private struct Events {
        var connected: (Bool) -> Void
        var heartbeat: (Int) -> Void
        var disconnected: (LinkError?) -> Void
    }

    private func count() { state.withLock { $0.sent += 1 } }

    /// Step 0 connects, steps 1…heartbeats beat, the next disconnects; then the next connection.
    private func run(connection: Int, step: Int, _ generation: Int, _ events: Events) {
        FixtureScheduler.shared.async(after: interval) { [self] in
            let live = state.withLock { $0.registered && $0.generation == generation }
            guard live, connection < connections else { return }
            count()
            switch step {
            case 0: events.connected(connection > 0)
            case heartbeats + 1:
                events.disconnected(connection == connections - 1 ? nil : .dropped)
                return run(connection: connection + 1, step: 0, generation, events)
            default: events.heartbeat(connection * 10 + step)
            }
            run(connection: connection, step: step + 1, generation, events)
        }
    }
}

/// An inbox in the shape of a messaging SDK's listener (Courier's `addInboxListener(onLoading:
/// onError:onUnreadCountChanged:…)`): two event closures, a failure and an end. Misbehaves on
/// request: a count after the end, or both the failure and the end.
public final class InboxFeed: @unchecked Sendable {
    // @unchecked: the settings are set before use; everything else is behind `state`.

    /// The counts it reports after `onLoading`, one every `interval`.
    public var counts = [3, 2, 5]
    public var interval: Double = 0.001
    /// Fails after its counts instead of ending.
    public var failure: LinkError?
    /// Misbehaves: one more count after the end (or the failure).
    public var countsAfterEnd = false
    /// Misbehaves: the end after the failure.
    public var endsAfterFailure = false

    private let stops = Locked(0)

    public init() {}

    /// `stopWatching()` calls so far.
    public var stopCount: Int { stops.withLock { $0 } }

    public func watch(
        onLoading: @escaping () -> Void, onCount: @escaping (Int) -> Void, onError: @escaping (Error) -> Void,
        onDone: @escaping () -> Void
    ) {
        let (counts, failure, countsAfterEnd, endsAfterFailure) = (counts, failure, countsAfterEnd, endsAfterFailure)
        onLoading()
        func report(_ index: Int) {
            FixtureScheduler.shared.async(after: interval) {
                guard index == counts.count else {
                    onCount(counts[index])
                    return report(index + 1)
                }
                if let failure {
                    onError(failure)
                    if endsAfterFailure { onDone() }
                } else {
                    onDone()
                }
                if countsAfterEnd { onCount(99) }
            }
        }
        report(0)
    }

    public func stopWatching() { stops.withLock { $0 += 1 } }
}
