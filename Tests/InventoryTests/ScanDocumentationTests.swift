@testable import Inventory
import Testing

/// What a declaration's documentation says of how often its callback comes (decision 73): the
/// phrases read, and how scan weighs them against names and returned tokens.
@Suite struct ScanDocumentationTests: ScanTesting {
    func said(_ text: String, callback: String = "completion", others: Set<String> = []) -> DocumentedFrequency? {
        DocumentedFrequency.read(text.split(separator: "\n").map(String.init), callback: callback, otherParameters: others)
    }

    @Test func phrasesOfRepetition() {
        #expect(said("The handler is called whenever the socket closes.")?.kind == .many)
        #expect(said("The closure is called each time a value arrives.")?.phrase == "each time")
        #expect(said("The block is invoked for every event.")?.phrase == "every event")
        #expect(said("The callback may be called multiple times.")?.kind == .many)
        #expect(said("The callback is called once for each row.")?.phrase == "once for each")
        #expect(said("The handler can be called more than once.")?.kind == .many)
    }

    @Test func phrasesOfOnce() {
        #expect(said("Call the closure once when the request finishes.") == .init(kind: .once, phrase: "call the closure once"))
        #expect(said("The completion is called only once.")?.phrase == "only once")
        #expect(said("The handler is never called more than once.")?.kind == .once)
        #expect(said("Call the closure once if the request succeeds.")?.condition == "if")
    }

    /// "once" as a conjunction, sentences about calling the method, other parameters' lines
    /// and documentation that says both say nothing.
    @Test func phrasesThatSayNothing() {
        #expect(said("The completion is called once the connection is open.") == nil)
        // With no subject, the method's own (Perfect-HTTP's `push(callback:)`).
        #expect(said("Push all currently available data to the client.\nMay be called multiple times.") == nil)
        #expect(said("Do not call this method multiple times from several managers.") == nil)
        // "It" in the description is the method (MagicBell's `fetch(completion:)`, a page a call);
        // in the closure's own line, the closure.
        #expect(
            said(
                """
                Fetches the next page of notifications. It can be called multiple times to obtain all pages.
                - Parameters:
                   - completion: Closure with a `Result<[Notification], Error>`
                """) == nil)
        #expect(said("Watches the folder.\n- parameter completion: the changes. It may be called multiple times.")?.kind == .many)
        #expect(said("You should only call this method once.") == nil)
        #expect(said("The handler is called once immediately, then whenever the value changes.") == nil)
        #expect(
            said(
                """
                Downloads a file.
                - parameter progress: called periodically, whenever bytes arrive
                - parameter completion: called when the download ends
                """, others: ["progress"]) == nil)
        #expect(said("A `whenever` in code: `every event` is no prose.") == nil)
        // "once per authorization cycle": one call for the cycle the call starts.
        #expect(said("You will only get the callback once per authorization cycle.") == nil)
    }

    /// The documentation overrules a name (Siesta's `onNewData(_:)`, "Call the closure once if
    /// the request succeeds and the data changed", would be a stream by its `on…` name), and a
    /// one-shot that may never come says so.
    @Test func documentationOverrulesANameAndSaysAConditionalOnceMayNeverCome() {
        let text = scan(
            """
            public protocol Request: AnyObject {
                /// Call the closure once if the request succeeds and the data changed.
                @discardableResult
                func onNewData(_ callback: @escaping (String) -> Void) -> Request
                /// The handler is called whenever the peer sends a message.
                func receive(_ handler: @escaping (String) -> Void)
                func cancel()
            }
            """
        ).text
        #expect(text.contains("// scan: one-shot: its documentation says 'call the closure once'\n"), "\(text)")
        #expect(text.contains("its documentation says 'call the closure once if …': when that does not hold, 'callback' never comes"), "\(text)")
        #expect(!text.contains("@stream because 'onNewData'"), "\(text)")
        #expect(text.contains("// scan: @stream because its documentation says 'whenever'\n"), "\(text)")
    }

    /// A name that says once (`addShutdownListener`) stays a one-shot when the documentation
    /// says "whenever", with a note; a completion the documentation says comes for every
    /// event is a stream.
    @Test func aNameThatSaysOnceStaysWithANote() {
        let text = scan(
            """
            public final class Client {
                /// Called whenever the client is shut down.
                public func addShutdownListener(named name: String, _ listener: @escaping (Result<Void, Error>) -> Void) {}
                public func removeShutdownListener(named name: String) {}
                /// Completes transactions; the completion is called for every update the queue reports.
                public class func completeTransactions(completion: @escaping ([String]) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("is named for an end, which comes once, but its documentation says 'whenever'"), "\(text)")
        #expect(text.contains("// scan: @stream because its documentation says 'every update'\n"), "\(text)")
    }

    /// Public declarations the library says are its own, by a file's header comment (PubNub's
    /// KMP wrappers) or by their documentation (socket.io's "You shouldn't call this directly"),
    /// are left out and named at the end.
    @Test func declarationsForTheLibrarysInternalUseAreLeftOut() {
        var scan = Scan()
        scan.modules = ["Store"]
        let result = scan.run([
            Scan.File(
                path: "Sources/Store/KMPStore.swift",
                bytes: Array(
                    """
                    //
                    //  KMPStore.swift
                    //
                    // All public symbols in this file are intended strictly for internal usage.

                    import Foundation

                    public class KMPStore {
                        public func fetch(completion: @escaping (Int) -> Void) {}
                        public func count() -> Int { 0 }
                    }
                    """.utf8)),
            Scan.File(
                path: "Sources/Store/Engine.swift",
                bytes: Array(
                    """
                    public class Engine {
                        /// Sends a message. You shouldn't call this directly, instead call `write`.
                        public func send(_ text: String, completion: @escaping () -> Void) {}
                        public func write(_ text: String, completion: @escaping () -> Void) {}
                    }
                    """.utf8)),
        ])
        #expect(result.text.contains("// KMPStore: fetch\n"), "\(result.text)")
        #expect(result.text.contains("// Engine: send\n"), "\(result.text)")
        #expect(!result.text.contains("public func fetch(completion"), "\(result.text)")
        #expect(!result.text.contains("public func send("), "\(result.text)")
        #expect(result.text.contains("public func write(_ text: String, completion: @escaping () -> Void)"), "\(result.text)")
    }
}

/// Documentation beside a progress closure, and sentences about other parameters (decision 86).
@Suite struct ScanDocumentationBesideOthersTests: ScanTesting {
    /// AlamofireImage's batch `download(_:filter:progress:completion:)`: "The closure called when
    /// each download request is complete" speaks of the completion beside a progress closure;
    /// "any filters … are only executed once" speaks of the filter, not of it.
    @Test func whenEachSaysManyBesideProgress() {
        let text = scan(
            """
            open class ImageDownloader {
                /// Any filters attached to the request with the same identifiers are only executed once.
                ///
                /// - parameter filter         The image filter to apply after each download is complete.
                /// - parameter progress:      The closure to be executed periodically.
                /// - parameter completion:    The closure called when each download request is complete.
                open func download(_ urlRequests: [URL], filter: String? = nil, progress: ((Double) -> Void)? = nil, completion: ((Data) -> Void)? = nil) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @stream because its documentation says 'when each download'\n    @stream\n"), "\(text)")
    }
}
