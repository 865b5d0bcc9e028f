import Foundation

/// A payments SDK written before async/await: completion handlers, an operation to cancel, a
/// delegate, an observer. It calls back on its own queue.
public final class PaymentsService: @unchecked Sendable {
    // @unchecked: the settings are set before use; the queue serializes the rest.
    private let queue = DispatchQueue(label: "LegacyPayments.callbacks")
    /// Seconds before a charge completes; long enough to cancel in tests.
    public var chargeDelay: Double = 0.01
    public var failsCharges = false
    private let cancelled = NSLock()
    private var cancelledCount = 0

    public init() {}

    public var cancelledOperations: Int { cancelled.withLock { cancelledCount } }

    /// Charges an amount; the returned operation can be cancelled.
    public func charge(amount: Int, currency: String, completion: @escaping (Receipt?, Error?) -> Void) -> PaymentOperation {
        let operation = PaymentOperation { [weak self] in self?.cancelled.withLock { self?.cancelledCount += 1 } }
        let fails = failsCharges
        queue.asyncAfter(deadline: .now() + chargeDelay) {
            guard !operation.isCancelled else { return }
            if fails {
                completion(nil, PaymentsError.declined)
            } else {
                completion(Receipt(id: "r-\(amount)-\(currency)", amount: amount), nil)
            }
        }
        return operation
    }

    /// How many exchange-rate requests fail as if offline before one succeeds.
    public var offlineFailures = 0

    /// The exchange rate in basis points; fails with `.offline` while `offlineFailures` lasts.
    public func fetchRate(currency: String, completion: @escaping (Result<Int, Error>) -> Void) {
        queue.async {
            if self.offlineFailures > 0 {
                self.offlineFailures -= 1
                completion(.failure(PaymentsError.offline))
            } else {
                completion(.success(currency == "EUR" ? 10_000 : 9_150))
            }
        }
    }

    /// Posts `connectivityDidChange` with `userInfo["online"]` (a Bool), as the SDK does when
    /// the network comes and goes.
    public func reportConnectivity(online: Bool, center: NotificationCenter = .default) {
        center.post(name: PaymentsService.connectivityDidChange, object: self, userInfo: ["online": online])
    }

    public static let connectivityDidChange = Notification.Name("LegacyPayments.connectivityDidChange")

    /// The balance, reported whenever it changes, until the token is invalidated.
    public func observeBalance(_ handler: @escaping (Int) -> Void) -> ObservationToken {
        let token = ObservationToken()
        queue.async {
            for cents in [100, 250, 400] where !token.isInvalidated { handler(cents) }
        }
        return token
    }
}

public final class Receipt: @unchecked Sendable {
    public let id: String
    public let amount: Int
    public init(id: String, amount: Int) {
        self.id = id
        self.amount = amount
    }
}

public enum PaymentsError: Error, Equatable, Sendable {
    case declined
    case printerJammed
    case offline
}

/// Whether the SDK can reach its servers.
public enum Connectivity: Sendable, Equatable {
    case online, offline

    /// The state a `connectivityDidChange` notification carries, or nil.
    public init?(notification: Notification) {
        guard let online = notification.userInfo?["online"] as? Bool else { return nil }
        self = online ? .online : .offline
    }
}

public final class PaymentOperation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelledFlag = false
    private let onCancel: () -> Void

    init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }

    public var isCancelled: Bool { lock.withLock { cancelledFlag } }

    public func cancel() {
        lock.withLock { cancelledFlag = true }
        onCancel()
    }
}

public final class ObservationToken: @unchecked Sendable {
    private let lock = NSLock()
    private var invalidated = false
    public init() {}
    public var isInvalidated: Bool { lock.withLock { invalidated } }
    public func invalidate() { lock.withLock { invalidated = true } }
}

/// A delegate-based request: prints a receipt, reports through its delegate.
public protocol ReceiptPrinterDelegate: AnyObject {
    func printer(_ printer: ReceiptPrinter, didPrint pages: Int)
    func printer(_ printer: ReceiptPrinter, didFailWithError error: Error)
}

public final class ReceiptPrinter: @unchecked Sendable {
    private let lock = NSLock()
    private weak var storedDelegate: ReceiptPrinterDelegate?
    public var jammed = false
    public init() {}

    public var delegate: ReceiptPrinterDelegate? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }

    public func print(_ receipt: Receipt) {
        let jammed = jammed
        DispatchQueue.global().async { [weak self] in
            guard let self, let delegate = self.delegate else { return }
            if jammed {
                delegate.printer(self, didFailWithError: PaymentsError.printerJammed)
            } else {
                delegate.printer(self, didPrint: 1)
            }
        }
    }
}
