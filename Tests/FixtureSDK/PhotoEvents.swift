import Foundation

/// What an Rx-style subscription hands its one closure: an event, the failure, or the end (like
/// RxSwift's `Event<Element>`).
public enum PhotoEvent<Element> {
    case next(Element)
    case error(Error)
    case completed
}

/// An SDK's own one-generic result, from before `Swift.Result` (like PromiseKit's `Result<T>`).
public enum PhotoResult<T> {
    case fulfilled(T)
    case rejected(Error)
}

/// A value, the failure, or done without a value (like RxSwift's `MaybeEvent<Element>`).
public enum MaybePhoto {
    case success(Photo)
    case error(Error)
    case completed
}

/// The failure or done (like RxSwift's `CompletableEvent`).
public enum PurgeEvent {
    case error(Error)
    case completed
}

/// The same photo service, reporting through one closure that gets an enum of the SDK's own.
/// `.both` misbehaves: a one-shot succeeds and then fails; a stream ends, then sends one more
/// event and a failure.
extension PhotoLibrary {
    /// Nested in the type, with two ends (like ReactiveSwift's `Signal.Event`).
    public enum Change {
        case value(Photo)
        case failed(PhotoError)
        case completed
        case interrupted
    }

    public func observe(_ on: @escaping (PhotoEvent<Photo>) -> Void) -> PhotoSubscription {
        emit({ on(.next($0)) }, end: { on(.completed) }, fail: { on(.error($0)) })
    }

    /// The events with the subscription handed back beside them (AppSync's `subscribe(…,
    /// eventHandler: (SubscriptionItemEvent, SubscriptionItem) -> Void) -> SubscriptionItem`).
    public func observeWithHandle(_ on: @escaping (PhotoEvent<Photo>, PhotoSubscription) -> Void) -> PhotoSubscription {
        let handed = Locked<PhotoSubscription?>(nil)
        // The events go out on the scheduler, after this returns; the handle is set before any.
        let gate = DispatchSemaphore(value: 0)
        let subscription = emit(
            { photo in on(.next(photo), Self.waited(for: handed, gate)) },
            end: { on(.completed, Self.waited(for: handed, gate)) },
            fail: { error in on(.error(error), Self.waited(for: handed, gate)) })
        handed.withLock { $0 = subscription }
        gate.signal()
        return subscription
    }

    private static func waited(for handed: Locked<PhotoSubscription?>, _ gate: DispatchSemaphore) -> PhotoSubscription {
        if let subscription = handed.withLock({ $0 }) { return subscription }
        gate.wait()
        gate.signal()
        return handed.withLock { $0 }!
    }

    public func watchChanges(_ action: @escaping (Change) -> Void) -> PhotoSubscription {
        emit({ action(.value($0)) }, end: { action(.interrupted) }, fail: { _ in action(.failed(.notFound)) })
    }

    public func pipe(id: String, to: @escaping (PhotoResult<Photo>) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: to(.fulfilled(Photo(id: id)))
            case .failure: to(.rejected(PhotoError.notFound))
            case .both:
                to(.fulfilled(Photo(id: id)))
                to(.rejected(PhotoError.notFound))
            case .nothing: break
            }
        }
    }

    public func lookUp(named name: String, _ observer: @escaping (MaybePhoto) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: observer(.success(Photo(id: name)))
            case .failure: observer(.error(PhotoError.notFound))
            case .nothing: observer(.completed)
            case .both:
                observer(.completed)
                observer(.success(Photo(id: name)))
            }
        }
    }

    public func purge(_ observer: @escaping (PurgeEvent) -> Void) {
        respond { outcome in
            switch outcome {
            case .value, .nothing: observer(.completed)
            case .failure: observer(.error(PhotoError.notFound))
            case .both:
                observer(.completed)
                observer(.error(PhotoError.notFound))
            }
        }
    }
}

/// A query's answer: rows, a count, nothing, or the failure (like Swift-Kuery's `QueryResult`).
/// Several cases succeed, so the value is the enum itself.
public enum QueryAnswer: Equatable {
    case error(PhotoError)
    case rows([String])
    case count(Int)
    case done
}

