@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// Closures each called for its own kind of event (decision 183): scan names them all events of
/// one stream where the method registers them until a token stops them, or hands each change to
/// its closure until a last one, handed nothing, says they are over; elsewhere it says so.
@Suite struct ScanSeveralEventsTests: ScanTesting {
    /// BTKit's `connect(for:uuid:connected:heartbeat:disconnected:) -> ObservationToken?`. Before,
    /// a one-shot that waited for `disconnected` and kept the other two as parameters.
    @Test func aRegistrationOfSeveralEventClosuresIsAStreamOfTheirEnum() throws {
        let text = scan(
            """
            public final class ObservationToken {
                public func invalidate() {}
            }
            public struct Reading {}
            public final class Sensor {
                @discardableResult
                public func connect<T: AnyObject>(for observer: T, uuid: String, connected: ((T, Bool) -> Void)? = nil, heartbeat: ((T, Reading) -> Void)? = nil, disconnected: ((T, Error?) -> Void)? = nil) -> ObservationToken? { nil }
            }
            """
        ).text
        #expect(text.contains("@stream\n"), "\(text)")
        #expect(text.contains("@event(connected, heartbeat, disconnected)\n"), "\(text)")
        #expect(text.contains("// scan: if 'disconnected' ends the events, take it out of '@event' and write '@finish(disconnected)'"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func connect<T: AnyObject>(for observer: T, uuid: String) -> _Concurrency.AsyncStream<SensorConnectEvent>"), "\(swift)")
        #expect(swift.contains("case disconnected(Error?)"), "\(swift)")
    }

