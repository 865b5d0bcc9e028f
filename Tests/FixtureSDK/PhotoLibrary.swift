import Foundation

public struct Photo: Sendable, Equatable {
    public var id: String
    public init(id: String) { self.id = id }
}

public enum PhotoError: Error, Equatable, Sendable {
    case notFound
}

/// Combine's shape, in this SDK's own namespace: what a `sink`'s completion closure receives.
public enum Subscribers {
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

/// A registration the SDK keeps until disposed; counts its disposals.
public final class PhotoSubscription: @unchecked Sendable {
    // @unchecked: the counter is behind `state`.
    private let state = Locked(0)
    init() {}
    public var disposeCount: Int { state.withLock { $0 } }
    public func dispose() { state.withLock { $0 += 1 } }
}

/// A photo service in the style of older SDKs that report outcomes through several closures: a
/// success closure and a failure closure, an Rx-style subscription (next, error, completed,
/// disposed), a Combine-style sink (completion, value) and a per-row enumeration that ends with a
/// completion. `outcome` says what it reports; `mode` when and how often, as for every fixture.
/// `.both` misbehaves: a one-shot calls its success closure, then its failure closure; a stream
/// ends, then sends one more event and a failure.
public final class PhotoLibrary: FixtureObject, @unchecked Sendable {
    /// The registrations made, in order: read by tests while the SDK appends on its own thread.
    public var subscriptions: [PhotoSubscription] { registered.withLock { $0 } }
    private let registered = Locked<[PhotoSubscription]>([])

    public override init() {}

    /// WordPressAuthenticator's shape: the failure closure hands the error beside a hint.
    public func requestCode(for id: String, success: @escaping (String) -> Void, failure: @escaping (Error, String?) -> Void) {
        respond { outcome in
            switch outcome {
            case .value, .nothing: success("code \(id)")
            case .failure: failure(PhotoError.notFound, "try later")
            case .both:
                success("code \(id)")
                failure(PhotoError.notFound, nil)
            }
        }
    }

