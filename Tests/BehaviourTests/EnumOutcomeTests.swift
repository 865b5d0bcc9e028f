import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing

/// Adapters whose SDK hands its one closure an enum of its own (the EnumOutcomes golden): the
/// value case, the failure case and the end cases, against an SDK that succeeds and then fails,
/// completes and then finds a value, or ends and then sends more. Serialized: the misuse handler
/// is global.
@Suite(.serialized) struct EnumOutcomeTests {
    /// PromiseKit-style: `.fulfilled` is the value, `.rejected` throws; a rejection after the
    /// value is reported, never a second resume.
    @Test(arguments: [CallbackMode.immediately, .onAnotherThread])
    func aResultEnumGivesTheValueOrThrows(mode: CallbackMode) async throws {
        let library = PhotoLibrary()
        library.mode = mode
        #expect(try await library.pipe(id: "p") == Photo(id: "p"))
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.pipe(id: "p") }
        let log = MisuseLog.install(for: "PhotoLibrary.pipe")
        library.outcome = .both
        #expect(try await library.pipe(id: "p") == Photo(id: "p"))
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// Maybe-style: the value, nil for `.completed`, or the error; a value after `.completed`
    /// is reported.
    @Test func aMaybeEnumIsAnOptionalValue() async throws {
        let library = PhotoLibrary()
        #expect(try await library.lookUp(named: "a") == Photo(id: "a"))
        library.outcome = .nothing
        #expect(try await library.lookUp(named: "a") == nil)
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.lookUp(named: "a") }
        let log = MisuseLog.install(for: "PhotoLibrary.lookUp")
        library.outcome = .both
        #expect(try await library.lookUp(named: "a") == nil)
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// Completable-style: `.completed` is the success, `.error` throws.
    @Test func aCompletableEnumSucceedsWithoutAValue() async throws {
        let library = PhotoLibrary()
        try await library.purge()
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.purge() }
    }

    /// Swift-Kuery-style: the enum itself is the value, whichever case succeeds; the failure
    /// case throws; a failure after the value is reported, never a second resume.
    @Test func anEnumOfSeveralValuesIsTheValueUnlessItFails() async throws {
        let library = PhotoLibrary()
        #expect(try await library.query("q") == .rows(["q"]))
        library.outcome = .nothing
        #expect(try await library.query("q") == .done)
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.query("q") }
        let log = MisuseLog.install(for: "PhotoLibrary.query")
        library.outcome = .both
        #expect(try await library.query("q") == .rows(["q"]))
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// Rx-style and ReactiveSwift-style: the events, then the end; the failure case throws.
    @Test func eventEnumsStreamTheirEventsAndEndOrThrow() async throws {
        let library = PhotoLibrary()
        for stream in [library.observe(), library.watchChanges(), library.observeWithHandle()] {
            var ids: [String] = []
            for try await photo in stream { ids.append(photo.id) }
            #expect(ids == ["a", "b", "c"])
        }
        library.outcome = .failure
        for stream in [library.observe(), library.watchChanges(), library.observeWithHandle()] {
            var ids: [String] = []
            await #expect(throws: PhotoError.notFound) {
                for try await photo in stream { ids.append(photo.id) }
            }
            #expect(ids == ["a"])
        }
    }

    /// `.completed`, then one more `.next` and an `.error`: the stream ended at `.completed`;
    /// the rest is dropped and reported, and the registration is disposed of once.
    @Test func eventsAfterTheEndCaseAreDroppedAndReported() async throws {
        let log = MisuseLog.install(for: "PhotoLibrary.observe")
        let library = PhotoLibrary()
        library.outcome = .both
        var ids: [String] = []
        for try await photo in library.observe() { ids.append(photo.id) }
        #expect(ids == ["a"])
        #expect(await eventually { log.all.map(\.kind) == [.eventAfterFinish, .duplicateCallback] })
        #expect(await eventually { library.subscriptions.first?.disposeCount == 1 })
    }

    /// Swift-Kuery-style command (`commit`): `.done` succeeds, and so do the cases that carry
    /// values, dropped; the failure case throws; a failure after the success is reported.
    @Test func aCommandSucceedsWithItsCaseOfNothingOrAnyOther() async throws {
        let library = PhotoLibrary()
        try await library.run("q")
        library.outcome = .nothing
        try await library.run("q")
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.run("q") }
        let log = MisuseLog.install(for: "PhotoLibrary.run")
        library.outcome = .both
        try await library.run("q")
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// `@stream(results)` on an enum (BlueCap's `FutureStream.onComplete`, a `Try<T>` per
    /// element): every case is an event, the failure and the end too, and the stream goes on
    /// until the consumer stops, which disposes of the registration once.
    @Test func anEnumKeptWholeIsEachEvent() async throws {
        let library = PhotoLibrary()
        library.outcome = .failure
        var seen: [String] = []
        for await event in library.observeEach() {
            switch event {
            case .next(let photo): seen.append(photo.id)
            case .error(let error): seen.append("error \(error)")
            case .completed: seen.append("completed")
            }
            if seen.count == 2 { break }
        }
        #expect(seen == ["a", "error \(PhotoError.notFound)"])
        #expect(await eventually { library.subscriptions.first?.disposeCount == 1 })
    }

    /// `@stream(results) @failure(.error) @finish(.completed)` (WeTransfer's upload `State`):
    /// each case whole, `.completed` the last of them, `.error` thrown; after the end, a late
    /// `.next` and `.error` are dropped and reported, and the registration is disposed of once.
    @Test func aStateMachineStreamsEachStateAndEndsAtItsLast() async throws {
        let library = PhotoLibrary()
        var seen: [String] = []
        for try await event in library.observeStates() {
            switch event {
            case .next(let photo): seen.append(photo.id)
            case .error: seen.append("error")
            case .completed: seen.append("completed")
            }
        }
        #expect(seen == ["a", "b", "c", "completed"])
        library.outcome = .failure
        seen = []
        await #expect(throws: PhotoError.notFound) {
            for try await event in library.observeStates() {
                if case .next(let photo) = event { seen.append(photo.id) }
            }
        }
        #expect(seen == ["a"])
        let log = MisuseLog.install(for: "PhotoLibrary.observeStates")
        let misbehaving = PhotoLibrary()
        misbehaving.outcome = .both
        var count = 0
        for try await _ in misbehaving.observeStates() { count += 1 }
        #expect(count == 2)
        #expect(await eventually { log.all.map(\.kind) == [.eventAfterFinish, .duplicateCallback] })
        #expect(await eventually { misbehaving.subscriptions.first?.disposeCount == 1 })
    }

    /// A consumer that stops listening disposes of the registration once.
    @Test func aConsumerThatStopsDisposesOnce() async throws {
        let library = PhotoLibrary()
        library.outcome = .nothing
        let task = Task {
            for try await _ in library.observe() {}
        }
        #expect(await eventually { library.subscriptions.count == 1 })
        task.cancel()
        _ = await task.result
        #expect(await eventually { library.subscriptions.first?.disposeCount == 1 })
    }

    /// Web3-style: a struct that holds the enum in its one stored property. The one-shot
    /// returns the `.success` value or throws the `.failure`; a failure after the value is
    /// reported, never a second resume.
    @Test(arguments: [CallbackMode.immediately, .onAnotherThread])
    func aStructHoldingTheOutcomeIsReadThroughItsProperty(mode: CallbackMode) async throws {
        let library = PhotoLibrary()
        library.mode = mode
        #expect(try await library.download(id: "d") == Photo(id: "d"))
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await library.download(id: "d") }
        let log = MisuseLog.install(for: "PhotoLibrary.download")
        library.outcome = .both
        #expect(try await library.download(id: "d") == Photo(id: "d"))
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// The stream of such structs: each success is an event, a failure throws and disposes of
    /// the registration once; a consumer that stops after the events disposes of it once too.
    @Test func aStreamOfStructsHoldingOutcomesYieldsAndThrows() async throws {
        let library = PhotoLibrary()
        var ids: [String] = []
        for try await photo in library.watchResponses() {
            ids.append(photo.id)
            if ids.count == 3 { break }
        }
        #expect(ids == ["a", "b", "c"])
        #expect(await eventually { library.subscriptions.first?.disposeCount == 1 })
        library.outcome = .failure
        ids = []
        await #expect(throws: PhotoError.notFound) {
            for try await photo in library.watchResponses() { ids.append(photo.id) }
        }
        #expect(ids == ["a"])
        #expect(await eventually { library.subscriptions.last?.disposeCount == 1 })
    }

    /// An SDK that releases the closure without calling it: an error, not a hang.
    @Test func aDroppedClosureIsAnError() async throws {
        let library = PhotoLibrary()
        library.mode = .dropped
        await #expect(throws: BridgegenError.callbackDropped(adapter: "PhotoLibrary.lookUp(named:)")) {
            try await withWatchdog { try await library.lookUp(named: "a") }
        }
    }
}
