import FixtureSDK
import Foundation
@testable import GoldenAdapters
@_exported import TestSupport
import Testing

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
