import Foundation

/// Every step of a device scan, handed to its one closure (like SwiftyBluetooth's
/// `PeripheralScanResult`): `.started`, one `.found` per device, then exactly one `.stopped`,
/// whose error says the scan broke off (the radio went away) rather than ended as asked.
/// Its case names say nothing of an outcome, so only `.stopped`'s optional error tells.
public enum DeviceScanEvent: Sendable, Equatable {
    case started
    case found(device: String, signal: Int?)
    case stopped(devices: [String], error: ScanError?)
}

/// The same scan as found devices and one end (like an SDK's `completed(Error?)`).
public enum ScanStep {
    case next(String)
    case completed(Error?)
}

public enum ScanError: Error, Equatable, Sendable {
    case radioOff
}

/// How a scan ends by itself.
public enum ScanEnding: Sendable {
    /// After its devices, `.stopped` without an error (a timeout, as asked).
    case timeout
    /// After its devices, `.stopped` with this error.
    case failure(ScanError)
    /// Not by itself: the scan goes on until `stopScan()`.
    case never
}

/// A Bluetooth-style scanner (like SwiftyBluetooth's `Central`): one scan at a time, reported
/// through one closure, stopped for whoever started it by `stopScan()`. A new scan replaces the
/// closure of one still running without stopping it, as the real SDK does.
public final class DeviceScanner: @unchecked Sendable {
    // @unchecked: the settings are set before use; everything else is behind `state`.

    /// The devices a scan finds, one every `interval`.
    public var devices: [String] = ["thermometer", "scale", "lock"]
    public var ending: ScanEnding = .timeout
    public var interval: Double = 0.001
    /// Misbehaves: after `.stopped`, the closure gets one more `.found`.
    public var reportsAfterStop = false

    struct State {
        var handler: ((DeviceScanEvent) -> Void)?
        var found: [String] = []
        var generation = 0
        var stops = 0
    }

    private let state = Locked(State())

    public init() {}

    /// `stopScan()` calls so far.
    public var stops: Int { state.withLock { $0.stops } }
    public var isScanning: Bool { state.withLock { $0.handler != nil } }

    /// Starts a scan: `.started` at once, then the devices, then `.stopped` as `ending` says.
    public func scan(completion: @escaping (DeviceScanEvent) -> Void) {
        let generation = state.withLock { state -> Int in
            state.handler = completion
            state.found = []
            state.generation += 1
            return state.generation
        }
        completion(.started)
        report(0, generation)
    }

    /// The same scan, as found devices and one end.
    public func scan(steps: @escaping (ScanStep) -> Void) {
        scan { event in
            switch event {
            case .started: break
            case .found(let device, _): steps(.next(device))
            case .stopped(_, let error): steps(.completed(error))
            }
        }
    }

    /// Stops the current scan, if any: its closure gets `.stopped` without an error.
    public func stopScan() {
        state.withLock { $0.stops += 1 }
        finish(error: nil, generation: nil)
    }

    private func report(_ index: Int, _ generation: Int) {
        FixtureScheduler.shared.async(after: interval) { [self] in
            guard index < devices.count else {
                switch ending {
                case .timeout: finish(error: nil, generation: generation)
                case .failure(let error): finish(error: error, generation: generation)
                case .never: break
                }
                return
            }
            let handler = state.withLock { state -> ((DeviceScanEvent) -> Void)? in
                guard state.generation == generation, let handler = state.handler else { return nil }
                state.found.append(devices[index])
                return handler
            }
            guard let handler else { return }
            handler(.found(device: devices[index], signal: -40 - index))
            report(index + 1, generation)
        }
    }

    /// Ends the scan of `generation` (nil: whichever is current) with `.stopped`.
    private func finish(error: ScanError?, generation: Int?) {
        let ended = state.withLock { state -> (((DeviceScanEvent) -> Void), [String])? in
            guard generation == nil || state.generation == generation, let handler = state.handler else { return nil }
            state.handler = nil
            state.generation += 1
            return (handler, state.found)
        }
        guard let (handler, found) = ended else { return }
        handler(.stopped(devices: found, error: error))
        if reportsAfterStop { handler(.found(device: "late", signal: nil)) }
    }
}
