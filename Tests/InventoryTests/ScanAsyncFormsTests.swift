@testable import Inventory
import Testing

/// The SDK's own async forms under other names and shapes (decision 97): one to call instead
/// of an adapter, or a question for the reviewer.
@Suite struct ScanAsyncFormsTests: ScanTesting {
    /// ConfigCat's Objective-C forms of a generic async method, one per type
    /// (`getStringValue(for:defaultValue:user:completion:)` of `getValue<Value>(for:defaultValue:
    /// user:) async -> Value`): the generic one is the one to call. Not a method whose type word
    /// is not the type it passes where the generic one takes its parameter.
    @Test func anObjectiveCFormForOneTypeIsTheGenericOnes() {
        let text = scan(
            """
            public final class Client {
                public func getValue<Value>(for key: String, defaultValue: Value, user: User? = nil) async -> Value { defaultValue }
                @objc public func getStringValue(for key: String, defaultValue: String, user: User?, completion: @escaping (String) -> Void) {}
                @objc public func getIntValue(for key: String, defaultValue: String, user: User?, completion: @escaping (String) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    @context  // the SDK's own async form 'getValue(for:defaultValue:user:)' is the one to call\n    @objc public func getStringValue("), "\(text)")
        #expect(!text.contains("@context  // the SDK's own async form 'getValue(for:defaultValue:user:)' is the one to call\n    @objc public func getIntValue("), "\(text)")
    }

    /// ApphudSDK's `fetchSKProducts(maxAttempts:) async -> [SKProduct]` of `fetchProducts(
    /// maxAttempts:_:)`, beside `fetchProducts() async -> [Product]`: one more word in the name,
    /// the same labels, and the callback's value returned.
    @Test func anAsyncFormNamedForItsValueIsTheOneToCall() {
        let text = scan(
            """
            public final class Apphud {
                public static func fetchProducts() async throws -> [Product] { [] }
                public static func fetchSKProducts(maxAttempts: Int = 3) async -> [SKProduct] { [] }
                public static func fetchProducts(maxAttempts: Int = 3, _ callback: @escaping ([SKProduct], Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// Apphud: fetchProducts(maxAttempts:_:) — the SDK's own async form 'fetchSKProducts(maxAttempts:)' is the one to call\n"), "\(text)")
    }

    /// Flagsmith's `getFeatureFlags(forIdentity:) async` cannot pass `getFeatureFlags(forIdentity:
    /// traits:transient:completion:)`'s traits: the callback form is bridged, and the shorter
    /// async form named as a question. A queue the async form leaves out is no argument it lacks.
    @Test func anAsyncFormWithFewerArgumentsIsAQuestion() {
        let text = scan(
            """
            public final class Flagsmith {
                public func getFeatureFlags(forIdentity identity: String? = nil) async throws -> [Flag] { [] }
                public func getFeatureFlags(forIdentity identity: String? = nil, traits: [Trait]? = nil, completion: @escaping (Result<[Flag], Error>) -> Void) {}
                public func reload() async throws {}
                public func reload(queue: DispatchQueue = .main, completion: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("""
                // scan: the SDK has 'getFeatureFlags(forIdentity:)' async: if that is this call's async form, mark 'getFeatureFlags' '@context'
                public func getFeatureFlags(forIdentity identity: String? = nil, traits:
            """), "\(text)")
        #expect(text.contains("@context  // the SDK's own async form 'reload()' is the one to call\n    public func reload(queue:"), "\(text)")
    }

    /// Unleash's `UnleashClient.start(bootstrap:printToConsole:) async`, a subclass's, of
    /// `UnleashClientBase.start(bootstrap:_:completionHandler:)`: objects of the base class lack
    /// it, so the base's method is bridged and the subclass's form named.
    @Test func aSubclassesAsyncFormIsAQuestion() {
        let text = scan(
            """
            public class ClientBase {
                public func start(bootstrap: [String] = [], _ printToConsole: Bool = false, completionHandler: ((Error?) -> Void)? = nil) {}
            }
            public class Client: ClientBase {
                public func start(bootstrap: [String] = [], printToConsole: Bool = false) async throws {}
            }
            """
        ).text
        #expect(text.contains("""
                // scan: the subclass Client has 'start(bootstrap:printToConsole:)' async: if your objects are Clients, call that and mark 'start' '@context'
                public func start(bootstrap:
            """), "\(text)")
    }
}
