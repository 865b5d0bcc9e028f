import FixtureSDK
import Foundation

/// Fails instead of hanging when an adapter never finishes. The body runs in its own task and the
/// timer on the fixture's own thread, so neither a hung body (which a task group would wait for
/// forever) nor a starved cooperative pool can stop the watchdog from firing.
///
/// The default of 120 s is long enough that only a hang trips it: every body finishes in
/// milliseconds on an idle machine and in well under a second with four busy loops on 2 cores
/// (`scripts/test-under-load`). Give `state` (the SDK's counters, the adapter's reports) so the
/// failure says where the adapter stopped, not only that it did.
public func withWatchdog<T: Sendable>(
    seconds: Double = 120, _ name: @autoclosure () -> String = #function,
    state: @escaping @Sendable () -> String = { "" },
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = Race<Result<T, any Error>>()
    let result = await withCheckedContinuation { continuation in
        race.install(continuation)
        Task { race.finish(await Result { try await body() }) }
        FixtureScheduler.shared.async(after: seconds) { race.finish(nil) }
    }
    guard let result else { throw WatchdogTimeout(name: name(), seconds: seconds, state: state()) }
    return try result.get()
}

public struct WatchdogTimeout: Error, CustomStringConvertible {
    public var name: String
    public var seconds: Double
    /// What the adapter and its SDK had done when the watchdog fired.
    public var state: String
    public var description: String {
        "\(name) did not finish within \(seconds) s: an adapter hung" + (state.isEmpty ? "" : " (\(state))")
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

/// The first of two finishers resumes the waiter; the second is ignored.
final class Race<T: Sendable>: @unchecked Sendable {
    // @unchecked: all state is guarded by `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T?, Never>?
    private var result: T??

    func install(_ continuation: CheckedContinuation<T?, Never>) {
        let early = lock.withLock { () -> T?? in
            if let result { return result }
            self.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func finish(_ value: T?) {
        let waiter = lock.withLock { () -> CheckedContinuation<T?, Never>? in
            if result != nil { return nil }
            result = .some(value)
            defer { continuation = nil }
            return continuation
        }
        waiter?.resume(returning: value)
    }
}

/// Sleeps with `Task.sleep`, never blocking a thread: blocking the cooperative pool on a
/// 2-core machine would stop the very work being waited for.
/// The default timeout only matters when the condition never holds: a busy machine may take
/// seconds to run the work that makes it true.
public nonisolated(nonsending) func eventually(_ condition: () -> Bool, timeout: Double = 60) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}
