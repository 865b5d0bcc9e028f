// The state machine of one adapter call.

import Dispatch
import Foundation

@usableFromInline struct BridgegenCallState<Value, Token, Waiter> {
    /// What decided the outcome: the first of these wins.
    @usableFromInline enum Source: Swift.Equatable {
        case sdk, cancellation, timeout, droppedCallback
    }

    @usableFromInline enum Phase: Swift.Equatable {
        /// The SDK has not been called.
        case idle
        /// Inside the SDK's start call, before its token exists. A cancellation that arrives
        /// meanwhile (`hasStop`) decides the outcome at once: SDK callbacks after it are late,
        /// and the SDK's cancel runs when the start call returns (it needs the token). A
        /// completion handler released unused (`dropped`) is acted on when the start call
        /// returns, because a start call that throws also releases the handler, and then its
        /// error is the outcome.
        case starting
        /// The SDK is working (`token`) and the caller has not suspended yet.
        case running
        /// The caller (`waiter`) is suspended, waiting.
        case suspended
        /// The outcome (`outcome`, decided by `source`) is known; the caller has not taken it yet.
        case decided
        /// The caller has the outcome; nothing is retained.
        case delivered
    }

    /// What to do after unlocking, in this order: resume the caller (taken with `takeWaiter()`
    /// under the lock), cancel the SDK, report. The waiter is not carried here: this struct is
    /// made on every step, and an optional continuation in it cost runtime witness calls each time.
    @usableFromInline struct Effects {
        @usableFromInline var resume = false
        @usableFromInline var cancel: Token?
        @usableFromInline var misuse: BridgegenMisuse.Kind?

        @inlinable init(resume: Swift.Bool = false, cancel: Token? = nil, misuse: BridgegenMisuse.Kind? = nil) {
            self.resume = resume
            self.cancel = cancel
            self.misuse = misuse
        }
    }

    @usableFromInline private(set) var phase: Phase = .idle
    /// The outcome once decided; while starting, the cancellation or timeout waiting to win.
    @usableFromInline var outcome: Swift.Result<Value, any Swift.Error>?
    @usableFromInline var source: Source = .sdk
    @usableFromInline var hasStop = false
    /// The SDK called back after a cancellation that arrived while it was starting.
    @usableFromInline var answeredAfterStop = false
    @usableFromInline var dropped: (any Swift.Error)?
    @usableFromInline var token: Token?
    @usableFromInline var waiter: Waiter?
    /// When set, cancellation asks the SDK to cancel and then waits for the SDK's own answer
    /// (for SDKs whose cancel reports a result) instead of ending the call at once.
    @usableFromInline let waitsForSDKAfterCancel: Swift.Bool
    @usableFromInline var cancelRequested = false

    @inlinable init(waitsForSDKAfterCancel: Swift.Bool = false) {
        self.waitsForSDKAfterCancel = waitsForSDKAfterCancel
    }

    /// Before calling the SDK. False when the call was cancelled first: the SDK is never started.
    @inlinable mutating func beginStart() -> Swift.Bool {
        guard phase == .idle else { return false }
        phase = .starting
        return true
    }

    /// The SDK's start call returned `token`, or threw `error`. True in `mustWait` when the caller
    /// has to suspend for the outcome.
    @inlinable mutating func startReturned(_ token: Token?, error: (any Swift.Error)?) -> (
        effects: Effects, mustWait: Swift.Bool
    ) {
        guard phase == .starting else {
            // Decided inside the start call: the token is neither kept nor cancelled.
            return (Effects(), false)
        }
        let dropped = self.dropped
        self.dropped = nil
        if hasStop {
            hasStop = false
            let waitsForAnswer = source == .cancellation && waitsForSDKAfterCancel
            if waitsForAnswer && error == nil && dropped == nil && !answeredAfterStop {
                outcome = nil
                enter(.running, token: token)
                return (Effects(cancel: token), true)
            }
            phase = .decided
            return (Effects(cancel: error == nil ? token : nil), false)
        }
        if let error {
            decide(.failure(error), source: .sdk)
            return (Effects(), false)
        }
        if let dropped {
            decide(.failure(dropped), source: .droppedCallback)
            return (Effects(misuse: .handlerReleasedUncalled), false)
        }
        enter(.running, token: token)
        return (Effects(), true)
    }

    /// The caller suspends; if the outcome arrived in the meantime it is woken at once.
    @inlinable mutating func suspend(_ waiter: Waiter) -> Effects {
        self.waiter = waiter
        guard phase == .running else { return Effects(resume: true) }
        phase = .suspended
        return Effects()
    }

