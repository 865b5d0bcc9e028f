/// Canonical Swift spelling of types and requirements, used both in generated code and in
/// diagnostics. One spelling per type keeps output independent of the input's spacing.
extension TypeSyntax: CustomStringConvertible {
    public var description: String {
        switch kind {
        case .named(let components):
            return components.map(\.description).joined(separator: ".")
        case .optional(let wrapped):
            return wrapped.postfixOperand + "?"
        case .implicitlyUnwrappedOptional(let wrapped):
            return wrapped.postfixOperand + "!"
        case .array(let element):
            return "[\(element)]"
        case .dictionary(let key, let value):
            return "[\(key): \(value)]"
        case .tuple(let elements):
            return "(" + elements.map(\.description).joined(separator: ", ") + ")"
        case .function(let function):
            return function.description
        case .composition(let types):
            return types.map(\.description).joined(separator: " & ")
        case .metatype(let base, let keyword):
            return base.postfixOperand + "." + keyword
        case .existential(let keyword, let base):
            return keyword + " " + base.description
        case .attributed(let specifiers, let attributes, let base):
            return (specifiers + attributes.map(\.text) + [base.description]).joined(separator: " ")
        }
    }

    /// Function types, compositions and `any P` are parenthesized before `?`, `!` or `.Type`.
    var postfixOperand: String {
        switch kind {
        case .function, .composition, .existential, .attributed: return "(\(self))"
        default: return description
        }
    }
}

extension TypeNameComponent: CustomStringConvertible {
    public var description: String {
        let name = self.name.escaped ? "`\(self.name.name)`" : self.name.name
        guard !genericArguments.isEmpty else { return name }
        return name + "<" + genericArguments.map(\.description).joined(separator: ", ") + ">"
    }
}

extension TupleTypeElement: CustomStringConvertible {
    public var description: String {
        guard let label else { return type.description }
        return [label, secondName].compactMap { $0 }.joined(separator: " ") + ": " + type.description
    }
}

extension FunctionTypeSyntax: CustomStringConvertible {
    public var description: String {
        var text = "(" + parameters.map(\.description).joined(separator: ", ") + ")"
        if isAsync { text += " async" }
        if let throwsClause { text += " " + throwsClause.description }
        return text + " -> " + result.description
    }
}

extension ThrowsClause: CustomStringConvertible {
    public var description: String {
        if let errorType { return "\(keyword)(\(errorType))" }
        return keyword
    }
}

extension GenericParameter: CustomStringConvertible {
    public var description: String {
        if let constraint { return "\(name.name): \(constraint)" }
        return name.name
    }
}

extension Requirement: CustomStringConvertible {
    public var description: String {
        relation == .conformance ? "\(left): \(right)" : "\(left) == \(right)"
    }
}

extension TypeSyntax {
    /// The type with `@escaping`, `@Sendable` and other attributes removed, as used for analysis.
    public var strippingAttributes: TypeSyntax {
        if case .attributed(_, _, let base) = kind { return base.strippingAttributes }
        return self
    }

    /// Attributes written on this type (outermost first), e.g. `@escaping @MainActor`.
    public var attributes: [Attribute] {
        if case .attributed(_, let attributes, let base) = kind { return attributes + base.attributes }
        return []
    }

    /// The dotted name when this is a plain named type, like `Swift.Result`.
    public var qualifiedName: String? {
        guard case .named(let components) = kind else { return nil }
        return components.map(\.name.name).joined(separator: ".")
    }

    /// True for `Void`, `Swift.Void` and `()`.
    public var isVoid: Bool {
        switch strippingAttributes.kind {
        case .tuple(let elements): return elements.isEmpty
        case .named:
            return qualifiedName == "Void" || qualifiedName == "Swift.Void"
        default: return false
        }
    }
}

extension TypeSyntax {
    /// `inout T` (possibly under other attributes).
    public var isInout: Bool {
        if case .attributed(let specifiers, _, let base) = kind { return specifiers.contains("inout") || base.isInout }
        return false
    }

    /// The wrapped type of an optional, or of an implicitly unwrapped one (Backendless's
    /// `responseHandler: ((BackendlessUser) -> Void)!`, an optional that Swift unwraps where it
    /// is used), attributes stripped; the type itself otherwise.
    public var unwrappingOptional: TypeSyntax {
        switch strippingAttributes.kind {
        case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped): wrapped.strippingAttributes
        default: strippingAttributes
        }
    }
}
