// Shared streams: one SDK registration, many consumers.

import Dispatch
import Foundation

struct BridgegenHubConsumer<Element> {
    let yield: (Element) -> BridgegenMisuse.Kind?
    let finish: ((any Swift.Error)?) -> Swift.Void
}

/// The one lock of every shared stream's bookkeeping, and the hubs of each owner's stream.
enum BridgegenHubs {
    struct Key: Swift.Hashable {
        let owner: Swift.ObjectIdentifier
        let adapter: Swift.String
    }

    /// An owner's stream: the hub while it has consumers, and the registration of the hub that
    /// ended last while its SDK stop may still be running (weak: it lives as long as that stop).
    struct Entry {
        var live: AnyObject?
        weak var stopping: (any BridgegenSettling)?
    }

    static let table = BridgegenLocked<[Key: Entry]>([:])

    /// A registration's last SDK call is over: its owner's entry goes, unless a new hub lives
    /// there or a later registration's stop is still in flight.
    static func settled(_ key: Key, _ registration: AnyObject) {
        table.withLock { table in
            guard let entry = table[key], entry.live == nil else { return }
            if entry.stopping == nil || entry.stopping === registration { table[key] = nil }
        }
    }
}

/// A registration that can say when its SDK calls are over.
protocol BridgegenSettling: AnyObject {
    func waitUntilSettled()
}

