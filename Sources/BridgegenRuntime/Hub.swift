// Shared streams: one SDK registration, many consumers.

import Dispatch
import Foundation

struct BridgegenHubConsumer<Element> {
    let yield: (Element) -> BridgegenMisuse.Kind?
    let finish: ((any Swift.Error)?) -> Swift.Void
}

/// The one lock of every shared stream's bookkeeping, and the hub of each owner's stream.
enum BridgegenHubs {
    struct Key: Swift.Hashable {
        let owner: Swift.ObjectIdentifier
        let adapter: Swift.String
    }

    static let table = BridgegenLocked<[Key: AnyObject]>([:])
}

/// An owner's shared stream while it has consumers: the SDK's registration, the consumers, and
/// the last events for `replay`. Its state is only touched under `BridgegenHubs.table`'s lock;
/// the SDK is registered and stopped outside it.
final class BridgegenHub<Element, Token>: @unchecked Swift.Sendable {
    // @unchecked: the fields below are only touched under `BridgegenHubs.table`'s lock.
    private let key: BridgegenHubs.Key
    /// The owner, to tell it from a later object at the same address.
    private weak var owner: AnyObject?
    private let replayCount: Swift.Int
    private let registration: BridgegenStreamRegistration<Token>
    private weak var events: BridgegenStreamEvents<Element>?
    private var consumers: [Swift.Int: BridgegenHubConsumer<Element>] = [:]
    private var nextID = 0
    private var replay: [Element] = []
    private var ended = false

    private init(
        key: BridgegenHubs.Key, owner: AnyObject, replay: Swift.Int,
        registration: BridgegenStreamRegistration<Token>
    ) {
        self.key = key
        self.owner = owner
        self.replayCount = replay
        self.registration = registration
    }

    /// Adds the consumer (replaying the last events to it) and, for the first one, registers.
    static func subscribe(
        _ adapter: Swift.String, owner: Any, replay: Swift.Int, canThrow: Swift.Bool,
        mapError: ((any Swift.Error) -> any Swift.Error)?, stop: ((Token) -> Swift.Void)?,
        stopOnMainThread: Swift.Bool, consumer: BridgegenHubConsumer<Element>,
        onTermination: (@escaping @Sendable () -> Swift.Void) -> Swift.Void,
        register: (BridgegenStreamEvents<Element>) throws -> Token
    ) {
        let object = owner as AnyObject
        let key = BridgegenHubs.Key(owner: Swift.ObjectIdentifier(object), adapter: adapter)
        let (hub, id, isFirst) = BridgegenHubs.table.withLock {
            table -> (BridgegenHub, Swift.Int, Swift.Bool) in
            var hub = table[key] as? BridgegenHub
            if hub == nil || hub?.owner !== object {
                hub = BridgegenHub(
                    key: key, owner: object, replay: replay,
                    registration: BridgegenStreamRegistration(
                        stop: stop, onMainThread: stopOnMainThread))
                table[key] = hub
            }
            let current = hub!
            let id = current.nextID
            current.nextID += 1
            current.consumers[id] = consumer
            // Replayed under the lock, so no event can come between the replay and the rest.
            for event in current.replay { _ = consumer.yield(event) }
            return (current, id, current.consumers.count == 1 && current.events == nil)
        }
        // A consumer's stream ends inside `Task.cancel()`, while the runtime holds that task's
        // status lock; and events are handed to consumers under the hubs' lock, which can need
        // it too. So the leaving is done on another thread, never inside the termination.
        let leave = BridgegenUnchecked { hub.leave(id) }
        onTermination { Dispatch.DispatchQueue.global().async { leave.value() } }
        guard isFirst else { return }
        let events = BridgegenStreamEvents<Element>(
            adapter, canThrow: canThrow, mapError: mapError,
            yield: { [weak hub] value in hub?.fanOut(value) },
            end: { [weak hub] error in hub?.end(error) })
        BridgegenHubs.table.withLock { _ in hub.events = events }
        let failure = hub.registration.register(ifCancelled: events.finishCancelled) {
            try register(events)
        }
        if let failure { events.finish(throwing: failure) }
    }

    /// An SDK event: to every consumer, and kept for `replay`.
    private func fanOut(_ value: Element) -> BridgegenMisuse.Kind? {
        let kinds = BridgegenHubs.table.withLock { _ -> [BridgegenMisuse.Kind] in
            if replayCount > 0 {
                replay.append(value)
                if replay.count > replayCount { replay.removeFirst() }
            }
            return consumers.values.compactMap { $0.yield(value) }
        }
        for kind in kinds.dropFirst() {
            BridgegenMisuse.handler(BridgegenMisuse(adapter: key.adapter, kind: kind))
        }
        return kinds.first
    }