extension PhotoLibrary {
    /// `.value`: rows; `.nothing`: done; `.failure`: the error; `.both`: rows, then the error.
    public func query(_ text: String, onCompletion: @escaping (QueryAnswer) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: onCompletion(.rows([text]))
            case .nothing: onCompletion(.done)
            case .failure: onCompletion(.error(.notFound))
            case .both:
                onCompletion(.rows([text]))
                onCompletion(.error(.notFound))
            }
        }
    }
}

/// A response that holds its outcome in one property (like Web3.swift's `Web3Response<Result>`,
/// whose `status` is `.success(Result)` or `.failure(Error)`), with computed views of it.
public struct PhotoResponse<Result> {
    public enum Status<StatusResult> {
        case success(StatusResult)
        case failure(Swift.Error)
    }

    public let status: Status<Result>

    public var result: Result? {
        if case .success(let value) = status { return value }
        return nil
    }

    public init(status: Status<Result>) { self.status = status }
}

extension PhotoLibrary {
    /// `.both`: the photo, then a failure.
    public func download(id: String, response: @escaping (PhotoResponse<Photo>) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: response(.init(status: .success(Photo(id: id))))
            case .failure: response(.init(status: .failure(PhotoError.notFound)))
            case .both:
                response(.init(status: .success(Photo(id: id))))
                response(.init(status: .failure(PhotoError.notFound)))
            case .nothing: break
            }
        }
    }

    /// Each event a response, until a failure response; the end is sent as nothing (the
    /// subscription just falls silent until it is disposed).
    public func watchResponses(onEvent: @escaping (PhotoResponse<Photo>) -> Void) -> PhotoSubscription {
        emit({ onEvent(.init(status: .success($0))) }, end: {}, fail: { onEvent(.init(status: .failure($0))) })
    }
}

/// The SDK's own error class (like Backendless's `Fault: NSError`).
public final class PhotoFault: NSError, @unchecked Sendable {
    public convenience init(message: String) {
        self.init(domain: "PhotoFault", code: 404, userInfo: [NSLocalizedDescriptionKey: message])
    }
}

/// Backendless's shapes: an answer closure and an error closure, both implicitly unwrapped
/// (`responseHandler: ((T) -> Void)!, errorHandler: ((Fault) -> Void)!`).
extension PhotoLibrary {
    /// `.both`: the photo, then a fault.
    public func fetchPhoto(id: String, responseHandler: ((Photo) -> Void)!, errorHandler: ((PhotoFault) -> Void)!) {
        respond { outcome in
            switch outcome {
            case .value: responseHandler(Photo(id: id))
            case .failure: errorHandler(PhotoFault(message: "no \(id)"))
            case .both:
                responseHandler(Photo(id: id))
                errorHandler(PhotoFault(message: "no \(id)"))
            case .nothing: break
            }
        }
    }

    /// A listener: each photo to `responseHandler`, until a fault; stopped with the subscription.
    public func addPhotoListener(responseHandler: ((Photo) -> Void)!, errorHandler: ((PhotoFault) -> Void)!) -> PhotoSubscription? {
        emit({ responseHandler($0) }, end: {}, fail: { _ in errorHandler(PhotoFault(message: "listener")) })
    }

