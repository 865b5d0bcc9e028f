import DeclParser

/// What the modules an SDK depends on lend its declarations: closure typealiases (Azure's
/// `ResultHandler<TSuccess, TError>` and `HTTPResultHandler<T>` of AzureCore, used by every
/// AzureCommunicationChat call; KituraContracts' `CodableResultClosure<O>` of KituraKit's) and
/// error types. Without them, a callback whose type is another module's alias is no closure to
/// scan or generate; with them, the starter pastes the aliases the SDK uses, as a user would.
extension Scan {
    /// The public top-level typealiases and the types of the dependencies' sources.
    static func dependencyDeclarations(_ files: [File]) -> (aliases: [SourceMember], types: [SourceType]) {
        var aliases: [SourceMember] = []
        var types: [SourceType] = []
        for file in files {
            let found = SourceDeclarations.read(file.bytes, path: file.path, allPublic: file.path.hasSuffix(".swiftinterface"))
            aliases += found.topLevel.filter { $0.kind == .typeAlias && $0.isPublic }
            types += found.types
        }
        return (aliases, types)
    }

    /// The identifiers a set of declarations spells (`HTTPResultHandler`, `Data`, …), read by
    /// the one lexer.
    static func identifiers(in texts: [String]) -> Set<String> {
        Set(texts.flatMap { SourceTokens.of(Array($0.utf8)).compactMap(\.word) })
    }

    /// The closure aliases among `candidates` that `used` names, with the aliases they name in
    /// turn (an alias of a closure alias, `HTTPResultHandler<T> = ResultHandler<T, AzureError>`,
    /// and the one it names), in the dependencies' order; none the SDK declares itself.
    static func aliasesUsed(by used: Set<String>, among candidates: [SourceMember], besides declared: Set<String>) -> [SourceMember] {
        let available = candidates.filter { !declared.contains($0.name) }
        let closures = available.filter { $0.text.contains("->") || StarterBlock.aliasesResult($0) }
        let chained = aliasesOfClosureAliases(available, closureAliases: closures)
        let pool = closures + chained
        var wanted = used.intersection(pool.map(\.name))
        var grew = true
        while grew {
            grew = false
            for alias in pool where wanted.contains(alias.name) {
                for name in identifiers(in: [alias.text]) where name != alias.name && !wanted.contains(name) && pool.contains(where: { $0.name == name }) {
                    wanted.insert(name)
                    grew = true
                }
            }
        }
        var seen: Set<String> = []
        return pool.filter { wanted.contains($0.name) && seen.insert($0.name).inserted }
    }

    /// The aliases among `candidates` that name a closure alias (or one of these), transitively:
    /// Azure's `HTTPResultHandler<T> = ResultHandler<T, AzureError>`.
    static func aliasesOfClosureAliases(_ candidates: [SourceMember], closureAliases: [SourceMember]) -> [SourceMember] {
        var known = Set(closureAliases.map(\.name))
        var found: [SourceMember] = []
        var grew = true
        while grew {
            grew = false
            for alias in candidates where !known.contains(alias.name) {
                guard case .typeAlias(let declared)? = alias.declaration,
                    case .named(let components) = declared.type.strippingAttributes.kind, components.count == 1,
                    known.contains(components[0].name.name)
                else { continue }
                known.insert(alias.name)
                found.append(alias)
                grew = true
            }
        }
        return found
    }
}
