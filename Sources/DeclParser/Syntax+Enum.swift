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

/// A struct of the SDK whose value a callback hands over and whose one stored property is its
/// outcome (Web3.swift's `struct Web3Response<Result> { let status: Status<Result> }`, where
/// `enum Status<T> { case success(T); case failure(Error) }`): pasted so that an adapter reads
/// the outcome through that property. Only its nested enums and its properties are kept. Made by
/// the parser only, so its memberwise initializer serves.
public struct StructDecl: Hashable, Sendable {
    public var documentation: [String]
    public var name: Identifier
    public var genericParameters: [GenericParameter]
    /// Its nested enums (`enum Status<StatusResult>`).
    public var enums: [EnumDecl]
    /// Its properties as pasted, stored and computed (`ContextDecl.isComputed`).
    public var properties: [ContextDecl]
    public var location: SourceLocation

    /// The instance properties that hold something: what the struct is made of.
    public var storedProperties: [ContextDecl] {
        properties.filter { !$0.isStatic && !$0.isComputed }
    }
}
