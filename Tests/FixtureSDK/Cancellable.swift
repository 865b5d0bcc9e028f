import Dispatch
import Foundation

/// How a fixture request behaves when it is cancelled — the ways real SDKs make cancellation hard.
public enum CancelBehavior: Sendable, CaseIterable {
    /// Stops quietly: the completion is never called.
    case quiet
    /// Calls the completion with `FixtureError.cancelledBySDK`, synchronously inside `cancel()`.
    case callsBackInside
    /// Calls the completion inside `cancel()` while holding the request's own lock, which the
    /// completion path also takes (the deadlock an adapter calling `cancel()` under its lock hits).
    case callsBackUnderLock
    /// Calls the completion on the fixture thread and blocks `cancel()` until it has run.
    case blocksUntilCallback
}

/// One request of a cancellable fixture API: its token, and the SDK's own lock.
public final class FixtureRequest: @unchecked Sendable {
    // @unchecked: all state is guarded by `lock`, as in an SDK.
    private let lock = NSLock()
    private var completion: ((Outcome?) -> Void)?
    private var cancels = 0
    private var starts = 0
    let behavior: CancelBehavior
    /// Set by a test: checks that `cancel()` runs on the main thread.
    public private(set) var cancelledOnMainThread = false

    init(behavior: CancelBehavior, completion: @escaping (Outcome?) -> Void) {
        self.behavior = behavior
        self.completion = completion
    }

    public var cancelCount: Int { lock.withLock { cancels } }
    public var resumeCount: Int { lock.withLock { starts } }

    /// Delivers `outcome` unless the request already finished; `nil` means "cancelled".
    func finish(_ outcome: Outcome?, holdingLock: Bool = false) {
        if holdingLock {
            lock.lock()
            let completion = self.completion
            self.completion = nil
            completion?(outcome)
            lock.unlock()
            return
        }
        let completion = lock.withLock { () -> ((Outcome?) -> Void)? in
            defer { self.completion = nil }
            return self.completion
        }
        completion?(outcome)
    }

    /// Completes later with `outcome`, from the fixture thread, under the request's lock: the
    /// completion path takes the SDK lock as real SDKs do.
    func finishLater(_ outcome: Outcome, after delay: Double = 0) {
        Fixture.scheduler.async(after: delay) { self.finish(outcome, holdingLock: true) }
    }

    public func cancel() {
        let onMain = Thread.isMainThread || DispatchQueue.getSpecific(key: Fixture.mainQueueKey) == true
        lock.withLock {
            cancels += 1
            cancelledOnMainThread = onMain
        }
        switch behavior {
        case .quiet:
            lock.withLock { completion = nil }
        case .callsBackInside:
            finish(nil)
        case .callsBackUnderLock:
            finish(nil, holdingLock: true)
        case .blocksUntilCallback:
            let done = DispatchSemaphore(value: 0)
            Fixture.scheduler.async {
                self.finish(nil, holdingLock: true)
                done.signal()
            }
            done.wait()
        }
    }

    public func resume() {
        lock.withLock { starts += 1 }
    }

    public func invalidate() {
        cancel()
    }
}

/// A cancellable legacy API in every style bridgegen supports.
public final class Transfers: FixtureObject {
    public var cancelBehavior: CancelBehavior = .quiet
    /// Seconds before an `.onAnotherThread` request completes.
    public var delay: Double = 0
    /// Every request started, in order.
    public private(set) var requests: [FixtureRequest] = []
    private let lock = NSLock()
    private var byID: [Int: FixtureRequest] = [:]
    private var current: FixtureRequest?
    private var receiverCancels = 0

    public var receiverCancelCount: Int { lock.withLock { receiverCancels } }
    private var started = 0
    /// Requests started so far; safe to read from any thread (tests wait on it before cancelling).
    public var startedRequests: Int { lock.withLock { started } }

    /// Starts a request per `mode`: immediately (inside the start call), later on the fixture
    /// thread, twice, never, or by dropping the completion.
    private func begin(_ completion: @escaping (Outcome?) -> Void) -> FixtureRequest {
        let outcome = self.outcome
        recordStart()
        // `.dropped`: the request never holds the completion, so it is released on return.
        let request = FixtureRequest(behavior: cancelBehavior, completion: mode == .dropped ? { _ in } : completion)
        requests.append(request)
        lock.withLock {
            current = request
            started += 1
        }
        switch mode {
        case .immediately: request.finish(outcome)
        case .twice:
            // Like a buggy SDK: calls back, forgets the handler, then calls it again anyway.
            request.finish(outcome)
            completion(outcome)
        case .onAnotherThread: request.finishLater(outcome, after: delay)
        case .twiceOnAnotherThread:
            Fixture.scheduler.async(after: delay) {
                request.finish(outcome)
                completion(outcome)
            }
        case .never, .dropped: break
        }
        return request
    }

