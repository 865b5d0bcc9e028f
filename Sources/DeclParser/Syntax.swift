/// The syntax tree of a `.bridge` file. Every node carries the location of its first token so
/// that later passes can point diagnostics at the exact spot.

public struct ImportDecl: Hashable, Sendable {
    public var attributes: [Attribute]
    /// `class`, `struct`, `func` … for scoped imports.
    public var kind: String?
    public var path: [Identifier]
    public var location: SourceLocation

    public init(attributes: [Attribute], kind: String?, path: [Identifier], location: SourceLocation) {
        self.attributes = attributes
        self.kind = kind
        self.path = path
        self.location = location
    }
}

public struct TypeAliasDecl: Hashable, Sendable {
    public var documentation: [String]
    public var attributes: [Attribute]
    public var modifiers: [Identifier]
    public var name: Identifier
    public var genericParameters: [GenericParameter]
    public var type: TypeSyntax
    public var location: SourceLocation

    public init(
        documentation: [String], attributes: [Attribute], modifiers: [Identifier], name: Identifier,
        genericParameters: [GenericParameter], type: TypeSyntax, location: SourceLocation
    ) {
        self.documentation = documentation
        self.attributes = attributes
        self.modifiers = modifiers
        self.name = name
        self.genericParameters = genericParameters
        self.type = type
        self.location = location
    }
}

/// A function parameter: `label name: Type = default`.
public struct Parameter: Hashable, Sendable {
    /// The argument label; nil when written `_`. When only one name is written it is both.
    public var label: Identifier?
    public var name: Identifier
    public var type: TypeSyntax
    public var isVariadic: Bool
    /// The default value's source text, kept verbatim (it is Swift expression code).
    public var defaultValue: String?
    public var location: SourceLocation

    public init(
        label: Identifier?, name: Identifier, type: TypeSyntax, isVariadic: Bool, defaultValue: String?,
        location: SourceLocation
    ) {
        self.label = label
        self.name = name
        self.type = type
        self.isVariadic = isVariadic
        self.defaultValue = defaultValue
        self.location = location
    }
}

/// A method: one per adapter.
public struct FunctionDecl: Hashable, Sendable {
    public var documentation: [String]
    public var attributes: [Attribute]
    /// `static`, `class`, `public`, `mutating` …
    public var modifiers: [Identifier]
    public var name: Identifier
    public var genericParameters: [GenericParameter]
    public var parameters: [Parameter]
    public var isAsync: Bool
    public var throwsClause: ThrowsClause?
    public var returnType: TypeSyntax?
    public var requirements: [Requirement]
    /// Location of the first token of the declaration (its first attribute or modifier, or `func`).
    public var location: SourceLocation
    public var funcKeywordLocation: SourceLocation

    public init(
        documentation: [String], attributes: [Attribute], modifiers: [Identifier], name: Identifier,
        genericParameters: [GenericParameter], parameters: [Parameter], isAsync: Bool, throwsClause: ThrowsClause?,
        returnType: TypeSyntax?, requirements: [Requirement], location: SourceLocation, funcKeywordLocation: SourceLocation
    ) {
        self.documentation = documentation
        self.attributes = attributes
        self.modifiers = modifiers
        self.name = name
        self.genericParameters = genericParameters
        self.parameters = parameters
        self.isAsync = isAsync
        self.throwsClause = throwsClause
        self.returnType = returnType
        self.requirements = requirements
        self.location = location
        self.funcKeywordLocation = funcKeywordLocation
    }

    /// The Swift name `base(label:label:)` that identifies the declaration in provenance lines.
    public var fullName: String {
        name.name + "(" + parameters.map { ($0.label?.name ?? "_") + ":" }.joined() + ")"
    }
}

/// A member of an `extension` block.
public enum Member: Hashable, Sendable {
    case function(FunctionDecl)
    case typeAlias(TypeAliasDecl)
    /// An enum nested in the type, whose cases a callback hands over.
    case enumDecl(EnumDecl)
    /// A property, subscript or initializer pasted with the type's other members: never bridged,
    /// kept so that an adapter whose name would collide with it is reported.
    case context(ContextDecl)
}

