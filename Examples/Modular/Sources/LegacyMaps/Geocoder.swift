import Foundation

public struct Coordinate: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public init(latitude: Double, longitude: Double) { (self.latitude, self.longitude) = (latitude, longitude) }
}

/// A vendor's maps SDK: a cancellable geocoding request that may never answer.
open class Geocoder: @unchecked Sendable {
    public final class Request: @unchecked Sendable {
        private let lock = NSLock()
        private var cancelled = false
        /// Kept until the request is cancelled, as an SDK keeps a request it still waits on.
        var pending: ((Coordinate?, Error?) -> Void)?
        public var isCancelled: Bool { lock.withLock { cancelled } }
        public func cancel() {
            lock.withLock {
                cancelled = true
                pending = nil
            }
        }
    }

    /// When false, requests never answer (a lost network response).
    public var answers = true
    /// When true, a request answers twice (an SDK bug).
    public var answersTwice = false
    private let queue = DispatchQueue(label: "maps")

    public init() {}

    open func geocode(address: String, completionHandler: @escaping (Coordinate?, Error?) -> Void) -> Request {
        let request = Request()
        guard answers else {
            request.pending = completionHandler
            return request
        }
        let twice = answersTwice
        queue.asyncAfter(deadline: .now() + 0.01) {
            guard !request.isCancelled else { return }
            let coordinate = Coordinate(latitude: 51.5, longitude: Double(address.count) / 100)
            completionHandler(coordinate, nil)
            if twice { completionHandler(coordinate, nil) }
        }
        return request
    }
}
