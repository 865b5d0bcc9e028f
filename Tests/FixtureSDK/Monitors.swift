import Foundation

/// Objects made with their handler, which they call for each event until stopped (an
/// initializer's stream, `@stream` on an `init`): a file watch (`init?`, nil for an empty path,
/// like FilesProvider's `LocalFileMonitor`) and a level tap (a throwing `init`, like AudioKit's
/// taps). Each calls its handler from the fixture's own thread; stopped, it calls nothing more.
public final class FileWatch: Sendable {
    private let state: Locked<(handler: (@Sendable (String) -> Void)?, calls: Int)>

    public init?(path: String, handler: @escaping @Sendable (String) -> Void) {
        guard !path.isEmpty else { return nil }
        state = Locked((handler, 0))
    }

    /// Reports `changes` one by one from another thread, and waits until they are sent.
    public func change(_ changes: [String]) {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in
            for change in changes {
                let handler = state.withLock { state -> (@Sendable (String) -> Void)? in
                    if state.handler != nil { state.calls += 1 }
                    return state.handler
                }
                handler?(change)
            }
            done.signal()
        }
        done.wait()
    }

    /// How many changes reached the handler.
    public var calls: Int { state.withLock { $0.calls } }

    public func stop() { state.withLock { $0.handler = nil } }
}

public enum TapError: Error, Equatable {
    case noBuffer
}

public final class LevelTap: @unchecked Sendable {
    // @unchecked: the handler is set once, in `init`, and only read after.
    private let handler: (Float, Float) -> Void

    public init(bufferSize: Int = 16, handler: @escaping (Float, Float) -> Void) throws {
        guard bufferSize > 0 else { throw TapError.noBuffer }
        self.handler = handler
    }

    /// Measures `count` buffers: their left and right levels.
    public func measure(_ count: Int) {
        for index in 0..<count { handler(Float(index), -Float(index)) }
    }
}
