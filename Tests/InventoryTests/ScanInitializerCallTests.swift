@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// Initializers that start work and call their one callback when it is done (decision 146):
/// scan writes `@once` where the initializer's body calls the callback and never keeps it, and
/// leaves the rest unbridged, as before.
@Suite struct ScanInitializerCallTests: ScanTesting {
    static let loaders = """
        public final class SceneView {
            public init(name: String) {}
            /// Lottie's shape: the loader's closure calls the completion.
            public convenience init(sceneName name: String, completion: ((SceneView, Error?) -> Void)? = nil) {
                self.init(name: name)
                Loader.load(name) { result in
                    switch result {
                    case .success: completion?(self, nil)
                    case .failure(let error): completion?(self, error)
                    }
                }
            }
            /// Kingfisher's shape: kept for a later `start()`.
            public init(prefetching names: [String], completionHandler: ((Error?) -> Void)?) {
                self.completionHandler = completionHandler
            }
            /// Mocker's shape: called inside a closure the object keeps.
            public init(callback: @escaping (String) -> Void) {
                internalCallback = { request in callback(request) }
            }
            /// ProcedureKit's shape: handed to another initializer, which keeps it.
            public convenience init(block: @escaping (SceneView) -> Void) {
                self.init { block($0) }
            }
            /// An init? that makes nothing never calls back.
            public init?(path: String, completion: @escaping (Error?) -> Void) {
                guard !path.isEmpty else { return nil }
                Loader.load(path) { _ in completion(nil) }
            }
        }
        """

    @Test func anInitializerWhoseWorkCallsBackOnceIsAFactory() throws {
        let text = scan(Self.loaders).text
        #expect(
            text.contains(
                "    // scan: @once because the body calls 'completion' and does not keep it: the work it starts calls back once; a factory, 'make', returns the SceneView when it has\n    @once\n"),
            "\(text)")
        #expect(text.contains("// scan: as written, the factory returns the SceneView, with any value 'completion' hands over besides it; if 'completion' waits for a later call of yours"), "\(text)")
        // Kept, wrapped in a kept closure, handed to another initializer, or failable: unbridged.
        #expect(text.components(separatedBy: "    @once\n").count == 2, "\(text)")
        for unbridged in [
            "init(prefetching names: [String]", "init(callback: @escaping", "init(block: @escaping", "init?(path: String",
        ] {
            #expect(
                text.contains("// bridge a method of yours that calls it and keeps the object, e.g. 'static func make(…, completion:)'\n    public "
                    + (unbridged == "init(block: @escaping" ? "convenience " : "") + unbridged), "\(unbridged)")
        }
        let generated = try generate(text)
        #expect(generated.contains("static nonisolated(nonsending) func make(sceneName name: String) async throws -> SceneView {"), "\(generated)")
    }

    /// Kingfisher's `ImagePrefetcher` whole (decision 187): the initializer keeps its completion
    /// for the run `start()` begins, and `stop()` ends it. The object is the call's token.
    @Test func anInitializerKeptForTheObjectsOwnStartIsRun() throws {
        let library = """
            public final class Prefetcher {
                public init(urls: [String], progressBlock: (([String], [String]) -> Void)? = nil, completionHandler: (([String], [String]) -> Void)? = nil) {
                    self.completionHandler = completionHandler
                }
                public func start() {}
                public func stop() {}
            }
            """
        let text = scan(library).text
        #expect(text.contains("""
                // scan: @once because the Prefetcher keeps 'completionHandler' for the run its 'start()' begins: 'run' makes it, starts it and returns what 'completionHandler' hands
                @once
                // scan: @start(start()) because the Prefetcher does nothing until 'start()'
                @start(start())
                // scan: @cancel(token: stop()) because 'stop()' stops the run when the task is cancelled
                @cancel(token: stop())
            """), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("static nonisolated(nonsending) func run(urls: [String], progressBlock: "), "\(generated)")
        #expect(generated.contains("async throws -> ([String], [String]) {"), "\(generated)")
        // No stop of its own, a callback that is no completion, or one named for no end (a
        // timer's tick, as likely): left unbridged, as before.
        for variant in [library.replacingOccurrences(of: "public func stop() {}", with: ""),
                        library.replacingOccurrences(of: "progressBlock", with: "itemBlock"),
                        library.replacingOccurrences(of: "completionHandler", with: "callback")] {
            #expect(!scan(variant).text.contains("@start(start())"), "\(variant)")
        }
    }

    /// Lottie's `init(url:…, closure: @escaping LottieAnimationView.DownloadClosure, …)`: a
    /// closure of a typealias is read in the body as one spelled out is (decision 188).
    @Test func aClosureOfATypealiasIsReadInTheBody() {
        let text = scan(
            """
            public final class View {
                public typealias DownloadClosure = (Error?) -> Void
                public init(animation: Int?) {}
            }
            extension View {
                public convenience init(url: URL, closure: @escaping View.DownloadClosure) {
                    self.init(animation: nil)
                    Loader.load(url: url, done: { animation in closure(nil) })
                }
            }
            """
        ).text
        #expect(text.contains("// scan: @once because the body calls 'closure' and does not keep it"), "\(text)")
    }
}