    /// A value closure and an error closure whose names say nothing of their roles (GrowthBook's
    /// `successResult:`/`errorResult:`): their types do.
    public func lookUpPhoto(id: String, got: @escaping (Photo) -> Void, problem: @escaping (Error) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: got(Photo(id: id))
            case .failure: problem(PhotoError.notFound)
            case .both:
                got(Photo(id: id))
                problem(PhotoError.notFound)
            case .nothing: break
            }
        }
    }

    /// A failure told by a text beside other values, and no error (Iterable's `onFailure: (_
    /// reason: String?, _ data: Data?) -> Void`).
    public func tagPhoto(
        id: String, onSuccess: @escaping (_ tags: [String: String]?) -> Void, onFailure: @escaping (_ reason: String?, _ payload: [UInt8]?) -> Void
    ) {
        respond { outcome in
            switch outcome {
            case .value: onSuccess(["id": id])
            case .failure: onFailure("no \(id)", [1])
            case .both:
                onSuccess(["id": id])
                onFailure("late", nil)
            case .nothing: onFailure(nil, nil)
            }
        }
    }

    /// The request it was made for handed back beside the `Result` (Mapbox Directions'
    /// `(Session, Result<RouteResponse, DirectionsError>) -> Void`); and the raw response after it
    /// (Azure's `(Result<T, AzureError>, HTTPResponse?) -> Void`).
    public func searchPhotos(query: String, completion: @escaping (_ query: String, _ result: Result<[Photo], PhotoError>) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: completion(query, .success([Photo(id: query)]))
            case .failure: completion(query, .failure(.notFound))
            case .both:
                completion(query, .success([Photo(id: query)]))
                completion(query, .failure(.notFound))
            case .nothing: break
            }
        }
    }

    public func removePhoto(id: String, completion: @escaping (Result<Void, PhotoError>, _ status: Int?) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: completion(.success(()), 204)
            case .failure, .both: completion(.failure(.notFound), 404)
            case .nothing: completion(.failure(.notFound), nil)
            }
        }
    }

    /// One page after another (SwiftyInsta's paginated calls): `update`, which may be nil, gets
    /// each page and the cursor after it; `completion` every photo, beside the next page's cursor.
    public func pagedPhotos(
        after cursor: PageCursor, update: ((_ page: [Photo], _ nextCursor: PageCursor) -> Void)?,
        completion: @escaping (_ result: Result<[Photo], PhotoError>, _ nextCursor: PageCursor) -> Void
    ) {
        let pages = [[Photo(id: "p\(cursor.page)")], [Photo(id: "p\(cursor.page + 1)")]]
        respond { outcome in
            switch outcome {
            case .value:
                for (offset, page) in pages.enumerated() { update?(page, PageCursor(page: cursor.page + offset + 1)) }
                completion(.success(pages.flatMap { $0 }), PageCursor(page: cursor.page + pages.count))
            case .failure: completion(.failure(.notFound), cursor)
            case .both:
                completion(.success(pages.flatMap { $0 }), PageCursor(page: cursor.page + pages.count))
                completion(.failure(.notFound), cursor)
            case .nothing: break
            }
        }
    }

    /// A failure told by the call alone, no error (WordPressKit's `changeUsername(to:success:failure:
    /// () -> Void)`).
    public func renamePhoto(id: String, to name: String, success: @escaping () -> Void, failure: @escaping () -> Void) {
        respond { outcome in
            switch outcome {
            case .value: success()
            case .failure: failure()
            case .both:
                success()
                failure()
            case .nothing: break
            }
        }
    }

    public func watchRenames(onChange: @escaping (Photo) -> Void, failure: @escaping () -> Void) -> PhotoSubscription {
        emit(onChange, end: {}, fail: { _ in failure() })
    }

    public func watchLibrary(got: @escaping (Photo) -> Void, problem: @escaping (Error) -> Void) -> PhotoSubscription {
        emit(got, end: {}, fail: problem)
    }
}

