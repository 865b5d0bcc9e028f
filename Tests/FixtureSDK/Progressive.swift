import Foundation

/// SDKs that call one handler many times on purpose: a streaming response (data events, then a
/// `.complete` event), an image manager (degraded images, then the final one, as photo libraries
/// do) and a location service (approximate fixes, then a precise one). One scriptable engine
/// drives all three: how many callbacks, where they come from, what the SDK does when cancelled,
/// and, as an SDK bug, callbacks after the final one.
public final class ProgressiveSDK: @unchecked Sendable {
    // @unchecked: the script is set before use; the counters are behind `state`.

    /// Callbacks per request, the last of them final (at least 1).
    public var callbacks = 3
    /// Inside the start call, or from the fixture's own thread one job per callback.
    public var delivery: StreamDelivery = .onAnotherThread
    /// Seconds between callbacks from the fixture thread.
    public var interval: Double = 0
    /// Callbacks sent after the final one (an SDK bug).
    public var extraCallbacks = 0
    /// The extra callbacks of `requestImage` are degraded images, not final ones.
    public var extraDegraded = false
    /// The last callback of `stream` is `(nil, nil)`, not `.complete`.
    public var endsWithNothing = false
    /// On cancel, the SDK answers with an error callback (as networking SDKs do).
    public var answersCancel = false
    /// The final callback is an error instead.
    public var failsAtTheEnd = false
    /// Called before callback `n` is sent (tests cancel the task from here, "during" the call).
    public var beforeCallback: (@Sendable (Int) -> Void)?

    private struct State {
        var nextID = 1
        var cancelled: Set<Int> = []
        var cancels = 0
        var sent = 0
        var answers: [Int: () -> Void] = [:]
    }

    private let state = Locked(State())

    public init() {}

    /// How many times the SDK was asked to cancel.
    public var cancelCount: Int { state.withLock { $0.cancels } }
    /// How many callbacks the SDK has sent and seen return, over all requests.
    public var sentCount: Int { state.withLock { $0.sent } }
    /// How many requests were started.
    public var requestCount: Int { state.withLock { $0.nextID - 1 } }

    /// Runs callback `n` (1-based; `final` for the last one) of a request until it is cancelled.
    private func start(answer: @escaping () -> Void, _ send: @escaping (_ n: Int, _ final: Bool) -> Void) -> Int {
        let id = state.withLock { state -> Int in
            defer { state.nextID += 1 }
            state.answers[state.nextID] = answer
            return state.nextID
        }
        let total = max(1, callbacks) + extraCallbacks
        let last = max(1, callbacks)
        let hook = beforeCallback
        func deliver(_ n: Int) {
            guard n <= total, !state.withLock({ $0.cancelled.contains(id) }) else { return }
            hook?(n)
            send(n, n >= last)
            state.withLock { $0.sent += 1 }
            if delivery == .onAnotherThread {
                FixtureScheduler.shared.async(after: interval) { deliver(n + 1) }
            } else {
                deliver(n + 1)
            }
        }
        if delivery == .onAnotherThread {
            FixtureScheduler.shared.async(after: interval) { deliver(1) }
        } else {
            deliver(1)
        }
        return id
    }

    func cancel(_ id: Int) {
        let answer = state.withLock { state -> (() -> Void)? in
            state.cancels += 1
            state.cancelled.insert(id)
            return state.answers.removeValue(forKey: id)
        }
        if answersCancel { answer?() }
    }

    // MARK: A streaming response

    public enum StreamEvent: Sendable, Equatable {
        case data(String)
        /// The last event: how many data events came before it.
        case complete(count: Int)

        public var isComplete: Bool {
            if case .complete = self { return true }
            return false
        }
    }

    public func stream(_ path: String, onEvent: @escaping (StreamEvent?, Error?) -> Void) -> StreamingTask {
        let fails = failsAtTheEnd
        let endsWithNothing = self.endsWithNothing
        let id = start(answer: { onEvent(nil, FixtureError.cancelledBySDK) }) { n, final in
            if final && fails { return onEvent(nil, FixtureError.failed) }
            // `(nil, nil)` in place of `.complete`: the SDK says "no more" without the terminal event.
            if final && endsWithNothing { return onEvent(nil, nil) }
            onEvent(final ? .complete(count: n - 1) : .data("\(path)#\(n)"), nil)
        }
        return StreamingTask(sdk: self, id: id)
    }

    /// The same request, under another label (the golden bridges it a second way).
    public func stream(including path: String, onEvent: @escaping (StreamEvent?, Error?) -> Void) -> StreamingTask {
        stream(path, onEvent: onEvent)
    }

    // MARK: An image manager

    public struct Image: Sendable, Equatable {
        public var name: String
        public var quality: Int
        public init(name: String, quality: Int) { (self.name, self.quality) = (name, quality) }
    }

    /// Degraded images first (`isDegraded` true), then the final one. Returns a request id for
    /// `cancelImageRequest(_:)`.
    public func requestImage(named name: String, resultHandler: @escaping (Image?, Bool, Error?) -> Void) -> Int {
        let fails = failsAtTheEnd
        let last = max(1, callbacks)
        let degradedAfterFinal = extraDegraded
        return start(answer: { resultHandler(nil, false, FixtureError.cancelledBySDK) }) { n, final in
            if final && fails { return resultHandler(nil, false, FixtureError.failed) }
            // `extraDegraded`: the callbacks after the final image are degraded ones (an SDK bug).
            resultHandler(Image(name: name, quality: n), !final || (degradedAfterFinal && n > last), nil)
        }
    }

    public func cancelImageRequest(_ id: Int) {
        cancel(id)
    }

    // MARK: A location service

    public struct Fix: Sendable, Equatable {
        /// Metres: 1000 for the first fix, ten times better for each one after.
        public var accuracy: Double
    }

    /// Fixes of improving accuracy; the final one is within 5 m.
    public func requestLocation(completion: @escaping (Fix?, Error?) -> Void) -> LocationRequest {
        let fails = failsAtTheEnd
        let id = start(answer: { completion(nil, FixtureError.cancelledBySDK) }) { n, final in
            if final && fails { return completion(nil, FixtureError.failed) }
            completion(Fix(accuracy: final ? 5 : 1000 / pow(10, Double(n - 1))), nil)
        }
        return LocationRequest(sdk: self, id: id)
    }
}

public final class StreamingTask: @unchecked Sendable {
    let sdk: ProgressiveSDK
    let id: Int
    init(sdk: ProgressiveSDK, id: Int) { (self.sdk, self.id) = (sdk, id) }
    public func cancel() { sdk.cancel(id) }
}

public final class LocationRequest: @unchecked Sendable {
    let sdk: ProgressiveSDK
    let id: Int
    init(sdk: ProgressiveSDK, id: Int) { (self.sdk, self.id) = (sdk, id) }
    public func cancel() { sdk.cancel(id) }
}
