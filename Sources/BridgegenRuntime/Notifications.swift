// @notification streams.

import Dispatch
import Foundation

public enum BridgegenNotifications {
    /// The token `addObserver` returns, handed to the thread that removes it.
    typealias Observer = BridgegenUnchecked<any NSObjectProtocol>

    public static func stream<Element: Swift.Sendable>(
        _ adapter: Swift.String, center: Foundation.NotificationCenter = .default,
        name: Foundation.Notification.Name,
        object: Any? = nil, queue: Foundation.OperationQueue? = nil,
        buffering: BridgegenBuffering = .unbounded,
        map: @escaping @Sendable (Foundation.Notification) -> Element?
    ) -> _Concurrency.AsyncStream<Element> {
        // NotificationCenter is thread-safe; Linux's Foundation does not say so to the compiler.
        let center = BridgegenUnchecked(center)
        let policy = buffering.policy(of: _Concurrency.AsyncStream<Element>.self)
        return _Concurrency.AsyncStream(Element.self, bufferingPolicy: policy) { continuation in
            let registration = BridgegenStreamRegistration<Observer>(
                stop: { observer in center.value.removeObserver(observer.value) },
                onMainThread: false)
            continuation.onTermination = { _ in registration.terminate() }
            _ = registration.register(ifCancelled: { continuation.finish() }) {
                let observer = center.value.addObserver(
                    forName: name, object: object, queue: queue
                ) { notification in
                    guard let value = map(notification) else { return }
                    if case .dropped = continuation.yield(value) {
                        let report = BridgegenMisuse(adapter: adapter, kind: .droppedByBuffer)
                        BridgegenMisuse.handler(report)
                    }
                }
                return Observer(observer)
            }
        }
    }
}

extension BridgegenNotifications {
    /// `@notification` with `@stream(shared)`: one observer on the center for every consumer of
    /// this adapter (see `BridgegenStream.shared`).
    public static func shared<Element: Swift.Sendable>(
        _ adapter: Swift.String, center: Foundation.NotificationCenter = .default,
        name: Foundation.Notification.Name,
        object: Any? = nil, queue: Foundation.OperationQueue? = nil, replay: Swift.Int = 0,
        buffering: BridgegenBuffering = .unbounded,
        map: @escaping @Sendable (Foundation.Notification) -> Element?
    ) -> _Concurrency.AsyncStream<Element> {
        let center = BridgegenUnchecked(center)
        return BridgegenStream<Element, Observer>.shared(
            adapter, owner: center.value, replay: replay, buffering: buffering,
            stop: { observer in center.value.removeObserver(observer.value) },
            register: { events in
                let deliver: @Sendable (Foundation.Notification) -> Swift.Void = { notification in
                    guard let value = map(notification) else { return }
                    events.yield(value)
                }
                let observer = center.value.addObserver(
                    forName: name, object: object, queue: queue, using: deliver)
                return Observer(observer)
            })
    }
}

/// Who ended a stream: its consumer (leaving, or its task cancelled), or the SDK (its end, its
/// failure, or the `@until` event). Events after each are told apart in reports. Not nested in
/// the generic events class: a generic enum is copied through runtime calls on every event.
