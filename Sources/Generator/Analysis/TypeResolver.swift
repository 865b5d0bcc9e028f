import DeclParser

/// Sees through the typealiases declared in a `.bridge` file, because SDKs often name their
/// completion types (`typealias CompletionHandler = (Data?, Error?) -> Void`) and the shape is
/// only visible after resolution. Nested aliases are found by `Type.Alias` and, inside their own
/// block, by the bare name. Generic aliases are substituted.
struct TypeResolver: Sendable {
    /// By name, or `Scope.Name` for an alias declared inside a block.
    private var aliases: [String: TypeAliasDecl] = [:]
    /// The modules the file imports: SDKs spell their own aliases with the module's name
    /// (`Networking.Completion`), which names the alias declared as `Completion`.
    var modules: Set<String> = []

    /// The SDK's enums a callback may hand over, keyed as aliases are.
    private var enums: [String: EnumDecl] = [:]

    /// The SDK's structs that hold an outcome (`Web3Response`), by name.
    private var structs: [String: StructDecl] = [:]

    mutating func declare(_ decl: StructDecl) -> StructDecl? {
        if let existing = structs[decl.name.name] { return existing }
        structs[decl.name.name] = decl
        return nil
    }

    mutating func declare(_ decl: EnumDecl, in scope: String?) -> EnumDecl? {
        let key = scope.map { "\($0).\(decl.name.name)" } ?? decl.name.name
        if let existing = enums[key] { return existing }
        enums[key] = decl
        return nil
    }

    /// The cases of the declared enum `type` names (after its typealiases), its generic
    /// parameters replaced by the type's arguments (`Event<Photo>`: `case next(Photo)`); nil when
    /// the file declares no such enum.
    /// Through a struct that holds the enum (`wrappedOutcome`): `through` names its property.
    func enumCases(of type: TypeSyntax, scope: String?) -> (decl: EnumDecl, cases: [EnumCaseDecl], through: String?)? {
        let resolved = ((try? resolve(type, scope: scope)) ?? type).strippingAttributes
        if let (property, wrapped) = wrappedOutcome(resolved), let (decl, cases) = declaredEnumCases(of: wrapped, scope: nil) {
            return (decl, cases, property)
        }
        return declaredEnumCases(of: resolved, scope: scope).map { ($0.decl, $0.cases, nil) }
    }

    /// A struct declared in the file with one stored property (`Web3Response<T>`, `let status:
    /// Status<T>`): that property's name and type, the struct's generic parameters replaced by
    /// `type`'s arguments. `enumCases` reads it when the type is an enum the file declares.
    private func wrappedOutcome(_ type: TypeSyntax) -> (property: String, type: TypeSyntax)? {
        guard case .named(let components) = type.strippingAttributes.kind, components.count == 1, let last = components.last,
            let decl = structs[last.name.name], last.genericArguments.count == decl.genericParameters.count,
            decl.storedProperties.count == 1, let property = decl.storedProperties.first, let propertyType = property.type
        else { return nil }
        var substitutions: [String: TypeSyntax] = [:]
        for (parameter, argument) in zip(decl.genericParameters, last.genericArguments) { substitutions[parameter.name.name] = argument }
        return (property.name, Self.substitute(Self.qualified(propertyType, nestedIn: decl), substitutions))
    }

    /// `Status<T>` written inside `struct Web3Response` names `Web3Response.Status<T>`.
    private static func qualified(_ type: TypeSyntax, nestedIn decl: StructDecl) -> TypeSyntax {
        guard case .named(let components) = type.strippingAttributes.kind, components.count == 1,
            decl.enums.contains(where: { $0.name.name == components[0].name.name })
        else { return type }
        return TypeSyntax(.named([TypeNameComponent(name: decl.name)] + components), at: type.location)
    }

