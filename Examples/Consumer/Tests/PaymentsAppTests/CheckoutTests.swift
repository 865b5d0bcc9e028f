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

    @Test func balancesStream() async {
        let balances = await Checkout().balances(1, from: PaymentsService())
        #expect(balances.count == 1)
    }
}
