import DeclParser

/// What a parameter's type is as a closure, through the file's typealiases: a closure at all,
/// escaping, handing the app results, one the adapter can guard or must take `@Sendable`. The
/// completion rule, the context rule and the closure roles all ask these, so they agree.
extension Analyzer {
    /// A callback parameter (progress and the like) that the adapter can wrap so it is not called
    /// after the outcome: an escaping closure (`@escaping`, or optional: `progress: ((Double) ->
    /// Void)? = nil`, wrapped through `map` so that nil stays nil) returning Void, not throwing,
    /// not isolated to a global actor; its number of parameters. nil when it is passed through as is.
    func guardableCallback(_ type: TypeSyntax, scope: String) -> (arity: Int, isOptional: Bool)? {
        guard let resolved = try? resolver.resolve(type, scope: scope) else { return nil }
        var closure = resolved
        let isOptional: Bool
        if case .optional(let wrapped) = resolved.strippingAttributes.kind {
            closure = wrapped
            isOptional = true
        } else if case .implicitlyUnwrappedOptional(let wrapped) = resolved.strippingAttributes.kind {
            // Passed a closure, never nil: guarded as a plain one.
            closure = wrapped
            isOptional = false
        } else {
            guard resolved.attributes.contains(where: { $0.name.name == "escaping" }) else { return nil }
            isOptional = false
        }
        guard !closure.attributes.contains(where: { $0.name.name.first?.isUppercase == true && $0.name.name != "Sendable" }),
            case .function(let function) = closure.strippingAttributes.kind,
            function.result.isVoid, function.throwsClause == nil, !function.isAsync
        else { return nil }
        return (function.parameters.count, isOptional)
    }

    /// A `@blocking` adapter hands its closures to the SDK on its object's queue, not on the
    /// caller's actor, where a closure written in actor-isolated code would be inferred to run:
    /// they are `@Sendable` in the adapter's signature, so that the compiler checks what they
    /// touch (Zip's `progress:`, which a main-actor caller's closure could otherwise use to touch
    /// main-actor state from the queue unchecked). nil when `type` is no closure or already says.
    func sendableClosureType(_ type: TypeSyntax, scope: String) -> String? {
        guard isClosure(type, scope: scope), let resolved = try? resolver.resolve(type, scope: scope) else { return nil }
        let written = resolved.description
        guard !written.contains("@Sendable"), !resolved.attributes.contains(where: { $0.name.name.first?.isUppercase == true }) else {
            return nil
        }
        // `((Double) -> Void)?`: the optional's wrapped type is the function type itself.
        if case .optional(let wrapped) = resolved.strippingAttributes.kind {
            return "(@Sendable " + wrapped.description + ")?"
        }
        if case .implicitlyUnwrappedOptional(let wrapped) = resolved.strippingAttributes.kind {
            return "(@Sendable " + wrapped.description + ")!"
        }
        if written.hasPrefix("@escaping ") { return "@escaping @Sendable " + written.dropFirst("@escaping ".count) }
        return "@Sendable " + written
    }

    /// A `rethrows` method throws only when a closure the caller passes throws.
    func rethrowsThroughForwardedClosure(_ function: FunctionDecl, except completionIndex: Int) -> Bool {
        function.parameters.indices.contains { index in
            guard index != completionIndex, case .function(let type) = function.parameters[index].type.strippingAttributes.kind
            else { return false }
            return type.throwsClause != nil
        }
    }

    /// How to declare the SDK typealias `type` names so the file can see through it: a plain
    /// name at the top level; `Module.Name` as `Name` with `import Module`; `Type.Name` inside
    /// an `extension Type` block (a typealias name cannot contain a dot).
    static func declareAliasNote(_ type: TypeSyntax) -> String {
        let spelled = "\(type)"
        guard case .named(let components) = type.kind, components.count > 1, let last = components.last else {
            return "if '\(spelled)' is a typealias of the SDK, declare it in this file: 'typealias \(spelled) = (…) -> Void'"
        }
        let owner = components.dropLast().map(\.name.name).joined(separator: ".")
        return "if '\(spelled)' is a typealias of the SDK, declare it in this file: 'typealias \(last.name.name) = (…) -> Void' "
            + "with 'import \(owner)' if \(owner) is the module, or inside 'extension \(owner) { … }' if it is a type"
    }

    /// An `@escaping` closure, or an optional one (which Swift treats as escaping).
    func isEscaping(_ type: TypeSyntax, scope: String) -> Bool {
        guard let resolved = try? resolver.resolve(type, scope: scope) else { return false }
        if resolved.attributes.contains(where: { $0.name.name == "escaping" }) { return true }
        switch resolved.strippingAttributes.kind {
        case .optional, .implicitlyUnwrappedOptional: return true
        default: return false
        }
    }

    /// The closure type (resolved through typealiases) hands the app results (CallbackShape).
    /// With the parameter's name: a success handler may throw (`onSuccess: (Data) throws -> ()`).
    func deliversResults(_ type: TypeSyntax, scope: String, of parameter: Parameter? = nil) -> Bool {
        guard let resolved = try? resolver.resolve(type, scope: scope).unwrappingOptional,
            case .function(let closure) = resolved.kind
        else { return false }
        return CallbackShape.deliversResults(closure, name: parameter?.name.name, label: parameter?.label?.name)
    }

    func isClosure(_ type: TypeSyntax, scope: String) -> Bool {
        guard let resolved = try? resolver.resolve(type, scope: scope).unwrappingOptional else { return false }
        if case .function = resolved.kind { return true }
        return false
    }
}
