// What the SDK's completion handler holds.

import Dispatch
import Foundation

public final class BridgegenContinuation<Value, Token>: Swift.Sendable {
    @usableFromInline let call: BridgegenCall<Value, Token>
    /// Created where the types are concrete, so the deinit (which Swift never specialises)
    /// runs specialised code.
    @usableFromInline let released: @Sendable (BridgegenCall<Value, Token>) -> Swift.Void

    @inline(__always)
    @inlinable init(_ call: BridgegenCall<Value, Token>) {
        self.call = call
        self.released = { call in call.handlerReleased() }
    }

    deinit {
        released(call)
    }

    @inlinable public func resume(returning value: Value) {
        call.decide(.success(value), by: .sdk)
    }

    /// Fails with the SDK's error, passed through the adapter's error mapping if it has one.
    @inlinable public func resume(throwing error: any Swift.Error) {
        call.decide(.failure(call.mapError?(error) ?? error), by: .sdk)
    }

    @inlinable public func resume<Failure: Swift.Error>(with result: Swift.Result<Value, Failure>) {
        switch result {
        case .success(let value): resume(returning: value)
        case .failure(let error): resume(throwing: error)
        }
    }

    /// The SDK reported failure as a status code or flag: the call throws
    /// `BridgegenError.failureStatus` carrying it.
    @inlinable public func resumeWithFailureStatus<Status>(_ status: Status) {
        call.decide(
            .failure(BridgegenError.failureStatus(adapter: call.adapter, status: BridgegenError.statusText(status))),
            by: .sdk)
    }

    /// The user cancelled in the SDK's own UI (a picker's "cancel"): the call throws
    /// `CancellationError`.
    @inlinable public func resumeCancelled() {
        call.decide(.failure(_Concurrency.CancellationError()), by: .sdk)
    }

    /// A newer call on the same object takes over: this one ends as if its task was cancelled
    /// (the SDK is asked to stop, the caller gets `CancellationError`).
    @inlinable public func cancelForNewCall() {
        call.decide(.failure(_Concurrency.CancellationError()), by: .cancellation)
    }

    /// The SDK reported neither a value nor an error.
    @inlinable public func resumeWithNoResult() {
        call.decide(.failure(BridgegenError.noResult(adapter: call.adapter)), by: .sdk)
    }

    /// The SDK's flag or status said failure; its error, if it gave one, is thrown.
    @inlinable public func resumeWithFailureFlag(error: (any Swift.Error)?) {
        if let error {
            resume(throwing: error)
        } else {
            call.decide(.failure(BridgegenError.failureFlag(adapter: call.adapter)), by: .sdk)
        }
    }

    /// Runs a progress (or other intermediate) callback only while the outcome is still open.
    /// A `@progressStream` value, into the caller's stream while the call is open. It is handed
    /// on as the SDK's own progress closure would hand it (it need not be Sendable: the stream is
    /// the caller's, read in order).
    @inlinable public func yieldIfRunning<Element>(_ value: Element, to stream: _Concurrency.AsyncStream<Element>.Continuation) {
        nonisolated(unsafe) let value = value
        ifRunning { stream.yield(value) }
    }

    @inlinable public func ifRunning(_ body: () -> Swift.Void) {
        if call.isRunning { body() }
    }

    /// Whether a callback now would still decide the call.
    @usableFromInline var isOpen: Swift.Bool { call.isRunning }
}

/// One callback of a one-shot `@until` adapter, for which the predicate said whether it is the
/// final one. A final callback resumes the call as usual. An earlier one is not a result and not
/// misuse: its value goes to the caller's progress stream while the call is open — except an
/// error, which always ends the call. After the outcome, an earlier-kind callback is late like any
/// other: dropped and reported (a duplicate after the SDK's final one, the echo of a cancel or a
/// timeout after those).
public struct BridgegenCallback<Value, Token> {
    @usableFromInline let continuation: BridgegenContinuation<Value, Token>
    @usableFromInline let isFinal: Swift.Bool
    @usableFromInline let progress: _Concurrency.AsyncStream<Value>.Continuation?

    @inlinable init(
        continuation: BridgegenContinuation<Value, Token>, isFinal: Swift.Bool,
        progress: _Concurrency.AsyncStream<Value>.Continuation?
    ) {
        self.continuation = continuation
        self.isFinal = isFinal
        self.progress = progress
    }

    @inlinable public func resume(returning value: Value) {
        if isFinal {
            continuation.resume(returning: value)
        } else {
            // An SDK value handed on as the SDK's own callback would hand it to the app.
            nonisolated(unsafe) let value = value
            continuation.call.intermediate { progress?.yield(value) }
        }
    }

    @inlinable public func resume(throwing error: any Swift.Error) {
        continuation.resume(throwing: error)
    }

    @inlinable public func resume<Failure: Swift.Error>(with result: Swift.Result<Value, Failure>) {
        switch result {
        case .success(let value): resume(returning: value)
        case .failure(let error): resume(throwing: error)
        }
    }

    @inlinable public func resumeWithFailureStatus<Status>(_ status: Status) {
        continuation.resumeWithFailureStatus(status)
    }

    @inlinable public func resumeWithNoResult() {
        if isFinal { continuation.resumeWithNoResult() } else { continuation.call.intermediate {} }
    }

    @inlinable public func resumeWithFailureFlag(error: (any Swift.Error)?) {
        continuation.resumeWithFailureFlag(error: error)
    }
}

extension BridgegenCallback where Value == Swift.Void {
    @inlinable public func resume() {
        resume(returning: ())
    }
}

extension BridgegenContinuation {
    /// The callback the SDK is making, once `@until`'s predicate has judged it (outside any lock).
    @inlinable public func callback(
        isFinal: Swift.Bool, progress: _Concurrency.AsyncStream<Value>.Continuation? = nil
    ) -> BridgegenCallback<Value, Token> {
        BridgegenCallback(continuation: self, isFinal: isFinal, progress: progress)
    }
}

/// The retry loop of a `@retry` adapter: each attempt is a complete adapter call with all its
/// guarantees; between attempts the task sleeps. Cancellation never leads to another attempt, and
/// it ends a wait at once (`Task.sleep` throws `CancellationError`). When the attempts are used up,
/// the error is not retryable, or the next wait would pass the deadline, the last attempt's error
/// is thrown unchanged, so callers catch the same errors as without `@retry`.
