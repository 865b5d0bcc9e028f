import Foundation

/// A position, as a location SDK reports it.
public struct Coordinate: Sendable, Equatable {
    public let latitude: Double
    public let longitude: Double
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A location-manager-style delegate: one fix, a failure, and a requirement the adapter ignores.
public protocol LocatorDelegate: AnyObject {
    func locator(_ locator: Locator, didFind location: Coordinate)
    func locator(_ locator: Locator, didFailWithError error: Error)
    func locatorDidChangeAuthorization(_ locator: Locator)
}

/// What a fixture delegate SDK does when it is started.
public enum DelegateScript: Sendable {
    /// Reports success (or one event per value for continuous updates).
    case succeed
    /// Reports a failure.
    case fail
    /// Reports success twice, then a failure (an SDK bug).
    case succeedTwiceThenFail
    /// Says nothing until stopped.
    case silent
    /// Reports failure as a status code (only `ProductRequest`; others say nothing).
    case failWithStatus
}

/// Holds its delegate strongly (so an adapter that forgets to clear it leaks it, and the tests
/// see that). `requestLocation()` reports one fix;
/// `startUpdatingLocation()` reports fixes until `stopUpdatingLocation()`.
public final class Locator: @unchecked Sendable {
    // @unchecked: the script is set before use; counters are behind `counts`.
    /// Behind a lock: the fixture reads it from its own thread.
    public var delegate: LocatorDelegate? {
        get { slot.withLock { $0 } }
        set { slot.withLock { $0 = newValue } }
    }
    private let slot = Locked<LocatorDelegate?>(nil)
    public var script: DelegateScript = .succeed
    public var mode: CallbackMode = .onAnotherThread
    /// `stopUpdatingLocation()` reports a failure synchronously before returning.
    public var failsOnStop = false
    /// Fixes sent by `startUpdatingLocation()`.
    public var updates = 3

    private let counts = Locked((starts: 0, stops: 0))
    public var starts: Int { counts.withLock { $0.starts } }
    public var stops: Int { counts.withLock { $0.stops } }

    public init() {}

    public func requestLocation() {
        counts.withLock { $0.starts += 1 }
        let box = WeakRef(self)
        let script = script
        callDelegate(mode) {
            guard let locator = box.value, let delegate = locator.delegate else { return }
            let fix = Coordinate(latitude: 1, longitude: 2)
            switch script {
            case .succeed: delegate.locator(locator, didFind: fix)
            case .fail: delegate.locator(locator, didFailWithError: FixtureError.failed)
            case .succeedTwiceThenFail:
                delegate.locator(locator, didFind: fix)
                delegate.locator(locator, didFind: fix)
                delegate.locator(locator, didFailWithError: FixtureError.failed)
            case .silent, .failWithStatus: break
            }
        }
    }

    public func startUpdatingLocation() {
        counts.withLock { $0.starts += 1 }
        let box = WeakRef(self)
        let (script, updates) = (script, updates)
        callDelegate(mode == .immediately ? .immediately : (mode == .never || mode == .dropped ? .never : .onAnotherThread)) {
            guard let locator = box.value else { return }
            for index in 0..<updates {
                guard script != .silent, let delegate = locator.delegate else { return }
                delegate.locator(locator, didFind: Coordinate(latitude: Double(index), longitude: 0))
            }
            if script == .fail || script == .succeedTwiceThenFail {
                locator.delegate?.locator(locator, didFailWithError: FixtureError.failed)
            }
        }
    }

    public func stopUpdatingLocation() {
        counts.withLock { $0.stops += 1 }
        if failsOnStop { delegate?.locator(self, didFailWithError: FixtureError.cancelledBySDK) }
    }
}

/// An image-picker-style delegate on `NSObjectProtocol`, with a user cancel.
public protocol PickerDelegate: NSObjectProtocol {
    func picker(_ picker: Picker, didPick item: String)
    func pickerDidCancel(_ picker: Picker)
}

/// Holds its delegate strongly (some SDKs do): the adapter must clear it.
public final class Picker: @unchecked Sendable {
    /// Strong, and behind a lock: the fixture reads it from its own thread.
    public var delegate: PickerDelegate? {
        get { slot.withLock { $0 } }
        set { slot.withLock { $0 = newValue } }
    }
    private let slot = Locked<PickerDelegate?>(nil)
    /// The item the user picks, or nil for "cancel".
    public var choice: String? = "photo"
    public var mode: CallbackMode = .onAnotherThread
    private let counts = Locked(0)
    public var presentations: Int { counts.withLock { $0 } }

    public init() {}

    public func present(animated: Bool) {
        counts.withLock { $0 += 1 }
        let box = WeakRef(self)
        let choice = choice
        callDelegate(mode) {
            guard let picker = box.value, let delegate = picker.delegate else { return }
            if let choice { delegate.picker(picker, didPick: choice) } else { delegate.pickerDidCancel(picker) }
        }
    }
}

/// A product-request-style delegate: results, a failure, and a "did finish" the adapter ignores.
public protocol ProductRequestDelegate: AnyObject {
    func productsRequest(_ request: ProductRequest, didReceive products: [String])
    func request(_ request: ProductRequest, didFailWithError error: Error)
    func request(_ request: ProductRequest, didFailWithStatus status: Int)
    func requestDidFinish(_ request: ProductRequest)
}

/// One request object per query, with its own `cancel()`.
public final class ProductRequest: @unchecked Sendable {
    public var delegate: ProductRequestDelegate? {
        get { slot.withLock { $0.value as? ProductRequestDelegate } }
        set { slot.withLock { $0.value = newValue } }
    }
    private let slot = Locked(WeakSlot())
    public var script: DelegateScript = .succeed
    public var mode: CallbackMode = .onAnotherThread
    private let counts = Locked(0)
    public var cancels: Int { counts.withLock { $0 } }
    private let ids: [String]

    public init(ids: [String]) {
        self.ids = ids
    }

    public func start() {
        let box = WeakRef(self)
        let (script, ids) = (script, ids)
        callDelegate(mode) {
            guard let request = box.value, let delegate = request.delegate else { return }
            switch script {
            case .succeed, .succeedTwiceThenFail:
                delegate.productsRequest(request, didReceive: ids)
                delegate.requestDidFinish(request)
            case .fail:
                delegate.request(request, didFailWithError: FixtureError.failed)
            case .failWithStatus:
                delegate.request(request, didFailWithStatus: 42)
            case .silent:
                break
            }
        }
    }

    public func cancel() {
        counts.withLock { $0 += 1 }
    }
}

/// A weak reference, for delegate properties kept behind a lock.
struct WeakSlot {
    weak var value: AnyObject?
}

/// A weak reference the fixture's deferred callbacks hold, so a callback the SDK keeps (or never
/// makes) does not keep the SDK object alive.
final class WeakRef<Value: AnyObject>: @unchecked Sendable {
    weak var value: Value?
    init(_ value: Value) { self.value = value }
}

/// Calls a delegate as `mode` says. A delegate SDK holds no closure, so "never" and "dropped"
/// both mean it simply never calls (and the fixture keeps nothing that other tests could release).
func callDelegate(_ mode: CallbackMode, _ body: @escaping () -> Void) {
    switch mode {
    case .never, .dropped: break
    default: Fixture.deliver(mode, body)
    }
}
