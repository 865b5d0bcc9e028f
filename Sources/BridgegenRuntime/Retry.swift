// @retry: attempts, delays and jitter.

import Dispatch
import Foundation

public struct BridgegenRetry {
    public enum Backoff {
        /// The same delay before every retry.
        case constant
        /// The delay grows by `multiplier` after each retry, up to `maxDelay`.
        case exponential(multiplier: Swift.Double, maxDelay: Swift.Double?)
    }

    /// How much of each wait is random, so clients that failed together do not retry together.
    public enum Jitter {
        case none
        /// Anywhere between no wait and the full delay.
        case full
        /// Half the delay, plus up to the other half at random.
        case equal
    }

    private let attempts: Swift.Int
    private let delay: Swift.Double
    private let backoff: Backoff
    private let jitter: Jitter
    /// Uptime in nanoseconds by which the whole call, all attempts and waits, must end.
    private let deadline: Swift.UInt64?
    private let isRetryable: (any Swift.Error) -> Swift.Bool
    private var attempt = 1

    /// - Parameters:
    ///   - attempts: how many calls in all, the first one included.
    ///   - delay: seconds before the first retry.
    ///   - deadline: seconds from now for all attempts together.
    ///   - isRetryable: sees each error as the caller would (after the adapter's error mapping).
    public init(
        attempts: Swift.Int, delay: Swift.Double, backoff: Backoff = .constant,
        jitter: Jitter = .none,
        deadline: Swift.Double? = nil, when isRetryable: @escaping (any Swift.Error) -> Swift.Bool
    ) {
        self.attempts = attempts
        self.delay = delay
        self.backoff = backoff
        self.jitter = jitter
        self.deadline = deadline.map {
            Dispatch.DispatchTime.now().uptimeNanoseconds + Self.nanoseconds($0)
        }
        self.isRetryable = isRetryable
    }

    /// The next attempt's timeout: its own, shortened to what is left of the deadline.
    public func timeout(_ perAttempt: Swift.Double? = nil) -> Swift.Double? {
        guard let deadline else { return perAttempt }
        let now = Dispatch.DispatchTime.now().uptimeNanoseconds
        let left = deadline > now ? Swift.Double(deadline - now) / 1e9 : 0
        return max(min(perAttempt ?? left, left), 0.001)
    }

    /// Called with the error of the attempt that just failed: throws it when there is to be no
    /// further attempt, otherwise returns after the wait.
    public nonisolated(nonsending) mutating func wait(after error: any Swift.Error) async throws {
        if error is _Concurrency.CancellationError || _Concurrency.Task.isCancelled { throw error }
        guard attempt < attempts, isRetryable(error) else { throw error }
        let planned = Self.delay(delay, backoff, afterAttempt: attempt)
        let random = BridgegenJitter.source()
        let wait = Self.nanoseconds(Self.jittered(planned, jitter, random: random))
        if let deadline, Dispatch.DispatchTime.now().uptimeNanoseconds + wait >= deadline {
            throw error
        }
        attempt += 1
        if wait > 0 { try await _Concurrency.Task.sleep(nanoseconds: wait) }
    }

    /// The wait after attempt `attempt` (from 1), before jitter.
    static func delay(_ delay: Swift.Double, _ backoff: Backoff, afterAttempt attempt: Swift.Int)
        -> Swift.Double
    {
        switch backoff {
        case .constant:
            return delay
        case .exponential(let multiplier, let maxDelay):
            let grown = delay * pow(multiplier, Swift.Double(attempt - 1))
            guard let maxDelay else { return grown }
            return grown.isNaN ? maxDelay : min(grown, maxDelay)
        }
    }

    /// `delay` with its random part; `random` is in `0..<1`.
    static func jittered(_ delay: Swift.Double, _ jitter: Jitter, random: Swift.Double)
        -> Swift.Double
    {
        let random = min(max(random, 0), 1)
        switch jitter {
        case .none: return delay
        case .full: return delay * random
        case .equal: return delay / 2 + delay / 2 * random
        }
    }

    /// Seconds as nanoseconds, clamped to what `Task.sleep` accepts (infinite → ~31 years).
    static func nanoseconds(_ seconds: Swift.Double) -> Swift.UInt64 {
        guard seconds.isFinite || seconds > 0 else { return 0 }
        return Swift.UInt64(min(max(seconds, 0), 1e9) * 1e9)
    }
}

/// Where retry jitter gets its random numbers. Replace `source` in tests to make the waits of
/// `@retry(jitter:)` adapters deterministic.
public enum BridgegenJitter {
    /// Returns a number in `0..<1`; the default is `Double.random(in: 0..<1)`.
    public static var source: @Sendable () -> Swift.Double {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    private static let storage = BridgegenLocked<@Sendable () -> Swift.Double> {
        Swift.Double.random(in: 0..<1)
    }
}

/// How many undelivered events a stream keeps for a consumer that is behind; the policy decides
/// which event is dropped (and reported as `BridgegenMisuse.Kind.droppedByBuffer`).
