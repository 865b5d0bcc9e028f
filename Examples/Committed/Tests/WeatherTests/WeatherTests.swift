import LegacyWeather
import Testing
import Weather

@Suite struct WeatherTests {
    @Test func theCommittedAdapterWorks() async throws {
        let station = WeatherStation()
        #expect(try await station.fetchTemperature(city: "Oslo") == 21.5)
        await #expect(throws: (any Error).self) { try await station.fetchTemperature(city: "") }
    }
}
