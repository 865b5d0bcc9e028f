@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// A factory's value that only another object runs (HealthKitReporter's `HealthKitReader`
/// queries and `HealthKitManager.executeQuery(_:)`): bridged where a holder keeps both, which
/// executes what the factory returns and stops it the same way; refused where none does.
@Suite struct ScanExecutedQueriesTests: ScanTesting {
    static let reporterLike = """
        public final class SampleQuery {}
        public final class Reader {
            public func samplesQuery(limit: Int, resultsHandler: @escaping ([Int], Error?) -> Void) throws -> SampleQuery { SampleQuery() }
        }
        public final class Manager {
            public func executeQuery(_ query: SampleQuery) {}
            public func stopQuery(_ query: SampleQuery) {}
        }
        """

    @Test func aHolderOfTheFactoryAndTheRunnerBridgesThroughTheFactory() throws {
        let text = scan(
            Self.reporterLike + """

                public final class Reporter {
                    public let reader: Reader
                    public let manager: Manager
                    public init() { reader = Reader(); manager = Manager() }
                }
                """
        ).text
        #expect(text.contains("@bridge(through: Reporter.reader)\nextension Reader {"), "\(text)")
        #expect(text.contains("    @start(self.manager.executeQuery($token))\n"), "\(text)")
        #expect(text.contains("    @cancel(self.manager.stopQuery($token))\n"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("extension Reporter {"), "\(swift)")
        #expect(swift.contains("start: { token in let _ = self.manager.executeQuery(token) }"), "\(swift)")
        #expect(swift.contains("try self.reader.samplesQuery("), "\(swift)")
    }

    /// Without a holder of both, as before: refused, with what to write by hand.
    @Test func withoutAHolderTheFactoryIsRefused() {
        let text = scan(Self.reporterLike).text
        #expect(text.contains("// Not bridgeable as written: returns a 'SampleQuery' that runs only once handed to 'Manager.executeQuery(_:)'"), "\(text)")
    }

    /// An observer query, a stream: executed once it is made, stopped when the stream ends; a
    /// `done` flag beside each value is said (HealthKitReporter's voltage measurements).
    @Test func anObserverQueryIsAStreamExecutedAndStoppedByTheHolder() throws {
        let text = scan(
            Self.reporterLike + """

                extension Reader {
                    /// Calls the handler for each iteration of the measurements.
                    public func measurementsQuery(dataHandler: @escaping (_ value: Int?, _ done: Bool, _ error: Error?) -> Void) throws -> SampleQuery { SampleQuery() }
                }
                public final class Reporter {
                    public let reader = Reader()
                    public let manager = Manager()
                }
                """
        ).text
        #expect(text.contains("// scan: 'done' is handed beside each value: as written, part of each element; if it says the events are over, write '@until({ _, done, _ in done }, inclusive: true)'"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("let _ = self.manager.executeQuery(started)\n"), "\(swift)")
        #expect(swift.contains("stop: { returnedToken in let _ = self.manager.stopQuery(returnedToken) }"), "\(swift)")
    }
}
