import Generator
@testable import Inventory
import Testing

/// What the library's own code says of its callbacks, beyond their declarations: a value looked
/// up in a dictionary may be absent, a client the app reconnects disconnects more than once, a
/// requirement the protocol's own extension calls is the app's to implement.
@Suite struct ScanLibraryCodeTests: ScanTesting {
    /// Kitura-Session's `InMemoryStore`: `callback(store[sessionId], nil)`, where `store` is a
    /// dictionary: nil without an error is a value (a session not found). An array's element,
    /// which is never nil, says nothing.
    @Test func aDictionaryLookupPassedWithANilErrorIsAnAbsentValue() {
        let found = StarterBlock.callsBackWithNilAndNil(
            """
            final class InMemoryStore: Store {
                private var store = [String: Data]()
                func load(sessionId: String, callback: @escaping (Data?, NSError?) -> Void) {
                    callback(store[sessionId], nil)
                }
            }
            """)
        #expect(found.callees == ["callback"])
        let array = StarterBlock.callsBackWithNilAndNil(
            """
            final class Rows {
                private var rows: [Data] = []
                func first(callback: @escaping (Data?, Error?) -> Void) {
                    callback(rows[0], nil)
                }
            }
            """)
        #expect(array.callees.isEmpty && array.methods.isEmpty)
    }

    /// Perfect-Mosquitto's `OnDisconnect`, on a client with a public `reconnect(_:)`: once per
    /// connection, so a stream. Without a public reconnect (a retry strategy the library keeps
    /// to itself), a disconnection property is once, as before.
    @Test func aDisconnectionOfAClientTheAppReconnectsIsAStream() {
        let text = scan(
            """
            public class Mosquitto {
                public var OnDisconnect: (ConnectionStatus) -> Void = { _ in }
                public func reconnect(_ asynchronous: Bool = true) throws { }
                func fire() { OnDisconnect(.success) }
            }
            public class Cable {
                public var onDisconnected: ((ConnectionError?) -> Void)?
                public var willReconnect: (() -> Bool)?
                func fire() { onDisconnected?(nil) }
            }
            public enum ConnectionStatus { case success }
            public enum ConnectionError: Error { case closed }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'OnDisconnect' comes once per connection, and Mosquitto reconnects ('reconnect()')"), "\(text)")
        #expect(text.contains("// scan: if the Mosquitto retries a drop without calling 'OnDisconnect', and calls it only when it gives up, write '@once' instead"), "\(text)")
        #expect(text.contains("// scan: @once because 'onDisconnected' is named for an end"), "\(text)")
    }

    /// Kitura-Credentials' `CredentialsTokenTTL`: its extension's `getProfileAndCacheIfNeeded`
    /// calls the requirement `generateNewProfile`, which plugins implement: said. A requirement
    /// nothing in the protocol's extensions calls is not.
    @Test func aRequirementTheProtocolsOwnExtensionCallsIsSaid() {
        let text = scan(
            """
            public protocol CredentialsTokenTTL: AnyObject {
                func generateNewProfile(token: String, completion: @escaping (Result<String, Error>) -> Void)
                func refresh(token: String, completion: @escaping (Result<String, Error>) -> Void)
            }
            extension CredentialsTokenTTL {
                public func getProfile(token: String, onSuccess: @escaping (String) -> Void, onFailure: @escaping (Error) -> Void) {
                    generateNewProfile(token: token) { result in
                        switch result {
                        case .success(let profile): onSuccess(profile)
                        case .failure(let error): onFailure(error)
                        }
                    }
                }
            }
            """
        ).text
        #expect(text.contains("// scan: an extension of CredentialsTokenTTL calls 'generateNewProfile' itself: if your code only implements it, mark it '@context'"), "\(text)")
        #expect(!text.contains("calls 'refresh' itself"), "\(text)")
    }

    /// A middleware's `next: () -> Void` (Kitura's `RouterMiddleware.handle(request:response:
    /// next:)`) hands the request on: work, no event; scan lists it as not bridged and generate
    /// keeps it as context. An Rx-style `next` that gets an element is an event still.
    @Test func aMiddlewaresNextIsNoEvent() throws {
        let text = scan(
            """
            public final class Session: RouterMiddleware {
                public func handle(request: RouterRequest, response: RouterResponse, next: @escaping () -> Void) throws { next() }
            }
            public final class Feed {
                public func subscribe(next: @escaping (Int) -> Void, error: @escaping (Error) -> Void) -> Disposable { Disposable() }
            }
            public final class Disposable { public func dispose() {} }
            """
        ).text
        #expect(text.contains("// Session: handle(request:response:next:)"), "\(text)")
        #expect(text.contains("public func subscribe(next:"), "\(text)")
        let generated = try generate(
            """
            extension Session {
                func handle(request: RouterRequest, response: RouterResponse, next: @escaping () -> Void) throws
                func load(completion: @escaping (Error?) -> Void)
            }
            """)
        #expect(!generated.contains("func handle("), "\(generated)")
        #expect(generated.contains("func load() async throws"), "\(generated)")
    }

    /// Perfect-LDAP's `login(info:completion: (String?) -> Void)`: `completion(nil)` when it
    /// succeeded, `completion("LOGIN FAILED: …")` in its `catch`: `@asyncError(message: 1)`.
    /// A `(String?)` callback the body never hands a text keeps its nil a value, said.
    @Test func aTextAndANilHandedToTheCompletionAreAFailureMessage() throws {
        let text = scan(
            """
            public final class LDAP {
                public func login(info: String, completion: @escaping (String?) -> Void) {
                    do {
                        try check(info)
                        completion(nil)
                    } catch {
                        completion("LOGIN FAILED: \\(error)")
                    }
                }
                public func lookup(name: String, completion: @escaping (String?) -> Void) {
                    completion(names[name])
                }
                func check(_ info: String) throws {}
                var names: [String: String] = [:]
            }
            """
        ).text
        #expect(text.contains("// scan: @asyncError(message: 1) because 'login' calls 'completion' with nil and with a text"), "\(text)")
        #expect(text.contains("if nil means success and the text says why it failed, '@asyncError(message: 1)'"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func login(info: String) async throws {"), "\(generated)")
        #expect(generated.contains("continuation.resumeWithFailureStatus(message)"), "\(generated)")
    }

    /// Perfect-ZooKeeper's `connect(to:completion:)` keeps `completion` in `onConnect`, which the
    /// session watcher calls on every state change: a stream, with the one handler said. A
    /// method that keeps it in a property named for an end (`onClose`) is not made one.
    @Test func aClosureKeptInACallbackPropertyIsCalledAsOftenAsItIs() {
        let text = scan(
            """
            public final class ZooKeeper {
                public var onConnect: (ConnectionState) -> Void = { _ in }
                public var onClose: (() -> Void)?
                public func connect(to: String = "localhost:2181", completion: @escaping (ConnectionState) -> Void) throws {
                    onConnect = completion
                }
                public func close(completion: @escaping () -> Void) {
                    self.onClose = completion
                }
                func watcher(_ state: ConnectionState) { onConnect(state); onClose?() }
            }
            public enum ConnectionState { case connected, expired }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'connect' keeps 'completion' in 'onConnect', which the SDK calls for each event"), "\(text)")
        #expect(text.contains("// scan: 'onConnect' holds one handler: a later 'connect' (or a write of 'onConnect') replaces this stream's"), "\(text)")
        #expect(!text.contains("'close' keeps"), "\(text)")
    }
}

