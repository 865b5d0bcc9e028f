import Foundation

/// Notification names of the fixture SDK, declared as SDKs declare them.
extension Notification.Name {
    /// Posted by a `ReachabilityMonitor`; `userInfo["status"]` is the new status's raw value.
    public static let reachabilityDidChange = Notification.Name("FixtureSDK.reachabilityDidChange")
    /// Posted by anyone; `userInfo["level"]` is a `Double` from 0 to 1.
    public static let batteryLevelDidChange = Notification.Name("FixtureSDK.batteryLevelDidChange")
}

public enum ReachabilityStatus: String, Sendable, Equatable {
    case unreachable, wifi, cellular

    /// The status a notification carries; nil (skipped) when it carries none.
    public init?(notification: Notification) {
        guard let raw = notification.userInfo?["status"] as? String else { return nil }
        self.init(rawValue: raw)
    }
}

/// The payload of a battery notification, or nil when it has none. Counts its calls per
/// `userInfo["tag"]`, so a test can see whether an observer is still there: once a stream's
/// observer is removed, posting no longer reaches this function.
public func batteryLevel(from notification: Notification) -> Double? {
    if let tag = notification.userInfo?["tag"] as? String { NotificationProbe.record(tag) }
    return notification.userInfo?["level"] as? Double
}

/// How many times `batteryLevel(from:)` ran for each tag.
public enum NotificationProbe {
    private static let counts = Locked<[String: Int]>([:])

    static func record(_ tag: String) { counts.withLock { $0[tag, default: 0] += 1 } }

    public static func mapCalls(tag: String) -> Int { counts.withLock { $0[tag] ?? 0 } }

    /// Posts a battery notification carrying `tag` (and `level`, when given).
    public static func postBattery(_ level: Double?, tag: String, to center: NotificationCenter) {
        var info: [String: Any] = ["tag": tag]
        if let level { info["level"] = level }
        center.post(name: .batteryLevelDidChange, object: nil, userInfo: info)
    }
}

/// A legacy monitor that reports through notifications only.
public final class ReachabilityMonitor: @unchecked Sendable {
    /// The same notification under the monitor's own name, as SDKs often alias them.
    public static let statusDidChange = Notification.Name.reachabilityDidChange

    public init() {}

    public func post(_ status: ReachabilityStatus, to center: NotificationCenter = .default) {
        center.post(name: .reachabilityDidChange, object: self, userInfo: ["status": status.rawValue])
    }
}
