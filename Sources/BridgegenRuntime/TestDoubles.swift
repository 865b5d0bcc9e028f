// The scripts generated fakes run (`--test-doubles`).

import Dispatch
import Foundation

/// What a fake's legacy callback does on one call. Each case is something real SDKs do; the
/// fake runs it through the same adapter runtime as the real adapter, so the code under test
/// sees what it would see in production.
public enum BridgegenCallbackStep<Value> {
    /// Calls back with the value, after `after` seconds (from another thread).
    case value(Value, after: Swift.Double = 0)
    /// Calls back with the error, after `after` seconds.
    case error(any Swift.Error, after: Swift.Double = 0)
    /// Calls back twice (the second is dropped and reported as a duplicate).
    case twice(Value, then: Value)
    /// Calls back inside the start call, before it returns.
    case synchronously(Value)
    /// Never calls back until cancelled, then calls back with the value anyway (reported as the
    /// echo of the cancellation).
    case afterCancellation(Value)
    /// Never calls back: the call waits until it is cancelled or times out.
    case never
    /// Releases the completion handler without calling it (`BridgegenError.callbackDropped`).
    case releasedUncalled
    /// The start call throws.
    case startThrows(any Swift.Error)
}

extension BridgegenCallbackStep: Swift.Sendable where Value: Swift.Sendable {}

/// A fake's method whose call has no script.
public struct BridgegenUnscriptedCall: Swift.Error, Swift.CustomStringConvertible {
    public let adapter: Swift.String
    public var description: Swift.String {
        "bridgegen: \(adapter) was called on a fake without a script; give it one with respond(…)"
    }
}

/// The token a fake's start call returns: cancelling it is the SDK's cancel.
public final class BridgegenFakeToken: @unchecked Swift.Sendable {
    // @unchecked: `onCancel` is taken under the lock, once.
    private let onCancel: BridgegenLocked<(() -> Swift.Void)?>

    init(onCancel: @escaping () -> Swift.Void) {
        self.onCancel = BridgegenLocked(onCancel)
    }

    public func cancel() {
        onCancel.withLock { $0.take() }?()
    }
}

/// One method of a fake: the steps a test scripts for its calls, and what happened.
public final class BridgegenScript<Value, Arguments>: @unchecked Swift.Sendable {
    // @unchecked: everything is behind `state`; values are handed to the adapter's runtime
    // exactly as an SDK's callback would hand them.
    struct State {
        var steps: [BridgegenCallbackStep<Value>] = []
        var calls: [Arguments] = []
        var cancels = 0
        var callbacks = 0
        var dropped = 0
    }

    public let adapter: Swift.String
    private let state = BridgegenLocked(State())

    public init(_ adapter: Swift.String) {
        self.adapter = adapter
    }

    /// What the next calls' callbacks do, in order; the last step answers every later call.
    public func respond(_ steps: BridgegenCallbackStep<Value>...) {
        state.withLock { $0.steps = steps }
    }

    /// The arguments of every call, in order.
    public var calls: [Arguments] { state.withLock { $0.calls } }
    /// How many times the fake SDK was asked to cancel.
    public var cancelCount: Swift.Int { state.withLock { $0.cancels } }
    /// How many callbacks the fake SDK made, and how many of them came after the call had
    /// ended (dropped by the runtime: duplicates, answers after a cancellation or timeout).
    public var callbackCount: Swift.Int { state.withLock { $0.callbacks } }
    public var droppedCount: Swift.Int { state.withLock { $0.dropped } }

    /// The fake SDK's start call, made by the fake's method inside `BridgegenCall.run`.
    public func start(
        _ arguments: Arguments, _ continuation: BridgegenContinuation<Value, BridgegenFakeToken>
    ) throws -> BridgegenFakeToken {
        let step = state.withLock { state -> BridgegenCallbackStep<Value>? in
            state.calls.append(arguments)
            guard let step = state.steps.first else { return nil }
            if state.steps.count > 1 { state.steps.removeFirst() }
            return step
        }
        guard let step else { throw BridgegenUnscriptedCall(adapter: adapter) }
        let cancelled = { [state] in state.withLock { $0.cancels += 1 } }
        switch step {
        case .value(let value, let delay):
            later(delay) { self.deliver(to: continuation) { $0.resume(returning: value) } }
        case .error(let error, let delay):
            later(delay) { self.deliver(to: continuation) { $0.resume(throwing: error) } }
        case .twice(let first, let second):
            later(0) {
                self.deliver(to: continuation) { $0.resume(returning: first) }
                self.deliver(to: continuation) { $0.resume(returning: second) }
            }
        case .synchronously(let value):
            deliver(to: continuation) { $0.resume(returning: value) }
        case .afterCancellation(let value):
            // The token keeps the handler until the cancel, which the SDK answers anyway.
            return BridgegenFakeToken {
                cancelled()
                self.later(0) { self.deliver(to: continuation) { $0.resume(returning: value) } }
            }
        case .never:
            return BridgegenFakeToken {
                cancelled()
                _ = continuation
            }
        case .releasedUncalled:
            break
        case .startThrows(let error):
            throw error
        }
        return BridgegenFakeToken(onCancel: cancelled)
    }

