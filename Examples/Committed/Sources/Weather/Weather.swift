// The Weather module: async adapters over LegacyWeather, generated from Bridges/*.bridge into
// Generated/ by `swift package generate-bridges` and committed. (SwiftPM drops a target with no
// Swift file, so this file also keeps the target alive before the first generation.)
