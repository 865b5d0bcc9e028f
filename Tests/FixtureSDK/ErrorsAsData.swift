/// A handler the SDK calls with `try`, generic and `@Sendable`, as some Swift SDKs declare them.
public typealias ThrowingHandler<T> = @Sendable (T) throws -> Void

/// Callbacks SE-0297 reads differently from the usual value-and-error pair: handlers typed
/// `throws`, an error passed as data (non-optional), a failure-only callback, and two optional
/// errors of which one is the call's failure.
public final class Diagnostics: FixtureObject, @unchecked Sendable {
    // @unchecked: configured before use, as every fixture object.
    public func load(completion: @escaping (Result<Int, Error>) throws -> Void) {
        respond { outcome in try? completion(outcome.result(7)) }
    }

    public func count(completion: @escaping ThrowingHandler<Int>) {
        respond { _ in try? completion(3) }
    }

    /// The last error the SDK saw: data, not a failure of this call.
    public func lastError(completion: @escaping (Error) -> Void) {
        respond { _ in completion(FixtureError.startRefused) }
    }

    /// Calls back only to report a failure.
    public func validate(onFailure: @escaping (FixtureError) -> Void) {
        respond { _ in onFailure(.failed) }
    }

    /// A local warning and the call's own error, in that order.
    public func sync(completion: @escaping (Error?, Error?) -> Void) {
        respond { outcome in completion(FixtureError.startRefused, outcome.error) }
    }

    /// An error of a type the caller picks (smoke-http's `completeWithoutResult<ErrorType:
    /// Error>(on: (ErrorType?) -> (), typedErrorProvider:)`): nil on success, else the SDK's
    /// error mapped by `typed`.
    public func check<Failure: Error>(typed: @escaping (Error) -> Failure, completion: @escaping (Failure?) -> Void) {
        respond { outcome in completion(outcome.error.map(typed)) }
    }
}
