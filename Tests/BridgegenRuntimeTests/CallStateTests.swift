@testable import BridgegenRuntime
import Testing

/// Exhaustive check of the pure state machine behind every adapter: every interleaving of the
/// caller's steps with SDK completions (0–2), a drop, a cancellation and a timeout.
@Suite struct CallStateTests {
    typealias State = BridgegenCallState<String, String, Int>

    enum Event: Hashable, CustomStringConvertible {
        case complete(Int), drop, cancel, timeout
        var description: String {
            switch self {
            case .complete(let n): return "complete\(n)"
            case .drop: return "drop"
            case .cancel: return "cancel"
            case .timeout: return "timeout"
            }
        }
    }

    enum Step: Hashable { case caller, event(Event) }

    struct Trace {
        var state: State
        var started = false
        var resumed = 0
        var cancelledTokens: [String] = []
        var misuse: [BridgegenMisuse.Kind] = []
        var result: Result<String, any Error>?
        var takes = 0
        var callerStep = 0
        var suspended = false
        var finished = false
        var startFailed = false
        /// A cancellation arrived while the start call ran, before any other event.
        var cancelledWhileStarting = false
        var answered = false

        init(waitsForSDK: Bool) {
            state = State(waitsForSDKAfterCancel: waitsForSDK)
        }

        mutating func apply(_ effects: State.Effects) {
            if effects.resume {
                resumed += 1
                _ = state.takeWaiter()
            }
            if let token = effects.cancel { cancelledTokens.append(token) }
            if let kind = effects.misuse { misuse.append(kind) }
        }

        /// The caller: beginStart → startReturned → (suspend) → take once resumed.
        mutating func stepCaller() -> Bool {
            switch callerStep {
            case 0:
                callerStep = 1
                if state.beginStart() { started = true } else { finish() }
            case 1:
                callerStep = 2
                let (effects, mustWait) = state.startReturned("token", error: startFailed ? TestError.start : nil)
                apply(effects)
                if !mustWait { finish() }
            case 2:
                callerStep = 3
                apply(state.suspend(1))
                suspended = true
            case 3:
                guard resumed > 0 else { return false }  // still waiting
                finish()
            default:
                return false
            }
            return true
        }

        mutating func finish() {
            callerStep = 4
            finished = true
            result = state.take()
            takes += 1
        }

        mutating func fire(_ event: Event) {
            if event == .cancel && callerStep == 1 && !answered { cancelledWhileStarting = true }
            // Whatever came first (an answer, a drop, the timer) decides instead.
            if event != .cancel { answered = true }
            switch event {
            case .complete(let n): apply(state.decide(.success("value\(n)"), by: .sdk))
            case .drop: apply(state.decide(.failure(TestError.dropped), by: .droppedCallback))
            case .cancel: apply(state.decide(.failure(CancellationError()), by: .cancellation))
            case .timeout: apply(state.decide(.failure(TestError.timeout), by: .timeout))
            }
        }
    }

    enum TestError: Error { case dropped, timeout, start }

    /// Every interleaving of `events` (in their own order) with the caller's steps.
    func interleavings(_ events: [Event]) -> [[Step]] {
        var result: [[Step]] = []
        func go(_ prefix: [Step], callerLeft: Int, events: ArraySlice<Event>) {
            if callerLeft == 0 && events.isEmpty {
                result.append(prefix)
                return
            }
            if callerLeft > 0 { go(prefix + [.caller], callerLeft: callerLeft - 1, events: events) }
            if let first = events.first { go(prefix + [.event(first)], callerLeft: callerLeft, events: events.dropFirst()) }
        }
        go([], callerLeft: 4, events: events[...])
        return result
    }

    static let eventSets: [[Event]] = {
        let pool: [Event] = [.complete(1), .complete(2), .drop, .cancel, .timeout]
        var sets: [[Event]] = []
        func permutations(_ items: [Event]) -> [[Event]] {
            if items.count <= 1 { return [items] }
            return items.indices.flatMap { i -> [[Event]] in
                var rest = items
                let item = rest.remove(at: i)
                return permutations(rest).map { [item] + $0 }
            }
        }
        for mask in 1..<(1 << pool.count) {
            let subset = pool.indices.filter { mask & (1 << $0) != 0 }.map { pool[$0] }
            // complete2 only after complete1; the SDK cannot call a released closure.
            if subset.contains(.complete(2)) && !subset.contains(.complete(1)) { continue }
            for order in permutations(subset) {
                if let c2 = order.firstIndex(of: .complete(2)), let c1 = order.firstIndex(of: .complete(1)), c2 < c1 { continue }
                if let drop = order.firstIndex(of: .drop), order.indices.contains(where: { order[$0] != .drop && $0 > drop && [.complete(1), .complete(2)].contains(order[$0]) }) {
                    continue
                }
                sets.append(order)
            }
        }
        return sets
    }()

