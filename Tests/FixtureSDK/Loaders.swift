import Foundation

/// Objects whose initializer starts work and calls its completion once when it is done (an
/// initializer's one-shot, `@once` on an `init`): a scene that loads the file it names and hands
/// itself back (Lottie's `LottieAnimationView(dotLottieName:…, completion:)`), a client that
/// starts itself and holds itself only weakly while it does (Statsig's `StatsigClient`), and a
/// tracker that hands back a value of its own (Tealium's `enableCompletion`). Each calls back from
/// the fixture's own thread.
public enum LoadError: Error, Equatable {
    case notFound(String)
    case badKey
    case disabled
}

public final class Scene: @unchecked Sendable {
    // @unchecked: `name` is set once, in `init`.
    public let name: String

    public init(named name: String, completion: ((Scene, Error?) -> Void)? = nil) {
        self.name = name
        let box = UncheckedBox(completion)
        Thread.detachNewThread { [self] in
            box.value?(self, name.isEmpty ? LoadError.notFound(name) : nil)
        }
    }
}

public final class Client: @unchecked Sendable {
    // @unchecked: `key` is set once, in `init`; `started` only under `lock`.
    public let key: String
    private let lock = NSLock()
    private var started = false

    /// Starts the client; `completion` gets nil when it has started. The work holds the client
    /// weakly, as SDKs that start themselves do: a client nobody keeps never calls back.
    public init(key: String, delay: TimeInterval = 0.01, completion: @escaping (Error?) -> Void) {
        self.key = key
        let box = UncheckedBox(completion)
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self else { return }
            if key.isEmpty { return box.value(LoadError.badKey) }
            self.lock.withLock { self.started = true }
            box.value(nil)
        }
    }

    public var isStarted: Bool { lock.withLock { started } }
}

public final class Tracker: @unchecked Sendable {
    // @unchecked: `account` is set once, in `init`.
    public let account: String

    /// Throws at once for an empty account; else enables tracking and says whether it is on.
    public init(account: String, enabled: Bool = true, enableCompletion: @escaping (Result<Bool, Error>) -> Void) throws {
        guard !account.isEmpty else { throw LoadError.notFound(account) }
        self.account = account
        let box = UncheckedBox(enableCompletion)
        Thread.detachNewThread {
            box.value(enabled ? .success(true) : .failure(LoadError.disabled))
        }
    }
}

/// Does nothing until `start()` (Kingfisher's `ImagePrefetcher`): then fetches its names on the
/// fixture's thread and calls `completionHandler` once with the names fetched and the names that
/// failed (those starting with "!"). `stop()` ends a run early, as Kingfisher's does: every name
/// not fetched is reported failed, and the completion still comes. Starts and stops are counted
/// per `tag`, since the adapter keeps the object to itself.
public final class Prefetcher: @unchecked Sendable {
    // @unchecked: `completion` is read and cleared only under `lock`.
    private let lock = NSLock()
    private var completion: (([String], [String]) -> Void)?
    private let names: [String]
    private let tag: String
    private let delay: TimeInterval

    public static let counts = PrefetchCounts()

    public init(names: [String], tag: String, delay: TimeInterval = 0.01, completionHandler: @escaping (_ fetched: [String], _ failed: [String]) -> Void) {
        self.names = names
        self.tag = tag
        self.delay = delay
        completion = completionHandler
    }

    public func start() {
        Self.counts.add(start: tag)
        Fixture.scheduler.async(after: delay) { [weak self] in
            guard let self else { return }
            self.complete(fetched: self.names.filter { !$0.hasPrefix("!") }, failed: self.names.filter { $0.hasPrefix("!") })
        }
    }

    public func stop() {
        Self.counts.add(stop: tag)
        complete(fetched: [], failed: names)
    }

    private func complete(fetched: [String], failed: [String]) {
        let completion = lock.withLock {
            defer { self.completion = nil }
            return self.completion
        }
        completion?(fetched, failed)
    }
}

/// How many times the prefetchers of each tag were started and stopped.
public final class PrefetchCounts: Sendable {
    private let counts = Locked([String: (starts: Int, stops: Int)]())
    func add(start tag: String) { counts.withLock { $0[tag, default: (0, 0)].starts += 1 } }
    func add(stop tag: String) { counts.withLock { $0[tag, default: (0, 0)].stops += 1 } }
    public func starts(_ tag: String) -> Int { counts.withLock { $0[tag]?.starts ?? 0 } }
    public func stops(_ tag: String) -> Int { counts.withLock { $0[tag]?.stops ?? 0 } }
}
