import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing

/// `@retry` adapters (the `Retries` golden) against a service that fails the way networks do.
/// Serialized: one test replaces the module's jitter source.
@Suite(.serialized) struct RetryTests {
    /// The outcome of one adapter call as text (errors are not Sendable), with its duration.
    func outcome(_ body: @escaping @Sendable () async throws -> Int) async throws -> (String, Double) {
        try await withWatchdog {
            let start = Date()
            do {
                let value = try await body()
                return ("\(value)", Date().timeIntervalSince(start))
            } catch {
                return ("\(error)", Date().timeIntervalSince(start))
            }
        }
    }

    @Test(arguments: [false, true])
    func transientFailuresAreRetriedUntilASuccess(inline: Bool) async throws {
        let service = FlakyService([.fail(.offline), .fail(.busy), .succeed(7)], answersInline: inline)
        let (result, _) = try await outcome { try await service.fetch(id: 1) }
        #expect(result == "7")
        #expect(service.callCount == 3)
    }

    @Test(arguments: [false, true])
    func whenAttemptsRunOutTheLastErrorIsThrown(inline: Bool) async throws {
        let service = FlakyService([.fail(.busy), .fail(.busy), .fail(.offline), .succeed(1)], answersInline: inline)
        let (result, _) = try await outcome { try await service.fetch(id: 1) }
        #expect(result == "\(FlakyError.offline)")
        #expect(service.callCount == 3)
    }

    @Test func aNonRetryableErrorEndsTheCallAtOnce() async throws {
        let service = FlakyService([.fail(.declined), .succeed(1)])
        let (result, _) = try await outcome { try await service.fetch(id: 1) }
        #expect(result == "\(FlakyError.declined)")
        #expect(service.callCount == 1)
    }

    @Test func typedCasesChooseWhatIsRetried() async throws {
        let retried = FlakyService([.fail(.busy), .fail(.offline), .succeed(3)])
        #expect(try await outcome { try await retried.fetchPage(id: 1) }.0 == "3")
        #expect(retried.callCount == 3)

        let final = FlakyService([.fail(.declined), .succeed(3)])
        #expect(try await outcome { try await final.fetchPage(id: 1) }.0 == "\(FlakyError.declined)")
        #expect(final.callCount == 1)
    }

    @Test func errorOnlyCompletionsAreRetriedAndNoneTurnsTheBlocksRetryOff() async throws {
        let pinged = FlakyService([.fail(.offline), .succeed(0)])
        try await withWatchdog { try await pinged.ping() }
        #expect(pinged.callCount == 2)

        let submitted = FlakyService([.fail(.offline), .succeed(0)])
        let (result, _) = try await outcome {
            try await submitted.submit()
            return 0
        }
        #expect(result == "\(FlakyError.offline)")
        #expect(submitted.callCount == 1)
    }

    @Test @MainActor func aMainActorAdapterRetriesOnTheMainActor() async throws {
        let service = FlakyService([.fail(.busy), .succeed(0)])
        try await service.reload()
        #expect(service.callCount == 2)
    }

    /// The acceptance criterion: cancelled during a 30-second wait, the call throws
    /// `CancellationError` at once and never starts another attempt.
    @Test func cancellingDuringTheWaitEndsItAtOnceWithoutAnotherAttempt() async throws {
        let service = FlakyService([.fail(.offline), .succeed(1)])
        let task = Task { () -> (String, Double) in
            do {
                return ("\(try await service.sync())", 0)
            } catch {
                return ("\(type(of: error))", Date().timeIntervalSince1970)
            }
        }
        #expect(await eventually { service.callCount == 1 })
        // The failure arrives from the fixture thread; then the adapter waits 30 s.
        Fixture.drain()
        try await Task.sleep(nanoseconds: 20_000_000)
        let cancelledAt = Date().timeIntervalSince1970
        task.cancel()
        let (result, endedAt) = try await withWatchdog { await task.value }
        #expect(result == "CancellationError")
        #expect(endedAt - cancelledAt < 1, "took \(endedAt - cancelledAt) s after the cancel")
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(service.callCount == 1)
    }

    @Test func cancellingDuringAnAttemptCancelsItAndNeverRetries() async throws {
        let service = FlakyService([.hang, .succeed(1)])
        let task = Task { () -> String in
            do { return "\(try await service.fetch(id: 1))" } catch { return "\(type(of: error))" }
        }
        #expect(await eventually { service.callCount == 1 })
        task.cancel()
        let result = try await withWatchdog { await task.value }
        #expect(result == "CancellationError")
        #expect(await eventually { service.calls.first?.isCancelled == true })
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(service.callCount == 1)
    }