    private func deliver(
        to continuation: BridgegenContinuation<Value, BridgegenFakeToken>,
        _ callback: (BridgegenContinuation<Value, BridgegenFakeToken>) -> Swift.Void
    ) {
        let open = continuation.isOpen
        state.withLock { state in
            state.callbacks += 1
            if !open { state.dropped += 1 }
        }
        callback(continuation)
    }

    /// Runs `work` on another thread after `delay` seconds, as an SDK's callback queue would.
    private func later(_ delay: Swift.Double, _ work: @escaping () -> Swift.Void) {
        let job = BridgegenUnchecked(work)
        Dispatch.DispatchQueue.global().asyncAfter(deadline: .now() + delay) { job.value() }
    }
}

/// What a fake stream method's SDK does after it is registered.
public enum BridgegenEventsStep<Element> {
    public enum End {
        /// Says "no more".
        case finish
        /// Fails (a throwing stream throws it).
        case failure(any Swift.Error)
        /// Sends nothing more until the stream is stopped.
        case open
        /// Says "no more", then sends these anyway (reported as events after the end).
        case moreAfterFinish([Element])
    }

    /// Sends the events from another thread, `every` seconds apart, then ends as `then` says.
    case events([Element], then: End = .finish, every: Swift.Double = 0)
}

extension BridgegenEventsStep: Swift.Sendable where Element: Swift.Sendable {}
extension BridgegenEventsStep.End: Swift.Sendable where Element: Swift.Sendable {}

/// One stream method of a fake: its script and what happened.
public final class BridgegenStreamScript<Element, Arguments>: @unchecked Swift.Sendable {
    // @unchecked: everything is behind `state`.
    struct State {
        var steps: [BridgegenEventsStep<Element>] = []
        var calls: [Arguments] = []
        var stops = 0
    }

    public let adapter: Swift.String
    private let state = BridgegenLocked(State())

    public init(_ adapter: Swift.String) {
        self.adapter = adapter
    }

    /// What the next registrations do, in order; the last step answers every later one.
    public func respond(_ steps: BridgegenEventsStep<Element>...) {
        state.withLock { $0.steps = steps }
    }

    public var calls: [Arguments] { state.withLock { $0.calls } }
    /// How many times the fake SDK was asked to stop.
    public var stopCount: Swift.Int { state.withLock { $0.stops } }

    /// The fake SDK's register call; an unscripted stream ends at once.
    public func register(_ arguments: Arguments, _ events: BridgegenStreamEvents<Element>)
        -> BridgegenFakeToken
    {
        let step = state.withLock { state -> BridgegenEventsStep<Element>? in
            state.calls.append(arguments)
            guard let step = state.steps.first else { return nil }
            if state.steps.count > 1 { state.steps.removeFirst() }
            return step
        }
        let running = BridgegenLocked(true)
        // The fake SDK holds the handler while the stream is registered, as a real SDK holds its
        // observer: until it is stopped, or until it has sent its end. Released earlier, the
        // handler would end an `.open` stream (and a throwing one with `callbackDropped`).
        let handler = BridgegenLocked<BridgegenStreamEvents<Element>?>(events)
        let token = BridgegenFakeToken { [state] in
            running.withLock { $0 = false }
            state.withLock { $0.stops += 1 }
            handler.withLock { $0 = nil }
        }
        guard case .events(let elements, let end, let interval)? = step else {
            events.finish(throwing: BridgegenUnscriptedCall(adapter: adapter))
            handler.withLock { $0 = nil }
            return token
        }
        let send = BridgegenUnchecked {
            for element in elements {
                guard running.withLock({ $0 }) else { return }
                events.yield(element)
                if interval > 0 { Foundation.Thread.sleep(forTimeInterval: interval) }
            }
            switch end {
            case .finish: events.finish()
            case .failure(let error): events.finish(throwing: error)
            case .open: return  // `handler` keeps the stream open until it is stopped
            case .moreAfterFinish(let more):
                events.finish()
                for element in more { events.yield(element) }
            }
            handler.withLock { $0 = nil }
        }
        Dispatch.DispatchQueue.global().async { send.value() }
        return token
    }
}
