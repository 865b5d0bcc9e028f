import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing

/// Cancellation strategies, timeouts, error mapping and isolation, against SDKs that cancel in
/// the awkward ways real ones do. Serialized: some tests read the global misuse handler.
@Suite(.serialized) struct CancellationTests {
    /// Runs `body` in a task, cancels it once the SDK has started `started` requests (so the
    /// cancellation really arrives while the call is in flight, however loaded the machine), and
    /// returns how it ended.
    func cancelled<T: Sendable>(
        _ transfers: Transfers, afterRequest started: Int? = nil, _ body: @escaping @Sendable () async throws -> T
    ) async -> Result<T, any Error> {
        let target = started ?? transfers.startedRequests + 1
        let task = Task { try await body() }
        _ = await eventually { transfers.startedRequests >= target }
        task.cancel()
        return await task.result
    }

    func isCancellation(_ result: Result<some Any, any Error>) -> Bool {
        if case .failure(let error) = result { return error is CancellationError }
        return false
    }

    @Test(arguments: CancelBehavior.allCases)
    func cancellingWhileInFlightThrowsPromptlyAndCancelsTheTokenOnce(behavior: CancelBehavior) async throws {
        let transfers = Transfers()
        transfers.mode = .never
        transfers.cancelBehavior = behavior
        let box = UncheckedSendable(transfers)
        let result = await cancelled(box.value) { try await box.value.send(amount: 1) }
        #expect(isCancellation(result))
        #expect(await eventually { transfers.requests.first?.cancelCount == 1 })
    }

    @Test func completionBeforeCancellationWinsAndNothingIsCancelled() async throws {
        let transfers = Transfers()
        transfers.mode = .immediately
        #expect(try await transfers.send(amount: 7) == 7)
        #expect(transfers.requests.first?.cancelCount == 0)
        transfers.mode = .onAnotherThread
        #expect(try await transfers.send(amount: 8) == 8)
        #expect(transfers.requests.last?.cancelCount == 0)
    }