    public func loadPhoto(id: String, success: @escaping (Photo) -> Void, failure: @escaping (Error) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: success(Photo(id: id))
            case .failure: failure(PhotoError.notFound)
            case .both:
                success(Photo(id: id))
                failure(PhotoError.notFound)
            case .nothing: break
            }
        }
    }

    /// `deletePhoto` keeps its closures here and calls neither (this object's own hold, so tests
    /// of other fixtures that use the shared one never see them).
    public var holdsDeletes = false
    private let held = Locked([() -> Void]())
    public var heldDeletes: Int { held.withLock { $0.count } }

    public func deletePhoto(id: String, onSuccess: (() -> Void)? = nil, onFailure: ((Error) -> Void)? = nil) {
        if holdsDeletes {
            recordStart()
            return held.withLock { $0.append { onSuccess?() } }
        }
        respond { outcome in
            switch outcome {
            case .value: onSuccess?()
            case .failure: onFailure?(PhotoError.notFound)
            case .both:
                onFailure?(PhotoError.notFound)
                onSuccess?()
            case .nothing: break
            }
        }
    }

    /// Maybe's shape: a photo, an error, or "completed" without a photo (`.nothing`); `.both`
    /// completes, then finds one anyway.
    public func findPhoto(
        named name: String, onSuccess: @escaping (Photo) -> Void, onError: @escaping (Error) -> Void, onCompleted: @escaping () -> Void
    ) {
        respond { outcome in
            switch outcome {
            case .value: onSuccess(Photo(id: name))
            case .failure: onError(PhotoError.notFound)
            case .nothing: onCompleted()
            case .both:
                onCompleted()
                onSuccess(Photo(id: name))
            }
        }
    }

    /// A picker's done and cancel (McPicker's `show(data:doneHandler:cancelHandler:)`): the user
    /// picks (`.value`), cancels (`.failure`), or taps Done and then the background during the
    /// slide-out (`.both`: done, then cancel).
    public func pickPhoto(from ids: [String], done: @escaping (Photo) -> Void, cancel: (() -> Void)? = nil) {
        respond { outcome in
            switch outcome {
            case .value: done(Photo(id: ids.first ?? ""))
            case .failure: cancel?()
            case .nothing: break
            case .both:
                done(Photo(id: ids.first ?? ""))
                cancel?()
            }
        }
    }

    /// Unlabeled closures, named in no conventional way: `@success` and `@failure` name them.
    public func fetchThumbnail(_ id: String, _ done: @escaping (Photo, Int) -> Void, _ problem: @escaping (PhotoError) -> Void) {
        respond { outcome in
            switch outcome {
            case .value, .both: done(Photo(id: id), 64)
            case .failure: problem(.notFound)
            case .nothing: break
            }
        }
    }

    /// The events, then the end or the failure, on the fixture's thread (`.both`: an event and a
    /// failure after the end).
    func emit(_ send: @escaping (Photo) -> Void, end: @escaping () -> Void, fail: @escaping (Error) -> Void) -> PhotoSubscription {
        recordStart()
        let subscription = PhotoSubscription()
        registered.withLock { $0.append(subscription) }
        let outcome = self.outcome
        Fixture.scheduler.async {
            switch outcome {
            case .value:
                for id in ["a", "b", "c"] { send(Photo(id: id)) }
                end()
            case .failure:
                send(Photo(id: "a"))
                fail(PhotoError.notFound)
            case .both:
                send(Photo(id: "a"))
                end()
                send(Photo(id: "late"))
                fail(PhotoError.notFound)
            case .nothing:
                break
            }
        }
        return subscription
    }

    public func subscribe(
        onNext: ((Photo) -> Void)? = nil, onError: ((Error) -> Void)? = nil, onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> PhotoSubscription {
        emit({ onNext?($0) }, end: { onCompleted?() }, fail: { onError?($0) })
    }

    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Error>) -> Void, receiveValue: @escaping (Photo) -> Void
    ) -> PhotoSubscription {
        emit(receiveValue, end: { receiveCompletion(.finished) }, fail: { receiveCompletion(.failure($0)) })
    }

    /// Rows, then a completion with the error, if any (nil: all rows were delivered).
    public func enumeratePhotos(onRow: @escaping (Photo) -> Void, completion: @escaping (Error?) -> Void) {
        _ = emit(onRow, end: { completion(nil) }, fail: { completion($0) })
    }

    /// SwiftyInsta's paginated calls: each page, then a completion with a `Result` of all of them
    /// beside the next page's cursor.
    public func pagePhotos(updateHandler: @escaping (Photo) -> Void, completionHandler: @escaping (Result<[Photo], Error>, Int) -> Void) {
        _ = emit(updateHandler, end: { completionHandler(.success([]), 2) }, fail: { completionHandler(.failure($0), 1) })
    }
}

/// An SDK object that reports events through callback properties it calls (like `EventSource`'s
/// `onMessage`), and through a registered handler that hands itself back first (like
/// websocket-kit's `onText { ws, text in … }`). `send…` calls what is set now, from the fixture's
/// thread, and counts what was sent while nothing was set.
/// What `PhotoFeed.onSaved` holds.
public typealias SaveHandler = (Result<Photo, Error>) -> Void

public final class PhotoFeed: @unchecked Sendable {
    // @unchecked: the handlers are behind `state`, as an SDK would guard them.
    private let state = Locked(
        (photo: ((Photo) -> Void)?.none, ping: (() -> Void)?.none, label: { (_: PhotoFeed, _: String, _: Int) in }, unheard: 0,
         each: ((PhotoFeed, Photo) -> Void)?.none, chunk: { (_: inout [UInt8]) in }, invalid: ((PhotoFeed, Error?) -> Void)?.none,
         refresh: ((PhotoFeed) -> Void)?.none, saved: ((Result<Photo, Error>) -> Void)?.none, caption: ((String) -> Void)?.none,
         events: FeedEvents(), syncEnd: ((Int, Error?) -> Void)?.none, slowSetters: false, clearings: 0))

    public init() {}

