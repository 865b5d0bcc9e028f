import DeclParser

/// What scan learns about a type from the others the sources declare: which adapters serve its
/// methods (its superclass's, its protocols'), the typealiases it inherits, and the SDK's own async
/// forms of its callback methods.
extension Scan {
    /// Per type, what another type's adapters serve: its superclass (a class of the module it
    /// inherits from), and the requirements of the module's protocols it conforms to, by name
    /// (`write(string:completion:)` → `WebSocketClient`). An adapter in a protocol's extension
    /// calls the requirement, which dispatches to the conformer's method; a second adapter in
    /// the conformer's extension would only repeat it. Only requirements declared in the
    /// protocol itself: a method of a protocol extension is dispatched statically.
    /// A delegate protocol's requirements are served by nothing: the conformer's methods are
    /// the library's to call (CocoaMQTT's `socket(_:didReceive:completionHandler:)` of
    /// `CocoaMQTTSocketDelegate`), by name under `delegate <name>`.
    static func adaptersServing(
        _ types: [SourceType], includesInternal: Bool, aliases: [SourceMember] = []
    ) -> [String: (superclass: String?, requirements: [String: String])] {
        let visible = types.filter { includesInternal || $0.isPublic }
        let classes = Set(visible.filter { $0.kind == .class }.map(\.name))
        var requirements: [String: [String]] = [:]
        for type in visible where type.kind == .protocol {
            let isDelegate = StarterBlock.isDelegateProtocol(type)
            requirements[type.name, default: []] += type.members.compactMap { member in
                // A settable property's too (OmiseSDK's `ThreeDSFlowViewModelProtocol.onStateChange`),
                // whose stream sets it on the conformer.
                if !isDelegate, let property = propertySignature(of: member) { return property }
                // Not a `mutating` requirement, which has no adapter (its conformers' have theirs).
                guard case .function(let function)? = member.declaration, !function.modifiers.contains(where: { $0.name == "mutating" })
                else { return nil }
                return isDelegate ? "delegate " + function.fullName : signature(of: function)
            }
        }
        // A protocol's requirements include those of the protocols it refines (AzureCore's
        // `RetryStage: PipelineStage`), each still the refined protocol's: a conformer of the
        // refinement implements them, and a refinement's own extension may (`Authenticating`'s
        // default `on(request:completionHandler:)` of `PipelineStage`'s).
        let refines = Dictionary(
            types.filter { $0.kind == .protocol }.map { ($0.name, $0.inherits.map { String($0.prefix { $0 != "<" }) }) },
            uniquingKeysWith: +)
        func refined(_ name: String, seen: Set<String> = []) -> [String] {
            (refines[name] ?? []).filter { !seen.contains($0) && requirements[$0] != nil }.flatMap { [$0] + refined($0, seen: seen.union([name])) }
        }
        let compositions = Self.compositions(aliases)
        var conformances: [String: [String]] = [:]
        for type in types where type.kind != .protocol {
            conformances[type.name, default: []] += type.inherits.flatMap { compositions[$0] ?? [$0] }.flatMap {
                [$0] + refined(String($0.prefix { $0 != "<" }))
            }
        }
        for (name, parents) in refines where !parents.isEmpty {
            conformances[name, default: []] += refined(name)
        }
        // A conformer's method whose types differ from the requirement's only where it names the
        // protocol's associated types (TangemSdk's 34 commands' `run(in:completion:
        // CompletionResult<(Card, WalletData?)>)` for `CardSessionRunnable`'s
        // `CompletionResult<Response>`), under `associated <signature>`: the protocol's adapter
        // returns that same type through `Response`; the conformer keeps its own (hyperoslo/Cache's
        // oracle lists them), said.
        let associated = Dictionary(types.filter { $0.kind == .protocol }.map { ($0.name, $0.associatedTypes) }, uniquingKeysWith: +)
        let methods = Dictionary(
            types.filter { $0.kind != .protocol }.map { type in
                (type.name, type.members.compactMap { member -> String? in
                    guard case .function(let function)? = member.declaration else { return nil }
                    return signature(of: function)
                })
            }, uniquingKeysWith: +)
        var served: [String: (superclass: String?, requirements: [String: String])] = [:]
        // A delegate protocol's own extension (Nuke's `extension ImagePipeline.Delegate`): its
        // default implementations of the requirements are the library's to call too.
        for type in visible where type.kind == .protocol && StarterBlock.isDelegateProtocol(type) {
            var byName: [String: String] = [:]
            for requirement in requirements[type.name] ?? [] { byName[requirement] = type.name }
            served[type.name] = (nil, byName)
        }
        for (name, inherits) in conformances where served[name] == nil {
            var byName: [String: String] = [:]
            for proto in inherits {
                for requirement in requirements[proto] ?? [] where byName[requirement] == nil { byName[requirement] = proto }
                let names = associated[String(proto.prefix { $0 != "<" })] ?? []
                guard !names.isEmpty else { continue }
                for requirement in requirements[proto] ?? [] where !requirement.hasPrefix("delegate ") {
                    for method in methods[name] ?? [] where byName[method] == nil && matches(method, requirement, wildcards: Set(names)) {
                        byName["associated " + method] = proto
                    }
                }
            }
            // `Subject<Element, Error>`: the class is `Subject`.
            let superclass = types.first { $0.name == name && $0.kind == .class }?.inherits.first
                .map { String($0.prefix { $0 != "<" }) }.flatMap { classes.contains($0) ? $0 : nil }
            if superclass != nil || !byName.isEmpty { served[name] = (superclass, byName) }
        }
        return served
    }

