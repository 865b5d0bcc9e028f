// Misuse reports and the one handler every module's adapters report to.

import Dispatch
import Foundation

public struct BridgegenMisuse: Swift.Sendable, Swift.CustomStringConvertible {
    public enum Kind: Swift.Sendable, Swift.Equatable, Swift.CaseIterable {
        /// The SDK delivered a second result after its first (an SDK bug; dropped).
        case duplicateCallback
        /// The SDK called back after the task was cancelled (or a newer call took over): the
        /// normal echo of an SDK that answers its cancel. Dropped.
        case callbackAfterCancellation
        /// A stream's event came after its consumer had stopped listening (its loop ended, or
        /// its task was cancelled) and before the SDK's stop took effect. Not an SDK bug, but an
        /// event the app never saw: a purchase or a message sent in that window is lost unless
        /// the app reads it again, so debug builds print it. Dropped.
        case eventAfterConsumerLeft
        /// The SDK called back after the call had ended without it: its timeout had passed.
        /// Dropped.
        case callbackAfterTimeout
        /// The SDK released the completion handler without ever calling it (an SDK bug); the
        /// call threw `BridgegenError.callbackDropped` instead of hanging.
        case handlerReleasedUncalled
        /// A stream's event came after the SDK had ended the stream (an SDK bug; dropped).
        case eventAfterFinish
        /// A stream's buffering policy dropped an event because its consumer was behind.
        case droppedByBuffer

        /// Whether this points at a bug in the SDK rather than at the app's own cancellation,
        /// timeout or buffering choice.
        public var isSDKBug: Swift.Bool {
            switch self {
            case .duplicateCallback, .handlerReleasedUncalled, .eventAfterFinish: return true
            case .callbackAfterCancellation, .eventAfterConsumerLeft, .callbackAfterTimeout,
                .droppedByBuffer:
                return false
            }
        }

        /// Whether the default handler prints it in debug builds: the SDK bugs, and the events
        /// no consumer saw because the one listening had left. The echoes of a cancellation or
        /// a timeout, and what a buffering policy the app chose drops, are not printed.
        public var isPrintedByDefault: Swift.Bool {
            isSDKBug || self == .eventAfterConsumerLeft
        }
    }

    /// The adapter, as `Type.method(labels:)`.
    public let adapter: Swift.String
    public let kind: Kind

    @usableFromInline init(adapter: Swift.String, kind: Kind) {
        self.adapter = adapter
        self.kind = kind
    }

    public var description: Swift.String {
        switch kind {
        case .duplicateCallback:
            return
                "bridgegen: \(adapter) was called back more than once; the extra callback was dropped"
        case .callbackAfterCancellation:
            return
                "bridgegen: \(adapter) was called back after it was cancelled; the callback was dropped"
        case .eventAfterConsumerLeft:
            return
                "bridgegen: \(adapter) sent an event after its consumer had stopped listening; the event was dropped"
        case .callbackAfterTimeout:
            return
                "bridgegen: \(adapter) was called back after it timed out; the callback was dropped"
        case .handlerReleasedUncalled:
            return "bridgegen: \(adapter) released its handler before the call (or stream) was over"
        case .eventAfterFinish:
            return
                "bridgegen: \(adapter) sent an event after ending its stream; the event was dropped"
        case .droppedByBuffer:
            return "bridgegen: \(adapter) dropped an event: its buffer was full"
        }
    }

    /// Receives every report from every adapter of this module. The default prints, in debug
    /// builds, the reports that point at an SDK bug (`isSDKBug`) and the events dropped after
    /// their consumer left, and ignores the echoes; set it once at launch to log or count.
    public static var handler: @Sendable (BridgegenMisuse) -> Swift.Void {
        get { handlerStorage.handler }
        set { handlerStorage.handler = newValue }
    }

    private static let handlerStorage = BridgegenHandlerStorage()
}

/// The one handler, behind a lock. Not `BridgegenLocked<Handler>`: a closure stored as a generic
/// value is re-abstracted on every get and set, and with the inlinable lock the getter's thunk
/// ended up calling itself (a stack overflow on the first report, seen in the behaviour tests).
final class BridgegenHandlerStorage: @unchecked Swift.Sendable {
    // @unchecked: `stored` is only touched while `lock` is held.
    private let lock = Foundation.NSLock()
    private var stored: @Sendable (BridgegenMisuse) -> Swift.Void = { report in
        #if DEBUG
            if report.kind.isPrintedByDefault { print(report) }
        #endif
    }

    var handler: @Sendable (BridgegenMisuse) -> Swift.Void {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            stored = newValue
        }
    }
}
