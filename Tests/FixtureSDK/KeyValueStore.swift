import Foundation

/// A key-value client shaped like Kitura-redis: every command writes to a blocking connection and
/// calls back before it returns (its callbacks do not escape), and the client is not thread-safe
/// (one connection, no lock). It counts what a `@blocking` adapter must get right: commands that
/// overlapped (two threads in the client at once), commands run on the main thread, and commands
/// that ran at all (a cancelled call must not run its command).
public final class KeyValueStore {
    public enum Reply: Sendable {
        /// The value, or `(nil, nil)` for an absent key (a nil reply).
        case normal
        /// `(nil, error)`, and `false` for a Bool reply.
        case failure
        /// The callback twice; the second is late.
        case twice
        /// No callback at all (a parser that lost the reply).
        case never
    }

    /// How the next commands answer. The client itself is not thread-safe (that is what it
    /// models), but its test knobs are behind a lock: a test sets them between calls, while the
    /// store's queue may still be finishing the last command (Thread Sanitizer saw the two race
    /// when the handoff went through the concurrency runtime, which it does not always follow).
    public var reply: Reply {
        get { knobs.withLock { $0.reply } }
        set { knobs.withLock { $0.reply = newValue } }
    }
    /// How long each command blocks, in seconds (a slow server).
    public var delay: TimeInterval {
        get { knobs.withLock { $0.delay } }
        set { knobs.withLock { $0.delay = newValue } }
    }
    private let knobs = Locked((reply: Reply.normal, delay: TimeInterval(0)))
    /// While held, every command blocks (a server that does not answer yet) until released, or
    /// for 30 seconds.
    private let gate = NSCondition()
    private var held = false
    private var values: [String: String] = [:]
    private let counters = Locked((active: 0, overlaps: 0, onMainThread: 0, commands: 0))

    public init() {}

    /// Commands that ran while another was still running on another thread.
    public var overlaps: Int { counters.withLock { $0.overlaps } }
    /// Commands that ran on the main thread (where an adapter's caller may be).
    public var commandsOnMainThread: Int { counters.withLock { $0.onMainThread } }
    /// Commands that ran, finished or not.
    public var commands: Int { counters.withLock { $0.commands } }
    /// Commands running now (blocked, while held).
    public var runningCommands: Int { counters.withLock { $0.active } }

    /// Commands block from now on, until `release()`.
    public func hold() {
        gate.withLock { held = true }
    }

    public func release() {
        gate.withLock {
            held = false
            gate.broadcast()
        }
    }

    /// Gets the value of `key`; nil when the key is absent.
    public func get(_ key: String, callback: (String?, NSError?) -> Void) {
        command { failure in
            guard let failure else { return callback(values[key], nil) }
            callback(nil, failure)
        } late: {
            callback(nil, nil)
        }
    }

    /// Sets `key`; true once stored.
    public func set(_ key: String, value: String, callback: (Bool, NSError?) -> Void) {
        command { failure in
            guard let failure else {
                values[key] = value
                return callback(true, nil)
            }
            callback(false, failure)
        } late: {
            callback(true, nil)
        }
    }

    /// Adds `by` to the number at `key` (0 when absent) and gives the new number.
    public func incr(_ key: String, by: Int = 1, callback: (Int?, NSError?) -> Void) {
        command { failure in
            guard let failure else {
                let number = (values[key].flatMap { Int($0) } ?? 0) + by
                values[key] = String(number)
                return callback(number, nil)
            }
            callback(nil, failure)
        } late: {
            callback(0, nil)
        }
    }

    /// Writes every value to a snapshot, as Zip's `zipFiles(…, progress:) throws` does its work:
    /// blocks, reports progress (0.5, then 1) through `progress`, and returns how many keys it
    /// wrote, or throws the server's error.
    public func snapshot(to path: String, progress: ((Double) -> Void)?) throws -> Int {
        var outcome: Result<Int, NSError> = .success(0)
        command { failure in
            if let failure { return outcome = .failure(failure) }
            progress?(0.5)
            progress?(1)
            outcome = .success(values.count)
        } late: {}
        return try outcome.get()
    }

    /// The thread `flush` was last called on.
    public var flushThread: pthread_t? { lastFlushThread.withLock { $0 } }
    private let lastFlushThread = Locked<pthread_t?>(nil)

    /// Asks the server to write its data to disk; answers later, from the fixture's thread.
    public func flush(completion: @escaping @Sendable (NSError?) -> Void) {
        lastFlushThread.withLock { $0 = pthread_self() }
        Fixture.scheduler.async { completion(nil) }
    }

    /// Checks that a server answers, without a client.
    public static func ping(host: String, callback: (Bool, NSError?) -> Void) {
        callback(!host.isEmpty, host.isEmpty ? NSError(domain: "KeyValueStore", code: 1) : nil)
    }

    /// One command: blocks for `delay`, then answers as `reply` says, before it returns. It
    /// blocks whatever thread calls it, as a synchronous SDK does: in the tests only the store's
    /// `@blocking` queue, never the cooperative pool (BlockingCallTests checks that it does not).
    private func command(_ answer: (NSError?) -> Void, late: () -> Void) {
        counters.withLock {
            $0.commands += 1
            $0.active += 1
            if $0.active > 1 { $0.overlaps += 1 }
            if Thread.isMainThread { $0.onMainThread += 1 }
        }
        defer { counters.withLock { $0.active -= 1 } }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        // Bounded, so that a test whose adapter blocks where it must not fails instead of hanging.
        gate.withLock {
            let deadline = Date(timeIntervalSinceNow: 30)
            while held && gate.wait(until: deadline) {}
        }
        switch reply {
        case .normal: answer(nil)
        case .failure: answer(NSError(domain: "KeyValueStore", code: 2))
        case .twice:
            answer(nil)
            late()
        case .never: break
        }
    }
}
