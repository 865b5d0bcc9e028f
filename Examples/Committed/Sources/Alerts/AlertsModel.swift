import LegacyWeather

// How Swift 6 code calls adapters on an SDK object that is not Sendable (AlertFeed), without
// `nonisolated(unsafe)` or `@unchecked Sendable`. The adapters are `nonisolated(nonsending)`:
// they run on the caller's actor, so the object never leaves it. README: "Calling adapters
// from Swift 6 code" lists the compiler errors and what to write instead.

/// 1. A `@MainActor` view model that owns the SDK object: await the adapters directly, or from
/// a `Task { }`, which stays on the main actor. (`Task.detached` would not: "non-Sendable type
/// 'AlertFeed' of property 'feed' cannot exit main actor-isolated context".)
@MainActor public final class AlertsModel {
    let feed = AlertFeed()
    public private(set) var alerts: [String] = []
    private var refreshing: Task<Void, Never>?

    public init() {}

    public func refresh() async throws {
        alerts = try await allAlerts(from: feed)
    }

    /// Starts a refresh from synchronous code (a button action).
    public func refreshInBackground() {
        refreshing?.cancel()
        refreshing = Task { try? await refresh() }
    }

    public func waitForRefresh() async { await refreshing?.value }

    /// 2. A `for try await` loop over a stream adapter, on the main actor.
    public func collect(_ count: Int) async throws {
        for try await alert in feed.subscribe() {
            alerts.append(alert)
            if alerts.count >= count { break }
        }
    }
}

/// 3. Nonisolated code: an SDK object made and used inside one task is fine. Sharing one with a
/// task and using it after ("sending value of non-Sendable type … risks causing data races"),
/// or with several child tasks ("passing closure as a 'sending' parameter risks causing data
/// races"), is not: give each task its own object, or keep it in an actor and call the adapters
/// inside the actor.
public func latestAlerts(for regions: [String]) async throws -> [String] {
    try await withThrowingTaskGroup(of: String.self) { group in
        for region in regions {
            group.addTask { try await AlertFeed().latestAlert(region: region) }
        }
        return try await group.reduce(into: []) { $0.append($1) }.sorted()
    }
}

/// An actor owning the SDK object: callers ask the actor, the adapters run on it.
public actor AlertsStore {
    let feed = AlertFeed()
    public init() {}
    public func latest(in region: String) async throws -> String {
        try await feed.latestAlert(region: region)
    }
}
