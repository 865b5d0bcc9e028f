import DeclParser

/// One `delegate Protocol on Owner { … }` block: an async function (or a stream) on the owner,
/// and a delegate class that turns the SDK's delegate calls into its outcome.
public struct DelegateAdapter: Hashable, Sendable {
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
        /// `func name(_ a: A, b c: B)` as the delegate implements it.
        public var declaration: String
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

    public var documentation: [String]
    /// `pick(animated:) in delegate ImagePickerDelegate on ImagePicker`: the declaration it came
    /// from, so two adapters of one protocol are told apart in review.
    public var sourceName: String
    /// `ImagePicker.pickImage(source:)`: named in errors and reports.
    public var adapterName: String
    public var name: String
    public var ownerType: String
    public var protocolType: String
    public var access: String?
    public var attributes: [String]
    public var parameters: [AdapterParameter]
    /// The result type, or the element type of a stream.
    public var resultType: String
    public var stream: StreamOptions?
    /// The owner's property that holds the delegate.
    public var property: String
    /// The owner's method call that starts the work, as written (`start(source: source)`).
    public var start: String
    /// It is written `try start(…)`: its error ends the call (or the stream).
    public var startThrows: Bool
    /// The owner's method call that stops it (`cancel()`), if any.
    public var cancel: String?
    public var timeoutSeconds: String?
    public var mapError: String?
    public var isMainActor: Bool
    public var busyPolicy: BusyPolicy
    /// After the call, put back the delegate that was set before (instead of nil).
    public var restoresPrevious: Bool
    /// The generated delegate class.
    public var className: String
    public var methods: [Method]
    public var location: SourceLocation
    /// Where the declaration and the annotations whose text the generated code repeats were
    /// written (mapped back with `#sourceLocation`).
    public var signatureLine: Int? = nil
    public var startLine: Int? = nil
    public var cancelLine: Int? = nil
    public var mapErrorLine: Int? = nil
    /// Where the owner's delegate property is named (`@delegateProperty`, else `on Owner`).
    public var propertyLine: Int? = nil

}