    /// A settable property's name and type, as a requirement and its implementation both write
    /// them: `property onStateChange: ((ThreeDSFlowState) -> Void)?`.
    static func propertySignature(of member: SourceMember) -> String? {
        guard case .context(let property)? = member.declaration, property.kind == .property, property.isSettable, let type = property.type
        else { return nil }
        return "property \(member.name): " + type.strippingAttributes.description.replacingOccurrences(of: "-> ()", with: "-> Void")
    }

    /// `signature` is `requirement` with each of `wildcards` (associated types, whole words)
    /// standing for any non-empty text.
    static func matches(_ signature: String, _ requirement: String, wildcards: Set<String>) -> Bool {
        // The requirement cut at its wildcards: literal, wildcard, literal, …
        var parts: [String] = [""]
        var word = ""
        func endWord() {
            if wildcards.contains(word) { parts += ["", ""] } else { parts[parts.count - 1] += word }
            word = ""
        }
        for character in requirement {
            if isIdentifierCharacter(character) {
                word.append(character)
            } else {
                endWord()
                parts[parts.count - 1].append(character)
            }
        }
        endWord()
        guard parts.count > 1 else { return false }
        let literals = stride(from: 0, to: parts.count, by: 2).map { parts[$0] }
        func match(_ rest: Substring, _ index: Int) -> Bool {
            guard rest.hasPrefix(literals[index]) else { return false }
            let after = rest.dropFirst(literals[index].count)
            if index == literals.count - 1 { return after.isEmpty }
            // A wildcard: some non-empty text, then the next literal.
            return after.indices.dropFirst().contains { match(after[$0...], index + 1) } || (!after.isEmpty && match(after[after.endIndex...], index + 1))
        }
        return match(Substring(signature), 0)
    }

