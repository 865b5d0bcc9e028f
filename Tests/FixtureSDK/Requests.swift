import Foundation

/// A networking-client-style request: builder methods return the request itself (`-> Self`),
/// and it has properties, an initializer and a synchronous `cancel()` next to its callback API.
/// `response` answers per `mode` (`Fixture.deliver`); a `.never` one keeps its completion.
open class DataRequest: @unchecked Sendable {
    // @unchecked: the counters are behind `state`; `mode` is set before use.
    public let id: Int
    public var mode: CallbackMode = .immediately
    private let state = Locked((cancels: 0, validations: 0))
    /// The completion a `.never` request keeps (its own, so tests do not share the fixture's).
    private let pending = Locked<((Result<Data, Error>) -> Void)?>(nil)

    public init(id: Int) {
        self.id = id
    }

    public var cancelCount: Int { state.withLock { $0.cancels } }
    public var isCancelled: Bool { cancelCount > 0 }
    /// A `.never` response is waiting.
    public var isWaiting: Bool { pending.withLock { $0 != nil } }

    @discardableResult
    public func cancel() -> Self {
        state.withLock { $0.cancels += 1 }
        return self
    }

    @discardableResult
    public func validate() -> Self {
        state.withLock { $0.validations += 1 }
        return self
    }

    /// Reports the response body; returns the request, as builder APIs do.
    @discardableResult
    public func response(completionHandler: @escaping (Result<Data, Error>) -> Void) -> Self {
        let body = Data("response \(id)".utf8)
        if mode == .never {
            pending.withLock { $0 = completionHandler }
        } else {
            Fixture.deliver(mode) { completionHandler(.success(body)) }
        }
        return self
    }

    /// Cancels and reports whether there was anything to cancel.
    public func cancel(completion: @escaping (Bool) -> Void) {
        completion(!isCancelled)
        cancel()
    }
}

/// A subclass, as SDKs have (`UploadRequest: DataRequest`).
public final class UploadRequest: DataRequest, @unchecked Sendable {}

/// A protocol whose extension has callback API returning `Self`.
public protocol Resumable: AnyObject {
    func cancel() -> Self
    func resume(completion: @escaping (Error?) -> Void) -> Self
}

extension UploadRequest: Resumable {
    public func resume(completion: @escaping (Error?) -> Void) -> Self {
        completion(nil)
        return self
    }
}

/// A job whose registrations return it, for chaining, and whose `stop()` returns nothing.
public final class ChainedJob: @unchecked Sendable {
    // @unchecked: the count is behind a lock.
    private let stops = Locked(0)

    public init() {}

    public var stopCount: Int { stops.withLock { $0 } }

    public func stop() {
        stops.withLock { $0 += 1 }
    }

    /// Calls back once the job is done, from the fixture's thread.
    @discardableResult
    public func finished(callback: @escaping @Sendable () -> Void) -> Self {
        Fixture.scheduler.async { callback() }
        return self
    }
}
