import Alerts
import LegacyWeather
import Testing

@Suite struct AlertsTests {
    @Test func theBuildPluginsAdaptersWork() async throws {
        #expect(try await allAlerts(from: AlertFeed()) == ["Storm warning for North", "Storm warning for South"])
        await #expect(throws: (any Error).self) { try await AlertFeed().latestAlert(region: "") }
    }
}
