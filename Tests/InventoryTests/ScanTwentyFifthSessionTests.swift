@testable import Generator
@testable import Inventory
import Testing

/// What the twenty-fifth session's first contact with batch 64 taught (decision 139).
@Suite struct ScanTwentyFifthSessionTests: ScanTesting {
    /// OpenAISwift's `sendCompletion(with:…:completionHandler:)` asks for an OpenAI text
    /// completion, once; `clientConnectionCompleted` is the end of each of many connections.
    @Test func aRequestNamedForACompletionIsOnce() {
        #expect(!ClosureRoleNames.namesEndOfEach("sendCompletion"))
        #expect(!ClosureRoleNames.namesEndOfEach("requestCompletion"))
        #expect(ClosureRoleNames.namesEndOfEach("clientConnectionCompleted"))
        #expect(ClosureRoleNames.namesEndOfEach("onEditingEnded"))
        let text = scan(
            """
            public class Client {
                public func sendCompletion(with prompt: String, completionHandler: @escaping (Result<String, Error>) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("@stream"), "\(text)")
        #expect(text.contains("    public func sendCompletion(with prompt: String, completionHandler: @escaping (Result<String, Error>) -> Void)\n"), "\(text)")
    }

    /// TwitterAPIKit's `streamResponse(queue:_:) -> Self`: called for each chunk of a streaming
    /// connection. Not Box's `streamUpload(stream:…:completion:)`, which streams what it is given.
    @Test func aMethodNamedForStreamingIsAStream() {
        #expect(ClosureRoleNames.namesStreaming("streamResponse"))
        #expect(!ClosureRoleNames.namesStreaming("streamUpload"))
        #expect(!ClosureRoleNames.namesStreaming("stream"))
        #expect(!ClosureRoleNames.namesStreaming("upstreamResponse"))
        let text = scan(
            """
            public class StreamTask {
                public func streamResponse(queue: DispatchQueue = .main, _ block: @escaping (Data) -> Void) {}
                public func streamUpload(stream: InputStream, name: String, completion: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: @stream because 'streamResponse' is named for streaming: called for each part\n    @stream\n"),
            "\(text)")
        #expect(!text.contains("@stream because 'streamUpload'"), "\(text)")
    }

    /// The outside try: `StreamTask.streamResponse(queue:_:) -> Self` on a task with `cancel()`.
    /// The stream is the task's own response: when the consumer leaves, the task stops (with
    /// `@cancel(none)` its timer ran on).
    @Test func aStreamOfTheTasksOwnResponseStopsTheTask() {
        let text = scan(
            """
            public class StreamTask {
                public func streamResponse(queue: DispatchQueue = .main, _ block: @escaping (Result<Data, Error>) -> Void) -> Self { self }
                public func cancel() {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @cancel(token) because the returned Self (StreamTask) has cancel()\n"), "\(text)")
        #expect(!text.contains("@cancel(none)"), "\(text)")
    }
}

extension ScanTwentyFifthSessionTests {
    /// Martin's `retractItem(at:from:itemId:errorDecoder:completionHandler:)`: its async form
    /// `retractItem(at:from:itemId:) async` cannot pass the closure that decodes the server's
    /// error, so it is another call, bridged; the form without the decoder is left to it.
    @Test func aClosureThatAnswersTheLibraryIsAnArgumentTheAsyncFormMustTake() {
        let text = scan(
            """
            public typealias PacketErrorDecoder<Failure: Error> = (Stanza?) -> Error
            open class PubSubModule {
                public func retractItem(at jid: String?, from node: String, itemId: String, completionHandler: @escaping (Result<String, Error>) -> Void) {}
                public func retractItem<Failure: Error>(at jid: String?, from node: String, itemId: String, errorDecoder: @escaping PacketErrorDecoder<Failure>, completionHandler: @escaping (Result<Iq, Failure>) -> Void) {}
                public func retractItem(at jid: String?, from node: String, itemId: String) async throws -> String { "" }
            }
            public class Stanza {}
            public class Iq {}
            """
        ).text
        #expect(
            text.contains(
                "    @context  // the SDK's own async form 'retractItem(at:from:itemId:)' is the one to call\n"
                    + "    public func retractItem(at jid: String?, from node: String, itemId: String, completionHandler:"),
            "\(text)")
        // The decoding overload is bridged.
        #expect(text.contains("    public func retractItem<Failure: Error>(at jid: String?, from node: String, itemId: String, errorDecoder:"), "\(text)")
        // Nor is that async form offered as this overload's (the outside try found the note hedged).
        #expect(!text.contains("if that is this call's async form"), "\(text)")
    }
}

extension ScanTwentyFifthSessionTests {
    /// ParseLiveQuery's `addEnterHandler(_:)`: `return addEventHandler { $1.type == .entered ?
    /// handler($0, $1.object) : () }`, a filter over the list of handlers `addEventHandler`
    /// appends to; a stream as that one is.
    @Test func aHandlerHandedOnWrappedIsKeptWhereTheCalleeKeepsIt() {
        let text = scan(
            """
            open class Subscription {
                public typealias EventHandler = (String, Event) -> Void
                public typealias ObjectHandler = (String, Object) -> Void
                var eventHandlers: [EventHandler] = []
                open func addEventHandler(_ handler: @escaping EventHandler) -> Subscription {
                    eventHandlers.append(handler)
                    return self
                }
                open func addEnterHandler(_ handler: @escaping ObjectHandler) -> Subscription {
                    return addEventHandler { $1.entered ? handler($0, $1.object) : () }
                }
                func didReceive(_ query: String, event: Event) {
                    eventHandlers.forEach { $0(query, event) }
                }
            }
            public struct Event { public var entered: Bool; public var object: Object }
            public class Object {}
            """
        ).text
        #expect(
            text.contains(
                "    // scan: @stream because 'addEnterHandler' adds a handler to the object's 'eventHandlers' and returns the object for chaining: a handler called for each event\n"),
            "\(text)")
    }
}

extension ScanTwentyFifthSessionTests {
    /// Material's `FABMenu.open(…, animations:, completion:)`: "A completion block to execute on
    /// each view's animation"; the `animations` block beside it is work, no second outcome.
    @Test func aCompletionDocumentedForEachThingBesideWorkIsAStream() {
        #expect(
            DocumentedFrequency.read(
                ["- Parameter completion: A completion block to execute on each view's animation."], callback: "completion",
                otherParameters: ["animations"])?.kind == .many)
        // One result of many things (Checksum's `Array.checksum(…completion:)`).
        #expect(
            DocumentedFrequency.read(
                ["On completion, returns a `ChecksumResult` for every `Checksumable` in this array.",
                 "- Parameter completion: The closure to call upon completion containing the result."],
                callback: "completion", otherParameters: ["progress"]) == nil)
        let text = scan(
            """
            open class FABMenu {
                /**
                 Open the Menu component with animation options.
                 - Parameter animations: An animation block to execute on each view's animation.
                 - Parameter completion: A completion block to execute on each view's animation.
                 */
                open func open(duration: TimeInterval = 0.15, animations: ((UIView) -> Void)? = nil, completion: ((UIView) -> Void)? = nil) {}
            }
            """
        ).text
        #expect(text.contains("    // scan: @stream because its documentation says 'on each view's'\n    @stream\n"), "\(text)")
    }
}

extension ScanTwentyFifthSessionTests {
    /// GetStream's `Feed.subscribe(typeOf:decoder:subscription:) -> SubscribedChannel`: the
    /// channel unsubscribes in its `deinit` and has no stop of its own. An adapter drops what the
    /// call returns at once, so the subscription would end before its first message: refused,
    /// with the reason. A handle with a stop keeps its reading (`@cancel(token)`).
    @Test func aHandleThatStopsWhenReleasedIsNoAdaptersToDrop() {
        let text = scan(
            """
            public final class SubscribedChannel {
                private let channel: Channel
                public init(_ channel: Channel) { self.channel = channel }
                deinit {
                    channel.unsubscribe()
                }
            }
            public final class Channel { func unsubscribe() {} }
            public class Feed {
                public func subscribe(typeOf type: String, subscription: @escaping (Result<String, Error>) -> Void) -> SubscribedChannel { fatalError() }
            }
            """
        ).text
        #expect(
            text.contains(
                "// Feed: subscribe(typeOf:subscription:) — returns a SubscribedChannel, which takes back what this call starts when it is released (its deinit calls 'unsubscribe')"),
            "\(text)")
        #expect(Scan.typesStoppingOnRelease(in: [.init(path: "A.swift", bytes: Array("open class Token {\n    deinit {\n        print(1)\n    }\n}\n".utf8))]).isEmpty)
        // An observer's own cleanup takes nothing back (Tiercel's `DownloadTask`).
        let observer = "public class DownloadTask {\n    deinit {\n        NotificationCenter.default.removeObserver(self)\n    }\n}\n"
        #expect(Scan.typesStoppingOnRelease(in: [.init(path: "A.swift", bytes: Array(observer.utf8))]).isEmpty)
    }
}

extension ScanTwentyFifthSessionTests {
    /// VimeoNetworking's `observe(observationHandler:) -> ObservationToken`: the token's stop is
    /// `stopObserving()`, no stop by name, but what its `deinit` calls; the observer is a stream
    /// that stops with it.
    @Test func whatADeinitCallsIsTheHandlesStop() {
        let text = scan(
            """
            public class ObservationToken {
                private let observer: NSObjectProtocol
                fileprivate init(observer: NSObjectProtocol) { self.observer = observer }
                public func stopObserving() {
                    NotificationCenter.default.removeObserver(observer)
                }
                deinit {
                    self.stopObserving()
                }
            }
            public class NetworkingNotification {
                public func observe(observationHandler: @escaping (Notification) -> Void) -> ObservationToken { fatalError() }
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: @cancel(token: stopObserving()) because the returned ObservationToken has stopObserving()\n    @cancel(token: stopObserving())\n"),
            "\(text)")
    }
}