    private func declaredEnumCases(of resolved: TypeSyntax, scope: String?) -> (decl: EnumDecl, cases: [EnumCaseDecl])? {
        guard case .named(let components) = resolved.kind, let last = components.last,
            let decl = Self.lookup(components.map(\.name.name).joined(separator: "."), in: enums, scope: scope, modules: modules)?.1
                ?? uniqueEnum(named: components.map(\.name.name).joined(separator: ".")),
            last.genericArguments.count == decl.genericParameters.count
        else { return nil }
        var substitutions: [String: TypeSyntax] = [:]
        for (parameter, argument) in zip(decl.genericParameters, last.genericArguments) { substitutions[parameter.name.name] = argument }
        let cases = decl.cases.map { item in
            EnumCaseDecl(
                name: item.name,
                payload: item.payload.map { TupleTypeElement(label: $0.label, type: Self.substitute($0.type, substitutions)) })
        }
        return (decl, cases)
    }

    /// The one enum nested anywhere under this name: a closure typealias of one type names an
    /// enum of another by its bare name (ReactiveSwift's `Signal.Observer.Action = (Event) ->
    /// Void`, used in `SignalProducer`, means `Signal.Event`).
    private func uniqueEnum(named name: String) -> EnumDecl? {
        let found = enums.filter { $0.key.hasSuffix("." + name) }
        return found.count == 1 ? found.first?.value : nil
    }

    mutating func declare(_ alias: TypeAliasDecl, in scope: String?) -> TypeAliasDecl? {
        let key = scope.map { "\($0).\(alias.name.name)" } ?? alias.name.name
        if let existing = aliases[key] { return existing }
        aliases[key] = alias
        return nil
    }

    enum Failure: Error {
        case cycle(SourceLocation, String)
        case wrongArgumentCount(SourceLocation, String, expected: Int)
    }

    /// Resolves aliases at the top of `type` (not inside it), keeping attributes and optionality.
    func resolve(_ type: TypeSyntax, scope: String?) throws(Failure) -> TypeSyntax {
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
            let name = components.map(\.name.name).joined(separator: ".")
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
            let aliasScope = key.lastIndex(of: ".").map { String(key[..<$0]) }
            return try resolved(body, scope: aliasScope, visited: &visited) ?? body
        default:
            return nil
        }
    }

    private func lookup(_ name: String, scope: String?) -> (String, TypeAliasDecl)? {
        Self.lookup(name, in: aliases, scope: scope, modules: modules)
    }

    /// `Name` inside its own block or at the top level; `Module.Name` (or `Module.Type.Name`) of
    /// an imported module.
    private static func lookup<Decl>(_ name: String, in declared: [String: Decl], scope: String?, modules: Set<String>) -> (String, Decl)? {
        if let scope, let decl = declared["\(scope).\(name)"] { return ("\(scope).\(name)", decl) }
        if let decl = declared[name] { return (name, decl) }
        if let dot = name.firstIndex(of: "."), modules.contains(String(name[..<dot])) {
            return lookup(String(name[name.index(after: dot)...]), in: declared, scope: scope, modules: modules)
        }
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
                // A member of a parameter (`Operation.Data` in `typealias Handler<Operation> =
                // (GraphQLResult<Operation.Data>?) -> Void`): of what replaces it.
                if components.count > 1, components[0].genericArguments.isEmpty, let replacement = substitutions[components[0].name.name],
                    case .named(let replaced) = replacement.kind
                {
                    let rest = components.dropFirst().map { TypeNameComponent(name: $0.name, genericArguments: $0.genericArguments.map(go)) }
                    return TypeSyntax(.named(replaced + rest), at: type.location)
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

extension TypeSyntax {
    /// The type with generic parameters replaced by name (`TSuccess` → `PipelineResponse`): what a
    /// generic typealias means where it is used with arguments. `scan` reads aliases of aliases so.
    public func substituting(_ substitutions: [String: TypeSyntax]) -> TypeSyntax {
        TypeResolver.substitute(self, substitutions)
    }
}
