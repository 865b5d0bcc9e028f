/// An SDK's free functions (SwiftyContacts' `fetchContacts(keysToFetch:completionHandler:)`):
/// a completion, and a registration that returns what stops it. `freeFunctionMode` says when and
/// how often they call back; a test that changes it runs serialized.
private let mode = Locked(CallbackMode.immediately)

private let lastWatch = Locked<PhotoSubscription?>(nil)

/// What the last `watchPhotos(_:onPhoto:)` returned: a test checks it was disposed.
public var lastWatchSubscription: PhotoSubscription? { lastWatch.withLock { $0 } }

public var freeFunctionMode: CallbackMode {
    get { mode.withLock { $0 } }
    set { mode.withLock { $0 = newValue } }
}

/// Looks a photo up by its id: the photo, or `PhotoError.notFound` for an empty id.
public func fetchPhoto(id: String, completionHandler: @escaping (Result<Photo, Error>) -> Void) {
    Fixture.deliver(freeFunctionMode) {
        completionHandler(id.isEmpty ? .failure(PhotoError.notFound) : .success(Photo(id: id)))
    }
}

/// Sends each of `ids` to `onPhoto` on the fixture's thread, until the subscription it returns
/// is disposed.
public func watchPhotos(_ ids: [String], onPhoto: @escaping @Sendable (Photo) -> Void) -> PhotoSubscription {
    let subscription = PhotoSubscription()
    lastWatch.withLock { $0 = subscription }
    Fixture.scheduler.async {
        for id in ids where subscription.disposeCount == 0 { onPhoto(Photo(id: id)) }
    }
    return subscription
}
