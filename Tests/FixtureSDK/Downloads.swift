import Foundation

/// Reports one download to the delegate the caller passes with it (like async-http-client's
/// `execute(request:delegate:)`): progress, then the data or a failure.
public protocol DownloadDelegate: AnyObject {
    func download(_ task: DownloadTask, didWrite bytes: Int)
    func download(_ task: DownloadTask, didFinishWith data: Data)
    func download(_ task: DownloadTask, didFailWith error: Error)
}

/// One download in flight; `cancel()` ends it with a failure.
public final class DownloadTask: @unchecked Sendable {
    // @unchecked: `cancelled` is behind a lock; `url` never changes.
    public let url: String
    private let state = Locked(false)
    init(url: String) { self.url = url }
    public var isCancelled: Bool { state.withLock { $0 } }
    public func cancel() { state.withLock { $0 = true } }
}

/// Holds each call's delegate **weakly**, as many SDKs do, so an adapter that does not keep its
/// delegate alive loses the answer. Calls back from its own thread after `delay`; several
/// downloads run at once, each with its own delegate. `failing` fails them; `.both` in
/// `misbehaviour` finishes and then fails (an SDK bug).
public final class Downloader: @unchecked Sendable {
    // @unchecked: the settings are set before use; counters are behind `counts`.
    public var failing = false
    public var finishesTwice = false
    public var silent = false
    public var delay: TimeInterval = 0.01
    private let counts = Locked(0)
    public var started: Int { counts.withLock { $0 } }
    private let queue = DispatchQueue(label: "Downloader")
    private let lastDelegate = Locked<WeakRef<AnyObject>?>(nil)
    /// Whether the delegate of the last call is still alive (the SDK holds it weakly).
    public var lastDelegateIsAlive: Bool { lastDelegate.withLock { $0?.value != nil } }

    public init() {}

    @discardableResult
    public func download(from url: String, delegate: DownloadDelegate) -> DownloadTask {
        let task = DownloadTask(url: url)
        // Weakly, through `AnyObject`: a delegate nobody else keeps is gone when the answer comes.
        let weakDelegate = WeakRef(delegate as AnyObject)
        lastDelegate.withLock { $0 = weakDelegate }
        // Counted after: a test that waits for the count then reads this call's delegate (under
        // load it had read the one before, released).
        counts.withLock { $0 += 1 }
        let (failing, finishesTwice, silent, delay) = (self.failing, self.finishesTwice, self.silent, self.delay)
        queue.asyncAfter(deadline: .now() + delay) {
            guard !silent else { return }
            guard let delegate = weakDelegate.value as? DownloadDelegate else { return }
            if task.isCancelled || failing {
                return delegate.download(task, didFailWith: PhotoError.notFound)
            }
            delegate.download(task, didWrite: url.count)
            delegate.download(task, didFinishWith: Data(url.utf8))
            if finishesTwice { delegate.download(task, didFailWith: PhotoError.notFound) }
        }
        return task
    }
}
