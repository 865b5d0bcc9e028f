// One in-flight adapter call: the task, the SDK's callback and cancellation meet here.

import Dispatch
import Foundation

public final class BridgegenCall<Value, Token>: @unchecked Swift.Sendable {
    // @unchecked: `state` is only touched while `lock` is held, and a value stored in it (an SDK
    // result or token) is only used by the one side whose transition took it out. The SDK's
    // cancel function runs on the cancelling thread: SDKs document cancellation as thread-safe.
    @usableFromInline typealias State = BridgegenCallState<
        Value, Token, _Concurrency.CheckedContinuation<Swift.Void, Swift.Never>
    >

    @usableFromInline let adapter: Swift.String
    @usableFromInline let guarded: BridgegenGuarded
    @usableFromInline let destroy: (BridgegenGuarded) -> Swift.Void
    /// Cleared once the caller has the outcome: the closure may capture the SDK object, and the
    /// SDK may keep the completion handler (and so this call) alive for as long as it likes.
    @usableFromInline var cancelToken: ((Token) -> Swift.Void)?
    @usableFromInline let startToken: ((Token) -> Swift.Void)?
    @usableFromInline let timeout: Swift.Double?
    @usableFromInline let cancelOnMainThread: Swift.Bool
    @usableFromInline let mapError: ((any Swift.Error) -> any Swift.Error)?

    /// - Parameters:
    ///   - adapter: names the adapter in errors and misuse reports.
    ///   - cancel: asks the SDK to stop the work identified by the token its start call returned;
    ///     called at most once, never under a lock.
    ///   - start: starts a token that the SDK returns suspended (`resume()` on a data task).
    ///   - timeout: seconds to wait for the outcome once the SDK was started; then the SDK is
    ///     cancelled and `BridgegenError.timedOut` thrown.
    ///   - waitForCompletion: on cancellation, ask the SDK to cancel and wait for its answer.
    ///   - cancelOnMainThread: the SDK's cancel must run on the main thread; it is dispatched
    ///     there asynchronously (never `sync`, which could deadlock the cancelling thread).
    ///   - mapError: applied to every error the SDK reports.
    @inlinable public init(
        _ adapter: Swift.String, cancel: ((Token) -> Swift.Void)? = nil,
        start: ((Token) -> Swift.Void)? = nil,
        timeout: Swift.Double? = nil,
        waitForCompletion: Swift.Bool = false, cancelOnMainThread: Swift.Bool = false,
        mapError: ((any Swift.Error) -> any Swift.Error)? = nil
    ) {
        self.adapter = adapter
        self.guarded = BridgegenGuarded(State(waitsForSDKAfterCancel: waitForCompletion))
        self.destroy = { $0.destroy(State.self) }
        self.cancelToken = cancel
        self.startToken = start
        self.timeout = timeout
        self.cancelOnMainThread = cancelOnMainThread
        self.mapError = mapError
    }

    deinit {
        destroy(guarded)
    }

    @inline(__always)
    @inlinable func transition<R>(_ body: (inout State) -> R) -> R {
        guarded.lock()
        defer { guarded.unlock() }
        return body(&guarded.locked(State.self).pointee)
    }

    /// Runs one transition under the lock, then its effects after the lock is released. The
    /// caller is resumed before the SDK is told to cancel, so a completion racing with that cancel
    /// finds the call decided and never needs the task. The effects are consumed, not copied:
    /// copies of this generic struct went through runtime value witnesses on every call.
    ///
    /// `offloadCancel`: called from the task's cancellation handler, which runs while the runtime
    /// holds the task's status lock; the SDK's cancel may block until a callback that needs the
    /// task has run, so it is handed to another thread instead of being called there.
    @inline(__always)
    @inlinable func step(offloadCancel: Swift.Bool = false, _ body: (inout State) -> State.Effects) {
        guarded.lock()
        let state = guarded.locked(State.self)
        var effects = body(&state.pointee)
        let cancelToken = effects.cancel == nil ? nil : self.cancelToken
        if effects.resume {
            let waiter = state.pointee.takeWaiter()
            guarded.unlock()
            waiter.resume()
        } else {
            guarded.unlock()
        }
        if let token = effects.cancel.take(), let cancelToken {
            if cancelOnMainThread && !Foundation.Thread.isMainThread {
                let work = BridgegenUnchecked { cancelToken(token) }
                Dispatch.DispatchQueue.main.async { work.value() }
            } else if offloadCancel {
                let work = BridgegenUnchecked { cancelToken(token) }
                Dispatch.DispatchQueue.global().async { work.value() }
            } else {
                cancelToken(token)
            }
        }
        if let kind = effects.misuse {
            BridgegenMisuse.handler(BridgegenMisuse(adapter: adapter, kind: kind))
        }
    }

