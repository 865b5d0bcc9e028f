import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing

/// The SDK as an adversary: calling back twice, never, after release, or racing cancellation.
/// Serialized because the misuse handler is global. Each log names one adapter: other suites
/// make other `PaymentsClient` adapters misbehave at the same time.
@Suite(.serialized) struct MisbehaviourTests {
    @Test(arguments: [CallbackMode.twice, .twiceOnAnotherThread])
    func doubleCallbackFirstResultWins(mode: CallbackMode) async throws {
        let log = MisuseLog.install(for: "PaymentsClient.receipt(id:)")
        let client = PaymentsClient()
        client.mode = mode
        #expect(try await client.receipt(id: "first").id == "first")
        // The duplicate is dropped and reported, never a second resume (which would crash).
        #expect(await eventually { log.all.count == 1 })
        #expect(log.all.first?.kind == .duplicateCallback)
        #expect(log.all.first?.adapter == "PaymentsClient.receipt(id:)")
    }

    @Test func droppedCallbackIsAnErrorNotAHang() async throws {
        let outcome = try await withWatchdog { () async -> String in
            let client = PaymentsClient()
            client.mode = .dropped
            do {
                _ = try await client.charge(amount: 1, currency: "EUR")
                return "returned"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "\(BridgegenError.callbackDropped(adapter: "PaymentsClient.charge(amount:currency:)"))")
    }

    @Test func callbackReleasedLaterEndsTheCall() async throws {
        let log = MisuseLog.install(for: "PaymentsClient.refund(id:)")
        let task = Fixture.$holder.withValue(#function) {
            Task {
                let client = PaymentsClient()
                client.mode = .never
                try await client.refund(id: "late")
            }
        }
        #expect(await eventually { Fixture.heldCount(by: #function) > 0 })
        Fixture.releaseHeldCallbacks(of: #function)
        await #expect(throws: BridgegenError.callbackDropped(adapter: "PaymentsClient.refund(id:)")) {
            try await withWatchdog { try await task.value }
        }
        // An SDK bug, reported as one.
        #expect(log.all.contains { $0.kind == .handlerReleasedUncalled })
        #expect(BridgegenMisuse.Kind.handlerReleasedUncalled.isSDKBug)
    }

    @Test func cancellationWhileWaitingThrowsPromptly() async throws {
        let log = MisuseLog.install(for: "PaymentsClient.receipt(id:)")
        let task = Fixture.$holder.withValue(#function) {
            Task {
                let client = PaymentsClient()
                client.mode = .never
                return try await client.receipt(id: "slow").id
            }
        }
        #expect(await eventually { Fixture.heldCount(by: #function) > 0 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await withWatchdog { try await task.value } }
        Fixture.releaseHeldCallbacks(of: #function)
        #expect(log.all.isEmpty)
    }

    @Test func cancelledBeforeStartNeverCallsTheSDK() async throws {
        let (error, starts) = await Task { () async -> (String, Int) in
            withUnsafeCurrentTask { $0?.cancel() }
            let client = PaymentsClient()
            do {
                _ = try await client.receipt(id: "never")
                return ("returned", client.startCount)
            } catch {
                return ("\(type(of: error))", client.startCount)
            }
        }.value
        #expect(error == "CancellationError")
        #expect(starts == 0)
    }

    @Test func lateCallbackAfterCancellationIsDroppedAndReported() async throws {
        let log = MisuseLog.install(for: "PaymentsClient.refund(id:)")
        let task = Fixture.$holder.withValue(#function) {
            Task {
                let client = PaymentsClient()
                client.mode = .never
                try await client.refund(id: "x")
            }
        }
        #expect(await eventually { Fixture.heldCount(by: #function) > 0 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // The SDK calls back after all: dropped, reported as late, never a second resume.
        Fixture.callHeldCallbacks(of: #function)
        #expect(log.all.map(\.kind) == [.callbackAfterCancellation])
    }

    @Test func nothingIsRetainedAfterTheCall() async throws {
        weak var weakReceipt: Receipt?
        weak var weakClient: PaymentsClient?
        do {
            let client = PaymentsClient()
            weakClient = client
            client.mode = .twice
            let receipt = try await client.receipt(id: "gone")
            weakReceipt = receipt
            #expect(weakReceipt != nil)
        }
        #expect(weakReceipt == nil)
        #expect(weakClient == nil)
    }

    @Test func manyConcurrentCallsOnAnotherThread() async throws {
        let client = Balance(cents: 0)
        _ = client
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let client = PaymentsClient()
                    client.mode = index % 2 == 0 ? .onAnotherThread : .twiceOnAnotherThread
                    return try await client.balance().cents
                }
            }
            var total = 0
            for try await cents in group { total += cents }
            #expect(total == 200 * 4200)
        }
    }
}
