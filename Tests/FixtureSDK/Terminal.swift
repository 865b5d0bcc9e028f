import Foundation

/// A payment terminal SDK for the test-double goldens. Its one knob, `behavior`, makes it do
/// each thing a fake's script can make a fake do, so a test can run the same script against
/// both and compare what the adapter makes of it.
public final class Terminal: @unchecked Sendable {
    // @unchecked: the knob is set before a call; the counters are behind `state`.
    public enum Behavior: Sendable {
        case value(after: Double)
        case error(after: Double)
        case twice
        case synchronously
        case afterCancellation
        case never
        case releasedUncalled
        case startThrows
    }

    public var behavior: Behavior = .value(after: 0)
    /// The value each kind of call answers with (the second of `twice` adds 1).
    public var amount = 42
    private let state = Locked((cancels: 0, callbacks: 0, starts: 0))

    public init() {}

    public var cancelCount: Int { state.withLock { $0.cancels } }
    public var callbackCount: Int { state.withLock { $0.callbacks } }
    public var startCount: Int { state.withLock { $0.starts } }

    public func charge(amount: Int, completion: @escaping (Int?, Error?) -> Void) throws -> TerminalOperation {
        let value = amount
        state.withLock { $0.starts += 1 }
        func answer(_ result: Int?, _ error: Error?) {
            state.withLock { $0.callbacks += 1 }
            completion(result, error)
        }
        switch behavior {
        case .value(let delay):
            FixtureScheduler.shared.async(after: delay) { answer(value, nil) }
        case .error(let delay):
            FixtureScheduler.shared.async(after: delay) { answer(nil, FixtureError.failed) }
        case .twice:
            FixtureScheduler.shared.async {
                answer(value, nil)
                answer(value + 1, nil)
            }
        case .synchronously:
            answer(value, nil)
        case .afterCancellation:
            return TerminalOperation { [state] in
                state.withLock { $0.cancels += 1 }
                FixtureScheduler.shared.async { answer(value, nil) }
            }
        case .never:
            return TerminalOperation { [state] in
                state.withLock { $0.cancels += 1 }
                _ = completion
            }
        case .releasedUncalled:
            break
        case .startThrows:
            throw FixtureError.startRefused
        }
        return TerminalOperation { [state] in state.withLock { $0.cancels += 1 } }
    }

    /// Prints a receipt. The SDK has no way to cancel printing, so `afterCancellation` and
    /// `never` both mean it never answers (it keeps the handler, as an SDK waiting on a printer
    /// does); every other behaviour is `charge`'s.
    public func printReceipt(id: Int, completion: @escaping (Int?, Error?) -> Void) throws {
        switch behavior {
        case .afterCancellation, .never:
            state.withLock { $0.starts += 1 }
            held.withLock { $0.append(completion) }
        default:
            _ = try charge(amount: id, completion: completion)
        }
    }

    private let held = Locked<[(Int?, Error?) -> Void]>([])

    /// How a status stream ends after its two events, as a fake's script can end it.
    public enum StatusEnding: Sendable {
        /// The SDK says the events are over (`(nil, nil)`; the plain handler is released).
        case finish
        /// The SDK fails (`(nil, error)`); only the throwing stream can say so.
        case failure
        /// Nothing more until stopped; the SDK keeps the handler.
        case open
        /// Says "no more" and then sends one more event anyway (an SDK bug); throwing stream only.
        case moreAfterFinish
    }

    public var statusEnding = StatusEnding.open
    public var statusStops: Int { statusState.withLock { $0.stops } }
    private let statusState = Locked((stops: 0, handlers: [Int: Any](), next: 0))

    /// Status events until stopped.
    public func observeStatus(_ handler: @escaping (String) -> Void) -> TerminalOperation {
        watchStatus { status, _ in if let status { handler(status) } }
    }

    /// Status events, an end or a failure.
    public func watchStatus(_ handler: @escaping (String?, Error?) -> Void) -> TerminalOperation {
        let ending = statusEnding
        let id = statusState.withLock { state -> Int in
            state.next += 1
            state.handlers[state.next] = handler
            return state.next
        }
        FixtureScheduler.shared.async { [statusState] in
            handler("ready", nil)
            handler("busy", nil)
            switch ending {
            case .open: return
            case .finish: handler(nil, nil)
            case .failure: handler(nil, FixtureError.failed)
            case .moreAfterFinish:
                handler(nil, nil)
                handler("late", nil)
            }
            statusState.withLock { _ = $0.handlers.removeValue(forKey: id) }
        }
        return TerminalOperation { [statusState] in
            statusState.withLock { state in
                state.stops += 1
                state.handlers[id] = nil
            }
        }
    }

    public func getSerialNumber(completion: @escaping (String?, Error?) -> Void) {
        completion("T-1000", nil)
    }

    /// Steps in a variadic list, each passed through the caller's transform.
    public func run(_ steps: String..., transform: @escaping (String) -> String, completion: @escaping (String?, Error?) -> Void) {
        completion(steps.map(transform).joined(separator: ";"), nil)
    }
}

public final class TerminalOperation: @unchecked Sendable {
    private let onCancel: Locked<(() -> Void)?>
    init(onCancel: @escaping () -> Void) { self.onCancel = Locked(onCancel) }
    public func cancel() { onCancel.withLock { $0.take() }?() }
}

/// The terminal's card reader reports through a delegate (for the test-double goldens).
public protocol CardReaderDelegate: AnyObject {
    func cardReader(_ reader: CardReader, didRead card: String)
    func cardReader(_ reader: CardReader, didFailWithError error: Error)
}

public final class CardReader: @unchecked Sendable {
    // @unchecked: the delegate is set by the adapter before reading starts.
    public weak var delegate: CardReaderDelegate?
    public init() {}

    public func startReading() {
        FixtureScheduler.shared.async { self.delegate?.cardReader(self, didRead: "4242") }
    }

    public func stopReading() {}
}
