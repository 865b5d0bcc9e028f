// The Alerts module: its adapters are generated on every build by the build plugin from
// Bridges/*.bridge (never committed). This file shares its name with Bridges/Alerts.bridge on
// purpose: the generated file is Alerts.bridge.swift, so the two never clash.
import LegacyWeather

/// The newest alerts of every region, through the generated adapters. `nonisolated(nonsending)`
/// like the adapters: it runs on its caller's actor, so a caller on the main actor can pass its
/// own (non-Sendable) feed. A plain `async` function runs on the global executor, and calling it
/// from the main actor fails with "sending 'self.feed' risks causing data races".
public nonisolated(nonsending) func allAlerts(from feed: AlertFeed) async throws -> [String] {
    var alerts: [String] = []
    for region in try await feed.regions() {
        alerts.append(try await feed.latestAlert(region: region))
    }
    return alerts
}
