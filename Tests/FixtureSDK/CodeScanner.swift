/// A barcode-scanner-style delegate SDK whose start call throws when the hardware is busy.
public protocol CodeScannerDelegate: AnyObject {
    func scanner(_ scanner: CodeScanner, didRead code: String)
    func scanner(_ scanner: CodeScanner, didFailWithError error: Error)
}

/// Holds its delegate strongly; `start()` throws `FixtureError.startRefused` when `refuses` is
/// set (after the delegate was set, as real SDKs do), else reports `codes` on the fixture thread.
public final class CodeScanner: @unchecked Sendable {
    // @unchecked: configured before use; the slot and counters are behind locks.
    public var delegate: CodeScannerDelegate? {
        get { slot.withLock { $0 } }
        set { slot.withLock { $0 = newValue } }
    }
    private let slot = Locked<CodeScannerDelegate?>(nil)
    public var refuses = false
    public var codes = ["A1"]
    private let counts = Locked((starts: 0, stops: 0))
    public var starts: Int { counts.withLock { $0.starts } }
    public var stops: Int { counts.withLock { $0.stops } }

    public init() {}

    public func start() throws {
        counts.withLock { $0.starts += 1 }
        if refuses { throw FixtureError.startRefused }
        let codes = self.codes
        Fixture.scheduler.async { [self] in
            for code in codes { delegate?.scanner(self, didRead: code) }
        }
    }

    public func stop() {
        counts.withLock { $0.stops += 1 }
    }
}