/// A member kept for context only: `var name`, `let name`, `init(labels:)`, `subscript(labels:)`.
public struct ContextDecl: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case property, initializer, `subscript`
    }

    public var kind: Kind
    /// The property's name, or `init(label:)` / `subscript(_:)` with the argument labels.
    public var name: String
    /// An initializer's or subscript's parameters.
    public var parameters: [Parameter]
    /// The names of its attributes (`context` for `@context`).
    public var attributeNames: [String]
    public var location: SourceLocation
    /// A property that can be assigned: not a `let`, and not `{ get }` only.
    public var isSettable: Bool
    /// A property's declared type, when it has one (a callback property's closure type).
    public var type: TypeSyntax?
    public var attributes: [Attribute]
    public var documentation: [String]
    /// The `.bridge` line of the name (`var` line).
    public var nameLocation: SourceLocation?
    /// A `static` or `class` property.
    public var isStatic: Bool
    /// A property with accessors and no storage (`var result: T? { get }`, `{ status.result }`).
    public var isComputed: Bool
    /// An initializer read as a function named `init` (its generic parameters, parameters and
    /// effects), for `@stream` on it.
    public var function: FunctionDecl?
    /// `init?` or `init!`.
    public var isFailable = false

    public init(
        kind: Kind, name: String, parameters: [Parameter] = [], attributeNames: [String] = [], location: SourceLocation,
        isSettable: Bool = true, type: TypeSyntax? = nil, attributes: [Attribute] = [], documentation: [String] = [],
        nameLocation: SourceLocation? = nil, isStatic: Bool = false, isComputed: Bool = false
    ) {
        self.kind = kind
        self.name = name
        self.parameters = parameters
        self.attributeNames = attributeNames
        self.location = location
        self.isSettable = isSettable
        self.type = type
        self.attributes = attributes
        self.documentation = documentation
        self.nameLocation = nameLocation
        self.isStatic = isStatic
        self.isComputed = isComputed
    }
}

/// `extension Type { … }`: the legacy API surface of one type.
public struct ExtensionDecl: Hashable, Sendable {
    public var documentation: [String]
    public var attributes: [Attribute]
    public var extendedType: TypeSyntax
    public var requirements: [Requirement]
    public var members: [Member]
    public var location: SourceLocation
    /// A function declared at the top level of the file: one of the SDK's free functions
    /// (SwiftyContacts' `fetchContacts(keysToFetch:completionHandler:)`), held as the one member
    /// of a block that extends no type; its adapter is a free function too.
    public var isFreeFunction = false

    public init(
        documentation: [String], attributes: [Attribute], extendedType: TypeSyntax, requirements: [Requirement],
        members: [Member], location: SourceLocation
    ) {
        self.documentation = documentation
        self.attributes = attributes
        self.extendedType = extendedType
        self.requirements = requirements
        self.members = members
        self.location = location
    }
}

/// `delegate Protocol on Owner { … }`: a delegate-based API. Its members are the adapter's
/// declaration and the delegate methods (pasted protocol requirements) with their roles.
public struct DelegateDecl: Hashable, Sendable {
    public var documentation: [String]
    public var attributes: [Attribute]
    public var protocolType: TypeSyntax
    public var ownerType: TypeSyntax
    public var members: [Member]
    public var location: SourceLocation

    public init(
        documentation: [String], attributes: [Attribute], protocolType: TypeSyntax, ownerType: TypeSyntax,
        members: [Member], location: SourceLocation
    ) {
        self.documentation = documentation
        self.attributes = attributes
        self.protocolType = protocolType
        self.ownerType = ownerType
        self.members = members
        self.location = location
    }
}

/// `#if condition` … `#elseif condition` … `#else` … `#endif` around imports and extension
/// blocks: one `.bridge` file for platforms whose modules and types differ (`URLRequest` needs
/// FoundationNetworking on Linux; some SDK types exist on Apple platforms only).
public struct ConditionalBlock: Hashable, Sendable {
    public struct Clause: Hashable, Sendable {
        /// `if`, `elseif` or `else`.
        public var directive: String
        /// The condition as written; empty for `#else`. The compiler checks it.
        public var condition: String
        public var imports: [ImportDecl]
        public var extensions: [ExtensionDecl]

        public init(directive: String, condition: String, imports: [ImportDecl], extensions: [ExtensionDecl] = []) {
            self.directive = directive
            self.condition = condition
            self.imports = imports
            self.extensions = extensions
        }
    }

    public var clauses: [Clause]
    public var location: SourceLocation

    public init(clauses: [Clause], location: SourceLocation) {
        self.clauses = clauses
        self.location = location
    }
}

public enum TopLevelDecl: Hashable, Sendable {
    case importDecl(ImportDecl)
    case conditional(ConditionalBlock)
    case typeAlias(TypeAliasDecl)
    case enumDecl(EnumDecl)
    case structDecl(StructDecl)
    case extensionDecl(ExtensionDecl)
    case delegateDecl(DelegateDecl)
}

/// A parsed `.bridge` file: its declarations in input order.
public struct SourceFile: Hashable, Sendable {
    public var declarations: [TopLevelDecl]

    public init(declarations: [TopLevelDecl]) {
        self.declarations = declarations
    }
}
