import Foundation

/// A connection a `Archive` lends to a closure, as GRDB lends its `Database`: valid only while
/// the closure runs, on the archive's queue. Deliberately not Sendable; the archive closes it when
/// the closure returns, and counts uses of a closed connection, so a test can see that nothing
/// kept it (an adapter that returned it would let the app use it later).
public final class ArchiveConnection {
    let archive: Archive
    public private(set) var isOpen = true
    init(archive: Archive) { self.archive = archive }

    /// The entries written so far; a use after the lending closure returned is counted.
    public var entries: [String] {
        if !isOpen { archive.recordUseAfterClose() }
        return archive.entries.withLock { $0 }
    }

    public func append(_ entry: String) {
        if !isOpen { return archive.recordUseAfterClose() }
        archive.entries.withLock { $0.append(entry) }
    }

    func close() { isOpen = false }
}

@available(*, unavailable)
extension ArchiveConnection: Sendable {}

/// A store that reports outcomes with its connection beside them (GRDB's `asyncMigrate`,
/// `asyncWrite`, `DatabaseRegionObservation`), misbehaving as its mode and outcome say.
public final class Archive: FixtureObject, @unchecked Sendable {
    // @unchecked: its state is behind locks; mode and outcome are set before use.
    let entries = Locked<[String]>([])
    private let uses = Locked(0)
    private let observers = Locked((next: 0, all: [Int: @Sendable (ArchiveConnection) -> Void]()))

    /// Uses of a connection after the closure it was lent to returned.
    public var usesAfterClose: Int { uses.withLock { $0 } }
    func recordUseAfterClose() { uses.withLock { $0 += 1 } }

    /// Calls `body` with a connection that is closed when it returns.
    private func lend<T>(_ body: (ArchiveConnection) throws -> T) rethrows -> T {
        let connection = ArchiveConnection(archive: self)
        defer { connection.close() }
        return try body(connection)
    }

    /// Migrates, then hands the migrated connection (or the error) to `completion`.
    public func migrate(completion: @escaping @Sendable (Result<ArchiveConnection, any Error>) -> Void) {
        respond { outcome in
            self.lend { connection in
                connection.append("migrated")
                completion(outcome.result(connection))
            }
        }
    }

    /// Runs `updates` in a transaction, then calls `completion` with the connection and the result.
    public func write<T>(
        _ updates: @escaping @Sendable (ArchiveConnection) throws -> T,
        completion: @escaping @Sendable (ArchiveConnection, Result<T, any Error>) -> Void
    ) {
        respond { outcome in
            self.lend { connection in
                let result = Result { try updates(connection) }
                switch (outcome, result) {
                case (.failure, _), (.both, _): completion(connection, .failure(FixtureError.failed))
                default: completion(connection, result)
                }
            }
        }
    }

    /// Calls `onChange` with the connection after each `commit(_:)`, until the observation is
    /// cancelled; `onError` when the outcome is a failure (then nothing more).
    public func observe(
        onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (ArchiveConnection) -> Void
    ) -> ArchiveObservation {
        recordStart()
        let id = observers.withLock { observers -> Int in
            observers.next += 1
            if outcome != .failure { observers.all[observers.next] = onChange }
            return observers.next
        }
        if outcome == .failure { onError(FixtureError.failed) }
        return ArchiveObservation { [weak self] in _ = self?.observers.withLock { $0.all.removeValue(forKey: id) } }
    }

    /// Appends `entry` and tells every observer, each with a connection lent for the call.
    public func commit(_ entry: String) {
        entries.withLock { $0.append(entry) }
        for observer in observers.withLock({ $0.all.sorted { $0.key < $1.key }.map(\.value) }) {
            lend { observer($0) }
        }
    }

    /// Observations still registered.
    public var observerCount: Int { observers.withLock { $0.all.count } }
}

/// Stops a `Archive.observe` registration.
public final class ArchiveObservation: @unchecked Sendable {
    private let stop: () -> Void
    init(stop: @escaping () -> Void) { self.stop = stop }
    public func cancel() { stop() }
}