extension BridgegenStreamRegistration: BridgegenSettling {}

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

    /// Adds the consumer (replaying the last events to it) and, for the first one, registers;
    /// returns once the SDK is registered, for the first consumer and for one that joins while
    /// the first one's register call runs alike, so each gets every event from then on.
    ///
    /// A task that is already cancelled never joins: its stream ends at once, as a non-shared
    /// stream's does, and no other consumer notices. A new hub's registration waits until the
    /// previous hub's SDK stop has run, so a late stop can never undo the new start.
    static func subscribe(
        _ adapter: Swift.String, owner: Any, replay: Swift.Int, canThrow: Swift.Bool,
        mapError: ((any Swift.Error) -> any Swift.Error)?, stop: ((Token) -> Swift.Void)?,
        stopOnMainThread: Swift.Bool, consumer: BridgegenHubConsumer<Element>,
        onTermination: (@escaping @Sendable () -> Swift.Void) -> Swift.Void,
        register: (BridgegenStreamEvents<Element>) throws -> Token
    ) {
        if _Concurrency.Task.isCancelled {
            consumer.finish(canThrow ? _Concurrency.CancellationError() : nil)
            return
        }
        let object = owner as AnyObject
        let key = BridgegenHubs.Key(owner: Swift.ObjectIdentifier(object), adapter: adapter)
        let (hub, id, previous) = BridgegenHubs.table.withLock {
            table -> (BridgegenHub, Swift.Int, (any BridgegenSettling)??) in
            var entry = table[key] ?? BridgegenHubs.Entry()
            var previous: (any BridgegenSettling)?? = nil
            var hub = entry.live as? BridgegenHub
            if hub == nil || hub?.owner !== object {
                hub = BridgegenHub(
                    key: key, owner: object, replay: replay,
                    registration: BridgegenStreamRegistration(
                        stop: stop, onMainThread: stopOnMainThread, onSettled: { BridgegenHubs.settled(key, $0) }))
                previous = .some(entry.stopping)
                entry.live = hub
                table[key] = entry
            }
            let current = hub!
            let id = current.nextID
            current.nextID += 1
            current.consumers[id] = consumer
            // Replayed under the lock, so no event can come between the replay and the rest.
            for event in current.replay { _ = consumer.yield(event) }
            return (current, id, previous)
        }
        // A consumer's stream ends inside `Task.cancel()`, while the runtime holds that task's
        // status lock; and events are handed to consumers under the hubs' lock, which can need
        // it too. So the leaving is done on another thread, never inside the termination.
        let leave = BridgegenUnchecked { hub.leave(id) }
        onTermination { Dispatch.DispatchQueue.global().async { leave.value() } }
        guard let previous else {
            hub.registration.waitUntilRegistered()
            return
        }
        previous?.waitUntilSettled()
        let events = BridgegenStreamEvents<Element>(
            adapter, canThrow: canThrow, mapError: mapError,
            yield: { [weak hub] value in hub?.fanOut(value) },
            end: { [weak hub] error in hub?.end(error) })
        BridgegenHubs.table.withLock { _ in hub.events = events }
        // Not checked for cancellation: this consumer's task was not cancelled when it joined,
        // and a cancellation since then ends its own stream, which leaves the hub like any other.
        let failure = hub.registration.register(checkingCancellation: false, ifCancelled: events.finishCancelled) {
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

    /// No longer the owner's live hub; its registration ends (the SDK's stop handed to another
    /// thread) in the same critical section, so the next hub always finds it and waits for it.
    private func retire(in table: inout [BridgegenHubs.Key: BridgegenHubs.Entry], stopping: Swift.Bool) {
        ended = true
        let inFlight = registration.terminate(stopping: stopping)
        guard var entry = table[key], entry.live === self else { return }
        entry.live = nil
        if inFlight { entry.stopping = registration }
        // An earlier hub's stop may still be in flight if this one never registered.
        table[key] = entry.stopping == nil ? nil : entry
    }

    /// The SDK ended (or failed, or let go of its handler): every consumer ends with it, and a
    /// later consumer starts afresh.
    private func end(_ error: (any Swift.Error)?) {
        let stopping = events?.endedByTerminalEvent != true
        let ending = BridgegenHubs.table.withLock { table -> [BridgegenHubConsumer<Element>] in
            retire(in: &table, stopping: stopping)
            defer { consumers = [:] }
            return Swift.Array(consumers.values)
        }
        for consumer in ending { consumer.finish(error) }
    }

    /// A consumer left (its loop ended, its task was cancelled, or its stream was dropped); the
    /// last one stops the SDK.
    private func leave(_ id: Swift.Int) {
        BridgegenHubs.table.withLock { table in
            guard consumers.removeValue(forKey: id) != nil, consumers.isEmpty, !ended else { return }
            // Recorded before the stop is handed on (`streamEnded` says why); its lock is a leaf.
            events?.streamEnded()
            retire(in: &table, stopping: true)
        }
    }
}

/// The SDK side of one stream: registered once, stopped once.
///
/// It also says when the SDK is quiet again (`waitUntilSettled`): a shared stream's next
/// registration must not start before the previous one's stop has run, or the late stop would
/// undo the new start. And it says when it is registered (`waitUntilRegistered`): a consumer
/// that joins a shared stream while the first one's register call runs returns once the SDK is
/// registered, as the first one does.
final class BridgegenStreamRegistration<Token>: @unchecked Swift.Sendable {
    // @unchecked: `state` and `pendingStop` are only touched while `condition` is locked; the
    // SDK's stop runs on the thread it is handed to (or the main thread), as SDKs document their
    // stop calls thread-safe.
    private enum State {
        case idle, registering
        case active(Token)
        case endedWhileRegistering, ended
    }

    private let condition = Foundation.NSCondition()
    private var state = State.idle
    /// The SDK's stop, handed to another thread and not yet finished.
    private var pendingStop: BridgegenPendingStop?
    private let stop: ((Token) -> Swift.Void)?
    private let onMainThread: Swift.Bool
    /// Called once the SDK's stop has run after `terminate` said one was still to come.
    private let onSettled: ((AnyObject) -> Swift.Void)?

    init(stop: ((Token) -> Swift.Void)?, onMainThread: Swift.Bool, onSettled: ((AnyObject) -> Swift.Void)? = nil) {
        self.stop = stop
        self.onMainThread = onMainThread
        self.onSettled = onSettled
    }

    private func transition<R>(_ body: (inout State) -> R) -> R {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body(&state)
    }

    /// Registers unless the consumer's task is already cancelled (when `checkingCancellation`);
    /// returns the error of a register call that throws. A stream that ends while registering
    /// stops the SDK as soon as the register call has returned its token.
    func register(
        checkingCancellation: Swift.Bool = true, ifCancelled cancelled: () -> Swift.Void,
        with register: () throws -> Token
    ) -> (any Swift.Error)? {
        let proceed = transition { state -> Swift.Bool in
            guard case .idle = state else { return false }
            if checkingCancellation && _Concurrency.Task.isCancelled {
                state = .ended
                return false
            }
            state = .registering
            return true
        }
        guard proceed else {
            cancelled()
            return nil
        }
        let token: Token
        do {
            token = try register()
        } catch {
            transition { $0 = .ended }
            return error
        }
        let stopNow = transition { state -> Swift.Bool in
            switch state {
            case .registering:
                state = .active(token)
                return false
            case .endedWhileRegistering:
                return true
            case .idle, .active, .ended:
                return false
            }
        }
        if stopNow {
            stop?(token)
            transition { $0 = .ended }
            onSettled?(self)
        }
        return nil
    }

    /// The stream ended. This runs inside the consumer's `Task.cancel()` (while the runtime holds
    /// the task's status lock) or inside the SDK's own callback, so the SDK's stop is handed to
    /// another thread rather than called here. `stopping` is false when the SDK ended the stream
    /// with its `@until` event: its work is over and it is not asked to stop. Returns whether an
    /// SDK call of this registration is still to come (a stop, or a register call still running).
    @discardableResult
    func terminate(stopping: Swift.Bool = true) -> Swift.Bool {
        var registering = false
        let pending = transition { state -> BridgegenPendingStop? in
            switch state {
            case .idle:
                state = .ended
            case .registering:
                state = stopping ? .endedWhileRegistering : .ended
                registering = stopping
            case .active(let token):
                state = .ended
                guard stopping, let stop else { return nil }
                let work = BridgegenUnchecked { stop(token) }
                pendingStop = BridgegenPendingStop(onMainThread: onMainThread) { work.value() }
                return pendingStop
            case .endedWhileRegistering, .ended:
                break
            }
            return nil
        }
        guard let pending else { return registering }
        let run = BridgegenUnchecked { [self] in
            pending.run()
            transition { _ in if pendingStop === pending { pendingStop = nil } }
            onSettled?(self)
        }
        if onMainThread {
            Dispatch.DispatchQueue.main.async { run.value() }
        } else {
            Dispatch.DispatchQueue.global().async { run.value() }
        }
        return true
    }

    /// Returns once the register call has returned (or will never be made).
    func waitUntilRegistered() {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch state {
            case .idle, .registering: condition.wait()
            case .active, .endedWhileRegistering, .ended: return
            }
        }
    }

    /// Returns once this registration makes no more SDK calls: ended, its register call
    /// returned, and its stop finished. A stop due on the main thread that the caller can run
    /// itself (it is on the main thread) runs here rather than waiting for the main queue.
    func waitUntilSettled() {
        condition.lock()
        while true {
            switch state {
            case .idle, .ended:
                break
            case .registering, .active, .endedWhileRegistering:
                condition.wait()
                continue
            }
            guard let pending = pendingStop else { break }
            condition.unlock()
            pending.runOrWait()
            condition.lock()
            if pendingStop === pending { pendingStop = nil }
        }
        condition.unlock()
    }
}

/// An SDK stop handed to another thread: run there, or by a caller that must not go on before
/// it has run (whichever comes first); the other one waits for it to finish.
final class BridgegenPendingStop: @unchecked Swift.Sendable {
    // @unchecked: `work` and `finished` are only touched while `condition` is locked.
    private let condition = Foundation.NSCondition()
    private var work: (() -> Swift.Void)?
    private var finished = false
    private let onMainThread: Swift.Bool

    init(onMainThread: Swift.Bool, _ work: @escaping () -> Swift.Void) {
        self.onMainThread = onMainThread
        self.work = work
    }

    /// Runs the stop unless another thread already does; returns when it has finished.
    func run() {
        condition.lock()
        let taken = work
        work = nil
        condition.unlock()
        if let taken {
            taken()
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        } else {
            condition.lock()
            while !finished { condition.wait() }
            condition.unlock()
        }
    }

    /// `run()` where the stop may run on this thread; otherwise (it must run on the main thread,
    /// and this is not it) waits for the main queue to run it.
    func runOrWait() {
        if !onMainThread || Foundation.Thread.isMainThread {
            run()
            return
        }
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }
}