    public var onPhoto: ((Photo) -> Void)? {
        get { state.withLock { $0.photo } }
        set { state.withLock { $0.photo = newValue } }
    }

    public var onPing: (() -> Void)? {
        get { state.withLock { $0.ping } }
        set { state.withLock { $0.ping = newValue } }
    }

    public var onLabel: (PhotoFeed, String, Int) -> Void {
        get { state.withLock { $0.label } }
        set { state.withLock { $0.label = newValue } }
    }

    /// Each photo's bytes, handed `inout` so the handler can read them off (multipart-kit's
    /// `onBody: (inout ByteBuffer) -> ()`).
    public var onChunk: (inout [UInt8]) -> Void {
        get { state.withLock { $0.chunk } }
        set { state.withLock { $0.chunk = newValue } }
    }

    /// Called with the feed itself after each photo is sent (CocoaMQTT's `didPing: (CocoaMQTT)
    /// -> Void`): the event is that it happened.
    public var onRefresh: ((PhotoFeed) -> Void)? {
        get { state.withLock { $0.refresh } }
        set { state.withLock { $0.refresh = newValue } }
    }

    /// Called once, when the feed is invalidated (URLSession's `didBecomeInvalidWithError`, as
    /// Alamofire's `ClosureEventMonitor` hands it on): nil for an explicit invalidation.
    public var onInvalidation: ((PhotoFeed, Error?) -> Void)? {
        get { state.withLock { $0.invalid } }
        set { state.withLock { $0.invalid = newValue } }
    }

    /// Invalidates the feed from the fixture's thread: calls what `onInvalidation` holds then.
    public func invalidate(with error: Error?) {
        Fixture.scheduler.async { [self] in
            let invalid = state.withLock { $0.invalid }
            invalid?(self, error)
        }
    }

    /// Called once when a sync ends (SwiftWebSocket's `end: (code, reason, wasClean, error:
    /// Error?)`): how many photos it synced, and the error that ended it, if one did.
    public var onSyncEnd: ((Int, Error?) -> Void)? {
        get { state.withLock { $0.syncEnd } }
        set {
            // A slow put-back to nil (a property whose `didSet` does work when cleared): a late
            // clearing and a new setting made at nearly the same time land in either order. Only
            // the clearing sleeps, on the runtime's stop thread: a new handler is set from a
            // task, whose pool thread a sleep would hold. The wait cycles through 0 to 2.5 ms: the
            // same waits on every run.
            if newValue == nil, slowSetters {
                let clearing = state.withLock { $0.clearings += 1; return $0.clearings }
                Thread.sleep(forTimeInterval: Double(clearing % 6) * 0.0005)
            }
            state.withLock { $0.syncEnd = newValue }
        }
    }

    /// Whether `onSyncEnd`'s setter, clearing it, takes a varying time under 3 ms before it stores.
    public var slowSetters: Bool {
        get { state.withLock { $0.slowSetters } }
        set { state.withLock { $0.slowSetters = newValue } }
    }

    /// Ends a sync on the fixture's thread: calls what `onSyncEnd` holds then.
    public func endSync(count: Int, error: Error?) {
        Fixture.scheduler.async { [self] in
            let end = state.withLock { $0.syncEnd }
            end?(count, error)
        }
    }

    /// Called once with the outcome of `save(_:failing:)` (PubNub's `HTTPFileDownloadTask
    /// .completionBlock: ((Result<URL, Error>) -> Void)?`).
    public var onSaved: SaveHandler? {
        get { state.withLock { $0.saved } }
        set { state.withLock { $0.saved = newValue } }
    }

    /// Saves a photo on the fixture's thread, then calls what `onSaved` holds with the photo, or
    /// with `error` when one is given.
    public func save(_ id: String, failing error: Error? = nil) {
        Fixture.scheduler.async { [self] in
            let saved = state.withLock { $0.saved }
            saved?(error.map { .failure($0) } ?? .success(Photo(id: id)))
        }
    }