    public func send(amount: Int, completion: @escaping (Result<Int, Error>) -> Void) -> Operation {
        let request = begin { outcome in
            guard let outcome else { return completion(.failure(FixtureError.cancelledBySDK)) }
            completion(outcome.result(amount))
        }
        return FixtureOperation(request)
    }

    public func upload(_ data: Data, completion: @escaping (Data?, Error?) -> Void) -> FixtureRequest {
        begin { outcome in
            guard let outcome else { return completion(nil, FixtureError.cancelledBySDK) }
            let (value, error) = outcome.pair(data)
            completion(value, error)
        }
    }

    public func subscribe(topic: String, completion: @escaping (Error?) -> Void) -> FixtureRequest? {
        begin { outcome in completion(outcome == nil ? FixtureError.cancelledBySDK : outcome!.error) }
    }

    public func startSync(completion: @escaping (Error?) -> Void) -> Int {
        let request = begin { outcome in completion(outcome == nil ? FixtureError.cancelledBySDK : outcome!.error) }
        return lock.withLock {
            let id = byID.count + 1
            byID[id] = request
            return id
        }
    }

    /// Kingfisher's `setImage(…) -> Task<(), Never>?`: the work runs in a Swift task the call
    /// returns; cancelling that task cancels the request.
    public func fetchInTask(completion: @escaping (Error?) -> Void) -> Task<Void, Never> {
        let request = begin { outcome in completion(outcome == nil ? FixtureError.cancelledBySDK : outcome!.error) }
        return Task {
            await withTaskCancellationHandler {
                try? await Task.sleep(for: .seconds(3600))
            } onCancel: {
                request.cancel()
            }
        }
    }

    public func cancelRequest(_ id: Int) {
        let request = lock.withLock { byID[id] }
        request?.cancel()
    }

    public func geocode(address: String, completion: @escaping ([String]?, Error?) -> Void) {
        _ = begin { outcome in
            guard let outcome else { return completion(nil, FixtureError.cancelledBySDK) }
            let (value, error) = outcome.pair([address])
            completion(value, error)
        }
    }

    public func cancelGeocode() {
        let request = lock.withLock { () -> FixtureRequest? in
            receiverCancels += 1
            return current
        }
        request?.cancel()
    }

    /// Returns a task the caller must `resume()`; a cancelled one reports its own result.
    public func makeTask(url: String, completion: @escaping (Result<String, Error>) -> Void) -> FixtureRequest {
        begin { outcome in
            guard let outcome else { return completion(.success("partial " + url)) }
            completion(outcome.result(url))
        }
    }

    public func download(
        name: String, progress: @escaping (Double) -> Void, completion: @escaping (Result<Data, Error>) -> Void
    ) -> FixtureRequest {
        let box = UncheckedBox(progress)
        progress(0.5)
        let request = begin { outcome in
            guard let outcome else { return completion(.failure(FixtureError.cancelledBySDK)) }
            completion(outcome.result(Data(name.utf8)))
        }
        // Progress keeps coming after the completion: bridgegen must drop it.
        Fixture.scheduler.async(after: delay + 0.01) { box.value(1.0) }
        return request
    }

    /// An optional progress closure (`= nil`, the common form) of a value that is not Sendable.
    public func archive(name: String, progress: ((ArchiveProgress) -> Void)? = nil, completion: @escaping (Result<Int, Error>) -> Void) {
        progress?(ArchiveProgress(completed: 1, total: 2))
        let box = UncheckedBox(progress)
        respond { outcome in
            box.value?(ArchiveProgress(completed: 2, total: 2))
            completion(outcome.result(name.count))
        }
    }
}

extension Transfers {
    /// Progress as two values, bytes so far and in all (pcloud-sdk-swift's `(Int64, Int64)`).
    public func copy(name: String, progress: @escaping (Int64, Int64) -> Void, completion: @escaping (Result<Int, Error>) -> Void) {
        progress(1, 2)
        respond { outcome in
            progress(2, 2)
            completion(outcome.result(name.count))
        }
    }
}

/// Progress as SDKs report it: a class, not Sendable.
public final class ArchiveProgress {
    public let completed: Int
    public let total: Int
    init(completed: Int, total: Int) { (self.completed, self.total) = (completed, total) }
}

/// An `Operation` whose `cancel()` cancels the fixture request.
public final class FixtureOperation: Operation, @unchecked Sendable {
    public let request: FixtureRequest
    init(_ request: FixtureRequest) { self.request = request }
    public override func cancel() {
        super.cancel()
        request.cancel()
    }
}

extension FixtureError {
    public static let cancelled = FixtureError.startRefused
}
