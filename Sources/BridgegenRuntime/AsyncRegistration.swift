// A registration made by an `async` SDK method, which a stream adapter hands out before it returns.

import Dispatch
import Foundation

/// The token of a stream whose SDK call is itself `async`: an observer's registration that
/// returns its token once it is set up (Appwrite's `Realtime.subscribe(channel:callback:queries:)
/// async throws -> RealtimeSubscription`), or a method that calls a closure per item and returns
/// when the items are over (SQLiteNIO's `query(_:_:_:) async throws`). A stream is handed out
/// before either returns, so the call runs in a task of its own; this object is that task, the
/// token once it arrives, and the one stop.
///
/// The call is made in the task exactly as the app would make it there; the object it is made on,
/// its arguments and the token need not be `Sendable` (SDKs that predate Swift concurrency rarely
/// say so), as the SDK's own callbacks already cross threads without saying so either.
///
/// However the stream ends, a call that has not begun is never made. A per-item call is ended by
/// cancelling its task (`stop()`: the SDK sees the cancellation as any Swift code does). A
/// registration is not cancelled half-way: it is let finish, and its token stopped as soon as it
/// arrives (`stop(_:)`), since an SDK cancelled between keeping the callback and returning the
/// token that removes it (Appwrite's `subscribe` keeps it, then awaits its socket) leaves the
/// callback registered with nothing to remove it by. The token's stop runs where the stream stops
/// its SDK (a thread of Dispatch), never inside `Task.cancel()` or the SDK's callback; it may be
/// `async` and may throw (Appwrite's `close() async throws`, `stop(awaiting:)`), and then runs in
/// a task of its own, its error dropped.
public final class BridgegenAsyncRegistration<Token>: @unchecked Swift.Sendable {
    // @unchecked: the state is only touched while its lock is held; the token goes from the task
    // that made the call to the task that stops it, and nowhere else.
    private enum State {
        /// The call has not returned (or not begun); `stop` is the stop asked for meanwhile.
        case calling(stop: Stop?, stopped: Swift.Bool)
        case registered(Token)
        /// Stopped, or the call failed: nothing is left to stop.
        case over
    }

    /// The token's stop: a plain one runs on a thread of Dispatch (the main one when it was asked
    /// for there), never on one of Swift's few cooperative threads, which an SDK stop that blocks
    /// would hold (SQLiteNIO's `cancel()` can deadlock with its own hook); one that awaits runs in
    /// a task of its own.
    private enum Stop {
        case plain((Token) -> Swift.Void, onMainThread: Swift.Bool)
        case awaiting((Token) async -> Swift.Void)

        func run(on token: Token) {
            switch self {
            case .plain(let stop, let onMainThread):
                let work = BridgegenUnchecked({ stop(token) })
                let queue = onMainThread ? Dispatch.DispatchQueue.main : Dispatch.DispatchQueue.global()
                queue.async { work.value() }
            case .awaiting(let stop):
                let work = BridgegenUnchecked({ await stop(token) })
                _Concurrency.Task.detached { await work.value() }
            }
        }
    }

    private let state = BridgegenLocked(State.calling(stop: nil, stopped: false))
    /// The call's task, kept once it is made; or `cancelled` when a stop that cancels came first.
    private let task = BridgegenLocked<(task: _Concurrency.Task<Swift.Void, Swift.Never>?, cancelled: Swift.Bool)>((nil, false))

    /// Starts `call` in a task of its own. An error it throws only means that there is no token
    /// to stop: a per-item call's adapter fails its stream itself, unless it was cancelled.
    public init(_ call: @escaping () async throws -> Token) {
        start(call, failed: nil)
    }

    /// A registration that throws: its error fails the stream (`events`), unless the stream had
    /// ended already, when the error is no one's.
    public init<Element>(failing events: BridgegenStreamEvents<Element>, _ call: @escaping () async throws -> Token) {
        start(call, failed: { events.finish(throwing: $0) })
    }

    private func start(_ call: @escaping () async throws -> Token, failed: ((any Swift.Error) -> Swift.Void)?) {
        let work = BridgegenUnchecked((call: call, failed: failed))
        let task = _Concurrency.Task { [self] in
            let begins = state.withLock { state -> Swift.Bool in
                if case .calling(_, stopped: true) = state { return false }
                return true
            }
            guard begins else { return }
            let token: Token
            do {
                token = try await work.value.call()
            } catch {
                let open = state.withLock { state -> Swift.Bool in
                    defer { state = .over }
                    if case .calling(_, stopped: false) = state { return true }
                    return false
                }
                if open { work.value.failed?(error) }
                return
            }
            let pending = state.withLock { state -> Stop? in
                guard case .calling(let stop, let stopped) = state else { return nil }
                state = stopped ? .over : .registered(token)
                return stopped ? stop : nil
            }
            // Not on this task's thread: a stop that blocks would hold one of Swift's few
            // cooperative threads.
            pending?.run(on: token)
        }
        // A stop that cancels, come before the task was kept, cancels it here.
        let cancelled = self.task.withLock { held -> Swift.Bool in
            held.task = task
            return held.cancelled
        }
        if cancelled { task.cancel() }
    }

    /// Ends the registration once: the token is stopped now (on this thread, where the stream
    /// stops its SDK), or as soon as the call returns it; a call not yet begun is never made. A
    /// second stop does nothing.
    public func stop(_ stopToken: @escaping (Token) -> Swift.Void) {
        if let token = end(cancelling: false, .plain(stopToken, onMainThread: Foundation.Thread.isMainThread)) { stopToken(token) }
    }

    /// `stop(_:)` for a token whose stop is `async` (Appwrite's `close() async throws`): it runs
    /// in a task of its own.
    public func stop(awaiting stopToken: @escaping (Token) async -> Swift.Void) {
        let stop = Stop.awaiting(stopToken)
        if let token = end(cancelling: false, stop) { stop.run(on: token) }
    }

    /// Ends a call whose token is nothing to stop (a per-item call, which its return ends): its
    /// task is cancelled, and a call not yet begun is never made.
    public func stop() where Token == Swift.Void {
        _ = end(cancelling: true, nil)
    }

    /// Returns the token to stop now, if it has arrived; else keeps `stop` for when it does.
    private func end(cancelling: Swift.Bool, _ stop: Stop?) -> Token? {
        let (ends, token) = state.withLock { state -> (Swift.Bool, Token?) in
            switch state {
            case .calling(nil, stopped: false):
                state = .calling(stop: stop, stopped: true)
                return (true, nil)
            case .registered(let token):
                state = .over
                return (true, token)
            case .calling, .over:
                return (false, nil)
            }
        }
        guard ends else { return nil }
        if cancelling {
            let running = task.withLock { held -> _Concurrency.Task<Swift.Void, Swift.Never>? in
                held.cancelled = true
                return held.task
            }
            running?.cancel()
        }
        return token
    }
}
