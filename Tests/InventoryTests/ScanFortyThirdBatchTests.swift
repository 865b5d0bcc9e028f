import Generator
@testable import Inventory
import Testing

/// What batches 43 (smoke-http, CoreBluetoothMock, …) and 44 (XLActionController, HorizonCalendar,
/// …) taught on first contact (decision 123).
@Suite struct ScanFortyThirdBatchTests: ScanTesting {
    /// smoke-http's `executeAsyncWithOutput(…, completion:, asyncResponseInvocationStrategy:)`
    /// and `executeAsyncRetriableWithOutput(…, completion:, retryOnError:)`: their own async
    /// forms drop `Async` from the name, where the completion runs, and keep the predicate.
    @Test func anAsyncFormNamedWithoutAsyncServesTheCallbackMethod() {
        let text = scan(
            """
            public struct Client {
                public func executeWithOutput<Output>(path: String, clientName: String? = nil, input: Int) async throws -> Output { fatalError() }
                public func executeAsyncWithOutput<Output>(path: String, input: Int, completion: @escaping (Result<Output, Error>) -> (), asyncResponseInvocationStrategy: GlobalInvocationStrategy) throws {}
                public func executeRetriable<Output>(path: String, input: Int, retryOnError: @escaping (Error) -> Bool) async throws -> Output { fatalError() }
                public func executeAsyncRetriable<Output>(path: String, input: Int, completion: @escaping (Result<Output, Error>) -> (), retryOnError: @escaping (Error) -> Bool) throws {}
                public func each<Output>(path: String, row: @escaping (Output) -> Void) async throws {}
                public func eachAsync<Output>(path: String, row: @escaping (Output) -> Void, completion: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@context  // the SDK's own async form 'executeWithOutput(path:clientName:input:)' is the one to call\n    public func executeAsyncWithOutput"), "\(text)")
        #expect(text.contains("@context  // the SDK's own async form 'executeRetriable(path:input:retryOnError:)' is the one to call\n    public func executeAsyncRetriable"), "\(text)")
        // An async method that must be handed a per-item closure is no one-shot's form.
        #expect(text.contains("extension Client {\n    public func eachAsync"), "\(text)")
    }

    /// smoke-http's `AsyncResponseInvocationStrategy.invokeResponse(response: OutputType,
    /// completion: (OutputType) -> ())`: handed the very value it calls back with, of its
    /// associated type as of a generic parameter, it may only move it to another thread; said.
    @Test func aMethodHandedTheValueItCallsBackWithSaysSo() {
        let text = scan(
            """
            public protocol InvocationStrategy {
                associatedtype OutputType
                func invokeResponse(response: OutputType, completion: @escaping (OutputType) -> ())
            }
            public class Relay {
                public func relay<Value>(_ value: Value, completion: @escaping (Value) -> Void) {}
                public func resize(_ image: Image, completion: @escaping (Image) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: 'completion' gets back the OutputType 'invokeResponse' is given: if the call only moves it to another queue or thread, mark it '@context'"), "\(text)")
        #expect(text.contains("// scan: 'completion' gets back the Value 'relay' is given"), "\(text)")
        #expect(!text.contains("'resize' is given"), "\(text)")
    }

    /// XLActionController's `onConfigureHeader: ((HeaderView, HeaderData) -> ())?`, run as the
    /// library lays out its views: the caller's code to set up what it is handed, not an event.
    @Test func aPropertyNamedForSettingUpIsContext() {
        let text = scan(
            """
            open class ActionController: UIViewController {
                open var onConfigureHeader: ((HeaderView, String) -> ())?
                open var cellSetup: ((Cell) -> Void)?
                open var onDismiss: (() -> Void)?
            }
            """
        ).text
        #expect(text.contains("@context  // named for setting up what it is handed: your code, which the library runs as it lays out, not an event to listen to\n    open var onConfigureHeader"), "\(text)")
        #expect(text.contains("@context  // named for setting up what it is handed: your code, which the library runs as it lays out, not an event to listen to\n    open var cellSetup"), "\(text)")
        #expect(!text.contains("@context  // named for setting up what it is handed: your code, which the library runs as it lays out, not an event to listen to\n    open var onDismiss"), "\(text)")
    }

    /// smoke-http's `completeWithoutResult<ErrorType: Error>(on: (ErrorType?) -> (), …)`: the
    /// generic error's nil is success, as an `Error?`'s; no hint that nil is a value.
    @Test func aGenericErrorIsNoValue() {
        let text = scan(
            """
            public final class Job {
                public func finish<ErrorType: Error>(on completion: @escaping (ErrorType?) -> (), typed: @escaping (Error) -> ErrorType) {}
            }
            """
        ).text
        #expect(text.contains("public func finish<ErrorType: Error>"), "\(text)")
        #expect(!text.contains("a nil that 'on' gets is returned"), "\(text)")
    }

    /// smoke-http's `OutwardsRequestAggregator.recordOutwardsRequest(…, onCompletion:)`, whose
    /// default implementation is deprecated "Not thread-safe" (it calls a deprecated method): the
    /// requirement is not deprecated, so its adapter is not (found by the outside try, where
    /// every call warned). One deprecated for another API (RequestKit's "Please use `load`
    /// method instead") still is.
    @Test func aDefaultDeprecatedForHowItWorksLeavesTheRequirementAlone() {
        let text = scan(
            """
            public protocol Aggregator {
                func record(_ record: String, onCompletion: @escaping () -> ())
                func load(_ path: String, completion: @escaping (Int) -> Void)
            }
            public extension Aggregator {
                @available(swift, deprecated: 2.0, message: "Not thread-safe")
                func record(_ record: String, onCompletion: @escaping () -> ()) {}
                @available(*, deprecated, message: "Please use `fetch` method instead")
                func load(_ path: String, completion: @escaping (Int) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("Not thread-safe"), "\(text)")
        #expect(text.contains("Please use `fetch` method instead"), "\(text)")
    }
}
