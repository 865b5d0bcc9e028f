import Foundation

/// What clang calls `-disable-free`: a process that exits as soon as its output is written can
/// keep its big trees (tokens, syntax, adapter model) until exit instead of freeing them node by
/// node — the operating system takes the memory back at once. For a big input the piecewise
/// freeing was a sixth of the run. Off unless the command line turns it on, so a library user
/// (tests, plugins in-process) never accumulates memory.
public enum ExitTimeRelease {
    private static let state = State()

    /// Called once by the command-line tool before it generates anything (and by a test).
    public static func enable(_ enabled: Bool = true) { state.set(enabled: enabled) }

    /// Keeps `value` alive until the process exits, when enabled; otherwise does nothing (the
    /// value is freed as usual when the caller lets go of it).
    public static func keep(_ value: some Sendable) { state.keep(value) }

    private final class State: @unchecked Sendable {
        // @unchecked: every field is guarded by `lock`.
        private let lock = NSLock()
        private var enabled = false
        private var kept: [any Sendable] = []

        func set(enabled: Bool) {
            lock.withLock { self.enabled = enabled }
        }

        func keep(_ value: some Sendable) {
            lock.withLock {
                if enabled { kept.append(value) }
            }
        }
    }
}
