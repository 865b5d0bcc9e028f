import Foundation

/// A legacy alerts SDK, bridged by the build plugin (the Alerts target).
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
}
