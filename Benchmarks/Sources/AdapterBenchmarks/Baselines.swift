import Foundation

/// What a hand-written adapter looks like: a bare checked continuation (crashes on a second
/// callback, hangs when the callback never comes, ignores cancellation).
extension BenchSDK {
    func bareFetch(id: Int) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            self.fetch(id: id) { value, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: value!) }
            }
        }
    }

    /// The same bare continuation around the token-returning SDK call the cancellable adapters
    /// use (the token is ignored): the fair baseline for them, since the SDK's own work (here,
    /// allocating the token) is paid by both.
    func bareFetchCancellable(id: Int) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            _ = self.fetchCancellable(id: id) { value, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: value!) }
            }
        }
    }

    /// A port of the published "OperationBridge" design: a 3-state machine behind a lock,
    /// resumed from the completion or from the cancellation handler. (It double-resumes when
    /// cancelled during a synchronous start; here it is only timed.)
    func operationBridgeFetch(id: Int) async throws -> Int {
        let bridge = OperationBridge<Int>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                bridge.install(continuation)
                let token = self.fetchCancellable(id: id) { value, error in
                    if let error { bridge.finish(.failure(error)) } else { bridge.finish(.success(value!)) }
                }
                bridge.attach(token)
            }
        } onCancel: {
            bridge.cancel()
        }
    }
}

final class OperationBridge<T: Sendable>: @unchecked Sendable {
    enum State {
        case idle
        case running(CheckedContinuation<T, Error>)
        case finished
    }

    private let lock = NSLock()
    private var state = State.idle
    private var token: BenchToken?

    func install(_ continuation: CheckedContinuation<T, Error>) {
        lock.withLock { if case .idle = state { state = .running(continuation) } }
    }

    func attach(_ token: BenchToken) {
        lock.withLock { self.token = token }
    }

    func finish(_ result: Result<T, Error>) {
        let continuation = lock.withLock { () -> CheckedContinuation<T, Error>? in
            guard case .running(let continuation) = state else { return nil }
            state = .finished
            return continuation
        }
        continuation?.resume(with: result)
    }

    func cancel() {
        let (continuation, token) = lock.withLock { () -> (CheckedContinuation<T, Error>?, BenchToken?) in
            guard case .running(let continuation) = state else { return (nil, self.token) }
            state = .finished
            return (continuation, self.token)
        }
        continuation?.resume(throwing: CancellationError())
        token?.cancel()
    }
}

/// A hand-written delegate adapter: a delegate object holding a bare checked continuation.
final class BareBenchDelegate: BenchDelegate {
    var continuation: CheckedContinuation<Int, Error>?
    func bench(_ owner: BenchOwner, didFinish value: Int) {
        continuation?.resume(returning: value)
        continuation = nil
    }
}

extension BenchOwner {
    func bareValue(id: Int) async throws -> Int {
        let delegate = BareBenchDelegate()
        defer { self.delegate = nil }
        return try await withCheckedThrowingContinuation { continuation in
            delegate.continuation = continuation
            self.delegate = delegate
            start(id: id)
        }
    }
}

/// A bare `AsyncStream` fed by the same observer (no stop, no reports).
extension BenchSDK {
    func bareObserve(count: Int) -> AsyncStream<Int> {
        AsyncStream { continuation in
            _ = observe(count: count) { continuation.yield($0) }
            continuation.finish()
        }
    }
}
