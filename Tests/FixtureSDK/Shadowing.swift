import Foundation

/// A channel whose generic parameters are named like standard types (`Error` here is the
/// channel's failure type), as some SDKs name them. Inside its extensions `Error` means that
/// parameter, so generated code must never say `Error` for `Swift.Error`.
public final class Channel<Element: Sendable, Error: Swift.Error>: @unchecked Sendable {
    // @unchecked: `next` is set before use.
    public var next: Swift.Result<Element, Error>

    public init(next: Swift.Result<Element, Error>) {
        self.next = next
    }

    public func receive(completion: @escaping (Swift.Result<Element, Error>) -> Swift.Void) {
        completion(next)
    }

    public func observe(_ handler: @escaping (Element?, Error?) -> Swift.Void) -> SensorToken {
        let sensor = Sensor()
        if case .success(let value) = next { handler(value, nil) }
        return SensorToken(sensor: sensor, id: 0)
    }
}

/// A workflow generic over parameters named `Value`, `Result`, `Task`, `Never`, `Void` and
/// `Optional`.
public final class Workflow<Value: Sendable, Result, Task, Never, Void, Optional>: @unchecked Sendable {
    // @unchecked: `value` is set before use.
    public var value: Value

    public init(value: Value) {
        self.value = value
    }

    public func run(completion: @escaping (Value?, Swift.Error?) -> Swift.Void) {
        completion(value, nil)
    }

    public func stop(completion: @escaping () -> Swift.Void) -> Foundation.Operation {
        completion()
        return Foundation.BlockOperation {}
    }
}
