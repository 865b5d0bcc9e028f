// The locks behind every piece of shared state.

import Dispatch
import Foundation

@usableFromInline final class BridgegenLocked<State>: @unchecked Swift.Sendable {
    // @unchecked: `state` is only touched while `lock` is held.
    @usableFromInline let lock = Foundation.NSLock()
    @usableFromInline var state: State

    @inlinable init(_ state: State) { self.state = state }

    @inlinable func withLock<R>(_ body: (inout State) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}

/// A mutex and the state it guards, in one allocation. `NSLock` is an object that on Linux
/// allocates its mutex separately, and it sits on every call's path. Not generic itself, so the
/// owner's `deinit` needs no runtime type metadata to destroy it.
@usableFromInline struct BridgegenGuarded {
    #if canImport(Darwin)
        @usableFromInline typealias Mutex = os_unfair_lock
    #else
        @usableFromInline typealias Mutex = pthread_mutex_t
    #endif

    @usableFromInline let mutex: Swift.UnsafeMutablePointer<Mutex>
    @usableFromInline let state: Swift.UnsafeMutableRawPointer

    @inlinable static func stateOffset<State>(_: State.Type) -> Swift.Int {
        let alignment = Swift.MemoryLayout<State>.alignment
        return (Swift.MemoryLayout<Mutex>.size + alignment - 1) / alignment * alignment
    }

    @inlinable init<State>(_ initial: State) {
        let offset = Self.stateOffset(State.self)
        let raw = Swift.UnsafeMutableRawPointer.allocate(
            byteCount: offset + Swift.MemoryLayout<State>.size,
            alignment: max(Swift.MemoryLayout<Mutex>.alignment, Swift.MemoryLayout<State>.alignment)
        )
        mutex = raw.bindMemory(to: Mutex.self, capacity: 1)
        #if canImport(Darwin)
            mutex.initialize(to: os_unfair_lock())
        #else
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        #endif
        state = raw + offset
        state.bindMemory(to: State.self, capacity: 1).initialize(to: initial)
    }

    /// The state, to be used only while the lock is held; `State` is the type given to `init`.
    @inline(__always)
    @inlinable func locked<State>(_: State.Type) -> Swift.UnsafeMutablePointer<State> {
        state.assumingMemoryBound(to: State.self)
    }

    @inline(__always)
    @inlinable func lock() {
        #if canImport(Darwin)
            os_unfair_lock_lock(mutex)
        #else
            pthread_mutex_lock(mutex)
        #endif
    }

    @inline(__always)
    @inlinable func unlock() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(mutex)
        #else
            pthread_mutex_unlock(mutex)
        #endif
    }

    /// Once, when the owner goes away. Owners call it through a closure made where `State` is
    /// concrete: from a generic class's `deinit` it would look up runtime type metadata each time.
    @inlinable func destroy<State>(_: State.Type) {
        #if !canImport(Darwin)
            pthread_mutex_destroy(mutex)
        #endif
        locked(State.self).deinitialize(count: 1)
        mutex.deinitialize(count: 1)
        Swift.UnsafeMutableRawPointer(mutex).deallocate()
    }
}

/// The life of one adapter call as a pure value. Each transition returns the effects to perform
/// once the lock is released, so every ordering of events can be enumerated in a unit test.
///
/// `Token` is what the SDK's start call returned (used to cancel it); `Waiter` is the suspended
/// caller (a continuation in production, anything in tests). The state is kept in flat stored
/// properties rather than an enum with payloads: copying generic multi-payload enums goes through
/// runtime value witnesses, which made every call several times slower.
