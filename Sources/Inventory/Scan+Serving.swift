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
        // A typealias of a composition of protocols adopted as one (GiniPayApiLib's
        // `typealias DefaultDocumentServiceProtocol = DocumentService & V2DocumentService`).
        var compositions: [String: [String]] = [:]
        for alias in aliases {
            guard case .typeAlias(let decl)? = alias.declaration, case let parts = decl.type.description.components(separatedBy: " & "),
                parts.count > 1
            else { continue }
            compositions[decl.name.name] = parts.map { $0.trimmingCharacters(in: .whitespaces) }
        }
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

    /// The module's error types, by name: protocols that refine `Error` (TRON's
    /// `ErrorSerializable: Error`), types that conform to one of them or to `Error`, and per type
    /// its generic parameters constrained to one (`APIRequest<Model, ErrorModel:
    /// ErrorSerializable>`). A failure closure may hand over one of these under any name.
    static func errorTypes(_ types: [SourceType]) -> (all: Set<String>, parameters: [String: Set<String>]) {
        // `NSError`: a subclass of it is an error (ApphudSDK's `class ApphudError: NSError`).
        var errors: Set<String> = ["Error", "LocalizedError", "CustomNSError", "NSError"]
        var grew = true
        while grew {
            grew = false
            for type in types where !errors.contains(type.name) && type.inherits.contains(where: { errors.contains(bare($0)) }) {
                errors.insert(type.name)
                grew = true
            }
        }
        var parameters: [String: Set<String>] = [:]
        for type in types where type.genericParameters.count > 2 {
            for clause in type.genericParameters.dropFirst().dropLast().split(separator: ",") {
                let parts = clause.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2,
                    parts[1].split(separator: "&").contains(where: { errors.contains(bare(String($0).trimmingCharacters(in: .whitespaces))) })
                else { continue }
                parameters[type.name, default: []].insert(parts[0])
            }
        }
        // A nested type is also named bare where its outer type's code uses it (Shopify Buy's
        // `QueryError?` for `extension Graph { enum QueryError: Error }`).
        return (errors.union(errors.map(bare)), parameters)
    }

    /// `ErrorSerializable` for `Module.ErrorSerializable`.
    private static func bare(_ name: String) -> String {
        String(name.split(separator: ".").last ?? Substring(name))
    }

    /// Where nil without an error is a value, from what every file showed (decision 96): the
    /// public methods whose bodies call back so, the callbacks (by name) that the library's
    /// helpers call so, and whether it is the whole library's. A value bound from a function
    /// counts where that function returns an optional. A closure called so outside the public
    /// methods is evidence for the methods whose callback has its name (SignalR's
    /// `invocationDidComplete`), else for all.
    static func nilWithoutErrorReading(
        _ evidence: NilAndNilEvidence, optionalReturns: Set<String>, types: [SourceType]
    ) -> (everywhere: Bool, methods: Set<String>, callbacks: Set<String>) {
        var methods = evidence.methods
        var callees = evidence.callees
        for (function, place) in evidence.optionalValues where optionalReturns.contains(function) {
            switch place {
            case .method(let method): methods.insert(method)
            case .callee(let callee): callees.insert(callee)
            }
        }
        let callbackNames = Set(
            types.flatMap(\.members).compactMap { member -> FunctionDecl? in
                if case .function(let function)? = member.declaration, member.isPublic { function } else { nil }
            }.flatMap { $0.parameters.filter { $0.type.description.contains("->") }.map(\.name.name) })
        return (!callees.subtracting(callbackNames).isEmpty, methods, callees.intersection(callbackNames))
    }

    /// Values that carry their own failure (Web3.swift's `Web3Response<Result>`, whose `error:
    /// Swift.Error?` is set when the call failed), by name, with that property's name.
    static func failureCarriers(_ types: [SourceType]) -> [String: StarterBlock.FailureCarrier] {
        var carriers: [String: StarterBlock.FailureCarrier] = [:]
        for type in types where type.kind == .struct || type.kind == .class || type.kind == .extension {
            for member in type.members where member.kind == .property && member.isPublic && ["error", "failure"].contains(member.name) {
                let spelled = member.text.components(separatedBy: ":").dropFirst().joined(separator: ":")
                guard spelled.contains("Error"), spelled.contains("?") else { continue }
                let carrier = StarterBlock.FailureCarrier(
                    member: member.name, type: spelled.trimmingCharacters(in: .whitespaces),
                    // A stored one (Uber's `Response.error`), not one computed from another
                    // (Web3Response's, read off its `status`, which generate reads as an outcome).
                    isStored: !member.hasAccessors && type.kind != .extension && !member.isStatic,
                    others: type.members.filter { $0.kind == .property && $0.isPublic && !$0.isStatic && !$0.hasAccessors && $0.name != member.name }.map(\.name))
                // A nested type is named bare where its outer type uses it (Kommunicate's
                // `KMConversationService.Response`, handed to `completion: (Response) -> Void`).
                carriers[type.name] = carrier
                carriers[bare(type.name)] = carrier
            }
        }
        return carriers
    }

    /// Public structs the app cannot get hold of (PubNub's `InstanceIdOperator: RequestOperator`,
    /// which the SDK makes for itself and uses through its protocol): a conformance to one of the
    /// module's protocols, with no public initializer, that no public declaration of another
    /// type, nor a free one, names.
    /// Each with why only the SDK calls its methods.
    static func unreachableTypes(_ types: [SourceType], topLevel: [SourceMember]) -> [String: String] {
        let protocols = Set(types.filter { $0.kind == .protocol }.map(\.name))
        let structs = Set(types.filter { type in
            type.kind == .struct && type.isPublic && type.inherits.contains { protocols.contains(String($0.prefix { $0 != "<" })) }
        }.map(\.name))
        var unreachable: [String: String] = [:]
        for name in structs {
            let own = types.filter { $0.name == name }
            if own.flatMap(\.members).contains(where: { $0.isPublic && ($0.kind == .initializer || $0.isStatic) }) { continue }
            // By its own name (`Eth` of `Web3.Eth`), in any other type's public declarations.
            let bare = String(name.split(separator: ".").last ?? Substring(name))
            let mentions = (types.filter { $0.name != name }.flatMap(\.members) + topLevel).filter(\.isPublic).contains { member in
                member.text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains { $0 == bare }
            }
            if !mentions { unreachable[name] = "'\(name)' has no public initializer, and no public declaration hands one out: only the SDK calls it" }
        }
        return unreachable
    }

    /// Public protocols of the module that only internal types adopt, no protocol refines and no
    /// public declaration of another type names (PlayKit's `TimeMonitor`, adopted by its internal
    /// `TimeObserver` and `PlayerController`): maybe no API an app can reach, said, not decided
    /// (BTKit's oracle lists such a protocol's methods, reached through its public struct).
    /// Each with the note to write.
    static func unadoptedProtocols(_ types: [SourceType], topLevel: [SourceMember]) -> [String: String] {
        let publicTypes = Set(types.filter { $0.kind != .extension && $0.isPublic }.map(\.name))
        var notes: [String: String] = [:]
        for proto in types where proto.kind == .protocol && proto.isPublic {
            let bare = String(proto.name.split(separator: ".").last ?? Substring(proto.name))
            let adopted = types.contains { type in
                type.inherits.contains { String($0.prefix { $0 != "<" }) == proto.name || String($0.prefix { $0 != "<" }) == bare }
                    && (type.kind == .protocol || publicTypes.contains(type.name))
            }
            // And some internal type does: the library implements it for itself.
            let adoptedInternally = types.contains { type in
                type.kind != .protocol && type.inherits.contains { String($0.prefix { $0 != "<" }) == proto.name || String($0.prefix { $0 != "<" }) == bare }
            }
            if adopted || !adoptedInternally { continue }
            let mentions = (types.filter { $0.name != proto.name }.flatMap(\.members) + topLevel).filter(\.isPublic).contains { member in
                member.text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains { $0 == bare }
            }
            if !mentions {
                notes[proto.name] = "no public type adopts \(bare), and no public declaration hands one out: if apps cannot reach one, mark it '@context'"
            }
        }
        return notes
    }

    /// The module's enums, no errors themselves, with a case of one error beside cases without
    /// values (ESPProvision's `ESPSessionStatus`: `connected`, `failedToConnect(ESPSessionError)`,
    /// `disconnected`): a status a callback gets, whose error case is a failure scan cannot
    /// tell apart from the rest. By bare name, with that case's name.
    static func statusEnumsWithErrorCases(_ types: [SourceType], errorTypes: Set<String>) -> [String: String] {
        var found: [String: String] = [:]
        for type in types where type.kind == .enum && !errorTypes.contains(type.name) {
            let cases = type.cases.flatMap { text in
                text.replacingOccurrences(of: "case ", with: "").split(separator: ",", omittingEmptySubsequences: true)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
            }
            guard cases.contains(where: { !$0.contains("(") }),
                let failure = cases.first(where: { item in
                    guard let open = item.firstIndex(of: "("), item.hasSuffix(")") else { return false }
                    let payload = item[item.index(after: open)..<item.index(before: item.endIndex)]
                    return !payload.contains(",") && (payload.hasSuffix("Error") || errorTypes.contains(String(payload)))
                })
            else { continue }
            found[String(type.name.split(separator: ".").last ?? Substring(type.name))] = String(failure.prefix { $0 != "(" })
        }
        return found
    }

    /// The module's error enums with a case without values named for success (`none`,
    /// `noError`, `success`, `ok`), by bare name: SwiftMQTT's `enum MQTTSessionError: Error {
    /// case none, socketError, … }`, whose completion gets `.none` when the call went well.
    static func successCasesOfErrorEnums(_ types: [SourceType], errorTypes: Set<String>) -> [String: String] {
        let names = ["none", "noerror", "success", "succeeded", "successful", "ok", "noerr"]
        var found: [String: String] = [:]
        for type in types where type.kind == .enum && errorTypes.contains(type.name) {
            // `case a(T), b`: each element, by its name, and whether it has values.
            var elements: [(name: String, hasValues: Bool)] = []
            for text in type.cases {
                var depth = 0
                var element = ""
                for character in text.dropFirst(text.hasPrefix("case ") ? 5 : 0) + "," {
                    if character == "(" { depth += 1 }
                    if character == ")" { depth -= 1 }
                    if character == ",", depth == 0 {
                        let trimmed = element.drop { $0 == " " }
                        elements.append((String(trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }), trimmed.contains("(")))
                        element = ""
                    } else {
                        element.append(character)
                    }
                }
            }
            // Besides it, failures: an error enum of one case says nothing.
            guard elements.count > 1, let success = elements.first(where: { !$0.hasValues && names.contains($0.name.lowercased()) }),
                let bare = type.name.split(separator: ".").last
            else { continue }
            found[String(bare)] = success.name
        }
        return found
    }
}
