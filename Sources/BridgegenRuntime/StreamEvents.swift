// What the SDK's event handler holds.

import Dispatch
import Foundation

@usableFromInline enum BridgegenStreamEnding {
    case byConsumer, bySDK, byTerminalEvent
}

/// What a stream adapter's event handler captures: it yields the SDK's events into the stream
/// and ends it. Events after the end and events a full buffer dropped are reported; a second end
/// is reported as a duplicate; when the SDK releases the handler without ending the stream, the
/// stream ends (with `BridgegenError.callbackDropped` when it can throw).
public final class BridgegenStreamEvents<Element>: @unchecked Swift.Sendable {
    // @unchecked: the stream's continuation is thread-safe; an event value is handed from the
    // SDK's thread to the consumer exactly as the SDK's own callback would hand it on.
    @usableFromInline let adapter: Swift.String
    @usableFromInline let canThrow: Swift.Bool
    @usableFromInline let mapError: ((any Swift.Error) -> any Swift.Error)?
    @usableFromInline let yieldValue: (Element) -> BridgegenMisuse.Kind?
    @usableFromInline let end: ((any Swift.Error)?) -> Swift.Void

    @usableFromInline typealias Ending = BridgegenStreamEnding

    @usableFromInline let ending = BridgegenLocked<Ending?>(nil)

    @inlinable init(
        _ adapter: Swift.String, canThrow: Swift.Bool,
        mapError: ((any Swift.Error) -> any Swift.Error)? = nil,
        yield: @escaping (Element) -> BridgegenMisuse.Kind?,
        end: @escaping ((any Swift.Error)?) -> Swift.Void
    ) {
        self.adapter = adapter
        self.canThrow = canThrow
        self.mapError = mapError
        self.yieldValue = yield
        self.end = end
    }

    /// Released by the SDK: a stream it never ended ends now. A throwing stream throws
    /// `callbackDropped`, and that is reported; a non-throwing one just ends, since releasing the
    /// handler is how some SDKs end a finite sequence of events.
    deinit {
        let error = canThrow ? BridgegenError.callbackDropped(adapter: adapter) : nil
        if finish(error, by: .bySDK), canThrow {
            let report = BridgegenMisuse(adapter: adapter, kind: .handlerReleasedUncalled)
            BridgegenMisuse.handler(report)
        }
    }

    @inlinable public func yield(_ value: Element) {
        let kind: BridgegenMisuse.Kind?
        switch ending.withLock({ $0 }) {
        case nil: kind = yieldValue(value)
        case .byConsumer?: kind = .eventAfterConsumerLeft
        case .bySDK?, .byTerminalEvent?: kind = .eventAfterFinish
        }
        if let kind {
            BridgegenMisuse.handler(BridgegenMisuse(adapter: adapter, kind: kind))
        }
    }

    /// Whether the stream still takes events: what the adapter answers a handler that asks
    /// whether to go on (Mapbox's `observeDataSource(with: (CameraOptions) -> Bool)`, "`true` to
    /// stay subscribed and `false` to unsubscribe"), after each event, so the SDK stops calling
    /// once the consumer has left or the stream has ended.
    @inlinable public var isOpen: Swift.Bool {
        ending.withLock { $0 == nil }
    }

    /// Whether the SDK ended the stream with its `@until` event: then it is not stopped.
    @inlinable var endedByTerminalEvent: Swift.Bool {
        ending.withLock { $0 == .byTerminalEvent }
    }

    /// The stream ended (its consumer left, or it finished). Recorded before the SDK is told to
    /// stop: the stream records its own end only after its termination handler has run, and
    /// the stop runs on another thread, so without this an event sent from inside the stop
    /// could slip into the ending stream unreported, and the SDK releasing its handler could
    /// end it with `callbackDropped` instead of the consumer's cancellation.
    @inlinable func streamEnded() {
        ending.withLock { ending in
            if ending == nil { ending = .byConsumer }
        }
    }

    /// The SDK said the events are over.
    @inlinable public func finish() {
        endBySDK(nil)
    }

    /// The SDK failed; the stream throws its error, passed through the adapter's error mapping.
    @inlinable public func finish(throwing error: any Swift.Error) {
        endBySDK(mapError?(error) ?? error)
    }

    /// A `@stream @until` adapter's SDK failed: the stream throws, and the SDK, whose work ended
    /// with the failure, is not stopped.
    @inlinable func terminalFailure(_ error: any Swift.Error) {
        if !finish(mapError?(error) ?? error, by: .byTerminalEvent) { endBySDK(nil) }
    }

