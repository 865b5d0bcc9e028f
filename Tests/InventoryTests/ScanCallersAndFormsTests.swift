@testable import Inventory
import Testing

/// Who calls a callback API, and whether the SDK already has its async form (decision 79).
@Suite struct ScanCallersAndFormsTests: ScanTesting {
    /// A protocol's async form may stand in a sibling protocol its conformer also adopts
    /// (RevenueCat's `PurchasesType` and `PurchasesSwiftType`): the callback form is left out.
    @Test func anAsyncFormInASiblingProtocolIsTheOneToCall() {
        let text = scan(
            """
            public protocol PurchasesType: AnyObject {
                func offers(forProduct product: String, completion: @escaping ([String]?, Error?) -> Void)
            }
            public protocol PurchasesSwiftType: AnyObject {
                func offers(forProduct product: String) async throws -> [String]
            }
            public final class Purchases: PurchasesType, PurchasesSwiftType {
                public func offers(forProduct product: String, completion: @escaping ([String]?, Error?) -> Void) {}
                public func offers(forProduct product: String) async throws -> [String] { [] }
            }
            """
        ).text
        #expect(!text.contains("    func offers(forProduct product: String, completion"), "\(text)")
        #expect(text.contains("\n// PurchasesType: offers(forProduct:completion:)\n"), "\(text)")
    }

    /// An async method under the name without `get`/`list` and with exactly the other labels
    /// (OctoKit's `reviews(owner:)` beside `listReviews(owner:completion:)`) may be the same
    /// call: asked, not decided. Labels in another order are still the same call's.
    @Test func anAsyncFormUnderAnotherNameIsAQuestion() {
        let text = scan(
            """
            public final class Client {
                public func listReviews(owner: String, completion: @escaping (Result<[String], Error>) -> Void) {}
                public func reviews(owner: String) async throws -> [String] { [] }
                public func pulls(owner: String, page: Int, completion: @escaping (Result<[String], Error>) -> Void) {}
                public func pulls(page: Int, owner: String) async throws -> [String] { [] }
            }
            """
        ).text
        #expect(text.contains("    // scan: the SDK has 'reviews(owner:)' async: if that is this call's async form, mark 'listReviews' '@context'"), "\(text)")
        #expect(text.contains("    public func listReviews(owner: String, completion"), "\(text)")
        #expect(text.contains("    @context  // the SDK's own async form 'pulls(page:owner:)' is the one to call\n"), "\(text)")
    }

    /// A conformer that implements a requirement with a closure that does not escape
    /// (Kingfisher's `Base64ImageDataProvider.data(handler:)`, `any Error` where the protocol
    /// says `Error`) is served by the protocol, not bridged on its own as `@blocking`.
    @Test func aRequirementImplementedWithoutEscapingIsTheProtocols() {
        let text = scan(
            """
            public protocol DataProvider {
                func data(handler: @escaping (Result<Data, Error>) -> Void)
            }
            public struct Base64Provider: DataProvider {
                public func data(handler: (Result<Data, any Error>) -> Void) { handler(.success(Data())) }
            }
            """
        ).text
        #expect(!text.contains("@blocking"), "\(text)")
        #expect(text.contains("\n// Base64Provider → DataProvider: data(handler:)"), "\(text)")
    }

    /// A builder's method whose documentation says it sets a block (Kingfisher's
    /// `redirectHandler(_:) -> Self`) keeps it for a later call: context.
    @Test func aBuilderMethodDocumentedAsSettingABlockIsContext() {
        let text = scan(
            """
            public protocol OptionSetter {}
            extension OptionSetter {
                /// Sets a block to modify the request during redirection.
                public func redirectHandler(_ block: @escaping (String) -> Void) -> Self { self }
                /// Called when the image is ready.
                public func whenReady(_ block: @escaping (String) -> Void) -> Self { self }
            }
            """
        ).text
        #expect(text.contains("@context  // sets a handler of the builder"), "\(text)")
        #expect(text.contains("    public func whenReady(_ block: @escaping (String) -> Void) -> Self\n"), "\(text)")
    }

    /// A protocol the library keeps a value of is asked about even when the module conforms a
    /// type of its own to it (Starscream's `FoundationSecurity: CertificatePinning`), and so is
    /// a requirement whose completion does not escape.
    @Test func aHeldProtocolTheModuleConformsToIsAQuestion() {
        let text = scan(
            """
            public protocol CertificatePinning {
                func evaluateTrust(domain: String?, completion: ((Bool) -> ()))
            }
            public final class FoundationSecurity: CertificatePinning {
                public func evaluateTrust(domain: String?, completion: ((Bool) -> ())) { completion(true) }
            }
            public final class Transport {
                var security: CertificatePinning?
            }
            """
        ).text
        #expect(text.contains("// scan: the library keeps a CertificatePinning in 'Transport.security' and calls 'evaluateTrust' itself"), "\(text)")
    }

    /// A free function whose closure stands under a typealias (SwiftyBluetooth's
    /// `asyncState(completion: @escaping AsyncCentralStateCallback)`) is a callback API too.
    @Test func aFreeFunctionWithAClosureTypealiasIsBridged() {
        let result = scan(
            """
            public typealias StateCallback = (Int) -> Void
            public func asyncState(completion: @escaping StateCallback) {}
            public func scan(timeout: Double,
                             completion: @escaping StateCallback)
            {
            }
            public func plain(_ x: Int) -> Int { x }
            """
        )
        #expect(result.text.contains("\npublic func asyncState(completion: @escaping StateCallback)\n"), "\(result.text)")
        #expect(result.text.contains("\npublic func scan(timeout: Double,"), "\(result.text)")
        #expect(!result.text.contains("plain"), "\(result.text)")
    }

    /// An observer whose one closure is named `completion` and whose undoing call takes an
    /// optional completion of its own (Bluejay's `listen(to:completion:)` and
    /// `endListen(to:completion:)`) is a registration: a stream its undoing call stops, each
    /// call one of the enum's outcomes.
    @Test func anObserverWithAnEndCallIsAStreamOfOutcomes() {
        let text = scan(
            """
            public enum ReadResult<R> {
                case success(R)
                case failure(Error)
            }
            public final class Central {
                public func listen<R>(to characteristic: String, completion: @escaping (ReadResult<R>) -> Void) {}
                public func endListen(to characteristic: String, completion: ((Error?) -> Void)? = nil) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @stream because 'listen' registers a handler, called until it is stopped\n    @stream\n"), "\(text)")
        #expect(text.contains("    @cancel(endListen(to: characteristic))\n"), "\(text)")
        #expect(text.contains("the stream ends at the first failure; if each call is one request's outcome, remove '@stream'"), "\(text)")
    }

    /// A synchronous method that throws and calls back with no value (Bluejay's
    /// `SynchronizedPeripheral.flushListen(to:completion:) throws`) may report its outcome by
    /// the throw: said.
    @Test func aThrowingCallWithAValuelessCallbackIsAQuestion() {
        let text = scan(
            """
            public final class SynchronizedPeripheral {
                public func flushListen(to characteristic: String, completion: @escaping () -> Void) throws {}
                public func read(from characteristic: String, completion: @escaping (Data) -> Void) throws {}
            }
            """
        ).text
        #expect(text.contains("// scan: 'flushListen' throws, and 'completion' gets no value: if it blocks until it is done and throws its failure, mark it '@context'"), "\(text)")
        #expect(!text.contains("'read' throws"), "\(text)")
    }
}
