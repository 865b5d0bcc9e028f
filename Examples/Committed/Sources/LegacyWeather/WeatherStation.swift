import Foundation

/// A legacy weather SDK: one completion-handler call.
public final class WeatherStation {
    public init() {}

    public func fetchTemperature(city: String, completion: @escaping (Double?, Error?) -> Void) {
        DispatchQueue.global().async {
            if city.isEmpty {
                completion(nil, URLError(.badURL))
            } else {
                completion(21.5, nil)
            }
        }
    }
}
