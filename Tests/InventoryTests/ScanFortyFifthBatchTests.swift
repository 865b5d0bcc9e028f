import Generator
@testable import Inventory
import Testing

/// What batches 45 (Noze.io's modules, CwlSignal, Spring, Mantis, FileKit, …) and 46 (LiveKit,
/// Postal, …) taught on first contact (decision 124).
@Suite struct ScanFortyFifthBatchTests: ScanTesting {
    /// Noze.io's `Socket.onConnect(handler:)`, which adds its closure to an
    /// `EventOnceListenerSet`, and `ReadableStream.onEnd(handler:)`, which hands it on to a
    /// method that does: called once, whatever `on…` suggests; `onData`, added to a set that
    /// calls every time, stays a stream.
    @Test func aListenerAddedToASetThatFiresOnceIsAOneShot() {
        let text = scan(
            """
            public class EventOnceListenerSet<T> {
                public func add(handler: @escaping (T) -> Void) {}
            }
            public class EventListenerSet<T> {
                public func add(handler: @escaping (T) -> Void) {}
            }
            open class Reader {
                public var endListeners = EventOnceListenerSet<Void>()
                public var dataListeners = EventListenerSet<Int>()
                public func _installOnEndHandler(handler cb: @escaping () -> Void, once: Bool) -> Self {
                    endListeners.add(handler: cb)
                    return self
                }
                @discardableResult
                public func onEnd(handler cb: @escaping () -> Void) -> Self {
                    return _installOnEndHandler(handler: cb, once: false)
                }
                @discardableResult
                public func onData(handler cb: @escaping (Int) -> Void) -> Self {
                    dataListeners.add(handler: cb)
                    return self
                }
            }
            """
        ).text
        #expect(text.contains("// scan: one-shot: 'onEnd' adds its closure to 'endListeners', listeners that are called once\n    @discardableResult\n    public func onEnd"), "\(text)")
        #expect(text.contains("// scan: one-shot: a listener given to a EventOnceListenerSet is called once\n    public func add"), "\(text)")
        #expect(text.contains("@stream\n    @discardableResult\n    public func onData"), "\(text)")
    }