/// RxSwift's `with object:` variants: every closure gets the caller's object back first (a weak
/// capture made for the caller), which the adapter drops.
extension PhotoLibrary {
    public func subscribe<Object: AnyObject>(
        with object: Object, onNext: ((Object, Photo) -> Void)? = nil, onError: ((Object, Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil
    ) -> PhotoSubscription {
        emit({ onNext?(object, $0) }, end: { onCompleted?(object) }, fail: { onError?(object, $0) })
    }

    public func loadPhoto<Object: AnyObject>(
        id: String, with object: Object, onSuccess: @escaping (Object, Photo) -> Void, onFailure: @escaping (Object, Error) -> Void
    ) {
        loadPhoto(id: id, success: { onSuccess(object, $0) }, failure: { onFailure(object, $0) })
    }
}

/// An `async` method that still takes a per-row closure and returns when the rows are over (like
/// SQLiteNIO's `query(_:_:_ onRow:) async throws`). It checks for cancellation between rows.
/// `.both`: it returns, then calls the closure once more (an SDK bug).
public final class PhotoIndex: Sendable {
    private let state = Locked(
        (outcome: Outcome.value, rows: 0, sawCancellation: false, holdsRows: false, held: CheckedContinuation<Void, Never>?.none))
    let observers = Locked([UUID: @Sendable (Photo) -> Void]())
    let lastObservation = Locked<PhotoObservation?>(nil)
    public init() {}
    public var outcome: Outcome {
        get { state.withLock { $0.outcome } }
        set { state.withLock { $0.outcome = newValue } }
    }
    /// While true, the SDK passes its cancellation check for each row after the first and then
    /// waits before sending it: the window in which a consumer can leave after the check, so
    /// the row arrives with nobody listening. Set to false to let the row go.
    /// (The row waits suspended, not spinning: a pool thread held would starve other tests.)
    public var holdsRows: Bool {
        get { state.withLock { $0.holdsRows } }
        set {
            let held = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.holdsRows = newValue
                guard !newValue else { return nil }
                defer { state.held = nil }
                return state.held
            }
            held?.resume()
        }
    }
    /// Whether the SDK is holding a row it has already checked for cancellation.
    public var isHoldingRow: Bool { state.withLock { $0.held != nil } }
    public var rowsSent: Int { state.withLock { $0.rows } }
    public var sawCancellation: Bool { state.withLock { $0.sawCancellation } }

    public func scan(matching pattern: String, _ onRow: @escaping @Sendable (Photo) -> Void) async throws {
        let outcome = self.outcome
        let ids = outcome == .nothing ? (0..<1000).map { "p\($0)" } : ["a", "b", "c"]
        for (index, id) in ids.enumerated() {
            if Task.isCancelled {
                state.withLock { $0.sawCancellation = true }
                throw CancellationError()
            }
            if outcome == .failure && index == 1 { throw PhotoError.notFound }
            if index > 0 && holdsRows {
                await withCheckedContinuation { (held: CheckedContinuation<Void, Never>) in
                    let goesOn = state.withLock { state -> Bool in
                        guard state.holdsRows else { return true }
                        state.held = held
                        return false
                    }
                    if goesOn { held.resume() }
                }
            }
            state.withLock { $0.rows += 1 }
            onRow(Photo(id: id))
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        if outcome == .both {
            Task.detached {
                try? await Task.sleep(nanoseconds: 5_000_000)
                onRow(Photo(id: "late"))
            }
        }
    }
}

/// A registration an async call returns (like SQLiteNIO's `SQLiteHookToken`); counts its stops.
public final class PhotoObservation: Sendable {
    private let stops = Locked(0)
    let onCancel: @Sendable () -> Void
    init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
    public var cancelCount: Int { stops.withLock { $0 } }
    public func cancel() {
        stops.withLock { $0 += 1 }
        onCancel()
    }
}

extension PhotoIndex {
    /// Registers an observer asynchronously and returns its token (like SQLiteNIO's
    /// `addUpdateObserver(lifetime:_:) async throws`); `send(_:)` calls every observer until its
    /// token is cancelled. `.failure`: the registration throws.
    public func addObserver(_ callback: @escaping @Sendable (Photo) -> Void) async throws -> PhotoObservation {
        try await Task.sleep(nanoseconds: 1_000_000)
        if outcome == .failure { throw PhotoError.notFound }
        let id = UUID()
        observers.withLock { $0[id] = callback }
        let observation = PhotoObservation(onCancel: { [observers] in _ = observers.withLock { $0.removeValue(forKey: id) } })
        lastObservation.withLock { $0 = observation }
        return observation
    }

    public func send(_ ids: [String]) {
        let callbacks = observers.withLock { Array($0.values) }
        for id in ids { for callback in callbacks { callback(Photo(id: id)) } }
    }

    public var observerCount: Int { observers.withLock { $0.count } }
    public var latestObservation: PhotoObservation? { lastObservation.withLock { $0 } }
}

/// Where a paged listing goes on from (SwiftyInsta's `PaginationParameters`).
public struct PageCursor: Hashable, Sendable {
    public var page: Int
    public init(page: Int) { self.page = page }
}
