import Foundation

/// A realtime channel shaped like Appwrite's `Realtime`: `subscribe` is itself `async throws` (it
/// waits for the socket), keeps the callback, and returns a subscription whose `close()` is
/// `async throws` too. Nothing here is `Sendable`, as in that SDK; the channel guards its state
/// with a lock, as that SDK does.
///
/// Its misbehaviour knobs: `holdsRegistrations` keeps each `subscribe` waiting until it is set to
/// false (a slow socket: the window in which a consumer leaves before the token exists);
/// `refusesRegistrations` throws `LiveError.refused` instead; `greets` sends an event to the new
/// callback before `subscribe` returns (Supabase's `initialSession`); `closeFails` makes
/// `close()` throw after it has removed the callback.
public final class LiveChannel {
    fileprivate struct State {
        var callbacks: [Int: (LiveEvent) -> Void] = [:]
        var nextID = 0
        var calls = 0
        var inProgress = 0
        var holds = false
        var held: [CheckedContinuation<Void, Never>] = []
        var refuses = false
        var greets = false
        var closeFails = false
        var subscriptions: [LiveSubscription] = []
    }

    private let state = Locked(State())

    public init() {}

    public var holdsRegistrations: Bool {
        get { state.withLock { $0.holds } }
        set {
            let held = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.holds = newValue
                guard !newValue else { return [] }
                defer { state.held = [] }
                return state.held
            }
            for continuation in held { continuation.resume() }
        }
    }
    public var refusesRegistrations: Bool {
        get { state.withLock { $0.refuses } }
        set { state.withLock { $0.refuses = newValue } }
    }
    public var greets: Bool {
        get { state.withLock { $0.greets } }
        set { state.withLock { $0.greets = newValue } }
    }
    public var closeFails: Bool {
        get { state.withLock { $0.closeFails } }
        set { state.withLock { $0.closeFails = newValue } }
    }
    /// How many times `subscribe` was called (made, not only returned).
    public var subscribeCalls: Int { state.withLock { $0.calls } }
    /// `subscribe` calls that have not returned (or thrown) yet.
    public var subscribesInProgress: Int { state.withLock { $0.inProgress } }
    /// The callbacks registered now.
    public var subscriberCount: Int { state.withLock { $0.callbacks.count } }
    /// Registrations waiting for `holdsRegistrations` to become false.
    public var heldRegistrations: Int { state.withLock { $0.held.count } }
    /// Every subscription `subscribe` returned, in order.
    public var subscriptions: [LiveSubscription] { state.withLock { $0.subscriptions } }
    /// The same counts, readable once the channel is gone.
    public var probe: LiveChannelProbe { LiveChannelProbe(state: state) }

    /// Registers `callback` for every event sent on `topic` from now on, once the (simulated)
    /// socket is open; the subscription it returns removes it. As Appwrite's, it keeps the
    /// callback first and then waits for the socket, and a task cancelled meanwhile gets
    /// `CancellationError` with the callback left registered: only an adapter that lets the
    /// registration finish can remove it.
    public func subscribe(
        topic: String, callback: @escaping (LiveEvent) -> Void, queries: [String] = []
    ) async throws -> LiveSubscription {
        let (id, holds, refuses) = state.withLock { state -> (Int, Bool, Bool) in
            state.calls += 1
            state.inProgress += 1
            state.nextID += 1
            state.callbacks[state.nextID] = callback
            return (state.nextID, state.holds, state.refuses)
        }
        defer { state.withLock { $0.inProgress -= 1 } }
        if holds {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let goesOn = state.withLock { state -> Bool in
                    guard state.holds else { return true }
                    state.held.append(continuation)
                    return false
                }
                if goesOn { continuation.resume() }
            }
        }
        if refuses {
            state.withLock { $0.callbacks[id] = nil }
            throw LiveError.refused
        }
        try Task.checkCancellation()
        if state.withLock({ $0.greets }) { callback(LiveEvent(topic: topic, payload: "hello")) }
        let subscription = LiveSubscription { [state] in
            let fails = state.withLock { state -> Bool in
                state.callbacks[id] = nil
                return state.closeFails
            }
            if fails { throw LiveError.closeFailed }
        }
        state.withLock { $0.subscriptions.append(subscription) }
        return subscription
    }

    /// The same for several topics (Appwrite has one overload per way of naming channels).
    public func subscribe(
        topics: [String], callback: @escaping (LiveEvent) -> Void, queries: [String] = []
    ) async throws -> LiveSubscription {
        try await subscribe(topic: topics.joined(separator: ","), callback: callback, queries: queries)
    }

    /// Sends `payload` to every registered callback, on the calling thread.
    public func send(_ payload: String, topic: String = "photos") {
        let callbacks = state.withLock { Array($0.callbacks.values) }
        for callback in callbacks { callback(LiveEvent(topic: topic, payload: payload)) }
    }
}