    /// Each photo's caption, in an implicitly unwrapped property (Moscapsule's `MQTTConfig
    /// .onMessageCallback: ((MQTTMessage) -> ())!`), called after each photo is sent.
    public var onCaption: ((String) -> Void)! {
        get { state.withLock { $0.caption } }
        set { state.withLock { $0.caption = newValue } }
    }

    /// Photos sent while no handler was set.
    public var unheard: Int { state.withLock { $0.unheard } }

    /// Slots the feed reads as it sends, kept in a value (Owl's `TableDirector.scrollViewEvents`).
    public var events: FeedEvents {
        get { state.withLock { $0.events } }
        set { state.withLock { $0.events = newValue } }
    }

    public func onEachPhoto(_ handler: @escaping (PhotoFeed, Photo) -> Void) {
        state.withLock { $0.each = handler }
    }

    /// Sends photos, pings and labels to whatever is set now, in order, on the fixture's thread.
    public func send(_ ids: [String]) {
        Fixture.scheduler.async { [self] in
            for id in ids {
                let (photo, ping, label, each, chunk) = state.withLock { ($0.photo, $0.ping, $0.label, $0.each, $0.chunk) }
                if let photo { photo(Photo(id: id)) } else { state.withLock { $0.unheard += 1 } }
                ping?()
                state.withLock { $0.caption }?("caption \(id)")
                label(self, id, id.count)
                each?(self, Photo(id: id))
                var bytes = Array(id.utf8)
                chunk(&bytes)
                state.withLock { $0.refresh }?(self)
                state.withLock { $0.events }.didSend?(Photo(id: id))
            }
            state.withLock { $0.events }.didFinish?(ids.count)
        }
    }
}

/// A value of callback slots (Owl's `ScrollViewEventsHandler`): setting one on a copy reaches
/// nothing; the feed reads the one its `events` property keeps.
public struct FeedEvents {
    /// Each photo sent.
    public var didSend: ((Photo) -> Void)? = nil
    /// After each batch, with how many were sent.
    public var didFinish: ((Int) -> Void)? = nil

    public init() {}
}

/// A future in SwiftNIO's shape: completes once with a `Result`, calls every `whenComplete`
/// closure, including one added after it completed.
public final class PhotoFuture: @unchecked Sendable {
    // @unchecked: everything is behind `state`.
    private let state = Locked(
        (result: Result<Void, Error>?.none, callbacks: [(Result<Void, Error>) -> Void](), onAttach: (() -> Void)?.none))

    init() {}

    public func whenComplete(_ callback: @escaping (Result<Void, Error>) -> Void) {
        let (result, onAttach) = state.withLock { state -> (Result<Void, Error>?, (() -> Void)?) in
            if state.result == nil { state.callbacks.append(callback) }
            defer { state.onAttach = nil }
            return (state.result, state.onAttach)
        }
        if let result { callback(result) }
        onAttach?()
    }

    /// NIO's `whenFailure(_:)`: called only when the future fails; released uncalled when it
    /// succeeds.
    public func whenFailure(_ callback: @escaping (Error) -> Void) {
        whenComplete { result in
            if case .failure(let error) = result { callback(error) }
        }
    }

    /// Runs `body` once something waits on the future (the fixture misbehaves only then, so a
    /// test sees what the adapter does with it, not a race with its attaching).
    func whenAttached(_ body: @escaping () -> Void) {
        state.withLock { $0.onAttach = body }
    }

    func complete(_ result: Result<Void, Error>) {
        let callbacks = state.withLock { state -> [(Result<Void, Error>) -> Void] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.callbacks = [] }
            return state.callbacks
        }
        for callback in callbacks { callback(result) }
    }
}

