// Stream adapters: buffering and registration.

import Dispatch
import Foundation

public enum BridgegenBuffering: Swift.Sendable {
    /// Keep every event (the default: nothing is lost; memory grows with a stalled consumer).
    case unbounded
    /// Keep the latest `n`, dropping older ones (state-like sources: location, balance).
    case newest(Swift.Int)
    /// Keep the first `n`, dropping newer ones.
    case oldest(Swift.Int)

    func policy<Element>(of _: _Concurrency.AsyncStream<Element>.Type)
        -> _Concurrency.AsyncStream<Element>.Continuation.BufferingPolicy
    {
        switch self {
        case .unbounded: return .unbounded
        case .newest(let count): return .bufferingNewest(count)
        case .oldest(let count): return .bufferingOldest(count)
        }
    }
}

/// Stream adapters: a repeated callback or an observer becomes an `AsyncStream` (or an
/// `AsyncThrowingStream` when the SDK can report a failure). Each call registers once with the
/// SDK; the stream ending for any reason (consumer cancelled or done, SDK end or failure, the
/// handler released) stops the SDK exactly once.
public enum BridgegenStream<Element, Token> {
    public static func events(
        _ adapter: Swift.String, buffering: BridgegenBuffering = .unbounded,
        stop: ((Token) -> Swift.Void)? = nil,
        stopOnMainThread: Swift.Bool = false,
        register: (BridgegenStreamEvents<Element>) -> Token
    ) -> _Concurrency.AsyncStream<Element> {
        let policy = buffering.policy(of: _Concurrency.AsyncStream<Element>.self)
        return _Concurrency.AsyncStream(Element.self, bufferingPolicy: policy) { continuation in
            let registration = BridgegenStreamRegistration(
                stop: stop, onMainThread: stopOnMainThread)
            let events = BridgegenStreamEvents<Element>(
                adapter, canThrow: false,
                yield: { value in
                    // The one value bridgegen vouches for: an event the SDK hands over and does
                    // not touch again, exactly as its own callback would hand it to the app.
                    nonisolated(unsafe) let event = value
                    switch continuation.yield(event) {
                    case .enqueued: return nil
                    case .dropped: return .droppedByBuffer
                    case .terminated: return .eventAfterConsumerLeft
                    @unknown default: return nil
                    }
                },
                end: { _ in continuation.finish() })
            continuation.onTermination = { [weak events] _ in
                events?.streamEnded()
                registration.terminate(stopping: events?.endedByTerminalEvent != true)
            }
            _ = registration.register(ifCancelled: events.finishCancelled) { register(events) }
        }
    }

    public static func throwing(
        _ adapter: Swift.String, buffering: BridgegenBuffering = .unbounded,
        stop: ((Token) -> Swift.Void)? = nil,
        stopOnMainThread: Swift.Bool = false,
        mapError: ((any Swift.Error) -> any Swift.Error)? = nil,
        register: (BridgegenStreamEvents<Element>) throws -> Token
    ) -> _Concurrency.AsyncThrowingStream<Element, any Swift.Error> {
        let policy:
            _Concurrency.AsyncThrowingStream<Element, any Swift.Error>.Continuation.BufferingPolicy
        switch buffering {
        case .unbounded: policy = .unbounded
        case .newest(let count): policy = .bufferingNewest(count)
        case .oldest(let count): policy = .bufferingOldest(count)
        }
        return _Concurrency.AsyncThrowingStream(Element.self, bufferingPolicy: policy) {
            continuation in
            let registration = BridgegenStreamRegistration(
                stop: stop, onMainThread: stopOnMainThread)
            let events = BridgegenStreamEvents<Element>(
                adapter, canThrow: true, mapError: mapError,
                yield: { value in
                    // The one value bridgegen vouches for: an event the SDK hands over and does
                    // not touch again, exactly as its own callback would hand it to the app.
                    nonisolated(unsafe) let event = value
                    switch continuation.yield(event) {
                    case .enqueued: return nil
                    case .dropped: return .droppedByBuffer
                    case .terminated: return .eventAfterConsumerLeft
                    @unknown default: return nil
                    }
                },
                end: { error in continuation.finish(throwing: error) })
            continuation.onTermination = { [weak events] _ in
                events?.streamEnded()
                registration.terminate(stopping: events?.endedByTerminalEvent != true)
            }
            let failure = registration.register(ifCancelled: events.finishCancelled) {
                try register(events)
            }
            if let failure {
                continuation.finish(throwing: mapError?(failure) ?? failure)
            }
        }
    }
}

