import Foundation

/// A legacy SDK reduced to what costs nothing: it calls back at once (inside the start call) or
/// from its own thread, so the measurement is the adapter's own overhead.
final class BenchSDK {
    /// When set, completions are delivered by this thread instead of inside the start call.
    var deliverer: Deliverer?

    func fetch(id: Int, completion: @escaping (Int?, Error?) -> Void) {
        if let deliverer { deliverer.deliver { completion(id, nil) } } else { completion(id, nil) }
    }

    func fetchCancellable(id: Int, completion: @escaping (Int?, Error?) -> Void) -> BenchToken {
        if let deliverer { deliverer.deliver { completion(id, nil) } } else { completion(id, nil) }
        return BenchToken()
    }

    func fetchWithTimeout(id: Int, completion: @escaping (Int?, Error?) -> Void) -> BenchToken {
        fetchCancellable(id: id, completion: completion)
    }
}

final class BenchToken {
    func cancel() {}
}

/// One thread that runs submitted closures in order (a stand-in for an SDK's callback queue).
final class Deliverer: @unchecked Sendable {
    private let condition = NSCondition()
    private var work: [() -> Void] = []

    init() {
        let thread = Thread { [unowned self] in
            while true {
                condition.lock()
                while work.isEmpty { condition.wait() }
                let batch = work
                work.removeAll(keepingCapacity: true)
                condition.unlock()
                for item in batch { item() }
            }
        }
        thread.start()
    }

    func deliver(_ item: @escaping () -> Void) {
        condition.lock()
        work.append(item)
        condition.signal()
        condition.unlock()
    }
}

/// A delegate-based API reduced to nothing: `start(id:)` reports the id to its delegate (inside
/// the call, or from the deliverer thread).
protocol BenchDelegate: AnyObject {
    func bench(_ owner: BenchOwner, didFinish value: Int)
}

final class BenchOwner {
    weak var delegate: BenchDelegate?
    var deliverer: Deliverer?

    func start(id: Int) {
        if let deliverer {
            deliverer.deliver { self.delegate?.bench(self, didFinish: id) }
        } else {
            delegate?.bench(self, didFinish: id)
        }
    }
}

extension BenchSDK {
    /// An observer that reports `count` events inside the register call.
    func observe(count: Int, _ handler: @escaping (Int) -> Void) -> BenchToken {
        for value in 0..<count { handler(value) }
        return BenchToken()
    }
}
