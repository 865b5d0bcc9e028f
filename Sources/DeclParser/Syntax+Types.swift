/// The smaller nodes of the syntax tree, which declarations are made of: names, attributes,
/// types, generic parameters and requirements. Each carries where it was written.

/// A name as written, with where it was written.
public struct Identifier: Hashable, Sendable {
    public var name: String
    public var location: SourceLocation
    /// Written in backticks in the input.
    public var escaped: Bool

    public init(_ name: String, at location: SourceLocation, escaped: Bool = false) {
        self.name = name
        self.location = location
        self.escaped = escaped
    }
}

/// `@name` or `@name(arguments)`: Swift attributes pasted from an SDK and bridgegen's annotations.
public struct Attribute: Hashable, Sendable {
    public var name: Identifier
    /// Location of the `@`.
    public var location: SourceLocation
    /// nil when written without parentheses.
    public var arguments: [AttributeArgument]?
    /// The attribute exactly as it should be re-emitted (`@available(iOS 15, *)`).
    public var text: String

    public init(name: Identifier, location: SourceLocation, arguments: [AttributeArgument]?, text: String) {
        self.name = name
        self.location = location
        self.arguments = arguments
        self.text = text
    }
}

/// One comma-separated argument of an attribute: `label: value` or `value`.
public struct AttributeArgument: Hashable, Sendable {
    public var label: Identifier?
    public var value: AttributeValue
    public var location: SourceLocation

    public init(label: Identifier?, value: AttributeValue, location: SourceLocation) {
        self.label = label
        self.value = value
        self.location = location
    }

    /// `label: value` or `value`, normalized.
    public var text: String {
        guard let label else { return value.text }
        return label.name + ": " + value.text
    }
}

/// An attribute argument's value, classified just enough for annotations to read it.
public enum AttributeValue: Hashable, Sendable {
    case identifier(String)
    case integer(Int)
    case float(Double)
    case string(String)
    /// Anything else (a function reference like `cancelRequest(_:)`, a call like `stop()`,
    /// `iOS 15`, `*`): kept as normalized source text.
    case expression(String)
    /// A value holding a closure, `{ event in event.isFinal }`: kept exactly as written (with its
    /// line breaks and comments), because it is Swift code copied into the adapter.
    case closure(String)

    /// Source text that reproduces the value.
    public var text: String {
        switch self {
        case .identifier(let name): return name
        case .integer(let value): return String(value)
        case .float(let value): return String(value)
        case .string(let value): return SwiftLiteral.quoted(value)
        case .expression(let text), .closure(let text): return text
        }
    }
}

/// A written type. Types are kept structurally so shapes can be analysed, and printed back
/// canonically (`description`) so output does not depend on the user's spacing.
public struct TypeSyntax: Hashable, Sendable {
    /// Only the cases that hold a type directly are boxed: a named type (most of them) or a
    /// tuple holds its parts in arrays already and needs no allocation of its own.
    public enum Kind: Hashable, Sendable {
        /// `A.B<C>.D`: one component per dot.
        case named([TypeNameComponent])
        indirect case optional(TypeSyntax)
        indirect case implicitlyUnwrappedOptional(TypeSyntax)
        indirect case array(TypeSyntax)
        indirect case dictionary(key: TypeSyntax, value: TypeSyntax)
        /// `()` and `(A, b: B)`; a single unlabeled parenthesized type is never a tuple.
        case tuple([TupleTypeElement])
        indirect case function(FunctionTypeSyntax)
        /// `A & B`
        case composition([TypeSyntax])
        /// `T.Type` or `P.Protocol`
        indirect case metatype(TypeSyntax, String)
        /// `any P`, `some P`
        indirect case existential(String, TypeSyntax)
        /// `@escaping`, `@Sendable`, `@MainActor`, and specifiers like `inout`, `sending`.
        indirect case attributed(specifiers: [String], attributes: [Attribute], TypeSyntax)
    }

    public var kind: Kind
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

public struct TypeNameComponent: Hashable, Sendable {
    public var name: Identifier
    public var genericArguments: [TypeSyntax]

    public init(name: Identifier, genericArguments: [TypeSyntax] = []) {
        self.name = name
        self.genericArguments = genericArguments
    }
}

/// `label: Type` inside a tuple or a function type's parameter list.
public struct TupleTypeElement: Hashable, Sendable {
    /// In function types `(_ data: Data?)` the first name is `_` and the second `data`.
    public var label: String?
    public var secondName: String?
    public var type: TypeSyntax

    public init(label: String?, secondName: String? = nil, type: TypeSyntax) {
        self.label = label
        self.secondName = secondName
        self.type = type
    }
}

public struct FunctionTypeSyntax: Hashable, Sendable {
    public var parameters: [TupleTypeElement]
    public var isAsync: Bool
    public var throwsClause: ThrowsClause?
    public var result: TypeSyntax

    public init(parameters: [TupleTypeElement], isAsync: Bool, throwsClause: ThrowsClause?, result: TypeSyntax) {
        self.parameters = parameters
        self.isAsync = isAsync
        self.throwsClause = throwsClause
        self.result = result
    }
}

/// `throws`, `rethrows` or `throws(E)`.
public struct ThrowsClause: Hashable, Sendable {
    public var keyword: String
    public var errorType: TypeSyntax?
    public var location: SourceLocation

    public init(keyword: String, errorType: TypeSyntax?, location: SourceLocation) {
        self.keyword = keyword
        self.errorType = errorType
        self.location = location
    }
}

/// `<T: Decodable, U>`
public struct GenericParameter: Hashable, Sendable {
    public var name: Identifier
    public var constraint: TypeSyntax?

    public init(name: Identifier, constraint: TypeSyntax?) {
        self.name = name
        self.constraint = constraint
    }
}

/// One requirement of a `where` clause.
public struct Requirement: Hashable, Sendable {
    public enum Relation: String, Hashable, Sendable {
        case conformance = ":"
        case sameType = "=="
    }

    public var left: TypeSyntax
    public var relation: Relation
    public var right: TypeSyntax

    public init(left: TypeSyntax, relation: Relation, right: TypeSyntax) {
        self.left = left
        self.relation = relation
        self.right = right
    }
}