/// Shared streams (`@stream(shared)`): every consumer of an owner's stream gets every event from
/// its subscription on (and the last `replay` ones), through one SDK registration. The first
/// consumer registers; the last one to leave, however it leaves, stops the SDK once; a consumer
/// that comes after that registers again. An SDK end or failure reaches every current consumer,
/// and a later consumer starts the SDK again. Each consumer has its own buffer, so a slow one
/// never holds up the others.
extension BridgegenStream {
    public static func shared(
        _ adapter: Swift.String, owner: Any, replay: Swift.Int = 0,
        buffering: BridgegenBuffering = .unbounded,
        stop: ((Token) -> Swift.Void)? = nil, stopOnMainThread: Swift.Bool = false,
        register: (BridgegenStreamEvents<Element>) -> Token
    ) -> _Concurrency.AsyncStream<Element> {
        let policy = buffering.policy(of: _Concurrency.AsyncStream<Element>.self)
        return _Concurrency.AsyncStream(Element.self, bufferingPolicy: policy) { continuation in
            BridgegenHub<Element, Token>.subscribe(
                adapter, owner: owner, replay: replay, canThrow: false, mapError: nil, stop: stop,
                stopOnMainThread: stopOnMainThread,
                consumer: BridgegenHubConsumer(
                    yield: { value in
                        nonisolated(unsafe) let event = value
                        if case .dropped = continuation.yield(event) { return .droppedByBuffer }
                        return nil
                    },
                    finish: { _ in continuation.finish() }),
                onTermination: { leave in continuation.onTermination = { _ in leave() } },
                register: register)
        }
    }

    public static func sharedThrowing(
        _ adapter: Swift.String, owner: Any, replay: Swift.Int = 0,
        buffering: BridgegenBuffering = .unbounded,
        stop: ((Token) -> Swift.Void)? = nil, stopOnMainThread: Swift.Bool = false,
        mapError: ((any Swift.Error) -> any Swift.Error)? = nil,
        register: (BridgegenStreamEvents<Element>) throws -> Token
    ) -> _Concurrency.AsyncThrowingStream<Element, any Swift.Error> {
        let policy:
            _Concurrency.AsyncThrowingStream<Element, any Swift.Error>.Continuation.BufferingPolicy
        switch buffering {
        case .unbounded: policy = .unbounded
        case .newest(let count): policy = .bufferingNewest(count)
        case .oldest(let count): policy = .bufferingOldest(count)
        }
        return _Concurrency.AsyncThrowingStream(Element.self, bufferingPolicy: policy) {
            continuation in
            BridgegenHub<Element, Token>.subscribe(
                adapter, owner: owner, replay: replay, canThrow: true, mapError: mapError,
                stop: stop,
                stopOnMainThread: stopOnMainThread,
                consumer: BridgegenHubConsumer(
                    yield: { value in
                        nonisolated(unsafe) let event = value
                        if case .dropped = continuation.yield(event) { return .droppedByBuffer }
                        return nil
                    },
                    finish: { error in continuation.finish(throwing: error) }),
                onTermination: { leave in continuation.onTermination = { _ in leave() } },
                register: register)
        }
    }
}

/// One consumer of a shared stream: its own stream's continuation, seen through two closures.

/// An initializer's handler (`@stream` on an `init`: AudioKit's `RawDataTap(_:…, handler:)`):
/// the object is made now, with a handler that yields into the stream, and both go back to the
/// caller. The object is the caller's to keep, start and stop; the stream ending stops nothing,
/// and what the object calls after that is dropped (reported as after its consumer left).
extension BridgegenStream where Token == Swift.Void {
    public static func making<Made>(
        _ adapter: Swift.String, buffering: BridgegenBuffering = .unbounded,
        _ make: (BridgegenStreamEvents<Element>) throws -> Made
    ) rethrows -> (Made, _Concurrency.AsyncStream<Element>) {
        var handed: BridgegenStreamEvents<Element>?
        // AsyncStream runs its build closure, and so `register`, before its initializer returns.
        let stream = events(adapter, buffering: buffering, register: { handed = $0 })
        return (try make(handed!), stream)
    }

    public static func makingThrowing<Made>(
        _ adapter: Swift.String, buffering: BridgegenBuffering = .unbounded,
        mapError: ((any Swift.Error) -> any Swift.Error)? = nil,
        _ make: (BridgegenStreamEvents<Element>) throws -> Made
    ) rethrows -> (Made, _Concurrency.AsyncThrowingStream<Element, any Swift.Error>) {
        var handed: BridgegenStreamEvents<Element>?
        let stream = throwing(adapter, buffering: buffering, mapError: mapError, register: { handed = $0 })
        return (try make(handed!), stream)
    }
}
