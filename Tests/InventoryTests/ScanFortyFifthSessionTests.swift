@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the forty-fifth session taught (decision 170): the steps of a piece of work handed as
/// one enum whose last step carries an optional error are a stream of the steps, whole, that
/// ends with that step and fails with its error.
@Suite struct ScanFortyFifthSessionTests: ScanTesting {
    /// SwiftyBluetooth's `Central.scanForPeripherals(withServiceUUIDs:options:timeoutAfter:
    /// completion:)`: `.scanStarted`, a `.scanResult` per device, one `.scanStopped(peripherals:
    /// error: SBError?)`; its documentation says "called multiple times", and `stopScan()`
    /// stops it.
    @Test func theStepsOfAScanAreAStreamThatEndsWithItsLastStep() throws {
        let text = scan(
            """
            public enum SBError: Error { case scanningEndedUnexpectedly }
            public class Peripheral {}
            public typealias PeripheralScanCallback = (PeripheralScanResult) -> Void
            public enum PeripheralScanResult {
                case scanStarted
                case scanResult(peripheral: Peripheral, advertisementData: [String: Any], RSSI: Int?)
                case scanStopped(peripherals: [Peripheral], error: SBError?)
            }
            public final class Central {
                /// Scans for peripherals; the completion closure is called multiple times throughout a scan.
                public func scanForPeripherals(timeoutAfter timeout: Double, completion: @escaping PeripheralScanCallback) {}
                public func stopScan() {}
            }
            """
        ).text
        #expect(
            text.contains(
                """
                enum PeripheralScanResult {
                    case scanStarted
                    case scanResult(peripheral: Peripheral, advertisementData: [String: Any], RSSI: Int?)
                    case scanStopped(peripherals: [Peripheral], error: SBError?)
                }
                """),
            "\(text)")
        #expect(text.contains("    @stream(results)\n"), "\(text)")
        #expect(
            text.contains(
                "// scan: @finish(.scanStopped) because '.scanStopped' of 'PeripheralScanResult' is the last event: yielded, then the stream ends, failing with its error when that is not nil"),
            "\(text)")
        #expect(text.contains("    @cancel(stopScan())\n"), "\(text)")
        let generated = try generate(text)
        #expect(
            generated.contains(
                "func scanForPeripherals(timeoutAfter timeout: Double) -> _Concurrency.AsyncThrowingStream<PeripheralScanResult, any Swift.Error> {"),
            "\(generated)")
        #expect(generated.contains("if let error { events.finish(throwing: error) } else { events.finish() }"), "\(generated)")
    }

    /// Called once, the steps' enum is the value, whole, as any other enum of no outcome.
    @Test func aOneShotOfTheStepsKeepsTheEnumWhole() throws {
        let text = scan(
            """
            public enum SyncError: Error { case offline }
            public enum SyncResult {
                case skipped
                case syncFinished(count: Int, error: SyncError?)
            }
            public final class Store {
                public func sync(completion: @escaping (SyncResult) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("@finish"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func sync() async throws -> SyncResult {"), "\(generated)")
    }

    /// Mapbox's `ViewportState.observeDataSource(with:) -> Cancelable`, whose handler "Returns
    /// `true` to stay subscribed and `false` to unsubscribe" (decision 171): a stream, answered
    /// whether it is still consumed, stopped through its token.
    @Test func aHandlerThatAnswersWhetherToGoOnIsAStream() throws {
        let text = scan(
            """
            public protocol Cancelable { func cancel() }
            public struct CameraOptions {}
            public protocol ViewportState: AnyObject {
                /// - Parameters:
                ///   - handler: A closure that is invoked whenever its camera changes. Returns
                ///              `true` to stay subscribed and `false` to unsubscribe.
                func observeDataSource(with handler: @escaping (_ camera: CameraOptions) -> Bool) -> Cancelable
            }
            """
        ).text
        #expect(text.contains("    @stream\n    // scan: @cancel(token) because the returned Cancelable has cancel()\n    @cancel(token)\n"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("return events.isOpen"), "\(generated)")
    }

    /// AMSMB2's `contents(atPath:offset:fetchedData:completionHandler:)`: "return `true` if they
    /// want to continuing or `false` to abort reading", beside a completion: the events and
    /// their end. Without such words a closure that answers `Bool` is a predicate: no callback.
    @Test func anAnsweringHandlerBesideACompletionHasTheEvents() throws {
        let text = scan(
            """
            public final class SMB2Manager {
                public typealias SimpleCompletionHandler = ((_ error: Error?) -> Void)?
                /// - fetchedData: returns data portion fetched. User must return `true` if they want to continuing or `false` to abort reading.
                open func contents(atPath path: String, fetchedData: @escaping (_ offset: Int64, _ data: Data) -> Bool, completionHandler: SimpleCompletionHandler) {}
                /// Removes the files that match.
                open func removeItems(where match: @escaping (_ name: String) -> Bool, completionHandler: SimpleCompletionHandler) {}
            }
            """
        ).text
        #expect(text.contains("    @event(fetchedData)\n"), "\(text)")
        #expect(text.contains("    @finish(completionHandler)\n"), "\(text)")
        #expect(!text.contains("@event(match)"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func contents(atPath path: String) -> _Concurrency.AsyncThrowingStream<(Int64, Data), any Swift.Error> {"), "\(generated)")
    }

    /// A conformer documented only by a link to the requirement (Mapbox's "See
    /// ``ViewportState/observeDataSource(with:)``.") reads as the requirement's documentation.
    @Test func aMethodDocumentedByALinkReadsAsTheLinkedOne() throws {
        let text = scan(
            """
            public protocol Cancelable { func cancel() }
            public struct CameraOptions {}
            public protocol ViewportState: AnyObject {
                /// - handler: Returns `true` to stay subscribed and `false` to unsubscribe.
                func observeDataSource(with handler: @escaping (_ camera: CameraOptions) -> Bool) -> Cancelable
            }
            public final class OverviewViewportState {}
            extension OverviewViewportState: ViewportState {
                /// See ``ViewportState/observeDataSource(with:)``.
                public func observeDataSource(with handler: @escaping (CameraOptions) -> Bool) -> Cancelable { fatalError() }
            }
            """
        ).text
        #expect(text.components(separatedBy: "@stream\n").count == 3, "\(text)")
        #expect(Scan.linkTarget(in: ["See ``ViewportState/observeDataSource(with:)``."]) == "ViewportState/observeDataSource(with:)")
        #expect(Scan.linkTarget(in: ["Uses ``Cancelable``."]) == nil)
    }

    /// EVCloudKitDao's `query(_:orderBy:completionHandler: (_ results: [T], _ isFinished: Bool)
    /// -> Bool, errorHandler:)`, whose documentation says nothing of the answer: a page handler
    /// by its flag, a stream of the pages until the one handed `isFinished`, failed by the error
    /// closure.
    @Test func aPageHandlerHandedAFinishedFlagIsAStreamUntilIt() throws {
        let text = scan(
            """
            public final class Dao {
                /// Query a record type.
                open func query(_ type: String, completionHandler: @escaping (_ results: [String], _ isFinished: Bool) -> Bool, errorHandler: ((_ error: Error) -> Void)? = nil) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "    @stream\n    // scan: @event(completionHandler) because 'completionHandler' is called for each event, answering whether to go on\n    @event(completionHandler)\n"
                    + "    // scan: @failure(errorHandler) because 'errorHandler' is called with the error that stops the events\n    @failure(errorHandler)\n"),
            "\(text)")
        #expect(text.contains("    @until({ _, isFinished in isFinished }, inclusive: true)\n"), "\(text)")
        // A new user's `isLastPage` says the end as well; a `Bool` named otherwise does not.
        let (flagged, _) = Parser.parse(Array("typealias H = (_ items: [String], _ isLastPage: Bool) -> Bool\ntypealias P = (_ item: String, _ selected: Bool) -> Bool".utf8))
        let closures = flagged.declarations.compactMap { declaration -> FunctionTypeSyntax? in
            guard case .typeAlias(let alias) = declaration, case .function(let closure) = alias.type.kind else { return nil }
            return closure
        }
        #expect(closures.map(StarterBlock.finishedFlag(of:)) == ["isLastPage", nil])
        let generated = try generate(text)
        #expect(generated.contains("func query(_ type: String) -> _Concurrency.AsyncThrowingStream<([String], Bool), any Swift.Error> {"), "\(generated)")
    }
}
