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

    /// Status events until stopped.
    public func observeStatus(_ handler: @escaping (String) -> Void) -> TerminalOperation {
        FixtureScheduler.shared.async {
            handler("ready")
            handler("busy")
        }
        return TerminalOperation {}
    }

    public func getSerialNumber(completion: @escaping (String?, Error?) -> Void) {
        completion("T-1000", nil)
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
