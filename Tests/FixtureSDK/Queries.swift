import Foundation

public enum QueryError: Error, Equatable, Sendable {
    case invalidType
}

/// A query in the shape of HealthKit's (and HealthKitReporter's): made with its results handler
/// by a factory, it does nothing until a manager executes it.
public final class SampleQuery: @unchecked Sendable {
    // @unchecked: `handler` is set once, at creation; `state` is locked.
    let limit: Int
    /// An observer query (HealthKit's `HKObserverQuery`): it answers on every change until stopped.
    let repeats: Bool
    let handler: (SampleQuery?, [Int], Error?) -> Void
    let state = Locked((executed: false, stopped: false))

    init(limit: Int, repeats: Bool = false, handler: @escaping (SampleQuery?, [Int], Error?) -> Void) {
        self.limit = limit
        self.repeats = repeats
        self.handler = handler
    }
}

/// Makes queries (HealthKitReporter's `HealthKitReader`): each factory throws for a type it
/// does not know, and hands back a query that has not run.
public final class QueryReader: Sendable {
    public init() {}

    /// The first `limit` samples; a negative limit is an invalid type, thrown at once.
    public func samplesQuery(limit: Int, resultsHandler: @escaping (SampleQuery?, [Int], Error?) -> Void) throws -> SampleQuery {
        guard limit >= 0 else { throw QueryError.invalidType }
        return SampleQuery(limit: limit, handler: resultsHandler)
    }

    /// The samples added since, once per change, until the query is stopped.
    public func changesQuery(updateHandler: @escaping (SampleQuery?, Int, Error?) -> Void) throws -> SampleQuery {
        SampleQuery(limit: 0, repeats: true) { query, samples, error in updateHandler(query, samples.first ?? 0, error) }
    }
}

/// Runs and stops queries (HealthKitReporter's `HealthKitManager`, over `HKHealthStore`): a
/// query answers once, `delay` after it is executed, unless it was stopped first; stopping
/// one makes it answer nothing.
public final class QueryManager: @unchecked Sendable {
    // @unchecked: the settings are set before use; the counts are locked.
    public var delay: Double = 0.005
    /// Misbehaves: a query answers twice.
    public var answersTwice = false
    private let counts = Locked((executed: 0, stopped: 0))

    public init() {}

    public var executions: Int { counts.withLock { $0.executed } }
    public var stops: Int { counts.withLock { $0.stopped } }

    public func executeQuery(_ query: SampleQuery) {
        counts.withLock { $0.executed += 1 }
        query.state.withLock { $0.executed = true }
        guard !query.repeats else { return change(1, of: query) }
        FixtureScheduler.shared.async(after: delay) { [answersTwice] in
            guard !query.state.withLock({ $0.stopped }) else { return }
            let samples = Array(1...max(query.limit, 1)).prefix(query.limit)
            query.handler(query, Array(samples), nil)
            if answersTwice { query.handler(query, [], nil) }
        }
    }

    /// An observer query's changes, one every `delay`, until it is stopped.
    private func change(_ count: Int, of query: SampleQuery) {
        FixtureScheduler.shared.async(after: delay) { [self] in
            guard !query.state.withLock({ $0.stopped }) else { return }
            query.handler(query, [count], nil)
            change(count + 1, of: query)
        }
    }

    public func stopQuery(_ query: SampleQuery) {
        counts.withLock { $0.stopped += 1 }
        query.state.withLock { $0.stopped = true }
    }
}

/// Keeps a reader and a manager (HealthKitReporter's `HealthKitReporter`): where an adapter
/// reaches both.
public final class QueryReporter: Sendable {
    public let reader = QueryReader()
    public let manager: QueryManager

    public init(manager: QueryManager = QueryManager()) {
        self.manager = manager
    }
}
