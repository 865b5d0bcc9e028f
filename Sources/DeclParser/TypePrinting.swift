import Text

/// Canonical Swift spelling of types and requirements, used both in generated code and in
/// diagnostics. One spelling per type keeps output independent of the input's spacing.
///
/// Printed into one buffer per type: interpolating and joining made a string of every node,
/// and every parameter of every method is printed.
extension TypeSyntax: CustomStringConvertible {
    public var description: String {
        // A plain name, the usual type: its own text, nothing built.
        if case .named(let components) = kind, components.count == 1, components[0].genericArguments.isEmpty,
            !components[0].name.escaped
        {
            return components[0].name.name
        }
        var text = TextBuffer(capacity: 48)
        appendDescription(to: &text)
        return text.string
    }

    public func appendDescription(to text: inout TextBuffer) {
        switch kind {
        case .named(let components):
            for (index, component) in components.enumerated() {
                if index > 0 { text += "." }
                component.appendDescription(to: &text)
            }
        case .optional(let wrapped):
            wrapped.appendPostfixOperand(to: &text)
            text += "?"
        case .implicitlyUnwrappedOptional(let wrapped):
            wrapped.appendPostfixOperand(to: &text)
            text += "!"
        case .array(let element):
            text += "["
            element.appendDescription(to: &text)
            text += "]"
        case .dictionary(let key, let value):
            text += "["
            key.appendDescription(to: &text)
            text += ": "
            value.appendDescription(to: &text)
            text += "]"
        case .tuple(let elements):
            text += "("
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                element.appendDescription(to: &text)
            }
            text += ")"
        case .function(let function):
            function.appendDescription(to: &text)
        case .composition(let types):
            for (index, type) in types.enumerated() {
                if index > 0 { text += " & " }
                type.appendDescription(to: &text)
            }
        case .metatype(let base, let keyword):
            base.appendPostfixOperand(to: &text)
            text += "."
            text += keyword
        case .existential(let keyword, let base):
            text += keyword
            text += " "
            base.appendDescription(to: &text)
        case .attributed(let specifiers, let attributes, let base):
            for specifier in specifiers {
                text += specifier
                text += " "
            }
            for attribute in attributes {
                text += attribute.text
                text += " "
            }
            base.appendDescription(to: &text)
        }
    }

    /// Parenthesized when it must be before `?`, `!` or `.Type`.
    func appendPostfixOperand(to text: inout TextBuffer) {
        guard needsParenthesesAsPostfixOperand else { return appendDescription(to: &text) }
        text += "("
        appendDescription(to: &text)
        text += ")"
    }

    /// Function types, compositions and `any P` must be parenthesized before `?`, `!` or `.Type`.
    var needsParenthesesAsPostfixOperand: Bool {
        switch kind {
        case .function, .composition, .existential, .attributed: return true
        default: return false
        }
    }
}

extension TypeNameComponent: CustomStringConvertible {
    public var description: String {
        var text = TextBuffer(capacity: 32)
        appendDescription(to: &text)
        return text.string
    }

    func appendDescription(to text: inout TextBuffer) {
        if name.escaped {
            text += "`"
            text += name.name
            text += "`"
        } else {
            text += name.name
        }
        guard !genericArguments.isEmpty else { return }
        text += "<"
        for (index, argument) in genericArguments.enumerated() {
            if index > 0 { text += ", " }
            argument.appendDescription(to: &text)
        }
        text += ">"
    }
}

extension TupleTypeElement: CustomStringConvertible {
    public var description: String {
        var text = TextBuffer(capacity: 32)
        appendDescription(to: &text)
        return text.string
    }

    func appendDescription(to text: inout TextBuffer) {
        if let label {
            text += label
            if let secondName {
                text += " "
                text += secondName
            }
            text += ": "
        }
        type.appendDescription(to: &text)
    }
}

extension FunctionTypeSyntax: CustomStringConvertible {
    public var description: String {
        var text = TextBuffer(capacity: 64)
        appendDescription(to: &text)
        return text.string
    }

    func appendDescription(to text: inout TextBuffer) {
        text += "("
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { text += ", " }
            parameter.appendDescription(to: &text)
        }
        text += ")"
        if isAsync { text += " async" }
        if let throwsClause {
            text += " "
            text += throwsClause.description
        }
        text += " -> "
        result.appendDescription(to: &text)
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
        if components.count == 1 { return components[0].name.name }  // No joined copy.
        return components.map(\.name.name).joined(separator: ".")
    }

    /// True for `Void`, `Swift.Void` and `()`.
    public var isVoid: Bool {
        switch strippingAttributes.kind {
        case .tuple(let elements): return elements.isEmpty
        case .named(let components):
            // Compared by component: no joined name is built for every type asked.
            switch components.count {
            case 1: return components[0].name.name == "Void"
            case 2: return components[0].name.name == "Swift" && components[1].name.name == "Void"
            default: return false
            }
        default: return false
        }
    }
}
