import Foundation

/// A source the system drives: once its delegate is set, it reports each change unasked, with no
/// start call (as a battery monitor or a connection reporting its state does). `@start(none)`
/// bridges it. It holds its delegate weakly, as such SDKs do.
public protocol PowerSourceDelegate: AnyObject {
    func powerSource(_ source: PowerSource, didChangeLevel level: Int)
    func powerSourceDidDisappear(_ source: PowerSource)
}

public final class PowerSource: @unchecked Sendable {
    // @unchecked: the slot is behind a lock.
    private let slot = Locked<WeakDelegate>(WeakDelegate())

    public var delegate: PowerSourceDelegate? {
        get { slot.withLock { $0.value } }
        set { slot.withLock { $0.value = newValue } }
    }

    public init() {}

    /// What the system does: tells whoever listens, from another thread, and waits until it has.
    public func change(to levels: [Int], thenDisappear: Bool = false) {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in
            for level in levels { delegate?.powerSource(self, didChangeLevel: level) }
            if thenDisappear { delegate?.powerSourceDidDisappear(self) }
            done.signal()
        }
        done.wait()
    }

    private struct WeakDelegate {
        weak var value: PowerSourceDelegate?
    }
}
