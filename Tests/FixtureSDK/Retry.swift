import Foundation

/// The errors of the flaky fixture service: two transient, one final.
public enum FlakyError: Error, Equatable, Sendable {
    case offline
    case busy
    case declined

    /// The predicate `@retry(when:)` names: offline and busy are worth another attempt.
    public static func isTransient(_ error: any Error) -> Bool {
        guard let error = error as? FlakyError else { return false }
        return error != .declined
    }
}

/// What one call of the flaky service does.
public enum FlakyStep: Sendable, Equatable {
    case fail(FlakyError)
    case succeed(Int)
    /// Never answers (until cancelled, which drops the completion quietly).
    case hang
}

/// A call in progress: the token `@cancel(token)` cancels.
public final class FlakyCall: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var completion: ((Result<Int, any Error>) -> Void)?
    private var cancelled = false
    /// This call's step is `.hang`: only a cancel ends it.
    public let isHanging: Bool

    init(hangs: Bool, completion: @escaping (Result<Int, any Error>) -> Void) {
        self.isHanging = hangs
        self.completion = completion
    }

    public var isCancelled: Bool { lock.withLock { cancelled } }

    public func cancel() {
        lock.withLock {
            cancelled = true
            completion = nil
        }
    }

    func finish(_ result: Result<Int, any Error>) {
        let completion = lock.withLock { () -> ((Result<Int, any Error>) -> Void)? in
            defer { self.completion = nil }
            return self.completion
        }
        completion?(result)
    }
}

/// A service that fails the way networks do: each call takes the next step of its script (the
/// last step repeats), answering inside the call or from the fixture thread. It records every
/// call with its time, so tests can see how many attempts were made and how far apart.
public final class FlakyService: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var script: [FlakyStep]
    private var times: [Date] = []
    private var tokens: [FlakyCall] = []
    private let answersInline: Bool
    private let latency: Double

    public init(_ script: [FlakyStep], answersInline: Bool = false, latency: Double = 0) {
        precondition(!script.isEmpty)
        self.script = script
        self.answersInline = answersInline
        self.latency = latency
    }

    /// How many times the service was called.
    public var callCount: Int { lock.withLock { times.count } }
    /// When each call started.
    public var callTimes: [Date] { lock.withLock { times } }
    /// Every call's token, in order.
    public var calls: [FlakyCall] { lock.withLock { tokens } }

    private func nextStep() -> FlakyStep {
        lock.withLock {
            times.append(Date())
            return script.count > 1 ? script.removeFirst() : script[0]
        }
    }

    private func start(_ completion: @escaping (Result<Int, any Error>) -> Void) -> FlakyCall {
        let step = nextStep()
        let call = FlakyCall(hangs: step == .hang, completion: completion)
        lock.withLock { tokens.append(call) }
        let result: Result<Int, any Error>
        switch step {
        case .fail(let error): result = .failure(error)
        case .succeed(let value): result = .success(value)
        case .hang: return call
        }
        if answersInline {
            call.finish(result)
        } else {
            Fixture.scheduler.async(after: latency) { call.finish(result) }
        }
        return call
    }

    public func fetch(id: Int, completion: @escaping (Result<Int, any Error>) -> Void) -> FlakyCall {
        start(completion)
    }

    public func fetchPage(id: Int, completion: @escaping (Result<Int, any Error>) -> Void) -> FlakyCall {
        start(completion)
    }

    public func fetchBefore(id: Int, completion: @escaping (Result<Int, any Error>) -> Void) -> FlakyCall {
        start(completion)
    }

    public func sync(completion: @escaping (Result<Int, any Error>) -> Void) -> FlakyCall {
        start(completion)
    }

    /// Error-only completion: nil is success.
    public func ping(completion: @escaping ((any Error)?) -> Void) {
        _ = start { result in
            if case .failure(let error) = result { completion(error) } else { completion(nil) }
        }
    }

    public func submit(completion: @escaping ((any Error)?) -> Void) {
        ping(completion: completion)
    }

    /// A main-thread API: must be called on the main thread.
    @MainActor
    public func reload(completion: @escaping ((any Error)?) -> Void) {
        ping(completion: completion)
    }
}