    @Test func cancelledBeforeStartStartsNothing() async throws {
        let transfers = Transfers()
        let box = UncheckedSendable(transfers)
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await box.value.send(amount: 1)
        }.result
        #expect(isCancellation(result))
        #expect(transfers.startCount == 0 && transfers.requests.isEmpty)
    }

    @Test func everyStrategyReachesTheSDK() async throws {
        let transfers = Transfers()
        transfers.mode = .never
        let box = UncheckedSendable(transfers)
        #expect(isCancellation(await cancelled(box.value) { try await box.value.upload(Data([1])) }))
        #expect(await eventually { transfers.requests.last?.cancelCount == 1 })
        #expect(isCancellation(await cancelled(box.value) { try await box.value.subscribe(topic: "t") }))
        #expect(await eventually { transfers.requests.last?.cancelCount == 1 })
        #expect(isCancellation(await cancelled(box.value) { try await box.value.startSync() }))
        #expect(await eventually { transfers.requests.last?.cancelCount == 1 })
        #expect(isCancellation(await cancelled(box.value) { try await box.value.geocode(address: "a") }))
        #expect(await eventually { transfers.receiverCancelCount == 1 })
        #expect(isCancellation(await cancelled(box.value) { try await box.value.fetchInTask() }))
        #expect(await eventually { transfers.requests.last?.cancelCount == 1 })
    }

    @Test func callbackInsideCancelIsALateCallbackNotACrash() async throws {
        let log = MisuseLog.install(for: "Transfers.upload(")
        let transfers = Transfers()
        transfers.mode = .never
        transfers.cancelBehavior = .callsBackInside
        let box = UncheckedSendable(transfers)
        #expect(isCancellation(await cancelled(box.value) { try await box.value.upload(Data()) }))
        #expect(await eventually { log.all.map(\.kind) == [.callbackAfterCancellation] })
    }

    @Test func startAfterCreationAndWaitingForTheSDKsAnswer() async throws {
        let transfers = Transfers()
        transfers.mode = .onAnotherThread
        transfers.delay = 0.01
        #expect(try await transfers.makeTask(url: "u") == "u")
        #expect(transfers.requests.last?.resumeCount == 1)

        // With waitForCompletion the SDK's own answer to the cancel is the result.
        transfers.mode = .never
        transfers.cancelBehavior = .callsBackInside
        let box = UncheckedSendable(transfers)
        let result = await cancelled(box.value) { try await box.value.makeTask(url: "v") }
        #expect(try result.get() == "partial v")
        #expect(transfers.requests.last?.cancelCount == 1)
    }

    @Test func cancelledBeforeTheTokenExistsIsNotStarted() async throws {
        // Cancellation arriving inside the start call: the token is cancelled once it exists
        // and never started.
        let transfers = Transfers()
        transfers.mode = .never
        let box = UncheckedSendable(transfers)
        let result = await Task { () async throws -> Data in
            let token = try await withThrowingTaskGroup(of: Data.self) { group in
                group.addTask { try await box.value.upload(Data([9])) }
                group.cancelAll()
                return try await group.next()!
            }
            return token
        }.result
        #expect(isCancellation(result))
        #expect((transfers.requests.first?.cancelCount ?? 1) <= 1)
    }

    @Test func timeoutCancelsTheSDKAndThrowsATypedError() async throws {
        let transfers = Transfers()
        transfers.mode = .never
        let started = Date()
        await #expect(throws: BridgegenError.timedOut(adapter: "Transfers.download(name:progress:)", seconds: 0.25)) {
            _ = try await transfers.download(name: "n", progress: { _ in })
        }
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(await eventually { transfers.requests.first?.cancelCount == 1 })
    }

    /// The SDK answers its cancel after a timeout: reported as an echo of the timeout, not a bug.
    @Test func anAnswerAfterTheTimeoutIsReportedAsItsEcho() async throws {
        let log = MisuseLog.install(for: "Transfers.download(name:progress:)")
        let transfers = Transfers()
        transfers.mode = .never
        transfers.cancelBehavior = .callsBackInside
        await #expect(throws: BridgegenError.timedOut(adapter: "Transfers.download(name:progress:)", seconds: 0.25)) {
            _ = try await transfers.download(name: "n", progress: { _ in })
        }
        #expect(await eventually { log.all.contains { $0.kind == .callbackAfterTimeout } })
        #expect(!BridgegenMisuse.Kind.callbackAfterTimeout.isSDKBug)
    }

    @Test func progressIsNotForwardedAfterTheResult() async throws {
        let transfers = Transfers()
        transfers.mode = .immediately
        let counter = Counter()
        let data = try await transfers.download(name: "n", progress: { _ in counter.increment() })
        #expect(data == Data("n".utf8))
        try await Task.sleep(nanoseconds: 50_000_000)
        Fixture.drain()
        // 0.5 arrives while the download runs; the 1.0 the fixture sends after completing is dropped.
        #expect(counter.value == 1)
    }

    @Test func progressStreamCarriesProgressAndEndsWithTheCall() async throws {
        let transfers = Transfers()
        transfers.mode = .onAnotherThread
        transfers.delay = 0.02
        let (stream, continuation) = AsyncStream.makeStream(of: Double.self)
        let collector = Task { await stream.reduce(into: [Double]()) { $0.append($1) } }
        let data = try await transfers.downloadReportingProgress(name: "p", progress: continuation)
        #expect(data == Data("p".utf8))
        // Finished by the adapter (the collector ends), and the SDK's late progress is dropped.
        #expect(await collector.value == [0.5])
    }

    /// `progress: ((ArchiveProgress) -> Void)? = nil`: an optional progress closure of values
    /// that are not Sendable becomes the caller's stream like any other.
    @Test func anOptionalProgressClosureOfNonSendableValues() async throws {
        let transfers = Transfers()
        let (stream, continuation) = AsyncStream.makeStream(of: ArchiveProgress.self)
        #expect(try await transfers.archive(name: "abc", progress: continuation) == 3)
        var seen: [Int] = []
        for await progress in stream { seen.append(progress.completed) }
        #expect(seen == [1, 2])
    }

    /// `progress: (Int64, Int64) -> Void`: a stream of the two values' tuple.
    @Test func aProgressClosureOfTwoValues() async throws {
        let transfers = Transfers()
        let (stream, continuation) = AsyncStream.makeStream(of: (Int64, Int64).self)
        #expect(try await transfers.copy(name: "abcd", progress: continuation) == 4)
        var seen: [Int64] = []
        for await (done, total) in stream {
            #expect(total == 2)
            seen.append(done)
        }
        #expect(seen == [1, 2])
    }

    @Test func errorMappingAppliesToEverySDKError() async throws {
        let ledger = Ledger()
        ledger.outcome = .failure
        await #expect(throws: AppError.ledgerUnavailable) { _ = try await ledger.audit() }
        await #expect(throws: AppError.ledgerUnavailable) { try await ledger.reconcile() }
        // The start call's own error as well, not only the callback's.
        await #expect(throws: AppError.ledgerUnavailable) { _ = try await ledger.export(format: "csv") }
        ledger.outcome = .nothing
        await #expect(throws: BridgegenError.failureFlag(adapter: "Ledger.reconcile()")) { try await ledger.reconcile() }
    }

    @MainActor
    @Test func mainActorAdapterCancelsOnTheMainThread() async throws {
        Fixture.markMainQueue()
        let transfers = Transfers()
        transfers.mode = .never
        let adapter = MainThreadTransfers(transfers)
        let task = Task { @MainActor in try await adapter.geocode(address: "x") }
        while transfers.startedRequests == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        task.cancel()
        let result = await task.result
        #expect(isCancellation(result))
        #expect(await eventually { transfers.receiverCancelCount == 1 })
        #expect(transfers.requests.first?.cancelledOnMainThread == true)
    }
}

/// Lets a test hand a non-Sendable fixture object to a task it then only inspects afterwards.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

