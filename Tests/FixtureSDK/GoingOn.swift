import Foundation

/// SDKs whose event handler answers whether to go on: `true` to keep the events coming, `false`
/// to stop them (Mapbox's `ViewportState.observeDataSource(with: (CameraOptions) -> Bool) ->
/// Cancelable`; AMSMB2's `contents(atPath:offset:fetchedData: (…) -> Bool, completionHandler:)`).
/// After a `false` the SDK never calls the handler again and lets it go.
public final class CameraFeed: @unchecked Sendable {
    // @unchecked: the settings are set before use; everything else is behind `state`.

    public var interval: Double = 0.001
    /// Misbehaves: goes on calling after the handler answered `false`.
    public var ignoresAnswers = false

    struct State {
        var handler: ((Int) -> Bool)?
        var frame = 0
        var stopsByAnswer = 0
        var cancels = 0
        var callsAfterFalse = 0
    }

    private let state = Locked(State())

    public init() {}

    /// Times a handler answered `false` and was let go.
    public var stopsByAnswer: Int { state.withLock { $0.stopsByAnswer } }
    public var cancels: Int { state.withLock { $0.cancels } }
    public var isObserved: Bool { state.withLock { $0.handler != nil } }

    /// Calls `handler` with each new frame number until it answers `false` or the returned
    /// token is cancelled.
    public func observe(with handler: @escaping (_ frame: Int) -> Bool) -> FeedCancelable {
        state.withLock { $0.handler = handler }
        tick()
        return FeedCancelable(feed: self)
    }

    func cancel() {
        state.withLock { state in
            state.cancels += 1
            state.handler = nil
        }
    }

    private func tick() {
        FixtureScheduler.shared.async(after: interval) { [self] in
            let next = state.withLock { state -> (((Int) -> Bool), Int)? in
                guard let handler = state.handler else { return nil }
                state.frame += 1
                return (handler, state.frame)
            }
            guard let (handler, frame) = next else { return }
            if !handler(frame), !ignoresAnswers {
                state.withLock { state in
                    state.stopsByAnswer += 1
                    state.handler = nil
                }
                return
            }
            tick()
        }
    }
}

public final class FeedCancelable {
    let feed: CameraFeed
    init(feed: CameraFeed) { self.feed = feed }
    public func cancel() { feed.cancel() }
}

/// Reads a file in chunks, handing each to `chunk`, which answers whether to read on; then
/// `completion` once, with nil after the last chunk or an abort, or the error that stopped it.
public final class ChunkReader: @unchecked Sendable {
    public var chunks = ["a", "b", "c", "d"]
    public var failure: ScanError?
    /// Seconds between chunks.
    public var pause: Double = 0

    private let count = Locked(0)
    private let done = Locked(false)

    public init() {}

    /// The chunks handed out so far.
    public var handedOut: Int { count.withLock { $0 } }
    /// Whether the reading is over (the completion was called).
    public var isDone: Bool { done.withLock { $0 } }

    public func read(path: String, chunk: @escaping (_ data: String) -> Bool, completion: @escaping (Error?) -> Void) {
        let chunks = chunks
        let pause = pause
        // A legacy SDK hands its closures to its own thread as they are.
        let failure = failure
        let handlers = UncheckedBox((chunk, completion))
        DispatchQueue.global().async { [self] in
            let (chunk, completion) = handlers.value
            defer { done.withLock { $0 = true } }
            for data in chunks {
                count.withLock { $0 += 1 }
                guard chunk(data) else { return completion(nil) }
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            }
            completion(failure)
        }
    }

    /// The chunks as pages of `size`, each with whether it is the last (like EVCloudKitDao's
    /// `query(…, completionHandler: (_ results: [T], _ isFinished: Bool) -> Bool, errorHandler:)`):
    /// the next page is read only when the handler answers `true`; `failure` goes to
    /// `errorHandler` instead of the last page.
    public func pages(size: Int, handler: @escaping (_ page: [String], _ isFinished: Bool) -> Bool, errorHandler: ((Error) -> Void)? = nil) {
        let chunks = chunks
        let failure = failure
        let pause = pause
        let handlers = UncheckedBox((handler, errorHandler))
        DispatchQueue.global().async { [self] in
            let (handler, errorHandler) = handlers.value
            defer { done.withLock { $0 = true } }
            var start = 0
            while start < chunks.count {
                let end = min(start + size, chunks.count)
                if end == chunks.count, let failure { return errorHandler?(failure) ?? () }
                count.withLock { $0 += end - start }
                guard handler(Array(chunks[start..<end]), end == chunks.count) else { return }
                start = end
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            }
        }
    }
}
