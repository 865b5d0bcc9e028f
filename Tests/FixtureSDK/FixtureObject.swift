/// Base of the fixture's legacy objects: how to call back and what to report, set per object,
/// and counters a test can check.
open class FixtureObject {
    public var mode: CallbackMode = .immediately
    public var outcome: Outcome = .value
    public private(set) var startCount = 0

    public init() {}

    public func recordStart() {
        startCount += 1
    }

    /// Records a start and calls `body` with the configured outcome, as the mode says.
    public func respond(_ body: @escaping (Outcome) -> Void) {
        recordStart()
        let outcome = self.outcome
        Fixture.deliver(mode) { body(outcome) }
    }
}

extension Outcome {
    /// `(value?, error?)` as an SDK would pass them for this outcome.
    public func pair<T>(_ value: T) -> (T?, (any Error)?) {
        switch self {
        case .value: return (value, nil)
        case .failure: return (nil, FixtureError.failed)
        case .nothing: return (nil, nil)
        case .both: return (value, FixtureError.failed)
        }
    }

    public func result<T>(_ value: T) -> Result<T, any Error> {
        switch self {
        case .value, .nothing: return .success(value)
        case .failure, .both: return .failure(FixtureError.failed)
        }
    }

    public var error: (any Error)? {
        switch self {
        case .value, .nothing: return nil
        case .failure, .both: return FixtureError.failed
        }
    }
}
