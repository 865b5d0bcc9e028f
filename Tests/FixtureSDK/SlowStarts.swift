import Dispatch
import Foundation

/// How a slow start call answers before it returns.
public enum StartAnswer: Sendable, CaseIterable {
    /// Calls the completion synchronously, inside the start call.
    case insideStart
    /// Calls the completion on the fixture thread, and returns only once it has run.
    case fromAnotherThread
    /// Never calls the completion: it is released when the start call returns.
    case dropsCompletion
}

/// An SDK whose start calls take their time — disk or keychain work, a `main.sync` — and so can
/// be interrupted by the caller's cancellation while they run. Each start call runs the test's
/// `duringStart` hook (where a test cancels its task, or lets another thread do it and waits),
/// then answers per `answer`. Every cancel records whether it came while a start call was still
/// running: an adapter must never ask for that (it has no token yet).
public final class SlowStarts: @unchecked Sendable {
    // @unchecked: the configuration is set before use; the counters are behind `counts`.
    public var answer: StartAnswer = .insideStart
    /// Runs inside every start call, before it answers.
    public var duringStart: @Sendable () -> Void = {}
    /// What the SDK reports when it answers (`.success(id)` or this error).
    public var failure: (any Error)?

    private let counts = Locked((starts: 0, cancels: 0, cancelsDuringStart: 0, resumes: 0, running: 0))
    public var starts: Int { counts.withLock { $0.starts } }
    public var cancels: Int { counts.withLock { $0.cancels } }
    /// Cancels that arrived while a start call had not returned yet: always a bug.
    public var cancelsDuringStart: Int { counts.withLock { $0.cancelsDuringStart } }
    public var resumes: Int { counts.withLock { $0.resumes } }

    public init() {}

    /// Runs one start call: the hook, then the answer. Returns the request's id.
    @discardableResult
    func start(id: Int, _ completion: @escaping (Result<Int, Error>) -> Void) -> Int {
        counts.withLock {
            $0.starts += 1
            $0.running += 1
        }
        defer { counts.withLock { $0.running -= 1 } }
        duringStart()
        let result: Result<Int, Error> = failure.map { .failure($0) } ?? .success(id)
        switch answer {
        case .insideStart:
            completion(result)
        case .fromAnotherThread:
            let answered = DispatchSemaphore(value: 0)
            let box = UncheckedBox(completion)
            Fixture.scheduler.async {
                box.value(result)
                answered.signal()
            }
            answered.wait()
        case .dropsCompletion:
            break
        }
        return id
    }

    func recordCancel() {
        counts.withLock {
            $0.cancels += 1
            if $0.running > 0 { $0.cancelsDuringStart += 1 }
        }
    }

    func recordResume() {
        counts.withLock { $0.resumes += 1 }
    }

    public func fetch(id: Int, completion: @escaping (Result<Int, Error>) -> Void) -> SlowToken {
        start(id: id, completion)
        return SlowToken(self)
    }

    public func fetchByID(id: Int, completion: @escaping (Result<Int, Error>) -> Void) -> Int {
        start(id: id, completion)
    }

    public func cancelFetch(_ id: Int) {
        recordCancel()
    }

    public func fetchAny(completion: @escaping (Result<Int, Error>) -> Void) {
        start(id: 0, completion)
    }

    public func cancelAll() {
        recordCancel()
    }

    /// Returns a token the caller must `resume()`; the work "runs" from the start call anyway.
    public func makeFetch(id: Int, completion: @escaping (Result<Int, Error>) -> Void) -> SlowToken {
        start(id: id, completion)
        return SlowToken(self)
    }

    public func fetchUncancellable(id: Int, completion: @escaping (Result<Int, Error>) -> Void) {
        start(id: id, completion)
    }

    /// Whether `error` is worth another attempt.
    public static func isRetryable(_ error: any Error) -> Bool {
        error as? FixtureError == .failed
    }
}

/// The token of one `SlowStarts` request.
public final class SlowToken: Sendable {
    let owner: SlowStarts

    init(_ owner: SlowStarts) {
        self.owner = owner
    }

    public func cancel() {
        owner.recordCancel()
    }

    public func resume() {
        owner.recordResume()
    }
}

/// A picker-style delegate whose presenting call is slow (`SlowPicker.begin()`).
public protocol SlowPickerDelegate: AnyObject {
    func picker(_ picker: SlowPicker, didPick value: Int)
    func picker(_ picker: SlowPicker, didFailWithError error: Error)
}

/// Holds its delegate strongly; `begin()` runs like a `SlowStarts` start call and reports the
/// pick (or the failure) to the delegate.
public final class SlowPicker: @unchecked Sendable {
    // @unchecked: the delegate slot is behind a lock; `calls` counts and configures.
    public var delegate: SlowPickerDelegate? {
        get { slot.withLock { $0 } }
        set { slot.withLock { $0 = newValue } }
    }
    private let slot = Locked<SlowPickerDelegate?>(nil)
    /// The start calls, their answers, and the cancels (`stop()`).
    public let calls = SlowStarts()

    public init() {}

    public func begin() {
        calls.start(id: 7) { [self] result in
            switch result {
            case .success(let value): delegate?.picker(self, didPick: value)
            case .failure(let error): delegate?.picker(self, didFailWithError: error)
            }
        }
    }

    public func stop() {
        calls.recordCancel()
    }
}
