// The Weather module: async adapters over LegacyWeather, generated from Bridges/*.bridge into
// Generated/ by `swift package generate-bridges` and committed. (SwiftPM drops a target with no
// Swift file, so this file also keeps the target alive before the first generation.)
import LegacyWeather

/// Not migrated yet: the one legacy callback call left in this example, so CI can show
/// `swift package audit-bridges --max-legacy-calls 1` passing and a limit of 0 failing.
public func printTemperature(of city: String, from station: WeatherStation) {
    station.fetchTemperature(city: city) { temperature, error in
        print(temperature.map { "\(city): \($0) °C" } ?? "\(city): \(error.map { "\($0)" } ?? "unknown")")
    }
}
