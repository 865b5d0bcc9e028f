import Foundation

/// How a fixture observer API ends its events.
public enum StreamEnding: Sendable, CaseIterable {
    /// Keeps the handler and sends nothing more until it is stopped.
    case open
    /// Says "no more" after the scripted events.
    case finish
    /// Fails after the scripted events.
    case fail
    /// Fails twice (an SDK bug), then sends one more event.
    case failTwiceThenSend
    /// Releases the handler without saying anything.
    case dropHandler
}

/// Where a fixture observer API delivers its events.
public enum StreamDelivery: Sendable, CaseIterable {
    /// All of them inside the register call, before it returns its token.
    case insideRegister
    /// From the fixture's own thread, one job per event.
    case onAnotherThread
}

/// A legacy observer API: register a handler, get a token, the handler is called many times
/// until the token is cancelled. Every behaviour a stream adapter must survive can be scripted.
public final class Sensor: @unchecked Sendable {
    // @unchecked: the script is set before use; counters and handlers are behind `state`.
    public var events: [Int] = [1, 2, 3]
    public var ending: StreamEnding = .finish
    public var delivery: StreamDelivery = .onAnotherThread
    /// `stop` sends one more event synchronously before it returns (an SDK that flushes).
    public var sendsOnStop = false
    /// Seconds between events sent from the fixture thread.
    public var interval: Double = 0
    /// Seconds the register call takes between its events and its end (`.insideRegister`), as a
    /// slow SDK's does; `registerCallsReturned` counts the calls that have returned.
    public var registerDelay: Double = 0
    /// Seconds the register call takes after its end (`.insideRegister`).
    ///
    /// Both delays block the calling thread on purpose: a legacy SDK's register call is
    /// synchronous, and the race tests need a consumer to join while it is still running. Only
    /// SharedStreamRaceTests sets them (0.3 s, once per case); every other test leaves them 0.
    public var registerDelayAfterEnd: Double = 0

    struct State {
        var refusesListeners = false
        var registrations = 0
        var registerCallsReturned = 0
        /// A register call started while another was still running (a device-wide SDK would
        /// have switched its own new start off).
        var overlappingRegisterCalls = 0
        var stops = 0
        var handlers: [Int: (Int?, (any Error)?) -> Void] = [:]
        var nextID = 1
        var tickIDs: [Int] = []
    }

    private let state = Locked(State())
    private let lastTokenBox = Locked<WeakToken>(WeakToken())

    struct WeakToken {
        weak var token: SensorToken?
    }

    public init() {}

    /// The token of the latest registration while anything keeps it alive.
    public var lastToken: SensorToken? { lastTokenBox.withLock { $0.token } }

    private func issue(_ id: Int) -> SensorToken {
        let token = SensorToken(sensor: self, id: id)
        lastTokenBox.withLock { $0.token = token }
        return token
    }

    /// How many times an adapter registered, and stopped.
    public var registrations: Int { state.withLock { $0.registrations } }
    public var registerCallsReturned: Int { state.withLock { $0.registerCallsReturned } }
    public var overlappingRegisterCalls: Int { state.withLock { $0.overlappingRegisterCalls } }
    public var stops: Int { state.withLock { $0.stops } }
    /// Handlers the SDK still holds.
    public var activeHandlers: Int { state.withLock { $0.handlers.count } }

    /// Events only: `(Int) -> Void`; the token's `cancel()` stops them.
    public func observe(_ handler: @escaping (Int) -> Void) -> SensorToken {
        let id = register { value, _ in if let value { handler(value) } }
        return issue(id)
    }

    /// Events until the observation is invalidated, behind an opaque token (Defaults'
    /// `observe(_:options:handler:) -> some Observation`).
    public func observeOpaquely(_ handler: @escaping (Int) -> Void) -> some SensorObservation {
        let id = register { value, _ in if let value { handler(value) } }
        return issue(id)
    }

    /// Events to a handler typed `throws` (the SDK calls it with `try` and ignores what it throws).
    public func observeStrictly(_ handler: @escaping (Int) throws -> Void) -> SensorToken {
        let id = register { value, _ in if let value { try? handler(value) } }
        return issue(id)
    }

    /// Events or a failure: `(value?, error?)`, both nil meaning the end.
    public func observeReadings(_ handler: @escaping (Int?, Error?) -> Void) -> SensorToken {
        let id = register(handler)
        return issue(id)
    }