    @Test func everyOrderingHasExactlyOneOutcome() {
        var checked = 0
        for (startFails, waitsForSDK) in [(false, false), (true, false), (false, true), (true, true)] {
            for events in Self.eventSets {
                for steps in interleavings(events) {
                    var trace = Trace(waitsForSDK: waitsForSDK)
                    trace.startFailed = startFails
                    var possible = true
                    for step in steps {
                        switch step {
                        case .caller:
                            _ = trace.stepCaller()
                        case .event(let event):
                            // The SDK cannot call back before it was started.
                            if !trace.started && event != .cancel && event != .timeout { possible = false }
                            trace.fire(event)
                        }
                    }
                    if !possible { continue }
                    // Let the caller run to the end if it can.
                    while trace.stepCaller() {}
                    checked += 1
                    let label = "\(steps) startFails=\(startFails) waitsForSDK=\(waitsForSDK)"

                    // Never resumed twice, never taken twice.
                    #expect(trace.resumed <= 1, "\(label)")
                    #expect(trace.takes <= 1, "\(label)")
                    // A suspended caller is woken exactly when an outcome exists. When waiting
                    // for the SDK after a cancel, the cancel alone is no outcome.
                    if trace.suspended {
                        let outcomes: [Event] = waitsForSDK ? [.complete(1), .drop, .timeout] : [.complete(1), .drop, .cancel, .timeout]
                        let anyOutcome = events.contains { outcomes.contains($0) }
                        #expect(trace.resumed == (anyOutcome ? 1 : 0), "\(label)")
                    }
                    // A dropped completion handler always ends the call: nothing could answer.
                    if trace.started && events.contains(.drop) {
                        #expect(trace.finished, "\(label): a dropped handler left the caller waiting")
                    }
                    if trace.finished { #expect(trace.result != nil, "\(label)") }
                    // The token is cancelled at most once, and only by a cancel/timeout that won.
                    #expect(trace.cancelledTokens.count <= 1, "\(label)")
                    // (When waiting for the SDK, its answer to our cancel may well be a success.)
                    if case .success? = trace.result, !waitsForSDK { #expect(trace.cancelledTokens.isEmpty, "\(label)") }
                    // A second SDK callback is always reported, never delivered.
                    if events.contains(.complete(2)) && trace.started {
                        #expect(!trace.misuse.isEmpty, "\(label)")
                    }
                    if case .success(let value)? = trace.result { #expect(value == "value1", "\(label)") }
                    // Cancelled while the start call runs, before the SDK answered: the outcome is
                    // decided then (whatever the SDK does next), and once the start call returns
                    // its token is cancelled exactly once — unless the start call threw.
                    if trace.cancelledWhileStarting && !waitsForSDK {
                        if case .failure(let error)? = trace.result {
                            #expect(error is CancellationError, "\(label): \(error)")
                        } else {
                            Issue.record("\(label): \(String(describing: trace.result))")
                        }
                        #expect(trace.cancelledTokens == (startFails ? [] : ["token"]), "\(label)")
                        #expect(!trace.misuse.contains(.duplicateCallback), "\(label): \(trace.misuse)")
                    }
                    // Cancelled before start: the SDK never starts.
                    if steps.first == .event(.cancel) { #expect(!trace.started, "\(label)") }
                }
            }
        }
        #expect(checked > 10_000)
    }

    @Test func cancellationDuringStartCancelsTheTokenOnceItExists() {
        var state = State()
        let started = state.beginStart()
        #expect(started)
        _ = state.decide(.failure(CancellationError()), by: .cancellation)
        let (effects, mustWait) = state.startReturned("token", error: nil)
        #expect(!mustWait)
        #expect(effects.cancel == "token")
        let result = state.take()
        #expect(throws: CancellationError.self) { try result!.get() }
    }

    @Test func completionInsideStartKeepsNoToken() throws {
        var state = State()
        let started = state.beginStart()
        #expect(started)
        _ = state.decide(.success("early"), by: .sdk)
        let (effects, mustWait) = state.startReturned("token", error: nil)
        #expect(!mustWait && effects.cancel == nil)
        let result = state.take()
        #expect(try result!.get() == "early")
        guard case .delivered = state.phase else {
            Issue.record("expected delivered")
            return
        }
    }

    @Test func cancellationAfterCompletionDoesNothing() {
        var state = State()
        _ = state.beginStart()
        _ = state.startReturned("token", error: nil)
        _ = state.decide(.success("v"), by: .sdk)
        let effects = state.decide(.failure(CancellationError()), by: .cancellation)
        #expect(effects.cancel == nil && !effects.resume && effects.misuse == nil)
    }
}

/// The public surface apps and generated code use, without any generated adapter.
@Suite struct RuntimeSurfaceTests {
    @Test func errorsDescribeThemselvesAndCompareByValue() {
        #expect(BridgegenError.timedOut(adapter: "A.b()", seconds: 0.29993).description == "A.b(): timed out after 0.3 seconds")
        #expect(BridgegenError.noResult(adapter: "A.b()") == .noResult(adapter: "A.b()"))
        #expect(BridgegenError.noResult(adapter: "A.b()") != .callbackDropped(adapter: "A.b()"))
    }

    @Test func reportKindsSayWhetherTheSDKIsAtFault() {
        let bugs = BridgegenMisuse.Kind.allCases.filter(\.isSDKBug)
        #expect(bugs == [.duplicateCallback, .handlerReleasedUncalled, .eventAfterFinish])
    }

    /// An event no consumer saw is printed in debug builds though it is no SDK bug: a purchase
    /// sent just after the app's loop ended must not go unseen. Echoes and a chosen buffer's
    /// drops are not.
    @Test func theDefaultHandlerPrintsSDKBugsAndEventsNoConsumerSaw() {
        let printed = BridgegenMisuse.Kind.allCases.filter(\.isPrintedByDefault)
        #expect(printed == [.duplicateCallback, .eventAfterConsumerLeft, .handlerReleasedUncalled, .eventAfterFinish])
        let report = BridgegenMisuse(adapter: "Store.purchases()", kind: .eventAfterConsumerLeft)
        #expect(report.description == "bridgegen: Store.purchases() sent an event after its consumer had stopped listening; the event was dropped")
    }

    @Test func theVersionIsTheOneGeneratedCodeNames() {
        #expect(BridgegenRuntimeVersion.current == 5)
        let _: BridgegenRuntimeVersion_5.Type = BridgegenRuntimeVersion_5.self
        // Version 1's to 4's files call nothing this runtime lacks: their markers stay.
        let _: BridgegenRuntimeVersion_4.Type = BridgegenRuntimeVersion_4.self
        let _: BridgegenRuntimeVersion_3.Type = BridgegenRuntimeVersion_3.self
        let _: BridgegenRuntimeVersion_2.Type = BridgegenRuntimeVersion_2.self
        let _: BridgegenRuntimeVersion_1.Type = BridgegenRuntimeVersion_1.self
    }

    /// What a handler that asks whether to go on is answered: open until the consumer leaves or
    /// the SDK ends the stream, then closed for good.
    @Test func eventsAreOpenUntilTheStreamEnds() async {
        let handed = BridgegenLocked<BridgegenStreamEvents<Int>?>(nil)
        let stream = BridgegenStream<Int, Swift.Void>.events("Feed.frames()") { events in handed.withLock { $0 = events } }
        var iterator = stream.makeAsyncIterator()
        let events = handed.withLock { $0 }
        #expect(events?.isOpen == true)
        events?.yield(1)
        #expect(await iterator.next() == 1)
        events?.finish()
        #expect(events?.isOpen == false)
        #expect(await iterator.next() == nil)
        let left = BridgegenLocked<BridgegenStreamEvents<Int>?>(nil)
        let task = Task {
            for await _ in BridgegenStream<Int, Swift.Void>.events("Feed.frames()", register: { events in left.withLock { $0 = events } }) {}
        }
        while left.withLock({ $0 == nil }) { await Task.yield() }
        task.cancel()
        _ = await task.value
        #expect(left.withLock { $0?.isOpen } == false)
    }
}