/// A channel's counts, kept by what it shares with its subscriptions rather than by the channel:
/// a test that waits for an adapter to let go of the channel (its registration over, so no
/// `subscribe` can still come) reads them afterwards.
public struct LiveChannelProbe: @unchecked Sendable {
    fileprivate let state: Locked<LiveChannel.State>
    public var subscribeCalls: Int { state.withLock { $0.calls } }
    public var subscribesInProgress: Int { state.withLock { $0.inProgress } }
    public var subscriberCount: Int { state.withLock { $0.callbacks.count } }
    public var subscriptions: [LiveSubscription] { state.withLock { $0.subscriptions } }
}

/// One event: a class, not `Sendable`, as Appwrite's `RealtimeResponseEvent`.
public final class LiveEvent {
    public let topic: String
    public let payload: String
    init(topic: String, payload: String) {
        self.topic = topic
        self.payload = payload
    }
}

/// The handle `subscribe` returns; `close()` is `async throws` and counts its calls.
public final class LiveSubscription {
    private let closes = Locked(0)
    private let action: () async throws -> Void
    init(close: @escaping () async throws -> Void) { self.action = close }
    public var closeCount: Int { closes.withLock { $0 } }
    public func close() async throws {
        closes.withLock { $0 += 1 }
        try await Task.sleep(nanoseconds: 1_000_000)
        try await action()
    }
}

public enum LiveError: Error, Equatable {
    case refused, closeFailed
}

/// An actor's registration, shaped like Supabase's `AuthClient.onAuthStateChange(_:) async ->
/// some AuthStateChangeListenerRegistration`: not throwing, an opaque token with a synchronous
/// `remove()`, and the current state sent to the new listener before the call returns.
public actor SessionStore {
    public typealias Listener = @Sendable (_ event: SessionEvent, _ user: String?) -> Void
    private var listeners: [Int: Listener] = [:]
    private var nextID = 0
    private var user: String?
    nonisolated let registrations = Locked([SessionListenerRegistration]())

    public init(user: String? = nil) { self.user = user }

    public var listenerCount: Int { listeners.count }
    public nonisolated var madeRegistrations: [SessionListenerRegistration] { registrations.withLock { $0 } }

    @discardableResult
    public func onChange(_ listener: @escaping Listener) async -> some ChangeRegistration {
        nextID += 1
        let id = nextID
        listeners[id] = listener
        listener(.initial, user)
        let registration = SessionListenerRegistration { [weak self] in
            Task { await self?.removeListener(id) }
        }
        registrations.withLock { $0.append(registration) }
        return registration
    }

    public func signIn(_ name: String) {
        user = name
        for listener in listeners.values { listener(.signedIn, name) }
    }

    private func removeListener(_ id: Int) { listeners[id] = nil }
}

public enum SessionEvent: Sendable, Equatable {
    case initial, signedIn
}

public protocol ChangeRegistration: Sendable {
    func remove()
}

/// Counts its `remove()` calls.
public final class SessionListenerRegistration: ChangeRegistration {
    private let removes = Locked(0)
    private let onRemove: @Sendable () -> Void
    init(onRemove: @escaping @Sendable () -> Void) { self.onRemove = onRemove }
    public var removeCount: Int { removes.withLock { $0 } }
    public func remove() {
        removes.withLock { $0 += 1 }
        onRemove()
    }
}