    /// Non-Sendable events: each reading as a `Receipt` object.
    public func watchReceipts(_ handler: @escaping (Receipt) -> Void) -> SensorToken {
        let id = register { value, _ in if let value { handler(Receipt(id: "r\(value)")) } }
        return issue(id)
    }

    /// Events without a value; the receiver's `stopTicks()` stops all of them.
    public func ticks(every seconds: Double, _ handler: @escaping () -> Void) {
        let id = register { value, _ in if value != nil { handler() } }
        state.withLock { $0.tickIDs.append(id) }
    }

    public func stopTicks() {
        for id in state.withLock({ state -> [Int] in
            defer { state.tickIDs = [] }
            return state.tickIDs
        }) {
            stop(id)
        }
    }

    /// A `Result` handler with an id-based removal: `removeObserver(_:)`.
    public func addObserver(handler: @escaping (Result<Int, Error>) -> Void) -> Int {
        register { value, error in
            if let error {
                handler(.failure(error))
            } else if let value {
                handler(.success(value))
            }
        }
    }

    public func removeObserver(_ id: Int) {
        stop(id)
    }

    /// Refuses a listener (nil, nothing registered) while `refusesListeners` is set, as
    /// Optimizely's `addActivateNotificationListener(activateListener:) -> Int?` does for a
    /// listener of the wrong type; `removeListener(notificationId:)` takes an id back.
    public func addReadingListener(readingListener: @escaping (Int) -> Void) -> Int? {
        if refusesListeners { return nil }
        return register { value, _ in if let value { readingListener(value) } }
    }

    public func removeListener(notificationId: Int) {
        stop(notificationId)
    }

    public var refusesListeners: Bool {
        get { state.withLock { $0.refusesListeners } }
        set { state.withLock { $0.refusesListeners = newValue } }
    }

    func register(_ handler: @escaping (Int?, (any Error)?) -> Void) -> Int {
        let id = state.withLock { state -> Int in
            if state.registrations > state.registerCallsReturned { state.overlappingRegisterCalls += 1 }
            state.registrations += 1
            defer { state.nextID += 1 }
            state.handlers[state.nextID] = handler
            return state.nextID
        }
        let script = (events, ending)
        switch delivery {
        case .insideRegister:
            run(script, id: id, pause: registerDelay)
            if registerDelayAfterEnd > 0 { Thread.sleep(forTimeInterval: registerDelayAfterEnd) }
        case .onAnotherThread:
            let box = UncheckedBox(self)
            Fixture.scheduler.async(after: interval) { box.value.run(script, id: id) }
        }
        state.withLock { $0.registerCallsReturned += 1 }
        return id
    }

    /// Sends the scripted events to handler `id` (while the SDK still holds it), then ends.
    private func run(_ script: ([Int], StreamEnding), id: Int, pause: Double = 0) {
        for value in script.0 { send(id, value, nil) }
        if pause > 0 { Thread.sleep(forTimeInterval: pause) }
        switch script.1 {
        case .open:
            break
        case .finish:
            send(id, nil, nil)
        case .fail:
            send(id, nil, FixtureError.failed)
        case .failTwiceThenSend:
            // A real SDK bug: it keeps calling a handler it considers failed.
            let handler = state.withLock { $0.handlers[id] }
            handler?(nil, FixtureError.failed)
            handler?(nil, FixtureError.failed)
            handler?(99, nil)
        case .dropHandler:
            _ = state.withLock { $0.handlers.removeValue(forKey: id) }
        }
    }

    private func send(_ id: Int, _ value: Int?, _ error: (any Error)?) {
        guard let handler = state.withLock({ $0.handlers[id] }) else { return }
        handler(value, error)
    }

    func stop(_ id: Int) {
        let handler = state.withLock { state -> ((Int?, (any Error)?) -> Void)? in
            state.stops += 1
            return state.handlers.removeValue(forKey: id)
        }
        if sendsOnStop { handler?(42, nil) }
    }
}

/// The token an observer registration returns; `cancel()` unregisters.
/// What stops an observation, behind an opaque type.
public protocol SensorObservation: AnyObject {
    func invalidate()
}

extension SensorToken: SensorObservation {
    public func invalidate() { cancel() }
}

public final class SensorToken {
    let sensor: Sensor
    let id: Int

    init(sensor: Sensor, id: Int) {
        self.sensor = sensor
        self.id = id
    }

    public func cancel() {
        sensor.stop(id)
    }
}