    /// A method's name and its parameters' and result's types as written: a conformer's method
    /// whose types differ elsewhere than at the protocol's associated types has an adapter of
    /// its own, which says more.
    static func signature(of function: FunctionDecl) -> String {
        // `any Error` and `Error` are one type: a conformer may spell it either way (Kingfisher's
        // `Base64ImageDataProvider.data(handler:)`).
        // `()` and `Void` are one type (Matomo's `MemoryQueue.first(limit:completion: (_ items:
        // [Event])->())` implements `Queue`'s `… -> Void`).
        let types = function.parameters.map { $0.type.strippingAttributes.description.replacingOccurrences(of: "-> ()", with: "-> Void") }
        let signature = function.fullName + " " + types.joined(separator: ", ") + (function.isAsync ? " async" : "") + " -> "
            + (function.returnType?.description ?? "Void")
        // The word `any` only, not the letters of `Company `.
        var text = ""
        var index = signature.startIndex
        while index < signature.endIndex {
            let startsWord = index == signature.startIndex || !Self.isIdentifierCharacter(signature[signature.index(before: index)])
            if startsWord, signature[index...].hasPrefix("any ") {
                index = signature.index(index, offsetBy: 4)
                continue
            }
            text.append(signature[index])
            index = signature.index(after: index)
        }
        // Generic parameters by position: a conformer may name them otherwise (Exponea's
        // `InAppContentBlocksDataProvider.loadPersonalizedInAppContentBlocks<D: Codable>(data:
        // D.Type, …)` implements its protocol's `<Data: Codable>(data: Data.Type, …)`).
        for (position, generic) in function.genericParameters.enumerated() {
            text = Self.replacingWord(generic.name.name, with: "τ\(position)", in: text)
        }
        return text
    }

