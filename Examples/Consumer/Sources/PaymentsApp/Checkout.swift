import LegacyPayments

/// App code: async/await only. The adapters it calls are generated from Bridges/Payments.bridge
/// by bridgegen's build plugin.
public struct Checkout: Sendable {
    public init() {}

    /// Charges, then prints the receipt; returns the receipt id and the pages printed.
    public func pay(_ amount: Int, with service: PaymentsService, printer: ReceiptPrinter) async throws -> (String, Int) {
        let receipt = try await service.charge(amount: amount, currency: "EUR")
        let pages = try await printer.printReceipt(receipt)
        return (receipt.id, pages)
    }

    /// The amount in the given currency, at the SDK's rate (retried while offline).
    public func convert(_ amount: Int, to currency: String, with service: PaymentsService) async throws -> Int {
        amount * (try await service.fetchRate(currency: currency)) / 10_000
    }

    /// Waits until the SDK reports that it is online again.
    public func waitUntilOnline(_ service: PaymentsService) async {
        for await state in service.connectivityUpdates() where state == .online { return }
    }

    /// The first `count` balances reported.
    public func balances(_ count: Int, from service: PaymentsService) async -> [Int] {
        var seen: [Int] = []
        for await cents in service.balanceUpdates() {
            seen.append(cents)
            if seen.count == count { break }
        }
        return seen
    }
}
