import Generator
@testable import Inventory
import Testing

/// Batch 29's readings (decision 113): a route handler handed another module's closure, a
/// success flag beside the error, a builder's handler.
@Suite struct ScanTwentyNinthBatchTests: ScanTesting {
    /// Kitura's `Router.get(_:handler:)`, whose handler is handed `@escaping
    /// CodableResultClosure<O>` (a KituraContracts typealias): `@escaping` says it is a function,
    /// so the handler is a step the router drives, no callback. A closure handed a plain value is.
    @Test func aClosureHandedAnEscapingFunctionIsNoCallback() {
        let result = scan(
            """
            public final class Router {
                public func get<O: Codable>(_ route: String, handler: @escaping (@escaping CodableResultClosure<O>) -> Void) {}
                public func fetch(_ route: String, completion: @escaping (Data?, Error?) -> Void) {}
            }
            """)
        #expect(result.text.contains("    @context  // takes a closure, but not a callback\n    public func get<"), "\(result.text)")
        #expect(result.text.contains("\n    public func fetch("), "\(result.text)")
    }

    /// Appcues's `show(experienceID:completion: ((Bool, Error?) -> Void)?)`, whose body calls
    /// back with `(true, nil)` and `(false, error)`: the flag is whether it succeeded. A flag
    /// named for success says so too; an unnamed one the body does not explain is returned, said.
    @Test func aSuccessFlagBesideTheErrorIsReadFromTheBodyOrTheName() throws {
        let text = scan(
            """
            public final class Appcues {
                public func show(experienceID: String, completion: ((Bool, Error?) -> Void)? = nil) {
                    guard ready else {
                        completion?(false, AppcuesError.noSession)
                        return
                    }
                    load { completion?(true, nil) }
                }
                public func sync(completion: @escaping (_ success: Bool, _ error: Error?) -> Void) {}
                public func check(completion: @escaping (Bool, Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @asyncError(zeroArgument: 1) because 'show' calls 'completion' with (true, nil) and with (false, an error): false is the failure\n"), "\(text)")
        #expect(text.contains("    // scan: @asyncError(zeroArgument: 1) because 'completion' gets a flag named 'success' beside the error: false is the failure\n"), "\(text)")
        #expect(
            text.contains(
                "    // scan: as written, the Bool that 'completion' gets is returned; if it says whether the call succeeded (false with the error), write '@asyncError(zeroArgument: 1)'\n    public func check("),
            "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func show(experienceID: String) async throws {"), "\(generated)")
        #expect(generated.contains("func check() async throws -> Bool {"), "\(generated)")
    }

    /// Split's `CertificatePinningConfig.Builder.failureHandler(_:)`: a builder keeps what it is
    /// handed for what it builds, so it is named as not bridged, not a one-shot.
    @Test func aBuildersHandlerIsNoCall() {
        let text = scan(
            """
            public typealias FailureHandler = (String) -> Void
            public final class PinningBuilder {
                public func failureHandler(_ handler: @escaping FailureHandler) {}
            }
            """
        ).text
        #expect(
            text.contains("\n// PinningBuilder: failureHandler(_:) — a method of a PinningBuilder, whose closures run when what it builds is used\n")
                && !text.contains("extension PinningBuilder"), "\(text)")
    }

    /// ConfigCat's `waitForReady() async -> ClientCacheState` wraps `hooks.addOnReady` in a
    /// continuation: the SDK's own async form of `addOnReady(handler:)`, by another name (decision
    /// 114). Of the overloads, the one whose callback gets what the async method returns; an
    /// async property wraps as a method does (Kingfisher's `diskStorageSize`).
    @Test func aCallbackMethodTheModuleWrapsInAContinuationHasItsAsyncForm() {
        let text = scan(
            """
            public enum ClientCacheState { case ready }
            public struct Snapshot {}
            public final class Hooks {
                public func addOnReady(handler: @escaping (ClientCacheState) -> ()) {}
                public func addOnReady(snapshotHandler: @escaping (Snapshot) -> ()) {}
            }
            public final class Client {
                let hooks = Hooks()
                public func waitForReady() async -> ClientCacheState {
                    await withUnsafeContinuation { continuation in
                        hooks.addOnReady { state in
                            continuation.resume(returning: state)
                        }
                    }
                }
                public func calculateSize(completion: @escaping (Result<UInt, Error>) -> Void) {}
                public var size: UInt {
                    get async throws {
                        try await withCheckedThrowingContinuation { continuation in
                            calculateSize { continuation.resume(with: $0) }
                        }
                    }
                }
            }
            """
        ).text
        #expect(
            text.contains("    @context  // the SDK's own async form 'waitForReady()' wraps it: that is the one to call\n    public func addOnReady(handler:"),
            "\(text)")
        #expect(text.contains("\n    public func addOnReady(snapshotHandler:"), "\(text)")
        #expect(text.contains("// Client: calculateSize(completion:) — the SDK's own async form 'size' wraps it: that is the one to call"), "\(text)")
    }
}
