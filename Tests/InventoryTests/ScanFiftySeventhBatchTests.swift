@testable import Inventory
import Testing

/// What batch 57 (TangemSdk, DescopeKit, Swish, SwiftObserver, swift-nio-irc's IRC, MastodonKit)
/// and the twenty-second session's rules taught (decision 136).
@Suite struct ScanFiftySeventhBatchTests: ScanTesting {
    /// TangemSdk's 34 commands implement `CardSessionRunnable.run(in:completion:)` with their own
    /// `Response` (`CompletionResult<(Card, WalletData?)>` for `CompletionResult<Response>`), also
    /// through a refining protocol of the module (`Command`): each keeps its adapter (hyperoslo/Cache's
    /// oracle lists such conformers), which says that the protocol's returns the same. One whose
    /// types differ elsewhere says nothing of it. A requirement whose documentation says the
    /// library calls it says so.
    @Test func aConformerThatDiffersOnlyAtAnAssociatedTypeSaysSo() {
        let text = scan(
            """
            public typealias CompletionResult<T> = (Result<T, Error>) -> Void
            public final class CardSession {}
            public struct Card {}
            public protocol CardSessionRunnable {
                associatedtype Response
                /// This method will be called before nfc session starts.
                func prepare(_ session: CardSession, completion: @escaping CompletionResult<Void>)
                func run(in session: CardSession, completion: @escaping CompletionResult<Response>)
            }
            protocol Command: CardSessionRunnable {}
            public final class ReadCommand: Command {
                public func run(in session: CardSession, completion: @escaping CompletionResult<Card>) { completion(.success(Card())) }
            }
            public final class ScanTask: CardSessionRunnable {
                public func run(on session: CardSession, completion: @escaping CompletionResult<Card>) { completion(.success(Card())) }
            }
            """
        ).text
        let note = "    // scan: implements CardSessionRunnable's requirement with its own types for CardSessionRunnable's associated ones: CardSessionRunnable's adapter returns the same; if one adapter is enough, mark this '@context'\n"
        #expect(text.contains(note + "    public func run(in session: CardSession, completion: @escaping CompletionResult<Card>)\n"), "\(text)")
        #expect(text.contains("\n    public func run(on session: CardSession, completion: @escaping CompletionResult<Card>)\n"), "\(text)")
        #expect(!text.contains(note + "    public func run(on"), "\(text)")
        #expect(text.contains("// scan: its documentation says 'This method will be called before nfc session starts': if your code only implements it, mark it '@context'\n    func prepare("), "\(text)")
    }

    @Test func associatedTypesMatchAnyText() {
        #expect(Scan.matches("run(in:completion:) CardSession, CompletionResult<(Card, WalletData?)> -> Void", "run(in:completion:) CardSession, CompletionResult<Response> -> Void", wildcards: ["Response"]))
        #expect(!Scan.matches("run(in:completion:) CardSession, CompletionResult<Card> -> Int", "run(in:completion:) CardSession, CompletionResult<Response> -> Void", wildcards: ["Response"]))
        #expect(!Scan.matches("run(in:completion:) CardSession, CompletionResult<> -> Void", "run(in:completion:) CardSession, CompletionResult<Response> -> Void", wildcards: ["Response"]))
        // A word that only contains the name is no wildcard.
        #expect(!Scan.matches("f(_:) ResponseX -> Void", "f(_:) Responses -> Void", wildcards: ["Response"]))
    }

    /// A body that starts with its closure's call (Kitura-Session's `InMemoryStore.load`, `{
    /// callback(store[sessionId], nil) }`) is read: a lookup may be nil. A body that only hands on
    /// a closure of nothing (`next: () -> Void`) says nothing of nil, and does not speak for the
    /// other methods of its name.
    @Test func aBodyThatStartsWithItsCallIsRead() {
        let text = scan(
            """
            import Foundation
            public protocol Store {
                func load(sessionId: String, callback: @escaping (Data?, NSError?) -> Void)
            }
            public final class MemoryStore: Store {
                var store = [String: Data]()
                public func load(sessionId: String, callback: @escaping (Data?, NSError?) -> Void) {
                    callback(store[sessionId], nil)
                }
            }
            """
        ).text
        #expect(text.contains("@nullableResult\n    func load(sessionId:"), "\(text)")
        #expect(!text.contains("nil without an error is taken for an error"), "\(text)")
    }
}