extension PhotoLibrary {
    /// A row closure per photo; the returned future completes when the rows are over (or
    /// fails). `.both`: a row after the future completed.
    public func queryPhotos(matching pattern: String, onRow: @escaping (Photo) -> Void) -> PhotoFuture {
        recordStart()
        let future = PhotoFuture()
        let outcome = self.outcome
        guard outcome != .both else {
            // A row after the future completed, once the adapter waits on the future.
            future.whenAttached {
                Fixture.scheduler.async {
                    onRow(Photo(id: "a"))
                    future.complete(.success(()))
                    onRow(Photo(id: "late"))
                }
            }
            return future
        }
        Fixture.scheduler.async {
            switch outcome {
            case .value:
                for id in ["a", "b", "c"] { onRow(Photo(id: id)) }
                future.complete(.success(()))
            case .failure:
                onRow(Photo(id: "a"))
                future.complete(.failure(PhotoError.notFound))
            case .both, .nothing:
                break
            }
        }
        return future
    }
}

/// What `PhotoLibrary.connect(to:onUpgrade:)` hands over once connected.
public final class PhotoSocket: Sendable {
    public let url: String
    init(url: String) { self.url = url }
}

extension PhotoLibrary {
    /// websocket-kit's `connect(to:…, onUpgrade:) -> EventLoopFuture<Void>`: `onUpgrade` gets the
    /// socket once connected, then the future succeeds; a failed connection fails the future and
    /// releases `onUpgrade` uncalled. `.both`: the future fails, then `onUpgrade` comes late.
    public func connect(to url: String, onUpgrade: @escaping (PhotoSocket) -> Void) -> PhotoFuture {
        recordStart()
        let future = PhotoFuture()
        let outcome = self.outcome
        // Once the adapter waits on the future: what it does with each order is then what the
        // test sees, not a race with its attaching.
        var onUpgrade: ((PhotoSocket) -> Void)? = onUpgrade
        let box = UncheckedBox(Locked(onUpgrade))
        onUpgrade = nil
        future.whenAttached {
            Fixture.scheduler.async {
                let upgrade = box.value.withLock { $0 }
                switch outcome {
                case .value:
                    upgrade?(PhotoSocket(url: url))
                    future.complete(.success(()))
                case .failure, .nothing:
                    future.complete(.failure(PhotoError.notFound))
                case .both:
                    future.complete(.failure(PhotoError.notFound))
                    upgrade?(PhotoSocket(url: url))
                }
                box.value.withLock { $0 = nil }
            }
        }
        return future
    }
}

extension PhotoLibrary {
    /// Swift-Kuery's shape: the value and the error as one tuple (`(([Photo]?, Error?)) -> Void`);
    /// `.nothing` is the end of the pages (nil, nil).
    public func nextPage(callback: @escaping (([Photo]?, Error?)) -> Void) {
        respond { outcome in
            switch outcome {
            case .value: callback(([Photo(id: "a"), Photo(id: "b")], nil))
            case .failure: callback((nil, PhotoError.notFound))
            case .nothing: callback((nil, nil))
            case .both: callback(([Photo(id: "a")], PhotoError.notFound))
            }
        }
    }
}

/// The errors a `TypedRequest` decodes from a server's answer (TRON's `ErrorSerializable`): a
/// protocol that refines `Error`, so the failure closure's type is named for the model.
public protocol ServerFailure: Error {
    init(message: String)
}

public struct PhotoServerFailure: ServerFailure, Equatable {
    public var message: String
    public init(message: String) { self.message = message }
}

/// A request generic over its model and its error model (TRON's `APIRequest<Model, ErrorModel:
/// ErrorSerializable>`): a success closure and a failure closure of the error model, both
/// optional, and the request returned so that it can be cancelled.
public final class TypedRequest<Model: Sendable, ErrorModel: ServerFailure>: FixtureObject, @unchecked Sendable {
    private let model: Model

    public init(answering model: Model) { self.model = model }

    @discardableResult
    public func perform(withSuccess successBlock: ((Model) -> Void)? = nil, failure failureBlock: ((ErrorModel) -> Void)? = nil)
        -> PhotoSubscription
    {
        let model = self.model
        respond { outcome in
            switch outcome {
            case .value: successBlock?(model)
            case .failure: failureBlock?(ErrorModel(message: "not found"))
            case .both:
                successBlock?(model)
                failureBlock?(ErrorModel(message: "late"))
            case .nothing: break
            }
        }
        return PhotoSubscription()
    }
}
