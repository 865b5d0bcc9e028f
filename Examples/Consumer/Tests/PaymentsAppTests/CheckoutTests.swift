import Foundation
import LegacyPayments
import PaymentsApp
import Testing

@Suite struct CheckoutTests {
    @Test func payChargesAndPrints() async throws {
        let (id, pages) = try await Checkout().pay(12, with: PaymentsService(), printer: ReceiptPrinter())
        #expect(id == "r-12-EUR" && pages == 1)
    }

    @Test func aDeclinedChargeThrowsTheSDKsError() async {
        let service = PaymentsService()
        service.failsCharges = true
        await #expect(throws: PaymentsError.declined) {
            try await Checkout().pay(1, with: service, printer: ReceiptPrinter())
        }
    }

    @Test func aJammedPrinterThrows() async {
        let printer = ReceiptPrinter()
        printer.jammed = true
        await #expect(throws: PaymentsError.printerJammed) {
            try await Checkout().pay(1, with: PaymentsService(), printer: printer)
        }
    }

    @Test func cancellingAChargeCancelsTheOperation() async throws {
        let service = PaymentsService()
        service.chargeDelay = 5
        let task = Task { try await service.charge(amount: 1, currency: "EUR").id }
        try await Task.sleep(nanoseconds: 20_000_000)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        for _ in 0..<500 where service.cancelledOperations == 0 { try await Task.sleep(nanoseconds: 2_000_000) }
        #expect(service.cancelledOperations == 1)
    }

    @Test func anOfflineRateRequestIsRetried() async throws {
        let service = PaymentsService()
        service.offlineFailures = 2
        #expect(try await Checkout().convert(200, to: "USD", with: service) == 183)
    }

    @Test func retriesEndWithTheLastError() async {
        let service = PaymentsService()
        service.offlineFailures = 3
        await #expect(throws: PaymentsError.offline) {
            try await Checkout().convert(200, to: "USD", with: service)
        }
    }

    @Test func connectivityArrivesAsAStream() async throws {
        let service = PaymentsService()
        let updates = service.connectivityUpdates()
        service.reportConnectivity(online: false)
        service.reportConnectivity(online: true)
        // `bufferingNewest: 1`: of two reports before the first read, the newest is kept.
        var iterator = updates.makeAsyncIterator()
        #expect(await iterator.next() == .online)
    }

    @Test func theAppWaitsUntilOnline() async throws {
        let service = PaymentsService()
        let heard = Flag()
        let waiting = Task {
            await Checkout().waitUntilOnline(service)
            heard.set()
        }
        // The app observes from when it asks: report until it has heard.
        for _ in 0..<1_000 where !heard.isSet {
            service.reportConnectivity(online: true)
            try await Task.sleep(nanoseconds: 2_000_000)
        }
        await waiting.value
        #expect(heard.isSet)
    }

    @Test func balancesStream() async {
        let balances = await Checkout().balances(1, from: PaymentsService())
        #expect(balances.count == 1)
    }
}

final class Flag: @unchecked Sendable {
    // @unchecked: `value` is guarded by `lock`.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