    /// The `@until` event arrived (`value` is yielded first when given): the stream ends without
    /// asking the SDK to stop, since its work is done. After the stream ended, it is reported
    /// like any event then.
    @inlinable func terminalEvent(_ value: Element?, yielded: Swift.Bool) {
        let open = ending.withLock { $0 == nil }
        guard open else {
            if let value { return yield(value) }
            return endBySDK(nil)
        }
        if yielded, let value { yield(value) }
        if !finish(nil, by: .byTerminalEvent) && !yielded { endBySDK(nil) }
    }

    /// The SDK reported failure as a status code or flag: the stream throws
    /// `BridgegenError.failureStatus` carrying it.
    @inlinable public func finishWithFailureStatus<Status>(_ status: Status) {
        finish(throwing: BridgegenError.failureStatus(adapter: adapter, status: BridgegenError.statusText(status)))
    }

    /// The consumer's task was cancelled before the SDK was asked for anything.
    @inlinable public func finishCancelled() {
        _ = finish(canThrow ? _Concurrency.CancellationError() : nil, by: .byConsumer)
    }

    /// The SDK's flag or status said failure; its error, if it gave one, is thrown.
    @inlinable public func finishWithFailureFlag(error: (any Swift.Error)?) {
        finish(throwing: error ?? BridgegenError.failureFlag(adapter: adapter))
    }

    /// An end the SDK sent: a second one is a duplicate, or the echo of the consumer's leaving.
    @inlinable func endBySDK(_ error: (any Swift.Error)?) {
        if finish(error, by: .bySDK) { return }
        let echo = ending.withLock { $0 == .byConsumer }
        let kind: BridgegenMisuse.Kind = echo ? .callbackAfterCancellation : .duplicateCallback
        BridgegenMisuse.handler(BridgegenMisuse(adapter: adapter, kind: kind))
    }

    /// Ends the stream unless it has ended; true when this call ended it.
    @inlinable func finish(_ error: (any Swift.Error)?, by who: Ending) -> Swift.Bool {
        let first = ending.withLock { ending -> Swift.Bool in
            guard ending == nil else { return false }
            ending = who
            return true
        }
        if first { end(error) }
        return first
    }
}

extension BridgegenStreamEvents where Element == Swift.Void {
    @inlinable public func yield() {
        yield(())
    }
}

/// One callback of a `@stream @until` adapter, for which the predicate said whether it is the
/// last. The last one ends the stream without asking the SDK to stop; its value is yielded only
/// when `inclusive` (by default it is a summary, not data). An error ends the stream as usual.
public struct BridgegenStreamCallback<Element> {
    @usableFromInline let events: BridgegenStreamEvents<Element>
    @usableFromInline let isLast: Swift.Bool
    @usableFromInline let inclusive: Swift.Bool

    @inlinable init(events: BridgegenStreamEvents<Element>, isLast: Swift.Bool, inclusive: Swift.Bool) {
        self.events = events
        self.isLast = isLast
        self.inclusive = inclusive
    }

    @inlinable public func yield(_ value: Element) {
        guard isLast else { return events.yield(value) }
        events.terminalEvent(value, yielded: inclusive)
    }

    @inlinable public func finish() {
        if isLast { events.terminalEvent(nil, yielded: false) } else { events.finish() }
    }

    /// The SDK's failure ends its work too: the stream throws it, and the SDK is not stopped.
    @inlinable public func finish(throwing error: any Swift.Error) {
        events.terminalFailure(error)
    }

    @inlinable public func finishWithFailureStatus<Status>(_ status: Status) {
        finish(throwing: BridgegenError.failureStatus(adapter: events.adapter, status: BridgegenError.statusText(status)))
    }

    @inlinable public func finishWithFailureFlag(error: (any Swift.Error)?) {
        finish(throwing: error ?? BridgegenError.failureFlag(adapter: events.adapter))
    }
}

extension BridgegenStreamCallback where Element == Swift.Void {
    @inlinable public func yield() {
        yield(())
    }
}

extension BridgegenStreamEvents {
    /// The callback the SDK is making, once `@until`'s predicate has judged it (outside any lock).
    @inlinable public func callback(isLast: Swift.Bool, inclusive: Swift.Bool = false)
        -> BridgegenStreamCallback<Element>
    {
        BridgegenStreamCallback(events: self, isLast: isLast, inclusive: inclusive)
    }
}

/// Carries an SDK's cancel call to another queue; the compiler cannot prove the SDK's token
/// Sendable, and SDKs document their cancel as callable from any thread (or the main thread).
@usableFromInline struct BridgegenUnchecked<Value>: @unchecked Swift.Sendable {
    @usableFromInline let value: Value
    @inlinable init(_ value: Value) { self.value = value }
}

extension BridgegenContinuation where Value == Swift.Void {
    @inlinable public func resume() {
        resume(returning: ())
    }
}
