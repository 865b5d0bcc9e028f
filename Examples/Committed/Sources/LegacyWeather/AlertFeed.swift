import Foundation

/// A legacy alerts SDK, bridged by the build plugin (the Alerts target). Like most SDK classes
/// it is not `Sendable`: Examples/Committed/Sources/Alerts/AlertsModel.swift shows how Swift 6
/// code calls its adapters anyway.
public final class AlertFeed {
    public init() {}

    public func latestAlert(region: String, completion: @escaping (String?, Error?) -> Void) {
        DispatchQueue.global().async {
            region.isEmpty ? completion(nil, URLError(.badURL)) : completion("Storm warning for \(region)", nil)
        }
    }

    public func regions(completion: @escaping ([String]) -> Void) {
        DispatchQueue.global().async { completion(["North", "South"]) }
    }

    /// Calls `handler` with each new alert (here: three, then nothing) until cancelled.
    public func subscribe(_ handler: @escaping (String) -> Void) -> AlertSubscription {
        let subscription = AlertSubscription()
        DispatchQueue.global().async {
            for number in 1...3 where !subscription.isCancelled { handler("Alert \(number)") }
        }
        return subscription
    }
}

public final class AlertSubscription: @unchecked Sendable {
    // @unchecked: the flag is behind the lock.
    private let lock = NSLock()
    private var cancelled = false
    public var isCancelled: Bool { lock.withLock { cancelled } }
    public func cancel() { lock.withLock { cancelled = true } }
}
