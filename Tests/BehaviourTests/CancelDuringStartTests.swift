import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing

/// Where the task is cancelled while the SDK's start call runs.
enum CancelPoint: CaseIterable, Sendable {
    /// The start call itself cancels the current task (the canceller is the starting thread).
    case insideStart
    /// Another thread cancels the task while the start call blocks waiting for it.
    case fromAnotherThread
}

/// Once `Task.cancel()` has returned, the adapter throws `CancellationError` — even when the
/// SDK's start call is still running and then answers (inside it, from another thread, or by
/// dropping the completion). The SDK's cancel runs exactly once, after the start call returned,
/// and the answer that lost is reported only as the echo of a cancellation (`callbackAfterCancellation`).
/// Serialized: the misuse handler is global.
@Suite(.serialized) struct CancelDuringStartTests {
    /// Runs `call` in a task that is cancelled during the SDK's start call, at `point`.
    func cancelledDuringStart<T: Sendable>(
        _ sdk: SlowStarts, at point: CancelPoint, _ call: @escaping @Sendable () async throws -> T
    ) async -> Result<T, any Error> {
        switch point {
        case .insideStart:
            sdk.duringStart = { withUnsafeCurrentTask { $0?.cancel() } }
            return await Task { try await call() }.result
        case .fromAnotherThread:
            let canceller = Canceller()
            sdk.duringStart = {
                let done = DispatchSemaphore(value: 0)
                // Its own thread: blocking Dispatch workers on 2 cores starves the pool.
                Thread {
                    canceller.cancelWhenSet()
                    done.signal()
                }.start()
                done.wait()
            }
            // The start hook blocks its pool thread until the other thread has cancelled, so
            // the task may call the SDK only once `cancel` is set: otherwise the hook would wait
            // for this task, which on a 2-core machine may have no pool thread left to run on.
            let (gate, open) = AsyncStream<Never>.makeStream()
            let task = Task {
                for await _ in gate {}
                return try await call()
            }
            canceller.set { task.cancel() }
            open.finish()
            return await task.result
        }
    }

    /// Hands the task's `cancel` to the thread that calls it, once the task exists.
    final class Canceller: @unchecked Sendable {
        // @unchecked: `cancel` is written once under `lock`, before `ready` is signalled.
        private let lock = NSLock()
        private let ready = DispatchSemaphore(value: 0)
        private var cancel: (@Sendable () -> Void)?

        func set(_ cancel: @escaping @Sendable () -> Void) {
            lock.withLock { self.cancel = cancel }
            ready.signal()
        }

        func cancelWhenSet() {
            ready.wait()
            lock.withLock { cancel }?()
        }
    }

    static func isCancellation(_ result: Result<some Any, any Error>) -> Bool {
        if case .failure(let error) = result { return error is CancellationError }
        return false
    }

    /// The adapters of `SlowStarts`, by cancel strategy; each returns what the SDK answered.
    enum Kind: CaseIterable, Sendable {
        case token, id, receiver, suspendedToken, uncancellable, retrying, timeout

        func call(_ sdk: SlowStarts) async throws -> Int {
            switch self {
            case .token: return try await sdk.fetch(id: 1)
            case .id: return try await sdk.fetchByID(id: 1)
            case .receiver: return try await sdk.fetchAny()
            case .suspendedToken: return try await sdk.makeFetch(id: 1)
            case .uncancellable: return try await sdk.fetchUncancellable(id: 1)
            case .retrying: return try await sdk.fetchRetrying(id: 1)
            case .timeout: return try await sdk.fetchWithTimeout(id: 1)
            }
        }
    }

    @Test(arguments: Kind.allCases, StartAnswer.allCases)
    func completionHandlersThrowCancellationAndCancelOnceAfterStart(kind: Kind, answer: StartAnswer) async {
        for point in CancelPoint.allCases {
            let log = MisuseLog.install(for: "SlowStarts.")
            let sdk = SlowStarts()
            sdk.answer = answer
            sdk.failure = kind == .retrying ? FixtureError.failed : nil
            let box = UncheckedSendable(sdk)
            let result = await cancelledDuringStart(sdk, at: point) { try await kind.call(box.value) }
            let label = "\(kind) \(answer) \(point)"
            #expect(Self.isCancellation(result), "\(label): \(result)")
            #expect(sdk.starts == 1, "\(label): started again after the cancellation")
            #expect(sdk.cancels == (kind == .uncancellable ? 0 : 1), "\(label)")
            #expect(sdk.cancelsDuringStart == 0, "\(label): cancelled before the start call returned")
            #expect(sdk.resumes == 0, "\(label): a token returned suspended was started after the cancellation")
            // The answer that lost is the echo of the cancellation; never a duplicate.
            let kinds = log.all.map(\.kind)
            #expect(kinds == (answer == .dropsCompletion ? [] : [.callbackAfterCancellation]), "\(label): \(kinds)")
        }
    }

    @Test(arguments: StartAnswer.allCases)
    func delegateOneShotsThrowCancellationAndStopOnceAfterStart(answer: StartAnswer) async {
        for point in CancelPoint.allCases {
            let log = MisuseLog.install(for: "SlowPicker.")
            let picker = SlowPicker()
            picker.calls.answer = answer
            let box = UncheckedSendable(picker)
            let result = await cancelledDuringStart(picker.calls, at: point) { try await box.value.pickValue() }
            let label = "\(answer) \(point)"
            #expect(Self.isCancellation(result), "\(label): \(result)")
            #expect(picker.calls.cancels == 1, "\(label)")
            #expect(picker.calls.cancelsDuringStart == 0, "\(label): stopped before the start call returned")
            #expect(picker.delegate == nil, "\(label): the delegate slot was not cleared")
            let kinds = log.all.map(\.kind)
            #expect(kinds == (answer == .dropsCompletion ? [] : [.callbackAfterCancellation]), "\(label): \(kinds)")
        }
    }

    /// Without a cancellation the same slow start calls deliver their answer (the adapters are
    /// not simply always throwing), and a dropped completion is the typed error.
    @Test(arguments: StartAnswer.allCases)
    func uncancelledSlowStartsDeliverTheirAnswer(answer: StartAnswer) async throws {
        let sdk = SlowStarts()
        sdk.answer = answer
        let result = await Task { try await sdk.fetch(id: 5) }.result
        switch answer {
        case .insideStart, .fromAnotherThread:
            #expect(try result.get() == 5)
        case .dropsCompletion:
            #expect(throws: BridgegenError.callbackDropped(adapter: "SlowStarts.fetch(id:)")) { try result.get() }
        }
        #expect(sdk.cancels == 0)
    }
}
