import Foundation

/// A reachability probe shaped like ashleymills/Reachability.swift: `whenReachable` gets the
/// probe itself, whose state says what changed, and no other property hands it back beside a
/// value. Each change is reported from the fixture's own thread.
public final class LinkProbe: Sendable {
    private let state = Locked<(handler: ((LinkProbe) -> Void)?, reachable: Bool)>((nil, false))

    public init() {}

    public var whenReachable: ((LinkProbe) -> Void)? {
        get { state.withLock { $0.handler } }
        set { state.withLock { $0.handler = newValue } }
    }

    /// The state at the time of the last report.
    public var isReachable: Bool { state.withLock { $0.reachable } }

    /// Reports each state of `changes` from another thread, and waits until they are sent.
    public func report(_ changes: [Bool]) {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in
            for reachable in changes {
                let handler = state.withLock { state -> ((LinkProbe) -> Void)? in
                    state.reachable = reachable
                    return state.handler
                }
                handler?(self)
            }
            done.signal()
        }
        done.wait()
    }
}
