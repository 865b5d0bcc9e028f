import DeclParser

/// Attributes inside parameter types: Swift's own are accepted, a misspelt one (`@escapng`) is
/// an error rather than silently part of the type.
extension Analyzer {
    /// Type attributes Swift knows; an unknown lowercase one is a typo (`@escapng`). Capitalised
    /// names are global actors, unless they are a typo of a known one (`@MainActr`).
    static let typeAttributes: Set<String> = [
        "escaping", "Sendable", "MainActor", "autoclosure", "convention", "isolated", "preconcurrency", "unchecked",
        "retroactive", "noDerivative", "differentiable",
    ]

    /// Reports unknown attributes anywhere inside `type`; false when there were any.
    mutating func checkTypeAttributes(_ type: TypeSyntax) -> Bool {
        var unknown: [Attribute] = []
        Self.collectUnknownTypeAttributes(in: type, into: &unknown)
        var ok = true
        for attribute in unknown {
            let name = attribute.name.name
            let suggestion = Annotations.closest(to: name, in: Self.typeAttributes)
            if let first = name.first, first.isUppercase, suggestion == nil { continue }
            ok = false
            diagnostics.error(
                "unknown type attribute '@\(name)'", at: attribute.location,
                notes: [.init(suggestion.map { "did you mean '@\($0)'?" } ?? "type attributes are @escaping, @Sendable, @MainActor and the like")])
        }
        return ok
    }

    /// The attributes inside `type` that are not in `typeAttributes`, in source order. Static and
    /// non-capturing: every parameter of every method is walked.
    static func collectUnknownTypeAttributes(in type: TypeSyntax, into unknown: inout [Attribute]) {
        switch type.kind {
        case .attributed(_, let attributes, let base):
            for attribute in attributes where !typeAttributes.contains(attribute.name.name) { unknown.append(attribute) }
            collectUnknownTypeAttributes(in: base, into: &unknown)
        case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped), .array(let wrapped), .metatype(let wrapped, _),
            .existential(_, let wrapped):
            collectUnknownTypeAttributes(in: wrapped, into: &unknown)
        case .dictionary(let key, let value):
            collectUnknownTypeAttributes(in: key, into: &unknown)
            collectUnknownTypeAttributes(in: value, into: &unknown)
        case .tuple(let elements):
            for element in elements { collectUnknownTypeAttributes(in: element.type, into: &unknown) }
        case .function(let function):
            for parameter in function.parameters { collectUnknownTypeAttributes(in: parameter.type, into: &unknown) }
            collectUnknownTypeAttributes(in: function.result, into: &unknown)
        case .composition(let types):
            for type in types { collectUnknownTypeAttributes(in: type, into: &unknown) }
        case .named(let components):
            for component in components {
                for argument in component.genericArguments { collectUnknownTypeAttributes(in: argument, into: &unknown) }
            }
        }
    }
}
