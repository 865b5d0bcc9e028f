// Where a `@blocking` adapter calls a synchronous SDK: not where it is awaited, and one call at a
// time per SDK object.

import Dispatch
import Foundation

/// Synchronous SDKs (Kitura-redis: every command writes to a blocking socket and calls back before
/// it returns) would block where the adapter is awaited for the whole call: the main actor, or a
/// thread of Swift's cooperative pool, which has one per core, so that a few such calls at once
/// stop all async work of the app. A `@blocking` adapter calls them on a serial queue instead: one per
/// SDK object, because such objects are rarely thread-safe (one socket, no lock) and their callers
/// used them from one thread before async/await; one shared queue for static methods and values.
public enum BridgegenBlocking {
    /// A queue per object, keyed by identity; an entry whose object is gone is replaced on reuse of
    /// its identifier and pruned as the table grows.
    struct Entry {
        weak var object: Swift.AnyObject?
        let queue: Dispatch.DispatchQueue
    }

    static let queues = BridgegenLocked<(entries: [Swift.ObjectIdentifier: Entry], pruneAt: Swift.Int)>(([:], 64))
    static let shared = Dispatch.DispatchQueue(label: "bridgegen.blocking")

    /// The serial queue `receiver`'s `@blocking` calls run on.
    static func queue(for receiver: Any) -> Dispatch.DispatchQueue {
        guard Swift.type(of: receiver) is Swift.AnyClass else { return shared }
        let object = receiver as Swift.AnyObject
        let key = Swift.ObjectIdentifier(object)
        return queues.withLock { table in
            if let entry = table.entries[key], entry.object === object { return entry.queue }
            if table.entries.count >= table.pruneAt {
                table.entries = table.entries.filter { $0.value.object != nil }
                table.pruneAt = Swift.max(64, table.entries.count * 2)
            }
            let queue = Dispatch.DispatchQueue(label: "bridgegen.blocking.\(Swift.type(of: object))")
            table.entries[key] = Entry(object: object, queue: queue)
            return queue
        }
    }

    /// Runs `sdkCall` on `receiver`'s serial queue unless the adapter call is over by then
    /// (cancelled while it waited for the queue). Generated code only.
    ///
    /// The SDK object and the arguments cross to the queue unchecked: the adapter's caller waits
    /// for the outcome, and every bridged call of the object runs on this one queue, which is how
    /// the legacy code used it from one thread. Code that also calls the object directly, on other
    /// threads, must not do so while a bridged call runs.
    public static func run<Value, Token>(
        on receiver: Any, while continuation: BridgegenContinuation<Value, Token>, _ sdkCall: @escaping () -> Swift.Void
    ) {
        let sdkCall = BridgegenUnchecked(sdkCall)
        queue(for: receiver).async {
            continuation.ifRunning(sdkCall.value)
        }
    }
}
