import Dispatch
import Foundation

/// How a fixture API calls its completion handler. Every legacy API in this module takes its
/// mode from the object (or type) it is called on, so a test can make any API misbehave.
public enum CallbackMode: Sendable, CaseIterable {
    /// Once, synchronously, before the start call returns.
    case immediately
    /// Once, later, from the fixture's own thread.
    case onAnotherThread
    /// Twice, synchronously (an SDK bug bridgegen must absorb).
    case twice
    /// Twice, from the fixture's own thread.
    case twiceOnAnotherThread
    /// Keeps the closure and never calls it, until `Fixture.releaseHeldCallbacks()`.
    case never
    /// Releases the closure without calling it.
    case dropped
}

/// What a fixture API reports when it calls back.
public enum Outcome: Sendable {
    case value
    case failure
    /// `(nil, nil)`: neither a value nor an error.
    case nothing
    /// Both a value and an error.
    case both
}

/// The error fixture APIs fail with.
public enum FixtureError: Error, Equatable, Sendable {
    case failed
    case startRefused
    /// What a fixture request reports when the SDK itself cancelled it.
    case cancelledBySDK
}

/// Shared machinery: the fixture's own callback thread and the closures held by `.never`.
/// A dedicated thread, not the Dispatch pool: blocking pool threads on 2 cores starves
/// libdispatch and makes correct adapters look hung.
public enum Fixture {
    static var scheduler: FixtureScheduler { .shared }
    private static let held = Locked<[(holder: String?, body: () -> Void)]>([])

    /// Whose closures `.never` keeps: suites run in parallel, and one suite releasing or calling
    /// another's held closures would end that suite's calls under it.
    @TaskLocal public static var holder: String?

    /// Calls `body` as `mode` says: once, twice, on another thread, never, or drops it.
    public static func deliver(_ mode: CallbackMode, _ body: @escaping () -> Void) {
        switch mode {
        case .immediately:
            body()
        case .onAnotherThread:
            scheduler.async { body() }
        case .twice:
            body()
            body()
        case .twiceOnAnotherThread:
            scheduler.async {
                body()
                body()
            }
        case .never:
            let holder = Self.holder
            held.withLock { $0.append((holder, body)) }
        case .dropped:
            break
        }
    }

    /// How many closures `.never` keeps for `holder`; tests wait for one before cancelling.
    public static func heldCount(by holder: String) -> Int {
        held.withLock { $0.count { $0.holder == holder } }
    }

    /// Releases the closures `.never` keeps for `holder` without calling them.
    public static func releaseHeldCallbacks(of holder: String) {
        let released = takeHeld(of: holder)
        _ = released
    }

    /// Calls the closures `.never` keeps for `holder` (a late callback), then releases them.
    public static func callHeldCallbacks(of holder: String) {
        for callback in takeHeld(of: holder) { callback() }
    }

    private static func takeHeld(of holder: String) -> [() -> Void] {
        held.withLock { held in
            defer { held.removeAll { $0.holder == holder } }
            return held.filter { $0.holder == holder }.map(\.body)
        }
    }

    static let mainQueueKey = DispatchSpecificKey<Bool>()

    /// Tags the main queue, so code can tell it runs there even where test runners execute the
    /// main actor on another thread.
    public static func markMainQueue() {
        DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
    }

    /// Waits until the callback thread has run everything queued so far.
    public static func drain() {
        scheduler.drain()
    }
}

/// A value behind a lock (the fixture is Swift 6 code too).
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State
    init(_ state: State) { self.state = state }
    func withLock<R>(_ body: (inout State) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}

/// Carries a non-Sendable closure to the fixture thread: a legacy SDK does exactly this.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A result object that is deliberately not Sendable, as most SDK model classes are not.
public final class Receipt {
    public let id: String
    public init(id: String) { self.id = id }
}

/// A Sendable value type result.
public struct Balance: Sendable, Equatable {
    public let cents: Int
    public init(cents: Int) { self.cents = cents }
}

/// An SDK error type whose name ends in `Error`, as most do.
public enum PaymentsError: Error, Equatable, Sendable {
    case declined
}

/// A start token with `cancel()`, like `Operation`.
public final class RequestToken {
    public private(set) var isCancelled = false
    public init() {}
    public func cancel() { isCancelled = true }
}

/// A response-like class (URLResponse lives in FoundationNetworking on Linux).
public final class StatusLine {
    public let code: Int
    public init(code: Int) { self.code = code }
}