    /// Noze.io's `createServer(onRequest:)` and `createServer(onConnection:)`: one call for each
    /// request or connection the server accepts, until it is closed.
    @Test func aServersRequestHandlerIsAStream() {
        let text = scan(
            """
            public class Server {
                public func close() {}
            }
            public func createServer(enableLogger: Bool = false, onRequest: @escaping (String, Int) -> Void) -> Server { Server() }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'onRequest' is called for each event"), "\(text)")
        #expect(text.contains("@cancel(token: close())"), "\(text)")
    }

    /// Spring's `spring(duration:animations:)`: UIKit's animations block, run for the caller.
    @Test func anAnimationsBlockIsWork() {
        let text = scan(
            """
            public class SpringAnimation {
                public class func spring(duration: Double, animations: @escaping () -> Void) {}
                public class func springWithCompletion(duration: Double, animations: @escaping () -> Void, completion: @escaping (Bool) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public class func spring("), "\(text)")
        #expect(text.contains("extension SpringAnimation {\n    public class func springWithCompletion"), "\(text)")
    }

    /// CwlSignal's `SignalInterface.onValue(context:_:) -> Signal<OutputValue>`, one of dozens of
    /// operators that return a new `Signal`: a "do" operator, whose closure runs as the signal it
    /// returns is used. `subscribe`, which returns what cancels it, is the stream.
    @Test func anOperatorOfAChainIsContext() {
        let text = scan(
            """
            public final class Signal<T>: SignalInterface {
                public typealias OutputValue = T
            }
            public final class SignalOutput<T> {
                public func cancel() {}
            }
            public protocol SignalInterface {
                associatedtype OutputValue
            }
            extension SignalInterface {
                public func map<U>(_ transform: @escaping (OutputValue) -> U) -> Signal<U> { fatalError() }
                public func filter(_ isIncluded: @escaping (OutputValue) -> Bool) -> Signal<OutputValue> { fatalError() }
                public func skip(_ count: Int) -> Signal<OutputValue> { fatalError() }
                public func take(_ count: Int) -> Signal<OutputValue> { fatalError() }
                public func distinct() -> Signal<OutputValue> { fatalError() }
                public func onValue(_ handler: @escaping (OutputValue) -> ()) -> Signal<OutputValue> { fatalError() }
                public func subscribeValues(_ handler: @escaping (OutputValue) -> Void) -> SignalOutput<OutputValue> { fatalError() }
            }
            """
        ).text
        #expect(text.contains("@context  // an operator: the Signal it returns, as other operators of SignalInterface do, runs the closure as it is used; nothing this call starts calls it\n    public func onValue"), "\(text)")
        #expect(text.contains("@stream\n    // scan: @cancel(token) because the returned SignalOutput<OutputValue> has cancel()\n    @cancel(token)\n    public func subscribeValues"), "\(text)")
    }

    /// Mantis's `RotationControlViewProtocol.didUpdateRotationValue`, which its `CropView` sets on
    /// the app's custom control: the app's code calls it, to tell the library.
    @Test func aProtocolRequirementTheLibrarySetsIsContext() {
        let text = scan(
            """
            public protocol RotationControl: AnyObject {
                var didUpdateRotationValue: (_ angle: Double) -> Void { get set }
            }
            public protocol Listener: AnyObject {
                var onChange: ((Int) -> Void)? { get set }
            }
            class CropView {
                var control: RotationControl?
                func setUp() {
                    control?.didUpdateRotationValue = { [unowned self] angle in
                        self.rotate(angle)
                    }
                }
                func rotate(_ angle: Double) {}
            }
            """
        ).text
        #expect(text.contains("// RotationControl: didUpdateRotationValue — a requirement the library sets on the RotationControl it is given (Store.swift): your conforming type calls it, to tell the library"), "\(text)")
        #expect(text.contains("extension Listener {\n    // scan: 'onChange' holds a closure the SDK calls for each event: a stream"), "\(text)")
        #expect(!text.contains("@context  // a requirement the library sets on the Listener"), "\(text)")
    }

    /// FileKit's `Path.watch(…, callback: ((DispatchFileSystemWatcher) -> Void)?) ->
    /// DispatchFileSystemWatcher`: handed the watcher it returns, under a name for an outcome.
    @Test func aTokenHandedToAnObserverIsSaid() {
        let text = scan(
            """
            public class Watcher {
                public func close() {}
            }
            public struct Path {
                public func watch(_ events: Int = 0, callback: ((Watcher) -> Void)? = nil) -> Watcher { Watcher() }
            }
            """
        ).text
        #expect(text.contains("// scan: as written, each event is Void: the Watcher 'callback' gets is the one the stream keeps and stops; if you need its state on each call, bridge a method of yours that hands it on"), "\(text)")
    }

    /// Spring's `imageForUrl(urlString:completionHandler: (_ image: UIImage?, _ url: String) -> ())`:
    /// the URL handed back is the one the caller passed.
    @Test func anArgumentHandedBackIsSaid() {
        let text = scan(
            """
            public class ImageLoader {
                public func imageForUrl(urlString: String, completionHandler: @escaping (_ image: Data?, _ url: String) -> ()) {}
                public func load(name: String, completion: @escaping (_ image: Data?, _ path: String) -> ()) {}
            }
            """
        ).text
        #expect(text.contains("// scan: 'completionHandler' hands back 'url', which the caller passed: as written, part of the value"), "\(text)")
        #expect(!text.contains("'completion' hands back"), "\(text)")
    }

    /// LiveKit's `DataTrackStream.read(onFrame:) async`, an "Objective-C entry point" of a type
    /// that is an `AsyncSequence` itself: `for await` over it is the stream.
    @Test func aMethodOfAnAsyncSequenceIsIteratedInstead() {
        let text = scan(
            """
            public final class Token {
                public func cancel() {}
            }
            public final class FrameStream: AsyncSequence, Sendable {
                public typealias Element = Int
                public func makeAsyncIterator() -> AsyncStream<Int>.Iterator { fatalError() }
                public func read(onFrame: @escaping @Sendable (Int) -> Void) async {}
                public func observe(handler: @escaping (Int) -> Void) -> Token { Token() }
            }
            """
        ).text
        #expect(text.contains("// FrameStream: read(onFrame:) — 'FrameStream' is an AsyncSequence itself: iterate it with 'for await'"), "\(text)")
        #expect(text.contains("// FrameStream: observe(handler:) — 'FrameStream' is an AsyncSequence itself: iterate it with 'for await'"), "\(text)")
    }

    /// LiveKit's `readChunks(onChunk:onCompletion:)`, deprecated "Use for/await on
    /// ByteStreamReader reader instead.": retired for the SDK's own async form.
    @Test func aDeprecationToForAwaitRetiresIt() {
        let text = scan(
            """
            public final class Reader {
                @available(*, deprecated, message: "Use for/await on Reader instead.")
                public func readChunks(onChunk: @escaping (Data) -> Void, onCompletion: ((Error?) -> Void)?) {}
            }
            """
        ).text
        #expect(text.contains("Reader: readChunks(onChunk:onCompletion:) — deprecated for the SDK's async form"), "\(text)")
    }

    /// Postal's `fetchAttachments(_:uid:partId:onAttachment:onComplete:)`: a closure named `on`
    /// and a thing beside one that ends is called for each such thing, then the end; not
    /// `onProgress` or `onSuccess` beside a completion.
    @Test func aThingsClosureBesideAnEndIsAStream() throws {
        let text = scan(
            """
            public final class Postal {
                public func fetchAttachments(_ folder: String, uid: UInt, onAttachment: @escaping (Data) -> Void, onComplete: @escaping (Error?) -> Void) {}
                public func upload(_ data: Data, onProgress: @escaping (Double) -> Void, onComplete: @escaping (Error?) -> Void) {}
                public func send(_ data: Data, onSent: @escaping (Int) -> Void, onError: @escaping (Error) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because 'onAttachment' is named for a thing, called for each, and 'onComplete' ends them"), "\(text)")
        #expect(text.contains("@event(onAttachment)\n    // scan: @finish(onComplete) because 'onComplete' comes after the last\n    @finish(onComplete)\n    public func fetchAttachments"), "\(text)")
        #expect(!text.contains("@event(onProgress)"), "\(text)")
        #expect(!text.contains("@event(onSent)"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func fetchAttachments(_ folder: String, uid: UInt) -> _Concurrency.AsyncThrowingStream<Data, any Swift.Error>"), "\(generated)")
    }

    /// LiveKit's `PreConnectAudioBuffer.setErrorHandler(_:)`: a stream of nothing but errors,
    /// each an element, which may be only for a log; said.
    @Test func aStreamOfErrorsIsSaid() {
        let text = scan(
            """
            public final class Buffer {
                public func setErrorHandler(_ handler: @escaping (Error) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: a stream of errors: each failure is an element, not thrown, and none ends it; if the SDK only reports them for you to log, mark it '@context'"), "\(text)")
    }

    /// Noze.io's `ChildProcess.onExit(cb:)`: a process exits once, as a connection closes once.
    @Test func aProcessExitComesOnce() {
        let text = scan(
            """
            public final class ChildProcess {
                public func onExit(cb: @escaping (Int?, Int?) -> Void) {}
                public func onMessage(cb: @escaping (String) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("extension ChildProcess {\n    public func onExit"), "\(text)")
        #expect(text.contains("@stream\n    // scan: nothing stops what 'onMessage' registers"), "\(text)")
    }

    /// From the outside try on OpenCombine: the starter repeated `import COpenCombineHelpers` (the
    /// SDK's C shim) and `import _Concurrency` (the compiler's own) into the app's file.
    @Test func theSDKsCShimAndTheCompilersModulesAreNotRepeated() {
        let text = scan(
            """
            #if canImport(CStoreHelpers)
            import CStoreHelpers
            #endif
            #if canImport(_Concurrency)
            import _Concurrency
            #endif
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            public final class Feed {
                public func load(completion: @escaping (Result<Int, Error>) -> Void) {}
            }
            """
        ).text
        #expect(!text.contains("CStoreHelpers"), "\(text)")
        #expect(!text.contains("import _Concurrency"), "\(text)")
        #expect(text.contains("#if canImport(FoundationNetworking)\n    import FoundationNetworking\n#endif"), "\(text)")
    }

    /// LiveKit's `StateSync.onDidMutate: OnDidMutate?`, a closure under a typealias, which the
    /// library sets on its own instances (`_state.onDidMutate = { [weak self] … }`): said, as for
    /// a property whose closure is written out.
    @Test func aPropertyOfAClosureAliasTheLibrarySetsIsSaid() {
        let text = scan(
            """
            public final class StateSync<State> {
                public typealias OnDidMutate = (_ newState: State, _ oldState: State) -> Void
                public var onDidMutate: OnDidMutate?
            }
            public final class Track {
                let state = StateSync<Int>()
                func setUp() {
                    state.onDidMutate = { [weak self] newState, oldState in
                        self?.changed()
                    }
                }
                func changed() {}
            }
            """
        ).text
        #expect(text.contains("// scan: the library sets 'onDidMutate' to a handler of its own (Store.swift)"), "\(text)")
    }
}
