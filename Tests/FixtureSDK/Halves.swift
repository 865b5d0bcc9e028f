/// Halves of one outcome, each set by a call that returns the object for chaining: ALCamera's
/// `ImageFetcher.onSuccess(_:) -> Self` and `onFailure(_:) -> Self`, started by `fetch()`; and
/// Haneke's `Fetch`, whose work is done already, which calls a half at once when it is set.
public final class PhotoFetch: FixtureObject {
    private var succeed: (([Photo]) -> Void)?
    private var fail: ((NSErrorLike) -> Void)?

    public override init() {}

    public func onSuccess(_ success: @escaping ([Photo]) -> Void) -> Self {
        succeed = success
        return self
    }

    public func onFailure(_ failure: @escaping (NSErrorLike) -> Void) -> Self {
        fail = failure
        return self
    }

    /// Nothing is reported before it is called: each half set after is never called.
    public func fetch() -> Self {
        let (succeed, fail) = (self.succeed, self.fail)
        respond { outcome in
            switch outcome {
            case .value: succeed?([Photo(id: "f")])
            case .failure: fail?(NSErrorLike(code: 404))
            case .both:
                succeed?([Photo(id: "f")])
                fail?(NSErrorLike(code: 500))
            case .nothing: break
            }
        }
        return self
    }
}

/// An error class of the SDK's own, as Objective-C SDKs hand `NSError`.
public final class NSErrorLike: Error, @unchecked Sendable {
    public let code: Int
    public init(code: Int) { self.code = code }
}

/// Haneke's `Fetch<T>`: done when it is made; a half set later is called at once if the
/// outcome is its own, so whichever half the outcome is, one of the two is called.
public final class PhotoLookup<T> {
    private let outcome: Outcome
    private let value: T

    public init(value: T, outcome: Outcome) {
        self.value = value
        self.outcome = outcome
    }

    @discardableResult public func onSuccess(_ onSuccess: @escaping (T) -> Void) -> Self {
        if [.value, .both].contains(outcome) { onSuccess(value) }
        return self
    }

    /// A failure without an error is nil (Haneke's `fail(_ error: Error? = nil)`).
    @discardableResult public func onFailure(_ onFailure: @escaping ((any Error)?) -> Void) -> Self {
        switch outcome {
        case .failure, .both: onFailure(FixtureError.failed)
        case .nothing: onFailure(nil)
        case .value: break
        }
        return self
    }
}
