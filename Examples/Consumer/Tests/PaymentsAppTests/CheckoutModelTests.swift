import BridgegenRuntime
import Foundation
import LegacyPayments
@testable import PaymentsApp
import Testing

/// The checkout model against `FakePaymentsService`, one script kind per test: what the app
/// shows when the SDK answers, fails, answers twice, answers inside the call, answers after
/// the user cancelled, never answers, drops the callback, or refuses to start; and a rate that
/// is retried while offline and given up on after the adapter's timeout. The fake runs each
/// script through the same runtime as the real adapter, so these are the outcomes the app gets
/// in production.
@MainActor @Suite struct CheckoutModelTests {
    let fake = FakePaymentsService()

    func pay(_ step: BridgegenCallbackStep<Receipt>) async -> CheckoutModel.State {
        fake.chargeScript.respond(step)
        let model = CheckoutModel(payments: fake)
        await model.pay(12)
        return model.state
    }

    @Test func paidDeclinedAndDuplicate() async {
        #expect(await pay(.value(Receipt(id: "r1", amount: 12), after: 0.01)) == .paid(receipt: "r1"))
        #expect(await pay(.error(PaymentsError.declined)) == .declined)
        #expect(await pay(.synchronously(Receipt(id: "r2", amount: 12))) == .paid(receipt: "r2"))
        // A second answer is dropped: the first one stands.
        #expect(await pay(.twice(Receipt(id: "first", amount: 12), then: Receipt(id: "second", amount: 12))) == .paid(receipt: "first"))
        #expect(fake.chargeScript.calls.allSatisfy { $0.amount == 12 && $0.currency == "EUR" })
    }

    @Test func aDroppedCallbackOrARefusedStartIsAFailureNotAHang() async {
        let dropped = await pay(.releasedUncalled)
        #expect(dropped == .failed("\(BridgegenError.callbackDropped(adapter: "PaymentsService.charge(amount:currency:)"))"))
        #expect(await pay(.startThrows(PaymentsError.offline)) == .failed("offline"))
    }

    /// The user cancels while the SDK is working: the checkout is cancelled, the SDK's charge is
    /// cancelled once, and the SDK's late answer is ignored.
    @Test(arguments: ["never", "late"])
    func aCancelledCheckoutIgnoresALateAnswer(_ kind: String) async throws {
        fake.chargeScript.respond(kind == "never" ? .never : .afterCancellation(Receipt(id: "late", amount: 12)))
        let model = CheckoutModel(payments: fake)
        let task = Task { await model.pay(12) }
        while fake.chargeScript.calls.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        task.cancel()
        await task.value
        #expect(model.state == .cancelled)
        try await Task.sleep(for: .milliseconds(50))
        #expect(model.state == .cancelled)
        #expect(fake.chargeScript.cancelCount == 1)
    }

    @Test func theRateIsRetriedWhileOffline() async {
        fake.fetchRateScript.respond(.error(PaymentsError.offline), .error(PaymentsError.offline), .value(10_500))
        let model = CheckoutModel(payments: fake)
        await model.loadRate(for: "EUR")
        #expect(model.rate == 10_500 && fake.fetchRateScript.calls == ["EUR", "EUR", "EUR"])
    }

    @Test func aRateThatNeverComesTimesOut() async {
        fake.fetchRateScript.respond(.never)
        let model = CheckoutModel(payments: fake)
        await model.loadRate(for: "EUR")
        #expect(model.state == .failed("\(BridgegenError.timedOut(adapter: "PaymentsService.fetchRate(currency:)", seconds: 2))"))
        // `fetchRate` has no cancel in the SDK: the adapter stops waiting and asks nothing of
        // the SDK, and neither of the fake.
        #expect(fake.fetchRateScript.cancelCount == 0)
    }

    /// The stream keeps the newest balance (`bufferingNewest: 1`) for a reader that is behind,
    /// with the fake as with the SDK.
    @Test func balanceUpdatesKeepTheNewest() async {
        fake.balanceUpdatesScript.respond(.events([100, 250]))
        var seen: [Int] = []
        for await cents in fake.balanceUpdates() { seen.append(cents) }
        #expect(seen.last == 250 && Set(seen).isSubset(of: [100, 250]))
    }
}