    /// The SDK ended (or failed, or let go of its handler): every consumer ends with it, and a
    /// later consumer starts afresh.
    private func end(_ error: (any Swift.Error)?) {
        let ending = BridgegenHubs.table.withLock { table -> [BridgegenHubConsumer<Element>] in
            ended = true
            if table[key] === self { table[key] = nil }
            defer { consumers = [:] }
            return Swift.Array(consumers.values)
        }
        registration.terminate(stopping: events?.endedByTerminalEvent != true)
        for consumer in ending { consumer.finish(error) }
    }

    /// A consumer left (its loop ended, its task was cancelled, or its stream was dropped); the
    /// last one stops the SDK.
    private func leave(_ id: Swift.Int) {
        let last = BridgegenHubs.table.withLock { table -> Swift.Bool in
            guard consumers.removeValue(forKey: id) != nil, consumers.isEmpty, !ended else {
                return false
            }
            ended = true
            if table[key] === self { table[key] = nil }
            return true
        }
        guard last else { return }
        events?.streamEnded()
        registration.terminate()
    }
}

/// The SDK side of one stream: registered once, stopped once.
final class BridgegenStreamRegistration<Token>: @unchecked Swift.Sendable {
    // @unchecked: `state` is only touched under its lock; the SDK's stop runs on the thread the
    // stream ended on (or the main thread), as SDKs document their stop calls thread-safe.
    private enum State {
        case idle, registering
        case active(Token)
        case endedWhileRegistering, ended
    }

    private let state = BridgegenLocked(State.idle)
    private let stop: ((Token) -> Swift.Void)?
    private let onMainThread: Swift.Bool

    init(stop: ((Token) -> Swift.Void)?, onMainThread: Swift.Bool) {
        self.stop = stop
        self.onMainThread = onMainThread
    }

    /// Registers unless the consumer's task is already cancelled; returns the error of a
    /// register call that throws. A stream that ends while registering stops the SDK as soon as
    /// the register call has returned its token.
    func register(
        ifCancelled cancelled: () -> Swift.Void, with register: () throws -> Token
    ) -> (any Swift.Error)? {
        let proceed = state.withLock { state -> Swift.Bool in
            guard case .idle = state else { return false }
            state = .registering
            return true
        }
        guard proceed, !_Concurrency.Task.isCancelled else {
            cancelled()
            return nil
        }
        let token: Token
        do {
            token = try register()
        } catch {
            state.withLock { $0 = .ended }
            return error
        }
        let stopNow = state.withLock { state -> Swift.Bool in
            switch state {
            case .registering:
                state = .active(token)
                return false
            case .endedWhileRegistering:
                state = .ended
                return true
            case .idle, .active, .ended:
                return false
            }
        }
        if stopNow { stop?(token) }
        return nil
    }

    /// The stream ended. This runs inside the consumer's `Task.cancel()` (while the runtime holds
    /// the task's status lock) or inside the SDK's own callback, so the SDK's stop is handed to
    /// another thread rather than called here. `stopping` is false when the SDK ended the stream
    /// with its `@until` event: its work is over and it is not asked to stop.
    func terminate(stopping: Swift.Bool = true) {
        let token = state.withLock { state -> Token? in
            switch state {
            case .idle:
                state = .ended
            case .registering:
                state = stopping ? .endedWhileRegistering : .ended
            case .active(let token):
                state = .ended
                return stopping ? token : nil
            case .endedWhileRegistering, .ended:
                break
            }
            return nil
        }
        guard let token, let stop else { return }
        let work = BridgegenUnchecked { stop(token) }
        if onMainThread {
            Dispatch.DispatchQueue.main.async { work.value() }
        } else {
            Dispatch.DispatchQueue.global().async { work.value() }
        }
    }
}

/// Notification streams (`@notification`): the notifications of one name become an
/// `AsyncStream` of the values `map` makes of them. `map` runs inside the observer block, on the
/// posting thread (or the given queue), so a `Notification` — not Sendable — never leaves it;
/// only the Sendable value it returns crosses to the consumer (nil skips the notification).
/// The observer is added when the function is called and removed exactly once when the stream
/// ends, whatever ends it; one posted between the end and the removal is dropped silently.
