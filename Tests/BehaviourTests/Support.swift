import FixtureSDK
import Foundation
@testable import GoldenAdapters
@_exported import TestSupport
import Testing

/// Fails the test instead of hanging it when an adapter never finishes.
func withWatchdog<T: Sendable>(
    seconds: Double = 10, _ name: String = #function, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            return nil
        }
        guard let first = try await group.next(), let value = first else {
            group.cancelAll()
            throw WatchdogTimeout(name: name)
        }
        group.cancelAll()
        return value
    }
}

struct WatchdogTimeout: Error, CustomStringConvertible {
    var name: String
    var description: String { "\(name) did not finish: an adapter hung" }
}

/// Waits (briefly, polling) until `condition` holds; for effects that happen on other threads.
/// Sleeps with `Task.sleep`, never blocking a thread: blocking the cooperative pool on a
/// 2-core machine would stop the very work being waited for.
nonisolated(nonsending) func eventually(_ condition: () -> Bool, timeout: Double = 5) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}
