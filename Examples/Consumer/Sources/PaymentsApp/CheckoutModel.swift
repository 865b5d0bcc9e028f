import LegacyPayments

/// A checkout screen's model. It depends on `AsyncPaymentsService`, the protocol bridgegen
/// generates beside the adapters (`"testDoubles": "protocols"`), so its tests run it against
/// `FakePaymentsService` (generated into the test target, `"testDoubles": "fakes"`) scripted
/// to misbehave as the SDK can.
@MainActor public final class CheckoutModel {
    public enum State: Equatable, Sendable {
        case idle, paying, cancelled, declined
        case paid(receipt: String)
        case failed(String)
    }

    private let payments: any AsyncPaymentsService
    public private(set) var state = State.idle
    public private(set) var rate: Int?

    public init(payments: any AsyncPaymentsService) {
        self.payments = payments
    }

    /// Charges in euros. A cancelled checkout stays cancelled whatever the SDK says later.
    public func pay(_ amount: Int) async {
        state = .paying
        do {
            state = .paid(receipt: try await payments.charge(amount: amount, currency: "EUR").id)
        } catch is CancellationError {
            state = .cancelled
        } catch PaymentsError.declined {
            state = .declined
        } catch {
            state = .failed("\(error)")
        }
    }

    /// The exchange rate: retried while the SDK is offline, given up after its timeout.
    public func loadRate(for currency: String) async {
        do {
            rate = try await payments.fetchRate(currency: currency)
        } catch {
            state = .failed("\(error)")
        }
    }
}
