@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the thirty-seventh session taught (decision 150): the wrong adapters no diagnostic named.
@Suite struct ScanThirtySeventhSessionTests: ScanTesting {
    /// OmiseSDK's `extension PKPaymentAuthorizationController { func presentSheet(completion:) {
    /// self.present(completion: completion) } }`: a rename of PassKit's own method, whose async
    /// form the importer makes. Not a method that hands its closure on with other arguments
    /// (AlamofireImage's `responseImage`), nor one of a type the module names by a typealias, nor
    /// one that hands it to a method the module declares.
    @Test func aRenameOfAnotherModulesMethodIsLeftForThatMethod() {
        let text = scan(
            """
            import PassKit
            extension PKPaymentAuthorizationController {
                public func presentSheet(completion: ((Bool) -> Void)?) {
                    self.present(completion: completion)
                }
                public func presentAfterLogging(_ note: String, completion: ((Bool) -> Void)?) {
                    present(completion: completion)
                }
            }
            public typealias Entry = EntryBase
            open class EntryBase {}
            extension Entry {
                public func observe(on queue: DispatchQueue?, _ block: @escaping (Int) -> Void) {
                    _observe(on: queue, block)
                }
            }
            extension DataRequest {
                public func responseThing(on queue: DispatchQueue, completion: @escaping (Int) -> Void) {
                    load(on: queue, completion: completion)
                }
                func load(on queue: DispatchQueue, completion: @escaping (Int) -> Void) {}
            }
            public typealias PickSelection = (Int) -> Void
            final class PickerViewController {
                init(selection: @escaping PickSelection) {}
            }
            extension UIAlertController {
                public func addPicker(selection: @escaping PickSelection) {
                    let picker = PickerViewController(selection: selection)
                    show(picker)
                }
            }
            """
        ).text
        // An initializer of the module's own type is no other module's method (AlertsPickers'
        // `addTelegramPicker(selection:)`, whose typealiased closure scan now sees handed on).
        #expect(!text.contains("'PickerViewController(selection:)' of UIAlertController"), "\(text)")
        #expect(
            text.contains(
                "@context  // it hands its closure to 'present(completion:)' of PKPaymentAuthorizationController, which another module declares: call that module's method, or its async form (Objective-C's are imported as async)\n    public func presentSheet("
            ), "\(text)")
        #expect(!text.contains("@context  // it hands its closure to 'present(completion:)' of PKPaymentAuthorizationController, which another module declares: call that module's method, or its async form (Objective-C's are imported as async)\n    public func presentAfterLogging("), "\(text)")
        #expect(!text.contains("'_observe(on:_:)'") && !text.contains("'load(on:completion:)' of"), "\(text)")
    }

    /// MiniApp's `getAccessToken(miniAppId:completionHandler:)`, "Old interface … Will be removed
    /// in v4.0+", beside the one with `scopes:`: the other is bridged. Not a method whose
    /// documentation says something else will be removed (Algolia's `getLogs`, "logs older than 7
    /// days will be removed"), nor one with no namesake.
    @Test func aMethodItsDocumentationRetiresBesideANamesakeIsLeft() {
        let text = scan(
            """
            public final class Tokens {
                public func getAccessToken(miniAppId: String, scopes: [String], completionHandler: @escaping (Result<String, Error>) -> Void) {}
                /// Old interface that was used to retrieve the token. Will be removed in v4.0+
                public func getAccessToken(miniAppId: String, completionHandler: @escaping (Result<String, Error>) -> Void) {}
                /// Logs older than 7 days will be removed.
                public func getLogs(page: Int, completion: @escaping (Result<[String], Error>) -> Void) {}
                public func getLogs(offset: Int, completion: @escaping (Result<[String], Error>) -> Void) {}
                /// Will be removed in v5.
                public func lonely(completion: @escaping (Result<Int, Error>) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "@context  // its documentation says 'will be removed in v': the other 'getAccessToken' replaces it\n    public func getAccessToken(miniAppId: String, completionHandler:"
            ), "\(text)")
        #expect(!text.contains("the other 'getLogs' replaces it") && !text.contains("the other 'lonely'"), "\(text)")
    }

    /// PlayKit's `handleTracks(item:cea608CaptionsEnabled:block:)` calls its escaping `block` at
    /// the end of its own body: said, with what to do if it never waits. A closure called inside
    /// a closure the body makes (a queue's block), or a label named like a keyword
    /// (`setImage(image, for: state)`) before one, is a later call.
    @Test func anEscapingClosureCalledOnlyBeforeTheMethodReturnsIsSaid() {
        let text = scan(
            """
            public final class Tracks {
                public func handleTracks(item: String?, block: @escaping (Int) -> Void) {
                    guard let item = item else { return }
                    if item.isEmpty { block(0) } else { block(item.count) }
                }
                public func later(item: String, block: @escaping (Int) -> Void) {
                    set(item, for: 1)
                    queue.async { block(1) }
                }
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: as written, an async adapter; 'handleTracks' calls 'block' only in its own body, before it returns: if it never waits, call it directly and delete this declaration"
            ), "\(text)")
        #expect(!text.contains("'later' calls 'block' only"), "\(text)")
    }

    /// VimeoUpload's `handleEventsForBackgroundURLSession(completionHandler:)` keeps the handler
    /// the app delegate was given, for the library to call: nothing to await. SwiftyDropbox's,
    /// beside a closure of what it reconnected, is bridged.
    @Test func theSystemsBackgroundCompletionHandedToAHandleMethodIsContext() {
        let text = scan(
            """
            open class Manager {
                open func handleEventsForBackgroundURLSession(completionHandler: @escaping () -> Void) { kept = completionHandler }
                open func handleEventsForBackgroundURLSession(with id: String, completionHandler: @escaping () -> Void, requestsToReconnect: @escaping ([Int]) -> Void) { kept = completionHandler }
            }
            """
        ).text
        #expect(
            text.contains(
                "@context  // hands over the system's background-session completion handler, which the library calls when the session's events are handled: nothing to await\n    open func handleEventsForBackgroundURLSession(completionHandler:"
            ), "\(text)")
        #expect(!text.contains("nothing to await\n    open func handleEventsForBackgroundURLSession(with"), "\(text)")
    }

    /// SwiftLSPClient's `JSONRPCLanguageServer.didCloseTextDocument(params:
    /// DidOpenTextDocumentParams, block:)`, an overload of the requirement it implements with
    /// other types: said.
    @Test func anOverloadOfAnImplementedRequirementWithOtherTypesIsSaid() {
        let text = scan(
            """
            public protocol LanguageServer {
                func didClose(params: CloseParams, block: @escaping (Error?) -> Void)
            }
            public struct CloseParams {}
            public struct OpenParams {}
            public final class Server: LanguageServer {
                public func didClose(params: OpenParams, block: @escaping (Error?) -> Void) {}
                public func didClose(params: CloseParams, block: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: an overload of LanguageServer's requirement 'didClose(params:block:)' with other types: if it is no API of its own, mark it '@context'\n    public func didClose(params: OpenParams"
            ), "\(text)")
    }

    /// PlayKit's `TimeMonitor`, a public protocol only internal types adopt and nothing public
    /// names: its callback methods are bridged, with a note. One a public type adopts, or a
    /// public property names, is not.
    @Test func aProtocolNoPublicTypeAdoptsIsSaid() {
        let text = scan(
            """
            public protocol TimeMonitor {
                func addObserver(interval: Double, using block: @escaping (Double) -> Void) -> UUID
            }
            class TimeObserver: TimeMonitor {
                func addObserver(interval: Double, using block: @escaping (Double) -> Void) -> UUID { UUID() }
            }
            public protocol Clock {
                func tick(using block: @escaping (Int) -> Void) -> UUID
            }
            public final class Player {
                public var clock: Clock?
            }
            """
        ).text
        #expect(
            text.contains(
                "// scan: no public type adopts TimeMonitor, and no public declaration hands one out: if apps cannot reach one, mark it '@context'"
            ), "\(text)")
        #expect(!text.contains("no public type adopts Clock"), "\(text)")
    }
}