    /// EVCloudKitDao's `fetchChangeNotifications(_:inserted:updated:deleted:completed:)`: each
    /// change to its closure, then `completed()`.
    @Test func changesUntilAnEndHandedNothingAreAStreamThatEnds() throws {
        let text = scan(
            """
            public final class Store {
                public func fetchChanges(_ since: String?, inserted: @escaping (_ id: String, _ item: Int) -> Void, updated: @escaping (_ id: String, _ item: Int) -> Void, deleted: @escaping (_ id: String) -> Void, completed: @escaping () -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@event(inserted, updated, deleted)\n"), "\(text)")
        #expect(text.contains("@finish(completed)\n"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("completed: { events.finish() }"), "\(swift)")
    }

    /// Sendbird's `initialize(applicationId:startHandler:migrationHandler:completionHandler:)`:
    /// hooks handed nothing, and a completion that hands an error. A one-shot, as before, with
    /// what to write if the closures are events after all.
    @Test func hooksBesideACompletionStayAOneShotAndTheStarterSaysTheOtherReading() throws {
        let text = scan(
            """
            public final class App {
                public static func initialize(applicationId: String, startHandler: (() -> Void)? = nil, migrationHandler: (() -> Void)? = nil, completionHandler: @escaping (_ error: Error?) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("    @stream\n"), "\(text)")
        #expect(
            text.contains(
                "if each is called for its own kind of event until 'completionHandler', write '@stream @event(startHandler, migrationHandler) @finish(completionHandler)'"),
            "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("async throws {"), "\(swift)")
    }

    /// Without a token, and without an end handed nothing, nothing says the closures go on.
    @Test func closuresWithoutARegistrationAreNoStream() {
        let text = scan(
            """
            public final class Picker {
                public func pick(selected: @escaping (Int) -> Void, previewed: @escaping (Int) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("@event("), "\(text)")
    }

    /// Courier's `addInboxListener(onLoading:onError:onUnreadCountChanged:…) async ->
    /// CourierInboxListener`: an async registration of several closures. Before, `@context`,
    /// "yours to turn into a stream by hand". The error closure is one more event: the
    /// listener stays registered after it.
    @Test func anAsyncRegistrationOfSeveralEventClosuresIsAStreamOfTheirEnum() throws {
        let text = scan(
            """
            public final class InboxListener { public func remove() {} }
            public struct Feed {}
            public final class Courier {
                @discardableResult public func addInboxListener(
                    onLoading: ((_ isRefresh: Bool) -> Void)? = nil,
                    onError: ((_ error: Error) -> Void)? = nil,
                    onUnreadCountChanged: ((_ unreadCount: Int) -> Void)? = nil,
                    onTotalCountChanged: ((_ totalCount: Int, _ feed: Feed) -> Void)? = nil
                ) async -> InboxListener { InboxListener() }
            }
            """
        ).text
        #expect(text.contains("@cancel(token: remove())\n"), "\(text)")
        #expect(text.contains("@event(onLoading, onError, onUnreadCountChanged, onTotalCountChanged)\n"), "\(text)")
        #expect(text.contains("'onError' is yielded as an event, and the stream goes on"), "\(text)")
        #expect(!text.contains("if 'onTotalCountChanged' ends the events"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("case error(Error)"), "\(swift)")
        #expect(swift.contains("registration.stop { token in token.remove() }"), "\(swift)")
    }

    /// BTKit's `serveUART(_:for:_:request:response:failure:) -> ObservationToken`: one event and
    /// a failure are a pair, not several events: no enum of them.
    @Test func aFailureBesideOneEventIsNoEventOfAnEnum() {
        let text = scan(
            """
            public final class ObservationToken { public func invalidate() {} }
            public final class Scanner {
                @discardableResult
                public func serve<T: AnyObject>(_ observer: T, request: ((T, Int) -> Void)?, failure: ((T, Error) -> Void)?) -> ObservationToken { ObservationToken() }
            }
            """
        ).text
        #expect(!text.contains("@event(request, failure)"), "\(text)")
    }

    /// HotKey's `init(keyCombo:keyDownHandler:keyUpHandler:)`: an object named for a source of
    /// events, with two closures each for its own kind: a factory returns it and one stream of
    /// both (before, only an initializer of one such closure was bridged).
    @Test func anEventSourcesInitializerOfSeveralEventClosuresMakesOneStream() throws {
        let text = scan(
            """
            public struct KeyCombo {}
            public final class HotKey {
                public init(keyCombo: KeyCombo, keyDownHandler: (() -> Void)? = nil, keyUpHandler: (() -> Void)? = nil) {}
            }
            """
        ).text
        #expect(text.contains("@stream\n"), "\(text)")
        #expect(text.contains("@event(keyDownHandler, keyUpHandler)\n"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("static func makeWithEvents(keyCombo: KeyCombo) -> (HotKey, _Concurrency.AsyncStream<HotKeyEvent>)"), "\(swift)")
        #expect(swift.contains("case keyUp\n"), "\(swift)")
    }

    /// Found trying it from outside: an observer's name already said `@stream`, and the last
    /// closure became the elements while the others stayed parameters, without a word; and
    /// `onUpdate` or `onChange`, named for an event, were taken for progress and refused; a
    /// registration's closure handed nothing (`onReset`) was no event; bare `finished` and
    /// `done` were no end.
    @Test func namesThatSayEventsOrEndsDoNotStopTheReading() throws {
        let text = scan(
            """
            public final class Token { public func invalidate() {} }
            public final class Store {
                public func observe(onInsert: @escaping (Int) -> Void, onUpdate: @escaping (String) -> Void, onReset: @escaping () -> Void) -> Token { Token() }
                public func pull(inserted: @escaping (Int) -> Void, changed: @escaping (String) -> Void, done: @escaping () -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@event(onInsert, onUpdate, onReset)\n"), "\(text)")
        #expect(text.components(separatedBy: "    @stream\n").count == 3, "\(text)")
        #expect(text.contains("@event(inserted, changed)\n    // scan: @finish(done)"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("case reset\n"), "\(swift)")
        #expect(swift.contains("func observe() -> _Concurrency.AsyncStream<StoreObserveEvent>"), "\(swift)")
    }

    /// Kinvey's `subscribe(options:subscription:onNext:onStatus:onError:)`: an observer's
    /// `@stream` whose closures' names say the roles (`onNext` the events, `onError` the
    /// failure) is left to them, not read as several events.
    @Test func namedRolesAreNotSeveralEvents() {
        let text = scan(
            """
            public final class Request { public func cancel() {} }
            public enum Status { case connected }
            public final class DataStore<T> {
                public func subscribe(subscription: @escaping () -> Void, onNext: @escaping (T) -> Void, onStatus: @escaping (Status) -> Void, onError: @escaping (Error) -> Void) -> Request { Request() }
            }
            """
        ).text
        #expect(text.contains("    @stream\n"), "\(text)")
        #expect(!text.contains("@event("), "\(text)")
    }

    /// AWSAppSync's `sync<BaseQuery, …>(…, baseQueryResultHandler: OperationResultHandler<BaseQuery>,
    /// …) -> Cancellable`: events of the method's own type parameters, through a generic alias,
    /// cannot be cases of an enum declared once: not read as several events.
    @Test func eventsOfTheMethodsTypeParametersThroughAnAliasAreNotAnEnum() {
        let text = scan(
            """
            public protocol GraphQLQuery { associatedtype Data }
            public struct GraphQLResult<Data> {}
            public typealias OperationResultHandler<Operation: GraphQLQuery> = (_ result: GraphQLResult<Operation.Data>?, _ error: Error?) -> Void
            public final class Cancellable { public func cancel() {} }
            public final class Client {
                public func sync<Base: GraphQLQuery, Delta: GraphQLQuery>(base: Base, baseHandler: @escaping OperationResultHandler<Base>, delta: Delta, deltaHandler: @escaping OperationResultHandler<Delta>) -> Cancellable { Cancellable() }
            }
            """
        ).text
        #expect(!text.contains("@event("), "\(text)")
    }
}