    @inlinable func handlerReleased() {
        step { $0.handlerReleased(BridgegenError.callbackDropped(adapter: adapter)) }
    }

    /// Runs `body` for a callback that is not an outcome while the call is open; after the
    /// outcome the callback is dropped and reported as late, as an outcome would be.
    @inlinable func intermediate(_ body: () -> Swift.Void) {
        if isRunning { return body() }
        step { $0.lateIntermediate() }
    }

    /// Whether the outcome is still open; callbacks that report progress are dropped after it.
    @inlinable var isRunning: Swift.Bool {
        transition { state in
            state.isOpen
        }
    }

    @inline(__always)
    @inlinable func decide(_ result: Swift.Result<Value, any Swift.Error>, by source: State.Source) {
        step { $0.decide(result, by: source) }
    }

    /// Starts the SDK work with `start` and returns or throws its first outcome.
    ///
    /// The cancellation handler is installed before the SDK is called: a task already cancelled
    /// never starts the SDK, and a cancellation that arrives while the start call runs decides
    /// the outcome at once (`CancellationError`); the SDK's cancel then runs as soon as the start
    /// call returns its token. When the SDK answers inside the start call (cached results,
    /// validation errors) the call ends without a continuation.
    ///
    /// The SDK is called on `isolation`, the caller's actor (the main actor, say): the operation
    /// of `withTaskCancellationHandler` captures it, which keeps it there (SE-0420). A
    /// `nonisolated(nonsending)` `run` did not: the operation, a non-isolated async closure, ran
    /// on the cooperative pool (BlockingCallTests.otherAdaptersStartTheSDKOnTheCallersActor).
    @inlinable public func run(
        isolation: isolated (any _Concurrency.Actor)? = #isolation,
        _ start: (BridgegenContinuation<Value, Token>) throws -> Token
    ) async throws -> Value {
        try await withTaskCancellationHandler {
            _ = isolation
            if let outcome = startSDK(start) {
                // Answered (or refused, or cancelled) inside the start call: no continuation.
                guard let outcome else { throw _Concurrency.CancellationError() }
                return try outcome.get()
            }
            let timer = timeout.map(startTimer)
            await withCheckedContinuation { continuation in
                step { $0.suspend(continuation) }
            }
            timer?.cancel()
            let outcome = transition { state -> Swift.Result<Value, any Swift.Error>? in
                cancelToken = nil
                return state.take()
            }
            guard let outcome else { throw _Concurrency.CancellationError() }
            return try outcome.get()
        } onCancel: {
            step(offloadCancel: true) {
                $0.decide(.failure(_Concurrency.CancellationError()), by: .cancellation)
            }
        }
    }

    /// Calls the SDK unless the call was already cancelled. nil when the caller has to wait;
    /// otherwise the outcome, taken under the same lock as the start call's last transition
    /// (one lock operation fewer on the path most SDK calls in tests and caches take).
    /// Kept out of `run` so that the continuation handle dies with this frame and only the SDK
    /// keeps it alive (its release without a call is how a dropped callback is detected).
    @inlinable func startSDK(_ start: (BridgegenContinuation<Value, Token>) throws -> Token) -> Swift
        .Result<
            Value, any Swift.Error
        >??
    {
        guard transition({ $0.beginStart() }) else {
            return .some(
                transition { state in
                    cancelToken = nil
                    return state.take()
                })
        }
        var token: Token?
        var failure: (any Swift.Error)?
        do {
            token = try start(BridgegenContinuation(self))
        } catch {
            // The start call's error is an SDK error like any other: it goes through the mapping.
            failure = mapError?(error) ?? error
        }
        var mustWait = false
        var outcome: Swift.Result<Value, any Swift.Error>?
        step { state in
            let (effects, wait) = state.startReturned(token, error: failure)
            mustWait = wait
            if !wait {
                outcome = state.take()
                // Kept when a cancel effect still needs it (`step` reads it after this closure).
                if effects.cancel == nil { cancelToken = nil }
            }
            return effects
        }
        if mustWait {
            if let startToken, let token { startToken(token) }
            return nil
        }
        return .some(outcome)
    }

    /// A one-shot timer on a global queue; cancelled (and so released) as soon as the call ends.
    @inlinable func startTimer(seconds: Swift.Double) -> Dispatch.DispatchSourceTimer {
        let timer = Dispatch.DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.decide(
                .failure(BridgegenError.timedOut(adapter: self.adapter, seconds: seconds)),
                by: .timeout)
        }
        timer.resume()
        return timer
    }
}

/// What an adapter's completion handler captures: it resumes the call like a continuation, but a
/// second resume is dropped and reported instead of crashing, and when the SDK releases it without
/// calling it the call ends with `BridgegenError.callbackDropped` instead of hanging.
