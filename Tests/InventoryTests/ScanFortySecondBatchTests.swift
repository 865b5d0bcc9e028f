import Generator
@testable import Inventory
import Testing

/// What batch 42 (BlueCap, DVR, BulletinBoard, …) taught on first contact (decision 123).
@Suite struct ScanFortySecondBatchTests: ScanTesting {
    /// BlueCap's SimpleFutures: a future is awaited once, through the method that gets its
    /// whole outcome (`onComplete`); its halves (`onSuccess`, `forEach`, `onFailure`) would wait
    /// for the other, and `andThen` is a step of its chain. A `FutureStream` completes again for
    /// each element: its registrations are streams, a `Try<T>` per element kept whole.
    @Test func aFutureIsAwaitedWholeAndAStreamOfFuturesPerElement() {
        let text = scan(
            """
            public enum Try<T> {
                case success(T)
                case failure(Swift.Error)
            }
            public protocol Futurable {
                associatedtype T
                func onComplete(context: ExecutionContext, cancelToken: CancelToken, completion: @escaping (Try<T>) -> Void)
            }
            extension Futurable {
                public func forEach(cancelToken: CancelToken = CancelToken(), apply: @escaping (T) -> Void) {}
                public func andThen(cancelToken: CancelToken = CancelToken(), completion: @escaping (T) -> Void) -> Future<T> { fatalError() }
            }
            public final class Future<T>: Futurable {
                public func onComplete(context: ExecutionContext, cancelToken: CancelToken, completion: @escaping (Try<T>) -> Void) {}
                public func onSuccess(cancelToken: CancelToken = CancelToken(), completion: @escaping (T) -> Void) {}
                public func onFailure(cancelToken: CancelToken = CancelToken(), completion: @escaping (Swift.Error) -> Void) {}
            }
            public final class FutureStream<T> {
                public func onComplete(cancelToken: CancelToken = CancelToken(), completion: @escaping (Try<T>) -> Void) {}
                public func onFailure(cancelToken: CancelToken = CancelToken(), completion: @escaping (Swift.Error) -> Void) {}
                public func andThen(cancelToken: CancelToken = CancelToken(), completion: @escaping (T) -> Void) -> FutureStream<T> { self }
            }
            """
        ).text
        #expect(text.contains("@context  // 'forEach' gets only the value of the Futurable's outcome, which a failure never calls: 'onComplete' gets both, await that"), "\(text)")
        #expect(text.contains("@context  // a step of the Futurable's chain: it returns a new one of the same outcome"), "\(text)")
        #expect(text.contains("// Future: onSuccess(cancelToken:completion:) — 'onSuccess' gets only the value of the Future's outcome"), "\(text)")
        #expect(text.contains("// Future: onFailure(cancelToken:completion:) — 'onFailure' gets only the failure of the Future's outcome"), "\(text)")
        #expect(
            text.contains(
                "// scan: @stream(results) because a FutureStream completes again for each of its elements: 'completion' is called for each, and a failure is one of them, which does not end it"
            ), "\(text)")
        #expect(text.contains("// scan: @stream because a FutureStream completes again for each of its elements: 'completion' is called for each\n"), "\(text)")
        #expect(text.contains("@context  // a step of the FutureStream's chain"), "\(text)")
        #expect(text.contains("enum Try<T> {"), "\(text)")
    }

    /// BlueCap's `Queue.sync(_ block:)` and `delay(_:request:)`: wrappers of `DispatchQueue.sync`
    /// and `asyncAfter`, whose closures are the work they run.
    @Test func aQueuesSyncAndDelayRunWork() {
        let text = scan(
            """
            public class Queue {
                public func sync(_ block: @escaping () -> Void) {}
                public func delay(_ delay: TimeInterval, request: @escaping () -> Void) {}
                public func fetch(completion: @escaping () -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public func sync("), "\(text)")
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public func delay("), "\(text)")
        #expect(!text.contains("@context  // takes a closure, but not a callback\n    public func fetch("), "\(text)")
    }

    /// BulletinBoard's `showBulletin(in application: UIApplication, …, completion:)`: a method of
    /// the SDK's own that takes the application, not a delegate call handed it first, unlabelled.
    @Test func aLabelledSystemObjectIsNoDelegateCall() {
        let text = scan(
            """
            public class Manager {
                public func showBulletin(in application: UIApplication, animated: Bool = true, completion: (() -> Void)? = nil) {}
                public static func userNotificationCenter(_ center: UNUserNotificationCenter?, didReceive response: UNNotificationResponse?, withCompletionHandler completionHandler: (() -> Void)?) {}
                public func authenticate(session: URLSession, challenge: URLAuthenticationChallenge, completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("showBulletin(in:animated:completion:) — forwards"), "\(text)")
        #expect(!text.contains("@context  // forwards the UIApplication's delegate call: pass on the completion handler the system gave you\n    public func showBulletin"), "\(text)")
        #expect(text.contains("forwards the UNUserNotificationCenter's delegate call"), "\(text)")
        #expect(text.contains("@context  // forwards the URLSession's delegate call: pass on the completion handler the system gave you\n    public func authenticate("), "\(text)")
    }

    /// DVR's `Session: URLSession` overrides the task methods: Foundation's async forms never
    /// call them, so they are bridged, named as Foundation names its own (`data(with:)`) beside
    /// the method that returns the task unstarted.
    @Test func aURLSessionsOverridesAreItsOwnCalls() {
        let text = scan(
            """
            open class Session: URLSession {
                open override func dataTask(with request: URLRequest) -> URLSessionDataTask { fatalError() }
                open override func dataTask(with request: URLRequest, completionHandler: @escaping ((Data?, URLResponse?, Error?) -> Void)) -> URLSessionDataTask { fatalError() }
            }
            open class Base {
                open func load(completion: @escaping (Int) -> Void) {}
            }
            public class Client {
                public func waitTask(withID id: String) throws -> Int { 0 }
                public func waitTask(withID id: String, completion: @escaping (Int) -> Void) -> Operation { fatalError() }
            }
            open class Derived: Base {
                open override func load(completion: @escaping (Int) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@asyncName(data)\n    open override func dataTask(with request: URLRequest, completionHandler:"), "\(text)")
        #expect(text.contains("'dataTask(with:)' is also the method that returns the task unstarted"), "\(text)")
        #expect(text.contains("Derived → Base: load(completion:)"), "\(text)")
        // Not of another type (Algolia's `Client.waitTask(withID:…)` beside its blocking twin).
        #expect(!text.contains("@asyncName(wait)"), "\(text)")
    }
}
