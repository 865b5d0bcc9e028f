import DeclParser

/// Sees through the typealiases declared in a `.bridge` file, because SDKs often name their
/// completion types (`typealias CompletionHandler = (Data?, Error?) -> Void`) and the shape is
/// only visible after resolution. Nested aliases are found by `Type.Alias` and, inside their own
/// block, by the bare name. Generic aliases are substituted.
struct TypeResolver: Sendable {
    private var aliases: [String: TypeAliasDecl] = [:]
    /// Bit `n` is set when some key is `n` UTF-8 bytes long (bit 63: 63 or more). Every
    /// parameter's type is looked up several times and almost none names an alias; a key of a
    /// length no alias has cannot match, and is neither built nor hashed.
    private var keyLengths: UInt64 = 0

    mutating func declare(_ alias: TypeAliasDecl, in scope: String?) -> TypeAliasDecl? {
        let key = scope.map { "\($0).\(alias.name.name)" } ?? alias.name.name
        if let existing = aliases[key] { return existing }
        aliases[key] = alias
        keyLengths |= Self.lengthBit(key.utf8.count)
        if scope != nil { hasScopedAliases = true }
        return nil
    }

    private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    private func mayBeKey(ofLength length: Int) -> Bool { keyLengths & Self.lengthBit(length) != 0 }

    /// Whether any alias is declared inside a block (looked up as `Scope.Name` first).
    private var hasScopedAliases = false

    enum Failure: Error {
        case cycle(SourceLocation, String)
        case wrongArgumentCount(SourceLocation, String, expected: Int)
    }

    /// Resolves aliases at the top of `type` (not inside it), keeping attributes and optionality.
    func resolve(_ type: TypeSyntax, scope: String?) throws(Failure) -> TypeSyntax {
        // Most types name no alias: then nothing is rebuilt and the type itself comes back.
        if aliases.isEmpty { return type }
        var visited: Set<String> = []
        return try resolved(type, scope: scope, visited: &visited) ?? type
    }

    /// nil when `type` has no alias to see through.
    private func resolved(_ type: TypeSyntax, scope: String?, visited: inout Set<String>) throws(Failure) -> TypeSyntax? {
        switch type.kind {
        case .attributed(let specifiers, let attributes, let base):
            guard let resolved = try resolved(base, scope: scope, visited: &visited) else { return nil }
            return TypeSyntax(.attributed(specifiers: specifiers, attributes: attributes, resolved), at: type.location)
        case .optional(let wrapped):
            guard let resolved = try resolved(wrapped, scope: scope, visited: &visited) else { return nil }
            return TypeSyntax(.optional(resolved), at: type.location)
        case .implicitlyUnwrappedOptional(let wrapped):
            guard let resolved = try resolved(wrapped, scope: scope, visited: &visited) else { return nil }
            return TypeSyntax(.implicitlyUnwrappedOptional(resolved), at: type.location)
        case .named(let components):
            let name = components.count == 1 ? components[0].name.name : components.map(\.name.name).joined(separator: ".")
            guard let (key, alias) = lookup(name, scope: scope) else { return nil }
            if visited.contains(key) { throw .cycle(type.location, name) }
            visited.insert(key)
            let arguments = components.last?.genericArguments ?? []
            var body = alias.type
            if !alias.genericParameters.isEmpty || !arguments.isEmpty {
                guard arguments.count == alias.genericParameters.count else {
                    throw .wrongArgumentCount(type.location, name, expected: alias.genericParameters.count)
                }
                var substitutions: [String: TypeSyntax] = [:]
                for (parameter, argument) in zip(alias.genericParameters, arguments) {
                    substitutions[parameter.name.name] = argument
                }
                body = Self.substitute(body, substitutions)
            }
            // On bytes: `String.contains` with a string argument is Foundation's, thousands of
            // instructions a call.
            let aliasScope = key.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(key[..<$0]) }
            return try resolved(body, scope: aliasScope, visited: &visited) ?? body
        default:
            return nil
        }
    }

    private func lookup(_ name: String, scope: String?) -> (String, TypeAliasDecl)? {
        let length = name.utf8.count
        if hasScopedAliases, let scope, mayBeKey(ofLength: scope.utf8.count + 1 + length) {
            let key = "\(scope).\(name)"
            if let alias = aliases[key] { return (key, alias) }
        }
        if mayBeKey(ofLength: length), let alias = aliases[name] { return (name, alias) }
        return nil
    }

    static func substitute(_ type: TypeSyntax, _ substitutions: [String: TypeSyntax]) -> TypeSyntax {
        func go(_ type: TypeSyntax) -> TypeSyntax {
            let kind: TypeSyntax.Kind
            switch type.kind {
            case .named(let components):
                if components.count == 1, components[0].genericArguments.isEmpty,
                    let replacement = substitutions[components[0].name.name]
                {
                    return replacement
                }
                kind = .named(components.map { TypeNameComponent(name: $0.name, genericArguments: $0.genericArguments.map(go)) })
            case .optional(let wrapped): kind = .optional(go(wrapped))
            case .implicitlyUnwrappedOptional(let wrapped): kind = .implicitlyUnwrappedOptional(go(wrapped))
            case .array(let element): kind = .array(go(element))
            case .dictionary(let key, let value): kind = .dictionary(key: go(key), value: go(value))
            case .tuple(let elements):
                kind = .tuple(elements.map { TupleTypeElement(label: $0.label, secondName: $0.secondName, type: go($0.type)) })
            case .function(let function):
                kind = .function(
                    FunctionTypeSyntax(
                        parameters: function.parameters.map {
                            TupleTypeElement(label: $0.label, secondName: $0.secondName, type: go($0.type))
                        },
                        isAsync: function.isAsync, throwsClause: function.throwsClause, result: go(function.result)))
            case .composition(let types): kind = .composition(types.map(go))
            case .metatype(let base, let keyword): kind = .metatype(go(base), keyword)
            case .existential(let keyword, let base): kind = .existential(keyword, go(base))
            case .attributed(let specifiers, let attributes, let base):
                kind = .attributed(specifiers: specifiers, attributes: attributes, go(base))
            }
            return TypeSyntax(kind, at: type.location)
        }
        return go(type)
    }
}
