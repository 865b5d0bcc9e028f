import Alerts
import LegacyWeather
import Testing

@Suite struct AlertsTests {
    @Test func theBuildPluginsAdaptersWork() async throws {
        #expect(try await allAlerts(from: AlertFeed()) == ["Storm warning for North", "Storm warning for South"])
        await #expect(throws: (any Error).self) { try await AlertFeed().latestAlert(region: "") }
    }
}

@Suite struct SwiftSixCallSiteTests {
    @MainActor @Test func aMainActorModelCallsTheAdapters() async throws {
        let model = AlertsModel()
        try await model.refresh()
        #expect(model.alerts == ["Storm warning for North", "Storm warning for South"])
        model.refreshInBackground()
        await model.waitForRefresh()
        #expect(model.alerts.count == 2)
        try await model.collect(4)
        #expect(model.alerts.suffix(2) == ["Alert 1", "Alert 2"])
    }

    @Test func tasksAndActorsEachOwnTheirObject() async throws {
        #expect(try await latestAlerts(for: ["East", "West"]) == ["Storm warning for East", "Storm warning for West"])
        #expect(try await AlertsStore().latest(in: "North") == "Storm warning for North")
    }
}
