// Callback properties: every stream that sets one property, put back in whatever order they end.

import Foundation

/// One callback property of one object (`PhotoFeed.onSyncEnd`, or `events.didSend` set through
/// the object that keeps the value). Generated code names it; not for use by hand.
public struct BridgegenPropertySlot: Swift.Hashable, Swift.Sendable {
    let owner: Swift.ObjectIdentifier
    let name: Swift.String

    /// `owner` is the object whose property it is (or that keeps the value it belongs to).
    public init(_ owner: Any, _ name: Swift.String) {
        self.owner = Swift.ObjectIdentifier(owner as AnyObject)
        self.name = name
    }
}

/// The streams that set one property, oldest first, each with the value it found there.
///
/// A stream's stop runs on another thread, after its consumer has gone on: a one-shot that
/// returned may not have put the property back when the next one sets it. So what a stop does
/// is decided when it runs, under the same lock as every setting: the stream on top puts back
/// what it found; one that another has set over hands what it found to that one, and the
/// property is left alone. Either way each stream's handler is in the property exactly while it
/// is the newest live one, and the last to end puts back what was there before them all.
///
/// The price: the SDK's getter and setter run under this property's lock. One that waits for
/// another thread which is itself setting the same property through an adapter (a setter that
/// does `DispatchQueue.main.sync` off the main thread, while the main thread starts a stream of
/// that property) would wait for ever; an SDK bound to the main thread is bridged `@MainActor`,
/// whose stops run on the main thread. And every stream of a property ends by its stop: one
/// ended by an `@until` event, which stops nothing, would stay on the stack (generated code
/// never writes `@until` on a property: it is an error there).
final class BridgegenPropertyLayers<Token>: @unchecked Swift.Sendable {
    // @unchecked: `layers` is only touched while `lock` is held, `users` only under
    // `BridgegenPropertyTable.shared`'s lock. The SDK's getter and setter run under `lock`, so
    // no two settings of one property interleave; the lock is this property's alone.
    private let lock = Foundation.NSLock()
    private var layers: [Layer] = []
    private var users = 0
    private let slot: BridgegenPropertySlot

    /// One stream's setting: what the property held when it set it.
    final class Layer: @unchecked Swift.Sendable {
        // @unchecked: `previous` is only touched while its property's `lock` is held.
        let property: BridgegenPropertyLayers<Token>
        var previous: Token

        init(_ property: BridgegenPropertyLayers<Token>, previous: Token) {
            self.property = property
            self.previous = previous
        }
    }

    private init(_ slot: BridgegenPropertySlot) { self.slot = slot }

    /// Sets the property (`register` reads it and sets bridgegen's handler) as the newest layer.
    static func push(_ slot: BridgegenPropertySlot, _ register: () throws -> Token) rethrows -> Layer {
        let property = BridgegenPropertyTable.shared.withLock { table -> BridgegenPropertyLayers<Token> in
            let property = table[slot] as? BridgegenPropertyLayers<Token> ?? BridgegenPropertyLayers(slot)
            table[slot] = property
            property.users += 1
            return property
        }
        property.lock.lock()
        defer { property.lock.unlock() }
        do {
            let layer = Layer(property, previous: try register())
            property.layers.append(layer)
            return layer
        } catch {
            property.release()
            throw error
        }
    }

    /// The layer's stream ended: the newest puts back what it found (`putBack`); an older one
    /// hands it to the layer set over it.
    static func remove(_ layer: Layer, putBack: (Token) -> Swift.Void) {
        let property = layer.property
        property.lock.lock()
        if let index = property.layers.firstIndex(where: { $0 === layer }) {
            if index == property.layers.count - 1 {
                putBack(layer.previous)
            } else {
                property.layers[index + 1].previous = layer.previous
            }
            property.layers.remove(at: index)
        }
        property.lock.unlock()
        property.release()
    }

    private func release() {
        BridgegenPropertyTable.shared.withLock { table in
            users -= 1
            if users == 0, table[slot] === self { table[slot] = nil }
        }
    }
}

/// Each property while a stream of it is live or its stop is still to run, whatever its token (a
/// generic type has no stored statics). The owner lives as long as they do (each stop holds it),
/// so its identifier names no other object meanwhile.
enum BridgegenPropertyTable {
    static let shared = BridgegenLocked<[BridgegenPropertySlot: AnyObject]>([:])
}

extension BridgegenStream {
    /// A callback property's stream (`for`: the property): as `events`, with each setting and
    /// putting back of the property ordered against the property's other streams.
    public static func events(
        _ adapter: Swift.String, for property: BridgegenPropertySlot,
        buffering: BridgegenBuffering = .unbounded,
        stop: @escaping (Token) -> Swift.Void, stopOnMainThread: Swift.Bool = false,
        register: (BridgegenStreamEvents<Element>) -> Token
    ) -> _Concurrency.AsyncStream<Element> {
        BridgegenStream<Element, BridgegenPropertyLayers<Token>.Layer>.events(
            adapter, buffering: buffering,
            stop: { layer in BridgegenPropertyLayers.remove(layer, putBack: stop) },
            stopOnMainThread: stopOnMainThread,
            register: { events in BridgegenPropertyLayers.push(property) { register(events) } })
    }

    /// A callback property's throwing stream (a `@once` property's error fails it), ordered as
    /// `events(_:for:…)` is.
    public static func throwing(
        _ adapter: Swift.String, for property: BridgegenPropertySlot,
        buffering: BridgegenBuffering = .unbounded,
        stop: @escaping (Token) -> Swift.Void, stopOnMainThread: Swift.Bool = false,
        register: (BridgegenStreamEvents<Element>) -> Token
    ) -> _Concurrency.AsyncThrowingStream<Element, any Swift.Error> {
        BridgegenStream<Element, BridgegenPropertyLayers<Token>.Layer>.throwing(
            adapter, buffering: buffering,
            stop: { layer in BridgegenPropertyLayers.remove(layer, putBack: stop) },
            stopOnMainThread: stopOnMainThread,
            register: { events in BridgegenPropertyLayers.push(property) { register(events) } })
    }
}