    /// `text` with every whole-word `word` replaced.
    private static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let startsWord = index == text.startIndex || !Self.isIdentifierCharacter(text[text.index(before: index)])
            if startsWord, text[index...].hasPrefix(word) {
                let end = text.index(index, offsetBy: word.count)
                if end == text.endIndex || !Self.isIdentifierCharacter(text[end]) {
                    result += replacement
                    index = end
                    continue
                }
            }
            result.append(text[index])
            index = text.index(after: index)
        }
        return result
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// The closure typealiases `type`'s superclasses declare that it does not declare itself, by
    /// name: `OAuthSwift.TokenCompletionHandler` for `TokenCompletionHandler` in `OAuth2Swift`;
    /// those of the protocols it inherits; and those of the types it is nested in (`Web3.Web3ResponseCompletion` in `Web3.Eth`).
    static func inheritedAliases(
        of type: String, own members: [SourceMember], in merged: ModuleTypes,
        servedBy: [String: (superclass: String?, requirements: [String: String])]
    ) -> [String: String] {
        var aliases: [String: String] = [:]
        var ancestor = servedBy[type]?.superclass
        var seen: Set<String> = [type]
        while let name = ancestor, seen.insert(name).inserted {
            for member in merged.declarations(of: name).flatMap(\.members) where member.kind == .typeAlias {
                if aliases[member.name] == nil { aliases[member.name] = name + "." + member.name }
            }
            ancestor = servedBy[name]?.superclass
        }
        // The module's protocols it inherits (`Web3BidirectionalProvider: Web3Provider`).
        var protocols = merged.declarations(of: type).flatMap(\.inherits)
        while let name = protocols.popLast() {
            let declarations = merged.declarations(of: name).filter { $0.kind == .protocol }
            guard !declarations.isEmpty, seen.insert(name).inserted else { continue }
            for member in declarations.flatMap(\.members) where member.kind == .typeAlias {
                if aliases[member.name] == nil { aliases[member.name] = name + "." + member.name }
            }
            protocols += declarations.flatMap(\.inherits)
        }
        var outer = type.split(separator: ".").dropLast()
        while !outer.isEmpty {
            let name = outer.joined(separator: ".")
            for member in merged.declarations(of: name).flatMap(\.members) where member.kind == .typeAlias {
                if aliases[member.name] == nil { aliases[member.name] = name + "." + member.name }
            }
            outer = outer.dropLast()
        }
        for member in members where member.kind == .typeAlias { aliases[member.name] = nil }
        return aliases
    }

    /// `type`'s async methods that take no closure, by Swift name: the SDK's own async forms. Of
    /// every declaration of the type (they often stand in an extension of their own, under `#if
    /// compiler(>=5.5.2) && canImport(_Concurrency)`: Parse-Swift's `ParseObject+async.swift`), and
    /// of the module's protocols it conforms to (Auth0's `Request<T, E>: Requestable`, whose
    /// `start() async throws` stands in an extension of `Requestable`). Not one that takes a
    /// closure itself (SQLKit's `run(decoding:_:) async`, whose closure gets each row).
    /// A protocol's async forms may stand in a sibling protocol that its conformers also adopt
    /// (RevenueCat's `Purchases: PurchasesType, PurchasesSwiftType`, whose
    /// `eligibleWinBackOffers(forProduct:) async throws` is `PurchasesSwiftType`'s): an app
    /// holding the object sees both.
    /// With `dependencies`, also the public async methods of the protocols of the modules it
    /// depends on that it conforms to, and of their extensions (NIOPosix's
    /// `MultiThreadedEventLoopGroup: EventLoopGroup`, whose `shutdownGracefully() async throws`
    /// NIOCore declares in an extension of `EventLoopGroup`).
    static func asyncForms(of type: String, in types: ModuleTypes, dependencies: ModuleTypes? = nil, includesInternal: Bool) -> [FunctionDecl] {
        func inherited(by name: String) -> Set<String> { types.inherits[name] ?? [] }
        var related = inherited(by: type).union([type])
        // A protocol's one conformer's async form serves it (the only object behind it); not
        // one conformer's among several (AdyenNetworking's `APIClient`, whose async `perform(_:)`
        // comes from another protocol: `RetryAPIClient`, another `APIClientProtocol`, has none).
        if types.declarations(of: type).contains(where: { $0.kind == .protocol }) {
            let conformers = types.conformers[type] ?? []
            if conformers.count == 1, let conformer = conformers.first {
                related.formUnion(inherited(by: conformer).union([conformer]))
            }
        }
        // An actor's isolated method is async from outside (okta's `AuthenticationFlow: Actor`,
        // whose `reset()` is what `nonisolated reset(completion:)` wraps).
        let actors = types.actors
        var owners: [(type: SourceType, borrowed: Bool)] = related.flatMap { types.positions[$0] ?? [] }.sorted().map { (types.all[$0], false) }
        if let dependencies {
            let lent = related.flatMap { dependencies.positions[$0] ?? [] }.sorted().map { dependencies.all[$0] }
            owners += lent.filter { $0.kind == .protocol || $0.kind == .extension }.map { ($0, true) }
        }
        let members: [(String, SourceMember, Bool)] = owners.flatMap { owner in owner.type.members.map { (owner.type.name, $0, owner.borrowed) } }
        return members.compactMap {
            owner, member, borrowed -> FunctionDecl? in
            guard (includesInternal && !borrowed) || member.isPublic, case .function(var function)? = member.declaration else { return nil }
            if actors.contains(owner), !function.modifiers.contains(where: { ["nonisolated", "static", "class"].contains($0.name) }) {
                function.isAsync = true
            }
            // Closures it takes have defaults (FirebaseStorage's `putDataAsync(_:metadata:onProgress:
            // = nil) async`): a per-item closure it must be given makes it no one-shot's form. Not
            // a predicate (smoke-http's `retryOnError: (HTTPClientError) -> Bool`), which returns
            // its answer.
            guard function.isAsync, !function.parameters.contains(where: { parameter in
                guard parameter.defaultValue == nil, parameter.type.description.contains("->") else { return false }
                if case .function(let closure) = parameter.type.strippingAttributes.unwrappingOptional.strippingAttributes.kind {
                    return closure.result.isVoid
                }
                return true
            })
            else { return nil }
            return function
        }
    }

    /// `type`'s members that are the SDK's own async sequences, by name: a property or a method
    /// whose type is an `AsyncStream`, `AsyncThrowingStream` or `some AsyncSequence` (supabase's
    /// `RealtimeClientV2.statusChange`, `RealtimeChannelV2.broadcastStream(event:)`), with the
    /// labels of a method's parameters.
    static func streamForms(of type: String, in types: ModuleTypes, includesInternal: Bool) -> [(name: String, labels: [String])] {
        // The module's own async sequences too (mongo-swift-driver's `CommandEventStream:
        // AsyncSequence`, which `commandEventStream()` returns).
        let sequences = types.asyncSequences
        let isStream = { (returned: TypeSyntax) in
            ["AsyncStream", "AsyncThrowingStream", "AsyncSequence"].contains(where: returned.description.contains)
                || sequences.contains(TokenMethods.bareName(returned.strippingAttributes.description))
        }
        return types.declarations(of: type).flatMap(\.members).compactMap { member in
            guard includesInternal || member.isPublic else { return nil }
            switch member.declaration {
            case .function(let function)? where function.returnType.map(isStream) == true:
                return (function.name.name, function.parameters.map { $0.label?.name ?? "_" })
            case .context(let property)? where property.type.map(isStream) == true:
                return (member.name, [])
            default:
                return nil
            }
        }
    }

    /// Per protocol of the module, a stored property of another of its types that holds a value
    /// of it (`PusherClientOptions.authorizer: Authorizer?`, Starscream's `security:
    /// CertificatePinning?`): the library keeps the app's conformer and calls its requirements,
    /// which the app may implement, and then only implements. Any access level counts: a
    /// private property holds the app's object as well. Also a protocol the module conforms a
    /// type of its own to (Starscream's `FoundationSecurity: CertificatePinning`): the library
    /// still calls what it holds, though apps may call it too (Alamofire's
    /// `RequestInterceptor`); the starter asks which, it does not decide.
    static func holders(of types: [SourceType]) -> [String: String] {
        let protocols = Set(types.filter { $0.kind == .protocol }.map(\.name))
        var holders: [String: String] = [:]
        for type in types where type.kind != .protocol {
            for member in type.members where member.kind == .property && !member.isStatic {
                guard case .context(let property)? = member.declaration, let declared = property.type else { continue }
                let held = StarterBlock.withoutSomeOrAny(declared.strippingAttributes.unwrappingOptional.description)
                if protocols.contains(held), holders[held] == nil { holders[held] = type.name + "." + member.name }
            }
        }
        return holders
    }

    /// The objects that keep a value of the module in a settable property, by the value's type
    /// (Owl's `TableDirector.scrollViewEvents = ScrollViewEventsHandler()`, SwiftWebSocket's
    /// `WebSocket.event: WebSocketEvents`): the SDK reads the value's callback slots through
    /// that property, so an adapter sets them there. Classes only: setting a member of a value a
    /// struct holds would need the holder itself to be mutable.
    static func valueHolders(of types: [SourceType]) -> [String: [String]] {
        let values = Set(types.filter { $0.kind == .struct }.map(\.name))
        let classes = Set(types.filter { $0.kind == .class }.map(\.name))
        var holders: [String: [String]] = [:]
        for type in types where classes.contains(type.name) {
            for member in type.members where member.kind == .property && !member.isStatic && member.isPublic {
                guard case .context(let property)? = member.declaration, property.isSettable else { continue }
                // Declared (`var event: WebSocketEvents`), or made where it is declared (`var events = EventsSubscriber()`).
                let written = property.type.map { $0.strippingAttributes.description } ?? member.madeType
                guard let written, !written.isEmpty, !written.hasSuffix("?"), !written.hasSuffix("!") else { continue }
                let candidates = [type.name + "." + written, written]
                guard let held = candidates.first(where: values.contains) else { continue }
                holders[held, default: []].append(type.name + "." + member.name)
            }
        }
        return holders
    }
}

extension Scan {
    /// Each typealias of a composition of protocols, by name: the protocols it joins, adopted as
    /// one (GiniPayApiLib's `typealias DefaultDocumentServiceProtocol = DocumentService &
    /// V2DocumentService`).
    static func compositions(_ aliases: [SourceMember]) -> [String: [String]] {
        var compositions: [String: [String]] = [:]
        for alias in aliases {
            guard case .typeAlias(let decl)? = alias.declaration, case let parts = decl.type.description.components(separatedBy: " & "),
                parts.count > 1
            else { continue }
            compositions[decl.name.name] = parts.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return compositions
    }
}
