/// An enum of the SDK that a callback hands over (`enum Event<Element> { case next(Element) …
/// }`, PromiseKit's `enum Result<T> { case fulfilled(T); case rejected(Error) }`): pasted so that
/// an adapter can tell which case is the value, which the failure and which the end, and switch
/// over all of them. Only its cases are kept; its other members are skipped.
public struct EnumDecl: Hashable, Sendable {
    public var documentation: [String]
    public var name: Identifier
    public var genericParameters: [GenericParameter]
    public var cases: [EnumCaseDecl]
    public var location: SourceLocation

    public init(
        documentation: [String], name: Identifier, genericParameters: [GenericParameter], cases: [EnumCaseDecl],
        location: SourceLocation
    ) {
        self.documentation = documentation
        self.name = name
        self.genericParameters = genericParameters
        self.cases = cases
        self.location = location
    }
}

/// `case next(Element)`: a case and its associated values (none for `case completed`).
public struct EnumCaseDecl: Hashable, Sendable {
    public var name: Identifier
    public var payload: [TupleTypeElement]

    public init(name: Identifier, payload: [TupleTypeElement]) {
        self.name = name
        self.payload = payload
    }
}
