import FixtureSDK
import Foundation
import Synchronization
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing
import TestSupport

/// Adapters whose SDK reports the outcome through several closures (the ClosureRoles golden),
/// against an SDK that calls both closures, fails after succeeding, ends before its last event,
/// sends events after the end, or drops its closures. Serialized: the misuse handler is global.
@Suite(.serialized) struct ClosureRolesTests {
    @Test func aSuccessClosureGivesTheValueAndAFailureClosureThrows() async throws {
        let library = PhotoLibrary()
        #expect(try await library.loadPhoto(id: "p") == Photo(id: "p"))
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.loadPhoto(id: "p") }
        library.outcome = .value
        let (photo, size) = try await library.fetchThumbnail("t")
        #expect(photo == Photo(id: "t") && size == 64)
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.fetchThumbnail("t") }
    }

    /// A failure closure that hands the error beside a hint (WordPressAuthenticator's
    /// `failure: (Error, String?) -> Void`): the error is thrown; a failure after the value is
    /// reported, never resumed.
    @Test func anErrorBesideOtherArgumentsOfAFailureClosureIsThrown() async throws {
        let library = PhotoLibrary()
        #expect(try await library.requestCode(for: "p") == "code p")
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.requestCode(for: "p") }
        let log = MisuseLog.install(for: "PhotoLibrary.requestCode")
        library.outcome = .both
        #expect(try await library.requestCode(for: "p") == "code p")
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// A picker's cancel is the user's: `CancellationError`, not a failure of bridgegen's. Done
    /// and then cancel (a tap on the background during the slide-out) is one outcome and a
    /// duplicate reported.
    @Test func aUsersCancelThrowsCancellationError() async throws {
        let log = MisuseLog.install(for: "PhotoLibrary.pickPhoto")
        let library = PhotoLibrary()
        #expect(try await library.pickPhoto(from: ["p"]) == Photo(id: "p"))
        library.outcome = .failure
        await #expect(throws: CancellationError.self) { try await library.pickPhoto(from: ["p"]) }
        library.outcome = .both
        #expect(try await library.pickPhoto(from: ["p"]) == Photo(id: "p"))
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// A failure closure of a generic error model (TRON's `APIRequest<Model, ErrorModel:
    /// ErrorSerializable>`): its error is thrown as it is, and the request is cancelled with the task.
    @Test func aFailureClosureOfAnErrorModelThrowsIt() async throws {
        let request = TypedRequest<Photo, PhotoServerFailure>(answering: Photo(id: "m"))
        #expect(try await request.perform() == Photo(id: "m"))
        request.outcome = .failure
        await #expect(throws: PhotoServerFailure(message: "not found")) { try await request.perform() }
        let log = MisuseLog.install(for: "TypedRequest.perform")
        request.outcome = .both
        #expect(try await request.perform() == Photo(id: "m"))
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// Maybe's shape: the value, nil when the SDK completes without one, or the error; an SDK
    /// that completes and then finds one anyway gets its late value reported.
    @Test func aCompletionWithoutAValueIsNil() async throws {
        let log = MisuseLog.install(for: "PhotoLibrary.findPhoto")
        let library = PhotoLibrary()
        #expect(try await library.findPhoto(named: "a") == Photo(id: "a"))
        library.outcome = .nothing
        #expect(try await library.findPhoto(named: "a") == nil)
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.findPhoto(named: "a") }
        library.outcome = .both
        #expect(try await library.findPhoto(named: "a") == nil)
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// Both closures called: the first decides, the second is reported, never a second resume.
    @Test(arguments: [CallbackMode.immediately, .onAnotherThread])
    func bothClosuresCalledTheFirstWins(mode: CallbackMode) async throws {
        let log = MisuseLog.install(for: "PhotoLibrary.loadPhoto")
        let library = PhotoLibrary()
        library.mode = mode
        library.outcome = .both
        #expect(try await library.loadPhoto(id: "p") == Photo(id: "p"))
        #expect(await eventually { log.all.count == 1 })
        #expect(log.all.first?.kind == .duplicateCallback)

        // The failure first, then the success: the call throws, the success is reported.
        let deletes = MisuseLog.install(for: "PhotoLibrary.deletePhoto")
        await #expect(throws: PhotoError.notFound) { try await library.deletePhoto(id: "p") }
        #expect(await eventually { deletes.all.count == 1 })
    }

    /// An SDK that releases both closures without calling either: an error, not a hang.
    @Test func droppedClosuresAreAnError() async throws {
        let library = PhotoLibrary()
        library.mode = .dropped
        await #expect(throws: BridgegenError.callbackDropped(adapter: "PhotoLibrary.loadPhoto(id:)")) {
            try await withWatchdog { try await library.loadPhoto(id: "p") }
        }
    }

    @Test func cancellationWhileBothClosuresAreHeld() async throws {
        let log = MisuseLog.install(for: "PhotoLibrary.deletePhoto")
        let library = PhotoLibrary()
        library.holdsDeletes = true
        let task = Task { try await library.deletePhoto(id: "slow") }
        #expect(await eventually { library.heldDeletes > 0 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await withWatchdog { try await task.value } }
        #expect(log.all.isEmpty)
    }

    /// Rx-style and Combine-style streams, and an end closure with a `Result` (SwiftyInsta's
    /// pages): the events, then the end; the failure throws.
    @Test func streamsEndOnTheEndClosureAndThrowOnTheFailure() async throws {
        let library = PhotoLibrary()
        for stream in [library.subscribe(), library.sink(), library.enumeratePhotos(), library.pagePhotos()] {
            var ids: [String] = []
            for try await photo in stream { ids.append(photo.id) }
            #expect(ids == ["a", "b", "c"])
        }
        library.outcome = .failure
        for stream in [library.subscribe(), library.sink(), library.enumeratePhotos(), library.pagePhotos()] {
            var ids: [String] = []
            await #expect(throws: PhotoError.notFound) {
                for try await photo in stream { ids.append(photo.id) }
            }
            #expect(ids == ["a"])
        }
    }

    /// The end, then one more event and a failure: the stream ended with the end; what came
    /// after is dropped and reported, and the registration is disposed of once.
    @Test func eventsAfterTheEndAreDroppedAndReported() async throws {
        let log = MisuseLog.install(for: "PhotoLibrary.subscribe")
        let library = PhotoLibrary()
        library.outcome = .both
        var ids: [String] = []
        for try await photo in library.subscribe() { ids.append(photo.id) }
        #expect(ids == ["a"])
        #expect(await eventually { log.all.count == 2 })
        #expect(log.all.map(\.kind) == [.eventAfterFinish, .duplicateCallback])
        #expect(await eventually { library.subscriptions.first?.disposeCount == 1 })
    }

    /// A consumer that stops listening disposes of the SDK's registration once; `onDisposed`,
    /// a hook and not an outcome, is passed through to the SDK.
    @Test func aConsumerThatStopsDisposesOnce() async throws {
        let library = PhotoLibrary()
        library.outcome = .nothing
        let task = Task {
            for try await _ in library.subscribe(onDisposed: {}) {}
        }
        #expect(await eventually { library.subscriptions.count == 1 })
        task.cancel()
        _ = await task.result
        #expect(await eventually { library.subscriptions.first?.disposeCount == 1 })
    }

    /// A row closure and a returned future (`@finish(returned)`): the rows, then the end when the
    /// future succeeds; its failure fails the stream; a row after it completed is reported.
    @Test func aReturnedFutureEndsTheStream() async throws {
        let library = PhotoLibrary()
        var ids: [String] = []
        for try await photo in library.queryPhotos(matching: "*") { ids.append(photo.id) }
        #expect(ids == ["a", "b", "c"])
        library.outcome = .failure
        ids = []
        await #expect(throws: PhotoError.notFound) {
            for try await photo in library.queryPhotos(matching: "*") { ids.append(photo.id) }
        }
        #expect(ids == ["a"])
        let log = MisuseLog.install(for: "PhotoLibrary.queryPhotos")
        library.outcome = .both
        ids = []
        for try await photo in library.queryPhotos(matching: "*") { ids.append(photo.id) }
        #expect(ids == ["a"])
        #expect(await eventually { log.all.map(\.kind) == [.eventAfterFinish] })
    }

    /// One event beside a returned future (`@failure(returned)`, websocket-kit's `connect`): the
    /// callback's value; the future's failure thrown, not lost to `callbackDropped`; the callback
    /// coming after the failure is reported; a cancelled call throws at once.
    @Test func aReturnedFuturesFailureFailsAOneShot() async throws {
        let library = PhotoLibrary()
        #expect(try await withWatchdog { try await library.connect(to: "ws://a") }.url == "ws://a")
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await withWatchdog { try await library.connect(to: "ws://a") } }
        let log = MisuseLog.install(for: "PhotoLibrary.connect")
        library.outcome = .both
        await #expect(throws: PhotoError.notFound) { try await withWatchdog { try await library.connect(to: "ws://a") } }
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// `with object:`: the caller's object handed back first is dropped from the value; the
    /// events, the end and the failure are as without it.
    @Test func theCallersObjectHandedBackIsNoPartOfTheValue() async throws {
        final class Owner: Sendable {}
        let owner = Owner()
        let library = PhotoLibrary()
        #expect(try await library.loadPhoto(id: "p", with: owner) == Photo(id: "p"))
        var ids: [String] = []
        for try await photo in library.subscribe(with: owner) { ids.append(photo.id) }
        #expect(ids == ["a", "b", "c"])
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.loadPhoto(id: "p", with: owner) }
        await #expect(throws: PhotoError.notFound) {
            for try await _ in library.subscribe(with: owner) {}
        }
    }

    /// A future's failure callback: its failure throws; a success releases the callback
    /// uncalled, which is an error too, never a hang.
    @Test func aFuturesFailureCallbackThrows() async throws {
        let library = PhotoLibrary()
        library.outcome = .failure
        let failing = library.queryPhotos(matching: "*", onRow: { _ in })
        await #expect(throws: PhotoError.notFound) { try await withWatchdog { try await failing.whenFailure() } }
        library.outcome = .value
        let succeeding = library.queryPhotos(matching: "*", onRow: { _ in })
        await #expect(throws: BridgegenError.callbackDropped(adapter: "PhotoFuture.whenFailure()")) {
            try await withWatchdog { try await succeeding.whenFailure() }
        }
    }

    /// An async method with a per-row closure: the rows, then the end when it returns; its error
    /// fails the stream; a consumer that stops cancels the task that runs it; a row after it
    /// returned is reported.
    @Test func anAsyncMethodsReturnEndsTheStream() async throws {
        let index = PhotoIndex()
        var ids: [String] = []
        for try await photo in index.scan(matching: "*") { ids.append(photo.id) }
        #expect(ids == ["a", "b", "c"])
        index.outcome = .failure
        ids = []
        await #expect(throws: PhotoError.notFound) {
            for try await photo in index.scan(matching: "*") { ids.append(photo.id) }
        }
        #expect(ids == ["a"])

        // A consumer that leaves: the task is cancelled, and what the SDK does then is no SDK
        // bug. Its CancellationError is quiet; a row it was already sending when the consumer
        // left (a busy machine can stretch that window) is the one report an app sees:
        // `eventAfterConsumerLeft`, the row nobody read.
        let log = MisuseLog.install(for: "PhotoIndex.scan")
        index.outcome = .nothing  // a thousand rows, unless cancelled
        for try await _ in index.scan(matching: "*") { break }
        #expect(await eventually { index.sawCancellation })
        #expect(index.rowsSent < 1000 + 4)
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(log.all.allSatisfy { $0.kind == .eventAfterConsumerLeft }, "\(log.all)")

        let lateLog = MisuseLog.install(for: "PhotoIndex.scan")
        index.outcome = .both
        ids = []
        for try await photo in index.scan(matching: "*") { ids.append(photo.id) }
        #expect(ids == ["a", "b", "c"])
        #expect(await eventually { lateLog.all.map(\.kind) == [.eventAfterFinish] })
    }

    /// The window that test leaves to chance, held open: the SDK passed its cancellation check,
    /// then the consumer left, then the row came. It is dropped and reported once as an event
    /// after the consumer left (never as an SDK bug), and the SDK stops at its next check.
    @Test func aRowAlreadyOnItsWayWhenTheConsumerLeavesIsReportedOnce() async throws {
        let index = PhotoIndex()
        let log = MisuseLog.install(for: "PhotoIndex.scan")
        index.outcome = .nothing
        index.holdsRows = true
        for try await _ in index.scan(matching: "*") {
            #expect(await eventually { index.isHoldingRow })  // the next row passed its check
            break
        }
        index.holdsRows = false
        #expect(await eventually { index.sawCancellation })
        #expect(await eventually { log.all.map(\.kind) == [.eventAfterConsumerLeft] }, "\(log.all)")
        #expect(index.rowsSent == 2)
    }

    /// An async registration that returns its token: the events until the consumer stops, which
    /// cancels the token once; a registration that throws fails the stream.
    @Test func anAsyncRegistrationStreamsUntilItsTokenIsCancelled() async throws {
        let index = PhotoIndex()
        let consumer = Task {
            var ids: [String] = []
            for try await photo in index.addObserver() {
                ids.append(photo.id)
                if ids.count == 2 { break }
            }
            return ids
        }
        #expect(await eventually { index.observerCount == 1 })
        index.send(["a", "b", "c"])
        #expect(try await consumer.value == ["a", "b"])
        #expect(await eventually { index.latestObservation?.cancelCount == 1 && index.observerCount == 0 })
        index.outcome = .failure
        await #expect(throws: PhotoError.notFound) {
            for try await _ in index.addObserver() {}
        }
    }

    /// Backendless's shape: implicitly unwrapped `responseHandler:` and `errorHandler:` closures,
    /// the error an `NSError` subclass of the SDK's. The one-shot returns or throws the fault,
    /// a fault after the answer is reported; the listener yields until its fault, which it
    /// throws, and its subscription is disposed of once.
    @Test func anAnswerAndAnErrorHandlerImplicitlyUnwrapped() async throws {
        let library = PhotoLibrary()
        #expect(try await library.fetchPhoto(id: "b") == Photo(id: "b"))
        library.outcome = .failure
        await #expect(performing: { try await library.fetchPhoto(id: "b") }, throws: { ($0 as? PhotoFault)?.code == 404 })
        let log = MisuseLog.install(for: "PhotoLibrary.fetchPhoto")
        library.outcome = .both
        #expect(try await library.fetchPhoto(id: "b") == Photo(id: "b"))
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })

        library.outcome = .failure
        var ids: [String] = []
        await #expect(performing: {
            for try await photo in library.addPhotoListener() { ids.append(photo.id) }
        }, throws: { $0 is PhotoFault })
        #expect(ids == ["a"])
        #expect(await eventually { library.subscriptions.last?.disposeCount == 1 })
    }

    /// Closures whose names say nothing of their roles (`got:`, `problem:`): the one that takes
    /// one error is the failure, the other the value, or the events (decision 112). Both
    /// called: the first wins and the second is reported; the stream yields until the failure,
    /// which it throws, and its subscription is disposed of once.
    @Test func aValueAndAnErrorClosureToldApartByTheirTypes() async throws {
        let library = PhotoLibrary()
        #expect(try await library.lookUpPhoto(id: "b") == Photo(id: "b"))
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.lookUpPhoto(id: "b") }
        let log = MisuseLog.install(for: "PhotoLibrary.lookUpPhoto")
        library.outcome = .both
        #expect(try await library.lookUpPhoto(id: "b") == Photo(id: "b"))
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })

        library.outcome = .failure
        var ids: [String] = []
        await #expect(throws: PhotoError.notFound) {
            for try await photo in library.watchLibrary() { ids.append(photo.id) }
        }
        #expect(ids == ["a"])
        #expect(await eventually { library.subscriptions.last?.disposeCount == 1 })
    }

    /// A failure closure told by a text beside other values, no error (Iterable's shape): the
    /// text is thrown as `BridgegenError.failureStatus`, nil as ""; a failure after the success
    /// is reported, not thrown.
    @Test func aFailureToldByATextIsThrownAsItsStatus() async throws {
        let library = PhotoLibrary()
        #expect(try await library.tagPhoto(id: "a") == ["id": "a"])
        library.outcome = .failure
        await #expect(throws: BridgegenError.failureStatus(adapter: "PhotoLibrary.tagPhoto(id:)", status: "no a")) {
            try await library.tagPhoto(id: "a")
        }
        library.outcome = .nothing
        await #expect(throws: BridgegenError.failureStatus(adapter: "PhotoLibrary.tagPhoto(id:)", status: "")) {
            try await library.tagPhoto(id: "a")
        }
        let log = MisuseLog.install(for: "PhotoLibrary.tagPhoto")
        library.outcome = .both
        #expect(try await library.tagPhoto(id: "b") == ["id": "b"])
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// A `Result` beside other values (Mapbox Directions' session, Azure's raw response): the
    /// Result is the outcome, what comes beside it is dropped; a second outcome is reported.
    @Test func aResultBesideOtherValuesIsTheOutcome() async throws {
        let library = PhotoLibrary()
        #expect(try await library.searchPhotos(query: "a") == [Photo(id: "a")])
        try await library.removePhoto(id: "a")
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.searchPhotos(query: "a") }
        await #expect(throws: PhotoError.notFound) { try await library.removePhoto(id: "a") }
        library.outcome = .nothing
        await #expect(throws: PhotoError.notFound) { try await library.removePhoto(id: "a") }
        let log = MisuseLog.install(for: "PhotoLibrary.searchPhotos")
        library.outcome = .both
        #expect(try await library.searchPhotos(query: "b") == [Photo(id: "b")])
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// The next page's cursor beside the Result is returned with its success, and an optional
    /// closure per page beside it is progress, passed through (SwiftyInsta's paginated calls):
    /// every page comes, the call returns once; a failure throws; a second outcome is reported.
    @Test func aCursorBesideTheResultIsReturnedAndThePagesAreProgress() async throws {
        let library = PhotoLibrary()
        let pages = Mutex<[[Photo]]>([])
        let (photos, next) = try await library.pagedPhotos(after: PageCursor(page: 1), update: { page, _ in pages.withLock { $0.append(page) } })
        #expect(photos == [Photo(id: "p1"), Photo(id: "p2")])
        #expect(next == PageCursor(page: 3))
        #expect(pages.withLock { $0 } == [[Photo(id: "p1")], [Photo(id: "p2")]])
        #expect(try await library.pagedPhotos(after: next, update: nil).1 == PageCursor(page: 5))
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.pagedPhotos(after: next, update: nil) }
        let log = MisuseLog.install(for: "PhotoLibrary.pagedPhotos")
        library.outcome = .both
        #expect(try await library.pagedPhotos(after: next, update: nil).0.count == 2)
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// A failure closure that gets nothing (WordPressKit's): the call throws
    /// `BridgegenError.failureFlag`; a failure after the success is reported.
    @Test func aFailureToldByTheCallAloneThrowsTheFlag() async throws {
        let library = PhotoLibrary()
        try await library.renamePhoto(id: "a", to: "b")
        library.outcome = .failure
        await #expect(throws: BridgegenError.failureFlag(adapter: "PhotoLibrary.renamePhoto(id:to:)")) {
            try await library.renamePhoto(id: "a", to: "b")
        }
        let log = MisuseLog.install(for: "PhotoLibrary.renamePhoto")
        library.outcome = .both
        try await library.renamePhoto(id: "a", to: "c")
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })

        // A stream's: the failure ends it with the flag, after the events before it.
        library.outcome = .failure
        var ids: [String] = []
        await #expect(throws: BridgegenError.failureFlag(adapter: "PhotoLibrary.watchRenames()")) {
            for try await photo in library.watchRenames() { ids.append(photo.id) }
        }
        #expect(ids == ["a"])
        #expect(await eventually { library.subscriptions.last?.disposeCount == 1 })
    }
}