    @Test func aTaskCancelledBeforeTheCallMakesNoAttempt() async throws {
        let service = FlakyService([.succeed(1)])
        let result = try await withWatchdog { () async -> String in
            withUnsafeCurrentTask { $0?.cancel() }
            do { return "\(try await service.fetch(id: 1))" } catch { return "\(type(of: error))" }
        }
        #expect(result == "CancellationError")
        #expect(service.callCount == 0)
    }

    /// A hanging attempt with a 10 s timeout is cut at the 0.3 s deadline and not retried.
    @Test func theDeadlineShortensTheAttemptThatWouldPassIt() async throws {
        let service = FlakyService([.hang])
        let (result, elapsed) = try await outcome { try await service.fetchBefore(id: 1) }
        // The attempt's timeout was the 0.3 s left of the deadline, shown to the millisecond.
        #expect(result.hasPrefix("FlakyService.fetchBefore(id:): timed out after 0.3 seconds")
            || result.hasPrefix("FlakyService.fetchBefore(id:): timed out after 0.29"), "\(result)")
        #expect(elapsed >= 0.25 && elapsed < 5, "took \(elapsed) s")
        #expect(service.callCount == 1)
        #expect(await eventually { service.calls.first?.isCancelled == true })
    }

    /// Failures 0.1 s apart: the deadline (0.3 s) stops the retries long before the 10 attempts.
    @Test func noWaitRunsPastTheDeadline() async throws {
        let service = FlakyService([.fail(.offline)], latency: 0.1)
        let (result, elapsed) = try await outcome { try await service.fetchBefore(id: 1) }
        #expect(result == "\(FlakyError.offline)" || result.contains("timed out"))
        #expect(service.callCount < 10)
        #expect(elapsed < 2, "took \(elapsed) s")
    }

    /// Waits of 0.01 × 3ⁿ capped at 0.05, with the jitter source pinned just under 1.
    @Test func exponentialWaitsGrowUpToTheCap() async throws {
        let previous = BridgegenJitter.source
        BridgegenJitter.source = { 0.999 }
        defer { BridgegenJitter.source = previous }
        let service = FlakyService([.fail(.busy), .fail(.busy), .fail(.busy), .fail(.busy), .succeed(2)])
        #expect(try await outcome { try await service.fetchPage(id: 1) }.0 == "2")
        let times = service.callTimes
        #expect(times.count == 5)
        let gaps = zip(times.dropFirst(), times).map { $0.timeIntervalSince($1) }
        for (gap, wait) in zip(gaps, [0.01, 0.03, 0.05, 0.05]) {
            #expect(gap >= wait * 0.999 - 0.001, "gaps \(gaps)")
        }
    }

    // MARK: - The wait computation itself

    @Test func backoffAndJitterArithmetic() {
        let exponential = BridgegenRetry.Backoff.exponential(multiplier: 3, maxDelay: 0.05)
        #expect((1...4).map { BridgegenRetry.delay(0.01, exponential, afterAttempt: $0) }.map { ($0 * 1e6).rounded() }
            == [10_000, 30_000, 50_000, 50_000])
        #expect(BridgegenRetry.delay(2, .constant, afterAttempt: 9) == 2)
        let uncapped = BridgegenRetry.Backoff.exponential(multiplier: 2, maxDelay: nil)
        #expect(BridgegenRetry.delay(1, uncapped, afterAttempt: 5000) == .infinity)
        #expect(BridgegenRetry.jittered(4, .none, random: 0.25) == 4)
        #expect(BridgegenRetry.jittered(4, .full, random: 0.25) == 1)
        #expect(BridgegenRetry.jittered(4, .equal, random: 0.25) == 2.5)
        // A source out of range is clamped rather than trusted.
        #expect(BridgegenRetry.jittered(4, .full, random: 7) == 4)
        #expect(BridgegenRetry.nanoseconds(0.5) == 500_000_000)
        #expect(BridgegenRetry.nanoseconds(.infinity) == 1_000_000_000 * 1_000_000_000)
        #expect(BridgegenRetry.nanoseconds(.nan) == 0)
        #expect(BridgegenRetry.nanoseconds(-1) == 0)
    }
}
