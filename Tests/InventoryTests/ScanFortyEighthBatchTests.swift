import Generator
@testable import Inventory
import Testing

/// What batch 48 (McPicker, Popover, ImageSlideshow, Perfect-HTTP, …) taught on first contact
/// (decision 126).
@Suite struct ScanFortyEighthBatchTests: ScanTesting {
    /// McPicker's `show(data:doneHandler:cancelHandler:selectionChangedHandler:)`: the done
    /// closure's selection is the value and a cancel throws; the change closure stays a
    /// parameter. Before, generate took the last closure, the change, for the value, unsaid.
    @Test func aPickersDoneAndCancelAreItsOutcome() {
        let text = scan(
            """
            open class McPicker {
                public typealias DoneHandler = (_ selections: [Int: String]) -> Void
                public typealias CancelHandler = (() -> Void)
                public typealias SelectionChangedHandler = ((_ selections: [Int: String], _ componentThatChanged: Int) -> Void)
                open class func show(data: [[String]],
                                     doneHandler: @escaping DoneHandler,
                                     cancelHandler: CancelHandler? = nil,
                                     selectionChangedHandler: SelectionChangedHandler? = nil) {}
            }
            """
        ).text
        #expect(text.contains("@success(doneHandler)\n    // scan: @userCancel(cancelHandler) because 'cancelHandler' is called when the user cancels"), "\(text)")
    }

    /// Popover's `willShowHandler` and ImageSlideshow's `willBeginDragging`: a view's `will…`
    /// properties announce what it is about to show or do, events; said that they come after.
    /// A client's `willConnect` too, since decision 148 (Drops' `willShowDrop`, Dodo's
    /// `willAnimateKeyboard`): the closure returns nothing, so it cannot hold the library back.
    @Test func aViewsWillPropertyIsAnEvent() {
        let text = scan(
            """
            import UIKit
            open class Popover: UIView {
                open var willShowHandler: (() -> ())?
            }
            open class Client {
                open var willConnect: (() -> ())?
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: 'willShowHandler' is called before it happens: each element comes after the Popover has gone on; if your code must run first, set 'willShowHandler' yourself and mark it '@context'"
            ), "\(text)")
        #expect(
            text.contains(
                "// scan: 'willConnect' is called before it happens: each element comes after the Client has gone on; if your code must run first, set 'willConnect' yourself and mark it '@context'"
            ), "\(text)")
    }

    /// From the outside try: a checker's `start(completion handler:)` keeps its handler in a
    /// private property that only `stop()` sets to nil, and calls it at each check. A stream,
    /// stopped by `stop()`; its `Result`s said. Whether kept or not, `completion` names no one-shot here.
    @Test func aClosureOnlyAStopReleasesIsAStreamUntilTheStop() {
        let text = scan(
            """
            public enum CheckError: Error { case offline }
            open class Checker {
                public typealias ResultsHandler = (Result<Int, CheckError>) -> Void
                private var resultsHandler: ResultsHandler?
                open func start(completion handler: ResultsHandler? = nil) {
                    resultsHandler = handler
                }
                open func stop() {
                    resultsHandler = nil
                }
                private func runCheck() {
                    resultsHandler?(.success(1))
                }
            }
            """
        ).text
        #expect(
            text.contains("// scan: @stream because 'start' keeps 'handler' in 'resultsHandler', which only 'stop()' releases: called for each event until then"),
            "\(text)")
        #expect(
            text.contains("// scan: 'completion' gets a Result per call: the stream ends at the first failure; if the SDK goes on after one, write '@stream(results)'"),
            "\(text)")
        #expect(text.contains("@cancel(stop())\n    // scan: 'completion' gets a Result per call"), "\(text)")
    }
}