    /// An outcome arrived: from the SDK, from cancellation, from the timer, or from the completion
    /// handler being released unused. The first one wins; an SDK callback after that is misuse.
    @inlinable mutating func decide(_ result: Swift.Result<Value, any Swift.Error>, by source: Source)
        -> Effects
    {
        let stopsSDK = source == .cancellation || source == .timeout
        if source == .cancellation && waitsForSDKAfterCancel {
            if cancelRequested { return Effects() }
            cancelRequested = true
            if phase == .running || phase == .suspended {
                return Effects(cancel: token)  // Ask once, keep waiting for the SDK's answer.
            }
        }
        switch phase {
        case .idle:
            decide(result, source: source)
            return Effects()
        case .starting where hasStop:
            // Cancellation (or the timer) came first and wins, even inside the start call; an SDK
            // callback after it is late. The SDK is still asked to cancel once the start call
            // returns: the caller cancelled, and a cancel after the SDK finished is harmless.
            switch source {
            case .sdk:
                answeredAfterStop = true
                let echo: BridgegenMisuse.Kind =
                    self.source == .timeout ? .callbackAfterTimeout : .callbackAfterCancellation
                return Effects(misuse: echo)
            case .droppedCallback:
                // Remembered: when waiting for the SDK's answer to a cancel, a dropped handler
                // means that answer can never come.
                if dropped == nil, case .failure(let error) = result { dropped = error }
                return Effects()
            case .timeout where self.source == .cancellation && waitsForSDKAfterCancel:
                // The cancel would only have asked the SDK; the timer ends the call for good.
                outcome = result
                self.source = source
                return Effects()
            case .cancellation, .timeout:
                return Effects()
            }
        case .starting:
            switch source {
            case .cancellation, .timeout:
                hasStop = true
                outcome = result
                self.source = source
            case .droppedCallback:
                if case .failure(let error) = result { dropped = error }
            case .sdk:
                dropped = nil
                decide(result, source: source)
            }
            return Effects()
        case .running, .suspended:
            let resume = phase == .suspended
            let token = self.token
            decide(result, source: source)
            return Effects(
                resume: resume, cancel: stopsSDK && !cancelRequested ? token : nil,
                misuse: source == .droppedCallback ? .handlerReleasedUncalled : nil)
        case .decided, .delivered:
            guard source == .sdk else { return Effects() }
            switch self.source {
            case .cancellation: return Effects(misuse: .callbackAfterCancellation)
            case .timeout: return Effects(misuse: .callbackAfterTimeout)
            case .sdk, .droppedCallback: return Effects(misuse: .duplicateCallback)
            }
        }
    }

    /// A callback that is not an outcome (`@until`'s earlier ones) arrived after the outcome: as
    /// late as an outcome would be, and reported the same way (decision 38); while the call is
    /// open it is no misuse.
    @inlinable func lateIntermediate() -> Effects {
        switch phase {
        case .starting where hasStop:
            return Effects(misuse: source == .timeout ? .callbackAfterTimeout : .callbackAfterCancellation)
        case .decided, .delivered:
            switch source {
            case .cancellation: return Effects(misuse: .callbackAfterCancellation)
            case .timeout: return Effects(misuse: .callbackAfterTimeout)
            case .sdk, .droppedCallback: return Effects(misuse: .duplicateCallback)
            }
        default:
            return Effects()
        }
    }

    /// The completion handler was released. Only an open call needs the error, so it is built
    /// only then (this runs at the end of every call).
    @inlinable mutating func handlerReleased(_ error: @autoclosure () -> any Swift.Error) -> Effects {
        guard phase != .decided && phase != .delivered else { return Effects() }
        return decide(.failure(error()), by: .droppedCallback)
    }

    /// Whether the outcome is still open (not decided, not cancelled while starting).
    @inlinable var isOpen: Swift.Bool {
        switch phase {
        case .starting: return !hasStop || (source == .cancellation && waitsForSDKAfterCancel)
        case .running, .suspended: return true
        case .idle, .decided, .delivered: return false
        }
    }

    /// The waiter to resume, once `Effects.resume` said so.
    @inlinable mutating func takeWaiter() -> Waiter {
        waiter.take()!
    }

    /// The caller takes the outcome once it is decided.
    @inlinable mutating func take() -> Swift.Result<Value, any Swift.Error>? {
        guard phase == .decided else { return nil }
        phase = .delivered
        defer { outcome = nil }
        return outcome
    }

    @inlinable mutating func enter(_ phase: Phase, token: Token?) {
        self.phase = phase
        self.token = token
    }

    /// Records the outcome and lets go of the token (the waiter is taken by the effects).
    @inlinable mutating func decide(_ result: Swift.Result<Value, any Swift.Error>, source: Source) {
        phase = .decided
        outcome = result
        self.source = source
        token = nil
    }
}

/// One in-flight adapter call, shared by the awaiting task, the SDK's completion handler and the
/// cancellation handler.
