import DeclParser

/// Outcomes the library may hand the same completion again: a value that carries an object which
/// keeps the completion and calls it once the app acts on it (Gigya's `GigyaLoginResult<T>`, whose
/// `.failure`'s `interruption` may carry a `PendingRegistrationResolver<T>` that keeps the login's
/// completion and calls it again with the registration's outcome). A one-shot would end at the
/// interruption and drop what the resolver brings; the adapter is a stream of the outcomes that
/// ends with the first one carrying no such object.
extension Scan {
    /// Per outcome enum (by bare name): the `@until` predicate, true for a value that carries no
    /// keeper of its completion, and the keepers' names, for the reason.
    static func reentrantOutcomes(_ types: [SourceType]) -> [String: StarterBlock.ReentrantOutcome] {
        func bare(_ type: TypeSyntax) -> String { TokenMethods.bareName(type.strippingAttributes.unwrappingOptional.description) }
        func propertyType(_ member: SourceMember) -> TypeSyntax? {
            guard member.kind == .property, !member.isStatic, case .context(let property)? = member.declaration else { return nil }
            return property.type
        }
        // Classes that keep a closure taking one value of an enum, by that enum.
        var keepers: [String: Set<String>] = [:]
        for type in types where type.kind == .class {
            for member in type.members {
                guard let kept = propertyType(member), case .function(let closure) = kept.strippingAttributes.kind, closure.parameters.count == 1
                else { continue }
                keepers[bare(closure.parameters[0].type), default: []].insert(TokenMethods.bareName(type.name))
            }
        }
        guard !keepers.isEmpty else { return [:] }
        var enums: [String: [EnumCaseDecl]] = [:]
        for type in types {
            if let (decl, _) = SDKEnum.read(type) { enums[TokenMethods.bareName(type.name)] = decl.cases }
        }
        let properties = Dictionary(
            types.filter { $0.kind == .struct || $0.kind == .class }.map { type in
                (TokenMethods.bareName(type.name), type.members.compactMap { member in propertyType(member).map { (member.name, $0) } })
            }, uniquingKeysWith: +)
        var outcomes: [String: StarterBlock.ReentrantOutcome] = [:]
        for (outcome, kept) in keepers {
            guard let cases = enums[outcome] else { continue }
            // The cases of an enum some payload of which is a keeper, with the keepers.
            func casesCarrying(_ cases: [EnumCaseDecl]) -> (names: [String], keepers: Set<String>) {
                let carrying = cases.filter { $0.payload.contains { kept.contains(bare($0.type)) } }
                return (carrying.map(\.name.name), Set(carrying.flatMap { $0.payload.map { bare($0.type) }.filter(kept.contains) }))
            }
            var clauses: [String] = []
            var found: Set<String> = []
            for item in cases where item.payload.count == 1 {
                let payload = bare(item.payload[0].type)
                if kept.contains(payload) {
                    // The case itself carries one.
                    clauses.append("if case .\(item.name.name) = value { return false }")
                    found.insert(payload)
                    continue
                }
                // Or a property of its payload does (Gigya's `LoginApiError.interruption`), an
                // enum some cases of which carry one.
                for (name, type) in properties[payload] ?? [] {
                    guard let inner = enums[bare(type)], case let (names, keepers) = casesCarrying(inner), !names.isEmpty else { continue }
                    let optional = type.strippingAttributes.description.hasSuffix("?")
                    let binding = optional ? "let \(name) = payload.\(name)" : "case let \(name) = payload.\(name)"
                    let matched = names.map { "." + $0 }.joined(separator: ", ")
                    let rest = names.count < inner.count ? "; default: return true" : ""
                    clauses.append("if case .\(item.name.name)(let payload) = value, \(binding) { switch \(name) { case \(matched): return false\(rest) } }")
                    found.formUnion(keepers)
                }
            }
            guard !clauses.isEmpty else { continue }
            outcomes[outcome] = StarterBlock.ReentrantOutcome(
                predicate: "{ value in " + clauses.joined(separator: "; ") + "; return true }", keepers: found.sorted())
        }
        return outcomes
    }
}

extension StarterBlock {
    struct ReentrantOutcome: Equatable {
        /// `{ value in … }`, true for the last value.
        var predicate: String
        var keepers: [String]
    }

    /// `@stream(results)` and `@until(…, inclusive: true)` for a method whose one callback gets an
    /// outcome some values of which carry a keeper of the completion; nil for any other.
    func reentrantAnnotations(of function: FunctionDecl) -> [(annotation: String, why: String)]? {
        let closures = function.parameters.compactMap { parameter in closureType(of: parameter).map { (parameter, $0) } }
        guard closures.count == 1, case let (parameter, closure) = closures[0], closure.parameters.count == 1,
            let outcome = reentrantOutcomes[TokenMethods.bareName(closure.parameters[0].type.strippingAttributes.description)]
        else { return nil }
        let name = parameter.label?.name ?? parameter.name.name
        let keepers = outcome.keepers.map { "a '\($0)'" }.joined(separator: " or ")
        // An enum generate reads as an outcome (pasted with the starter) is kept whole with
        // `results`; any other is an element as it is.
        let stream = enums[TokenMethods.bareName(closure.parameters[0].type.strippingAttributes.description)] == nil ? "@stream" : "@stream(results)"
        return [
            (stream, "'\(name)' gets a value that can carry \(keepers), which keeps '\(name)' and calls it again once you act on it: each outcome is an element"),
            ("@until(\(outcome.predicate), inclusive: true)", "the stream ends with the first outcome that carries none of them"),
            // Read off the types, not off the calls: what to write if the calls say otherwise.
            ("", "read off the types, not the calls: if '\(name)' is called once whatever the outcome carries, remove '\(stream)' and '@until' for a one-shot"),
        ]
    }
}
