import DeclParser

/// How a `delegate Protocol on Owner { … }` adapter starts: it sets a delegate object of a class
/// bridgegen generates on the owner's property, calls the owner's start method, and the SDK's
/// calls of the delegate's methods become the outcome (or a stream's events).
public struct DelegateStart: Hashable, Sendable {
    /// What a delegate method does when the SDK calls it.
    public enum Role: Hashable, Sendable {
        /// The outcome: these parameters become the result (none: `Void`).
        case success([String])
        /// Failure with this error parameter; `optional` when it may be nil.
        case failure(String, optional: Bool)
        /// Failure reported as a status code or flag in this parameter: a typed error carrying it.
        case failureStatus(String)
        /// The user cancelled in the SDK's UI: `CancellationError`, or `nil` when `returnsNil`.
        case userCancel(returnsNil: Bool)
        /// A stream event made of these parameters.
        case event([String])
        /// The SDK says the events are over.
        case finish
        /// Nothing (a requirement the protocol makes the delegate implement).
        case ignore
    }

    public struct Method: Hashable, Sendable {
        /// The pasted requirement's name and parameters, which the delegate implements.
        public var name: String
        public var parameters: [AdapterParameter]
        public var role: Role
        /// Where it was declared in the `.bridge` file.
        public var line: Int? = nil
    }

    /// What a second call does while one is in progress on the same owner.
    public enum BusyPolicy: Hashable, Sendable {
        /// It throws `BridgegenError.busy`; the first call goes on.
        case fail
        /// The first call ends with `CancellationError` and the second takes the delegate slot.
        case cancelPrevious
    }

    public var ownerType: String
    public var protocolType: String
    /// The owner's property that holds the delegate.
    public var property: String
    /// Where the property is named (`@delegateProperty`, else `on Owner`).
    public var propertyLine: Int?
    /// The owner's method call that starts the work, as written (`start(source: source)`); nil
    /// for `@start(none)`: the SDK calls its delegate unasked (a monitor the system drives), so
    /// setting the delegate is all the adapter does.
    public var start: Written?
    /// It is written `try start(…)`: its error ends the call (or the stream).
    public var startThrows: Bool
    public var busyPolicy: BusyPolicy
    /// After the call, put back the delegate that was set before (instead of nil).
    public var restoresPrevious: Bool
    /// The start call takes the delegate as an argument (`$delegate`): no property is set.
    public var passesDelegate = false
    /// The generated delegate class.
    public var className: String
    public var methods: [Method]
}
