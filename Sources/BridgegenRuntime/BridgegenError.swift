// The errors adapters throw themselves.

import Dispatch
import Foundation

public enum BridgegenError: Swift.Error, Swift.Equatable, Swift.Sendable, Swift
        .CustomStringConvertible
{
    /// The SDK called back with neither a value nor an error.
    case noResult(adapter: Swift.String)
    /// The SDK released the completion handler without ever calling it.
    case callbackDropped(adapter: Swift.String)
    /// The SDK reported failure through a flag or status argument and gave no error.
    case failureFlag(adapter: Swift.String)
    /// The call did not finish within its timeout; the SDK work was cancelled.
    case timedOut(adapter: Swift.String, seconds: Swift.Double)
    /// Another call of this delegate adapter is still in progress on the same object.
    case busy(adapter: Swift.String)
    /// The SDK reported failure as a status code or flag (shown as text), with no error.
    case failureStatus(adapter: Swift.String, status: Swift.String)

    public var description: Swift.String {
        switch self {
        case .noResult(let adapter):
            return "\(adapter): the SDK reported neither a result nor an error"
        case .callbackDropped(let adapter):
            return "\(adapter): the SDK released its handler before the call (or stream) was over"
        case .failureFlag(let adapter):
            return "\(adapter): the SDK reported failure without an error"
        case .timedOut(let adapter, let seconds):
            // Milliseconds at most: a deadline leaves remainders like 0.29993.
            return "\(adapter): timed out after \((seconds * 1000).rounded() / 1000) seconds"
        case .busy(let adapter):
            return "\(adapter): another call is already in progress on this object"
        case .failureStatus(let adapter, let status):
            return "\(adapter): the SDK reported failure with status \(status)"
        }
    }

    /// The text a `failureStatus` carries for what the SDK reported: as Swift prints it, except
    /// an object of a class that says nothing of itself, which Swift prints as its type's name
    /// (Uber's `UberError`, a plain `Decodable` class): then its stored properties, its
    /// superclasses' first (`UberClientError(status: 409, code: "surge", title: …)`), so what
    /// the SDK said is not lost. Meant for generated code and this runtime only.
    public static func statusText<Status>(_ status: Status) -> Swift.String {
        let mirror = Mirror(reflecting: status)
        guard mirror.displayStyle == .class, !(status is any Swift.CustomStringConvertible),
            !(status is any Swift.CustomDebugStringConvertible)
        else { return "\(status)" }
        var fields: [Swift.String] = []
        func collect(_ mirror: Mirror) {
            if let parent = mirror.superclassMirror { collect(parent) }
            for child in mirror.children {
                guard let label = child.label else { continue }
                fields.append(label + ": " + plain(child.value))
            }
        }
        // An optional's value, or nil; text quoted, as a debugger shows it.
        func plain(_ value: Any) -> Swift.String {
            let inner = Mirror(reflecting: value)
            guard inner.displayStyle == .optional else { return Swift.String(reflecting: value) }
            return inner.children.first.map { plain($0.value) } ?? "nil"
        }
        collect(mirror)
        return "\(mirror.subjectType)(" + fields.joined(separator: ", ") + ")"
    }
}

/// A callback an adapter absorbed instead of crashing or hanging. `kind` says which, and
/// `isSDKBug` whether it points at a bug in the SDK or is the normal echo of the app's own
/// cancellation, timeout or buffering: switch on it, no string matching needed.
