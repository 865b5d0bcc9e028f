@testable import Generator
@testable import Inventory
import Testing

/// What the twenty-eighth session taught (decision 142): batch 74 on first contact.
@Suite struct ScanTwentyEighthSessionTests: ScanTesting {
    /// DRACOON's `Dracoon.Result<T>` (`value(T)`, `error(DracoonError)`) handed to every REST
    /// call's completion: a result, one outcome. Its `value` case made all 70 of them streams;
    /// beside an end (ReactiveSwift's `Signal.Event`) `value` is still an event.
    @Test func aValueCaseBesideOnlyAFailureIsAResult() throws {
        let text = scan(
            """
            public struct Dracoon {
                public enum Result<T: Sendable>: Sendable {
                    case value(T)
                    case error(DracoonError)
                }
            }
            public enum DracoonError: Error, Sendable { case generic }
            public protocol DracoonServer {
                func getServerVersion(completion: @Sendable @escaping (Dracoon.Result<String>) -> Void)
            }
            public enum Event<Value, Failure: Error> {
                case value(Value)
                case failed(Failure)
                case completed
                case interrupted
            }
            public final class Signal<Value, Failure: Error> {
                public func observe(_ action: @escaping (Event<Value, Failure>) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: one-shot: the cases of 'Dracoon.Result' (.value, .error) report one outcome\n    func getServerVersion"), "\(text)")
        #expect(text.contains("@stream  // 'Event' has '.value', called for each event") || text.contains("// scan: @stream because 'Event' has '.value', called for each event"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func serverVersion() async throws -> String {"), "\(generated)")
    }
}
