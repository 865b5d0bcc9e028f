import Generator
@testable import Inventory
import Testing

/// A future's method that returns nothing and hands its `body` the outcome is how the outcome
/// is awaited (Deferred's `upon(_:execute:)`, PromiseKit's `AnyPromise.pipe(to:)`), not a step
/// of its chain; a `body` that returns the next link, takes nothing or may throw still is one.
@Suite struct ScanFutureRegistrationTests: ScanTesting {
    static let library = """
        public protocol Executor {}
        public protocol FutureProtocol {
            associatedtype Value
            /// Call some `body` closure once the value is determined.
            func upon(_ executor: Executor, execute body: @escaping (Value) -> Void)
        }
        public final class AnyPromise {
            public func pipe(to body: @escaping (Result<Any?, Error>) -> Void) {}
        }
        public final class Promise<T> {
            public func done(_ body: @escaping (T) -> Void) -> Promise<Void> { fatalError() }
            public func tap(_ body: @escaping (T) throws -> Void) {}
        }
        public final class PMKFinalizer {
            public func finally(_ body: @escaping () -> Void) {}
        }
        """

    @Test func aBodyHandedTheOutcomeOfAMethodThatReturnsNothingIsACallback() throws {
        let text = scan(Self.library).text
        #expect(text.contains("    func upon(_ executor: Executor, execute body: @escaping (Value) -> Void)\n"), "\(text)")
        #expect(text.contains("    public func pipe(to body: @escaping (Result<Any?, Error>) -> Void)\n"), "\(text)")
        // No next link: not "a step of the promise", but maybe not the way it is awaited either.
        #expect(!text.contains("'upon' is a step of the promise"), "\(text)")
        #expect(text.contains("""
                // scan: 'pipe' hands over the AnyPromise's outcome: as written, a one-shot of it; if the AnyPromise is awaited in another way (an async form of its own, or where its chain ends), mark it '@context'
                public func pipe(to body:
            """), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func upon(_ executor: Executor) async throws -> Value {"), "\(swift)")
        #expect(swift.contains("func pipe() async throws -> Any? {"), "\(swift)")
    }

    @Test func aBodyThatReturnsTheNextLinkTakesNothingOrThrowsIsStillAStep() {
        let text = scan(Self.library).text
        #expect(text.contains("// Promise: done(_:), tap(_:)"), "\(text)")
        #expect(text.contains("// PMKFinalizer: finally(_:)"), "\(text)")
    }
}
