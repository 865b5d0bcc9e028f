import Generator
@testable import Inventory
import Testing

/// What batch 40 (FilesProvider, ZLPhotoBrowser, AudioKit, MapboxMaps, …) taught on first
/// contact (decision 122).
@Suite struct ScanFortiethBatchTests: ScanTesting {
    /// MapboxMaps' `PointAnnotation.onTapGesture(handler:) -> Self`: a value's modifier keeps
    /// the closure in the copy it returns; an adapter that drops the copy would wait for nothing.
    @Test func aValuesModifierKeepsItsClosureInTheCopy() {
        let text = scan(
            """
            public struct PointAnnotation {
                public func onTapGesture(handler: @escaping () -> Void) -> Self { self }
                public func onLongPress(handler: @escaping () -> Void) -> PointAnnotation { self }
            }
            """
        ).text
        #expect(text.contains("// PointAnnotation: onTapGesture(handler:) — a modifier of a value: its closure goes into the copy it returns"), "\(text)")
        #expect(text.contains("// PointAnnotation: onLongPress(handler:) — a modifier of a value"), "\(text)")
        #expect(!text.contains("@stream"), "\(text)")
    }

    /// AudioKit's `recordAutomation(callback:)`, "Called on the main queue for each parameter
    /// event", and `setWaveformUpdateHandler(_:)`: both called for each event.
    @Test func eachEventAndAHandlerSetterAreStreams() {
        let text = scan(
            """
            public class NodeParameter {
                /// Records automation for this parameter.
                /// - Parameter callback: Called on the main queue for each parameter event.
                public func recordAutomation(callback: @escaping (Int) -> Void) {}
            }
            public protocol WaveformNode {
                func setWaveformUpdateHandler(_ handler: @escaping ([Float]) -> Void)
                func setCompletionHandler(_ handler: @escaping () -> Void)
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because its documentation says 'each parameter event'"), "\(text)")
        #expect(text.contains("// scan: @stream because 'setWaveformUpdateHandler' sets a handler the SDK keeps and calls for each event"), "\(text)")
        #expect(!text.contains("'setCompletionHandler' sets a handler"), "\(text)")
    }

    /// FilesProvider's `isReachable(completionHandler: (_ success: Bool, _ error: Error?))`: the
    /// flag answers the question the method asks, whatever it is named.
    @Test func aQuestionsFlagIsItsAnswer() throws {
        let text = scan(
            """
            open class Provider {
                open func isReachable(completionHandler: @escaping (_ success: Bool, _ error: Error?) -> Void) {}
                open func remove(path: String, completionHandler: @escaping (_ success: Bool, _ error: Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: as written, the Bool that 'completionHandler' gets is the answer to 'isReachable', returned"), "\(text)")
        #expect(text.contains("@asyncError(zeroArgument: 1)\n    open func remove("), "\(text)")
        #expect(try generate(text).contains("func isReachable() async throws -> Bool"))
    }

    /// FilesProvider's `completionHandler(LocalFileObject(fileWithPath: path, …), nil)`: a value
    /// made by a failable initializer, passed with no error, may be nil: a value, not a failure.
    @Test func aFailableInitializersValueMayBeNil() {
        let text = scan(
            """
            open class FileObject {
                public init?(fileWithPath path: String, relativeTo: URL?) { return nil }
            }
            open class Provider {
                open func attributesOfItem(path: String, completionHandler: @escaping (_ attributes: FileObject?, _ error: Error?) -> Void) {
                    completionHandler(FileObject(fileWithPath: path, relativeTo: nil), nil)
                }
            }
            """
        ).text
        #expect(text.contains("@nullableResult\n    open func attributesOfItem("), "\(text)")
    }

    /// FilesProvider's `contents(path:progressHandler: (Int64, Data) -> Void, completionHandler:)`:
    /// a "progress" handed the data itself is the content, piece by piece, which the completion
    /// ends; the returned Progress cancels it.
    @Test func progressHandedTheDataIsTheContent() throws {
        let text = scan(
            """
            public typealias SimpleCompletionHandler = ((_ error: Error?) -> Void)?
            open class Provider {
                open func contents(path: String, progressHandler: @escaping (_ position: Int64, _ data: Data) -> Void, completionHandler: SimpleCompletionHandler) -> Progress? { nil }
                open func copy(path: String, progressHandler: @escaping (_ fraction: Double) -> Void, completionHandler: SimpleCompletionHandler) {}
            }
            """
        ).text
        #expect(text.contains("@stream\n    // scan: @event(progressHandler) because 'progressHandler' is handed the data itself, not a count\n    @event(progressHandler)\n    // scan: @finish(completionHandler)"), "\(text)")
        #expect(!text.contains("@event(progressHandler)\n    // scan: @finish(completionHandler) because 'completionHandler' ends them\n    @finish(completionHandler)\n    open func copy"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func contents(path: String) -> _Concurrency.AsyncThrowingStream<(Int64, Data), any Swift.Error>"), "\(generated)")
        #expect(generated.contains("stop: { token in token?.cancel() }"), "\(generated)")
    }

    /// ZLPhotoBrowser's screens: `ZLEditImageViewController.editFinishBlock`, `ZLCustomCamera.
    /// takeDoneBlock`, `didDisappearBlock` end the screen, once; `onDidTapDone` is a button the
    /// user may tap again; any other handler of a screen is a stream said to be a guess.
    @Test func aScreensEndIsOnceAndItsOtherHandlersAreSaid() {
        let text = scan(
            """
            open class BaseViewController: UIViewController {}
            public class EditImageViewController: BaseViewController {
                public var editFinishBlock: ((UIImage) -> Void)?
                public var onDidTapDone: (() -> Void)?
                public var onTransactionCompleted: ((Int) -> Void)?
                public func show() { editFinishBlock?(UIImage()); onDidTapDone?(); onTransactionCompleted?(1) }
            }
            public class CustomCamera: UIViewController {
                public var takeDoneBlock: ((UIImage?, URL?) -> Void)?
                public var didDisappearBlock: (() -> Void)?
                public func done() { takeDoneBlock?(nil, nil); didDisappearBlock?() }
            }
            public class ImagePickerController: UINavigationController {
                public var didSelectAssets: (([String]) -> Void)?
                public func done() { didSelectAssets?([]) }
            }
            """
        ).text
        for name in ["editFinishBlock", "takeDoneBlock", "didDisappearBlock"] {
            #expect(text.contains("// scan: @once because '\(name)' is named for how the"), "\(name): \(text)")
        }
        #expect(!text.contains("@once because 'onDidTapDone'"), "\(text)")
        #expect(!text.contains("@once because 'onTransactionCompleted'"), "\(text)")
        #expect(
            text.contains("// scan: 'didSelectAssets' is a handler of the screen ImagePickerController: as written, a stream; if the screen calls it once, as it closes, write '@once'"),
            "\(text)")
    }

    /// MapboxMaps' `setFeatureState(…, callback: ((Result<NSNull, Error>) -> Void)?)`: Objective-C's
    /// placeholder for nothing says only that the call succeeded.
    @Test func aResultOfNSNullIsVoid() throws {
        let generated = try generate(
            """
            import Foundation
            extension MapboxMap {
                func setFeatureState(sourceId: String, callback: ((Result<NSNull, Error>) -> Void)? = nil)
            }
            """)
        #expect(generated.contains("func setFeatureState(sourceId: String) async throws {"), "\(generated)")
        #expect(generated.contains("continuation.resume(with: result.map { _ in })"), "\(generated)")
    }

    /// WKWebViewJavascriptBridge's `register(handlerName:handler: Handler)`, `Handler = ([String:
    /// Any]?, Callback?) -> Void` with `Callback` another type's alias: a closure handed a closure
    /// to answer with is the caller's endpoint, work, not a result.
    @Test func aClosureHandedAClosureIsWork() {
        let text = scan(
            """
            public class BridgeBase {
                public typealias Callback = (_ responseData: Any?) -> Void
                public typealias Handler = (_ parameters: [String: Any]?, _ callback: Callback?) -> Void
            }
            public class Bridge {
                public func register(handlerName: String, handler: @escaping BridgeBase.Handler) {}
                public func call(handlerName: String, callback: BridgeBase.Callback? = nil) {}
            }
            """
        ).text
        #expect(text.contains("@context  // takes a closure, but not a callback\n    public func register(handlerName:"), "\(text)")
        #expect(text.contains("public func call(handlerName: String, callback: BridgeBase.Callback? = nil)"), "\(text)")
    }

    /// ZLPhotoBrowser's `completion?(nil, asset)` of `(Error?, PHAsset?)`, after `let asset =
    /// self.getAsset(…)`, which returns `PHAsset?`, in a helper of an `@objcMembers` class: nil
    /// without an error is a value, the error first or not.
    @Test func anErrorFirstCompletionMayHandNil() {
        let text = scan(
            """
            @objcMembers
            public class PhotoManager: NSObject {
                public class func saveImageToAlbum(image: UIImage, completion: ((Error?, PHAsset?) -> Void)?) {
                    save(obj: image, completion: completion)
                }
                private class func save(obj: AnyObject, completion: ((Error?, PHAsset?) -> Void)?) {
                    let asset = self.getAsset(from: "id")
                    completion?(nil, asset)
                }
                private class func getAsset(from localIdentifier: String?) -> PHAsset? { nil }
            }
            """
        ).text
        #expect(text.contains("@nullableResult\n    // scan: assumed from the library at large"), "\(text)")
    }

    /// FilesProvider's `readData(…, completionHandler: (Data?, Bool, Error?))`: an optional value
    /// beside one that is not, and an error: what nil means is said.
    @Test func nilBesideAFlagIsSaid() {
        let text = scan(
            """
            public class StreamTask {
                public func readData(ofMinLength minBytes: Int, completionHandler: @escaping (_ data: Data?, _ atEOF: Bool, _ error: Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'"), "\(text)")
    }

    /// Tealium's `ModuleCompletion = ((Result<Bool, Error>, [String: Any]?)) -> Void`: a Result
    /// beside another value in one tuple, whose rest is left out, said.
    @Test func aResultBesideAValueInOneTupleIsSaid() {
        let text = scan(
            """
            public typealias ModuleCompletion = ((Result<Bool, Error>, [String: Any]?)) -> Void
            public protocol Dispatcher {
                func dynamicTrack(_ request: String, completion: ModuleCompletion?)
            }
            """
        ).text
        #expect(text.contains("// scan: 'completion' gets a Result beside '[String: Any]?': the Result is the outcome"), "\(text)")
    }

    /// Appwrite's `Realtime.onClose(_:)`, a client that reconnects: a one-shot said to be one.
    @Test func aCloseHandlersOnceIsSaid() {
        let text = scan(
            """
            public class Realtime {
                public func onClose(_ callback: @escaping () -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: one-shot: 'onClose' is named for an end, which comes once; if the SDK reconnects and calls it for each connection, add '@stream'"), "\(text)")
    }

    /// Matomo's `MemoryQueue.remove(events:completion: () -> ())` and AudioKit's `renderToFile(…,
    /// prerender:, progress:) throws`: synchronous calls, each with what a reviewer may prefer.
    @Test func synchronousCallsSayTheOtherReading() {
        let text = scan(
            """
            public struct MemoryQueue {
                public func remove(events: [Int], completion: () -> ()) { completion() }
            }
            public class AudioEngine {
                public func renderToFile(_ file: URL, prerender: (() -> Void)? = nil, progress: ((Double) -> Void)? = nil) throws {}
            }
            """
        ).text
        #expect(text.contains("// scan: as written, an async adapter; if 'remove' does no I/O and returns at once, call it directly and delete this declaration"), "\(text)")
        #expect(text.contains("// scan: 'renderToFile' also runs 'prerender', your code, during the call"), "\(text)")
    }

    /// AudioKit's `RawDataTap(_:…, handler:)`: an object named for a source of events, made with
    /// the handler it calls for each, is a stream (a factory returns both). Most initializers'
    /// closures are no such thing: a configuration's setting, a disposable's cleanup, a
    /// button's action, an observer made to be handed on; and a value type's only stores it.
    @Test func onlyAnEventSourcesInitializerIsAStream() {
        let text = scan(
            """
            open class RawDataTap {
                public init(_ input: Int, bufferSize: UInt32 = 1_024, handler: @escaping ([Float]) -> Void = { _ in }) {}
            }
            public final class Configuration {
                public init(apiKey: String, callback: @escaping (Int) -> Void) {}
            }
            public final class BlockDisposable {
                public init(_ handler: @escaping () -> Void) {}
            }
            public final class LevelObserver {
                public init(observer: @escaping (Int) -> Void) {}
            }
            public struct FileMonitor {
                public init(url: URL, handler: @escaping () -> Void) {}
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because the RawDataTap it makes keeps 'handler' and calls it for each event"), "\(text)")
        for type in ["Configuration", "BlockDisposable", "LevelObserver", "FileMonitor"] {
            #expect(!text.contains("because the \(type) it makes"), "\(type): \(text)")
        }
    }

    /// Perfect-CURL's `perform(_ completion: (CURLResponse.Confirmation) -> ())` with `Confirmation
    /// = () throws -> CURLResponse`: a closure handed the outcome as a closure that returns it is
    /// a result, not an answer channel; and iOS McuManager's `callback?(response, nil)` after
    /// `let response = try? …` says nothing of the library's other callbacks.
    @Test func aConfirmationIsAResultAndOptionalChainingSaysNothing() {
        let text = scan(
            """
            public class CURLResponse {
                public typealias Confirmation = () throws -> CURLResponse
            }
            public class CURLRequest {
                public func perform(_ completion: @escaping (CURLResponse.Confirmation) -> ()) {}
            }
            public class Manager {
                public func echo(_ text: String, callback: @escaping (String?, Error?) -> Void) {}
                private func list(callback: ((String?, Error?) -> Void)?) {
                    let response = try? decode()
                    callback?(response, nil)
                }
            }
            """
        ).text
        #expect(text.contains("    public func perform(_ completion: @escaping (CURLResponse.Confirmation) -> ())"), "\(text)")
        #expect(!text.contains("@context  // takes a closure, but not a callback\n    public func perform"), "\(text)")
        #expect(!text.contains("@nullableResult\n    // scan: assumed from the library at large: if 'echo'"), "\(text)")
    }

    /// Amplify's `Hub.listen(to:…) -> UnsubscribeToken` and `removeListener(_ token:
    /// UnsubscribeToken)`: a method named for removing the token it is handed stops the stream;
    /// `listenForResult(to:resultListener:)` is a listener for one result, a one-shot, said.
    @Test func aRemovalThatTakesTheTokenStopsIt() {
        let text = scan(
            """
            public struct UnsubscribeToken {}
            public final class Hub {
                public func listen(to channel: String, listener: @escaping (String) -> Void) -> UnsubscribeToken { UnsubscribeToken() }
                public func listenForResult(to operation: Int, resultListener: @escaping (Int) -> Void) -> UnsubscribeToken { UnsubscribeToken() }
                public func removeListener(_ token: UnsubscribeToken) {}
            }
            """
        ).text
        #expect(text.contains("@cancel(using: removeListener(_:))\n    public func listen(to channel"), "\(text)")
        #expect(text.contains("// scan: one-shot: 'resultListener' is named for the result, which comes once; if it is called for every event, add '@stream'"), "\(text)")
        #expect(!text.contains("@stream\n    // scan: @cancel(using: removeListener(_:)) because 'removeListener(_:)' takes the UnsubscribeToken 'listenForResult' returns"), "\(text)")
    }
}
