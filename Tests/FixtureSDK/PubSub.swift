import Foundation

/// A Redis-style pub/sub client (RediStack's `subscribe(to:messageReceiver:onSubscribe:
/// onUnsubscribe:) -> EventLoopFuture<Void>`): the receiver gets every message published on the
/// channels, `onUnsubscribe` says a channel's subscription is over (after `unsubscribe(from:)`,
/// or when the connection closes), and the returned future says whether the subscription took.
public final class PubSubClient: @unchecked Sendable {
    // @unchecked: its state is behind a lock; messages are delivered on the fixture's thread.
    public typealias MessageReceiver = (_ channel: String, _ message: String) -> Void
    public typealias ChangeHandler = (_ channel: String, _ count: Int) -> Void

    private struct Subscription {
        var receiver: MessageReceiver
        var onUnsubscribe: ChangeHandler?
    }

    private let state = Locked((subscriptions: [String: Subscription](), unsubscribes: 0, refuses: false))

    public init() {}

    /// Makes the next subscriptions fail (their future fails; nothing is registered).
    public var refusesSubscriptions: Bool {
        get { state.withLock { $0.refuses } }
        set { state.withLock { $0.refuses = newValue } }
    }

    /// How many times `unsubscribe(from:)` was called.
    public var unsubscribeCount: Int { state.withLock { $0.unsubscribes } }
    public var subscribedChannels: [String] { state.withLock { $0.subscriptions.keys.sorted() } }

    public func subscribe(
        to channels: [String], messageReceiver receiver: @escaping MessageReceiver, onSubscribe: ChangeHandler? = nil,
        onUnsubscribe: ChangeHandler? = nil
    ) -> PhotoFuture {
        let future = PhotoFuture()
        let refused = state.withLock { state -> Bool in
            guard !state.refuses else { return true }
            for channel in channels { state.subscriptions[channel] = Subscription(receiver: receiver, onUnsubscribe: onUnsubscribe) }
            return false
        }
        Fixture.scheduler.async {
            if refused { return future.complete(.failure(PhotoError.notFound)) }
            for (index, channel) in channels.enumerated() { onSubscribe?(channel, index + 1) }
            future.complete(.success(()))
        }
        return future
    }

    /// Ends the channels' subscriptions: each one's `onUnsubscribe` is called, from the fixture's thread.
    @discardableResult
    public func unsubscribe(from channels: [String]) -> PhotoFuture {
        let ended = state.withLock { state -> [(String, ChangeHandler?)] in
            state.unsubscribes += 1
            return channels.compactMap { channel in state.subscriptions.removeValue(forKey: channel).map { (channel, $0.onUnsubscribe) } }
        }
        let future = PhotoFuture()
        Fixture.scheduler.async {
            for (channel, handler) in ended { handler?(channel, 0) }
            future.complete(.success(()))
        }
        return future
    }

    /// Publishes `message` to whoever is subscribed to `channel`, from the fixture's thread.
    public func publish(_ message: String, to channel: String) {
        Fixture.scheduler.async { [self] in
            state.withLock { $0.subscriptions[channel]?.receiver }?(channel, message)
        }
    }

    // mqtt-nio's listeners: every message of the connection, or the error of one that could not
    // be read, by name until removed; a failure is one message's, the listening goes on.
    private let listeners = Locked([String: @Sendable (Result<String, any Error>) -> Void]())

    public func addMessageListener(named name: String, _ listener: @escaping @Sendable (Result<String, any Error>) -> Void) {
        listeners.withLock { $0[name] = listener }
    }

    public func removeMessageListener(named name: String) {
        listeners.withLock { $0[name] = nil }
    }

    public var messageListenerNames: [String] { listeners.withLock { $0.keys.sorted() } }

    // Pusher's channels: handlers per event name, each by the id `bind` returns, until
    // `unbind(eventName:callbackId:)` removes that id under that name.
    private let bindings = Locked((handlers: [String: [String: (String) -> Void]](), next: 0, unbinds: [String]()))

    @discardableResult
    public func bind(eventName: String, eventCallback: @escaping (String) -> Void) -> String {
        bindings.withLock { state in
            state.next += 1
            let id = "id\(state.next)"
            state.handlers[eventName, default: [:]][id] = eventCallback
            return id
        }
    }

    public func unbind(eventName: String, callbackId: String) {
        bindings.withLock { state in
            state.unbinds.append(eventName + "/" + callbackId)
            state.handlers[eventName]?[callbackId] = nil
        }
    }

    /// Every `unbind` as `eventName/callbackId`, in order.
    public var unbinds: [String] { bindings.withLock { $0.unbinds } }
    public var boundIDs: [String] { bindings.withLock { $0.handlers.values.flatMap(\.keys).sorted() } }

    /// Hands `data` to every handler bound to `eventName`, from the fixture's thread.
    public func trigger(eventName: String, data: String) {
        Fixture.scheduler.async { [self] in
            for handler in bindings.withLock({ Array(($0.handlers[eventName] ?? [:]).values) }) { handler(data) }
        }
    }

    /// Hands `result` to every listener, from the fixture's thread.
    public func deliver(_ result: Result<String, any Error>) {
        Fixture.scheduler.async { [self] in
            for listener in listeners.withLock({ Array($0.values) }) { listener(result) }
        }
    }
}
