import DeclParser

/// An `extension` block: its `@bridge` options, which members are context, its adapters (methods
/// and callback properties) and the names they must not collide with.
extension Analyzer {
    /// `@bridge(access: …)` and, on extension blocks, `@bridge(wrapper: …)` or
    /// `@bridge(through: …)`.
    mutating func readBridgeAttribute(_ attributes: [Attribute], allowsWrapper: Bool) -> (
        access: AccessLevel, wrapper: String?, holder: Holder?
    ) {
        var access = defaultAccess
        var wrapperName: String?
        var holder: Holder?
        for attribute in attributes where attribute.name.name == "bridge" {
            let usage = allowsWrapper ? Annotations.usage("bridge") : "'@bridge(access: public)'"
            guard
                let arguments = Annotations.arguments(
                    of: attribute, accepted: allowsWrapper ? ["access", "wrapper", "through"] : ["access"], required: true,
                    usage: usage, into: &diagnostics)
            else { continue }
            if let argument = arguments["through"] {
                let components = argument.value.text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                if components.count >= 2, components.allSatisfy({ Naming.isValidIdentifier($0) && !Naming.reservedWords.contains($0) }) {
                    holder = Holder(type: components.dropLast().joined(separator: "."), property: components[components.count - 1])
                } else {
                    diagnostics.error(
                        "'\(argument.value.text)' does not name an object's property", at: argument.location,
                        notes: [.init("write the holder's type and the property that holds the value, e.g. '@bridge(through: TableDirector.scrollViewEvents)'")])
                }
                if arguments["wrapper"] != nil {
                    diagnostics.error(
                        "'through:' and 'wrapper:' cannot be combined", at: argument.location,
                        notes: [.init("the adapters extend the holder; drop 'wrapper:'")])
                    holder = nil
                }
            }
            if let argument = arguments["access"] {
                if case .identifier(let name) = argument.value, let level = AccessLevel(rawValue: name) {
                    access = level
                } else {
                    diagnostics.error(
                        "'\(argument.value.text)' is not an access level for generated code", at: argument.location,
                        notes: [.init("use one of: internal, package, public")])
                }
            }
            if let argument = arguments["wrapper"] {
                if case .identifier(let name) = argument.value, Naming.isValidIdentifier(name),
                    !Naming.reservedWords.contains(name)
                {
                    wrapperName = name
                } else {
                    diagnostics.error(
                        "wrapper name '\(argument.value.text)' is not a valid Swift type name", at: argument.location,
                        notes: [.init("write a plain identifier, e.g. '@bridge(wrapper: LegacyPaymentsAdapter)'")])
                }
            }
        }
        return (access, wrapperName, holder)
    }

    // MARK: - Blocks

    /// A method pasted with the type's other members that bridgegen leaves alone: no parameter
    /// is (or is named like) a completion handler, and it carries none of bridgegen's annotations.
    /// A parameter named like a completion whose type is unknown is not context: it is most
    /// likely an SDK typealias not declared in the file, and gets a diagnostic saying so.
    func isContext(_ function: FunctionDecl, scope: String) -> Bool {
        // `@context` keeps a callback method unbridged on purpose (clang's `swift_async(none)`).
        if function.attributes.contains(where: { $0.name.name == "context" }) { return true }
        // A closure that does not escape runs before the method returns (a body, a transform):
        // nothing to wait for, so it is context unless it is named like a completion handler.
        // scan decides the same way, so the two agree on what a starter file bridges.
        // A closure the SDK runs as work (an executor's job, a disposal action) is not a callback.
        return !function.attributes.contains { Annotations.functionAnnotations.contains($0.name.name) }
            && !function.parameters.contains {
                (isClosure($0.type, scope: scope) && isEscaping($0.type, scope: scope)
                    && !CallbackShape.isWork(
                        name: $0.name.name, label: $0.label?.name, parameterCount: closureArity($0.type, scope: scope),
                        method: function.name.name, returns: function.returnType?.description, owner: scope,
                        closureThrows: resolvedClosure($0.type, scope: scope)?.throwsClause != nil,
                        handed: resolvedClosure($0.type, scope: scope)?.parameters.first?.type.strippingAttributes.unwrappingOptional.description))
                    || Self.looksLikeCompletion($0.name.name) || Self.looksLikeCompletion($0.label?.name)
            }
    }

    /// `@escaping` on a type the file does not declare (KituraKit's `respondWith: @escaping
    /// CodableResultClosure<O>`, a typealias of KituraContracts): a closure generate cannot see,
    /// so the method would pass for context without a word. Said, with what to paste.
    mutating func warnIfClosureTypeIsUnknown(_ function: FunctionDecl, scope: String) {
        guard !function.attributes.contains(where: { $0.name.name == "context" }) else { return }
        for parameter in function.parameters where parameter.type.attributes.contains(where: { $0.name.name == "escaping" }) {
            guard let resolved = try? resolver.resolve(parameter.type, scope: scope),
                case .named(let components) = resolved.strippingAttributes.kind, let last = components.last
            else { continue }
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "'\(parameter.name.name)' is '@escaping \(resolved.strippingAttributes)', a closure type this file does not declare: '\(function.fullName)' is not bridged",
                    at: parameter.type.location,
                    notes: [
                        .init("paste the closure's typealias from the module that declares it: 'typealias \(last.name.name)\(last.genericArguments.isEmpty ? "" : "<…>") = (…) -> Void'"),
                        .init("or mark the method '@context' to keep it unbridged without this warning"),
                    ]))
            return
        }
    }

    /// An initializer cannot be `async` through an adapter (an extension cannot add a designated
    /// initializer, and the object it makes is the SDK's to keep): say what to write instead.
    mutating func warnIfInitializerTakesCompletion(_ member: ContextDecl, scope: String) {
        guard member.kind == .initializer, !member.attributeNames.contains("context"),
            // A closure it keeps (escaping, or optional, which is escaping too) that hands the app
            // results is a callback, whatever it is called (`resultsHandler:`); a non-escaping
            // one runs inside the call, and a predicate or transform is configuration
            // (`isOfflineError: (Error) -> Bool`), as scan judges them (CallbackShape).
            // Not a closure the library runs as the caller's code (Former's `init(instantiateType:
            // cellSetup:)`, run to set up each cell it makes).
            let handler = member.parameters.last(where: {
                isClosure($0.type, scope: scope) && deliversResults($0.type, scope: scope)
                    && (isEscaping($0.type, scope: scope) || Self.looksLikeCompletion($0.name.name)
                        || Self.looksLikeCompletion($0.label?.name))
                    && !CallbackShape.isWork(
                        name: $0.name.name, label: $0.label?.name, parameterCount: closureArity($0.type, scope: scope), method: "init")
            })
        else { return }
        diagnostics.append(
            Diagnostic(
                .warning, "'\(member.name)' takes completion handler '\(handler.name.name)' and is not bridged", at: member.location,
                notes: [
                    .init(
                        "bridge a method instead: add one to the SDK type in your code, e.g. 'static func make(…, completion:)' that calls this initializer and keeps the object, and paste that here"
                    ),
                    .init("or annotate '@context' to keep it as context without this warning"),
                ]))
    }

    /// bridgegen's annotations are for methods; on a property, an initializer or a subscript
    /// they would silently do nothing (`@stream var onMessage`: a callback property has no
    /// adapter form).
    mutating func refuseAnnotations(on member: ContextDecl) {
        // `@MainActor` is the SDK's own isolation on a pasted member too.
        let annotations = member.attributeNames.filter { !["context", "MainActor"].contains($0) && Annotations.specs[$0] != nil }
        guard let name = annotations.first else { return }
        let what = member.kind == .property ? "a property" : member.kind == .initializer ? "an initializer" : "a subscript"
        diagnostics.error(
            "'@\(name)' applies to a method that takes a callback; '\(member.name)' is \(what)", at: member.location,
            notes: [
                .init(
                    member.kind == .property
                        ? "a callback property ('x.\(member.name) = { … }') has no adapter form: bridge a method of yours that sets it and calls back, or remove '@\(name)'"
                        : "remove '@\(name)'")
            ])
    }

    /// An async function with the same Swift name as a member of the type would break every
    /// existing call of that member in async code (Swift prefers the async overload there); a
    /// function returning a stream, every call that does not say which type it wants (MySQLNIO's
    /// `query(_:_:onMetadata:)` beside its own of the same labels: `let rows = db.query(sql)` is
    /// ambiguous).
    mutating func warnIfCollides(
        _ adapter: Adapter, with context: [(name: String, location: SourceLocation)], at location: SourceLocation
    ) {
        let baseName = adapter.name.filter { $0 != "`" }
        let fullName = adapter.adapterName
        for member in context where member.name == fullName || (member.name == baseName && adapter.parameters.isEmpty) {
            let isStream = adapter.stream != nil
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "the \(isStream ? "stream" : "async") function '\(fullName)' has the same name as '\(member.name)' of the type",
                    at: location,
                    notes: [
                        .init(
                            isStream
                                ? "'\(member.name)' is declared here; a call of either that does not say which type it wants is ambiguous"
                                : "'\(member.name)' is declared here; calls of it in async code would call the adapter",
                            at: member.location),
                        .init("give the adapter another name with '@asyncName(newName)'"),
                    ]))
        }
    }

    /// A stream adapter with the name of the bridged method called without its defaulted
    /// arguments (`start(completion handler: ResultsHandler? = nil)`, called `checker.start()`,
    /// beside the stream `start()`): Swift takes the adapter for such a call, so an existing call
    /// starts a stream that it drops at once, which ends the registration it made, with only an
    /// unused-result warning. Found by an outside try. An async one-shot needs no word: the
    /// compiler stops such a call in async code ("expression is 'async'").
    mutating func warnIfShadowsItsMethod(_ adapter: Adapter, _ function: FunctionDecl) {
        let required = function.parameters.filter { $0.defaultValue == nil }
        guard adapter.stream != nil, required.count < function.parameters.count else { return }
        let shortName = function.name.name + "(" + required.map { ($0.label?.name ?? "_") + ":" }.joined() + ")"
        guard shortName == adapter.adapterName else { return }
        diagnostics.append(
            Diagnostic(
                .warning,
                "the stream function '\(shortName)' has the name of '\(function.fullName)' called without its defaulted arguments",
                at: function.name.location,
                notes: [
                    .init("an existing call '\(shortName)' would call the adapter, and drop the stream, which ends what it starts"),
                    .init("give the adapter another name with '@asyncName(newName)'"),
                ]))
    }

    /// The block's adapters, each checked against `generated` (the signatures generated so far,
    /// where): one that an earlier adapter already generates is reported and left out.
    /// `generated`: the adapters of the file so far, to refuse one generated twice. Overloads in
    /// extensions of other `where` clauses (`where Error == Never`), or under exclusive `#if`
    /// branches, are different declarations to Swift, as the SDK's own are.
    mutating func analyseBlock(
        _ decl: ExtensionDecl, condition: String? = nil, generated: inout [String: SourceLocation]
    ) -> AdapterBlock? {
        let carried = checkAttributes(decl.attributes, allowed: Annotations.blockAnnotations)
        let (access, wrapperName, holder) = readBridgeAttribute(decl.attributes, allowsWrapper: true)
        if holder != nil, let requirement = decl.requirements.first {
            diagnostics.error(
                "a block reached 'through:' a holder cannot have a 'where' clause", at: requirement.left.location,
                notes: [.init("the adapters extend the holder, which the clause does not constrain; drop the clause")])
        }

        // A free function's block extends no type: its adapter is a free function that calls it.
        let typeName = decl.isFreeFunction ? "" : decl.extendedType.description
        let scope = decl.isFreeFunction ? "" : decl.extendedType.qualifiedName ?? typeName
        switch decl.extendedType.kind {
        case .named:
            break
        default:
            diagnostics.error(
                "cannot bridge methods of '\(typeName)'", at: decl.extendedType.location,
                notes: [.init("extend a named type: 'extension TypeName { … }'")])
            return nil
        }

        let options = readOptions(decl.attributes, inheriting: AdapterOptions())
        var adapters: [Adapter] = []
        let owner = wrapperName ?? holder?.type ?? typeName
        // The type's other members, pasted as context: not bridged, checked for collisions.
        var context: [(name: String, location: SourceLocation)] = []
        var bridgeable: [FunctionDecl] = []
        var properties: [ContextDecl] = []
        var initializers: [ContextDecl] = []
        for member in decl.members {
            switch member {
            case .context(let member) where isCallbackProperty(member, scope: scope):
                context.append((member.name, member.location))
                properties.append(member)
            case .context(let member) where member.kind == .initializer
                && (member.attributeNames.contains("stream") || member.attributeNames.contains("once")):
                initializers.append(member)
            case .context(let member):
                context.append((member.name, member.location))
                warnIfInitializerTakesCompletion(member, scope: scope)
                refuseAnnotations(on: member)
            case .function(let function) where isContext(function, scope: scope):
                context.append((function.fullName, function.location))
                warnIfClosureTypeIsUnknown(function, scope: scope)
            case .function(let function): bridgeable.append(function)
            case .typeAlias, .enumDecl: break
            }
        }
        let methods = decl.members.compactMap { member in
            if case .function(let function) = member { function } else { nil }
        }
        blockMethodNames = Set(methods.map(\.name.name))
        blockMethodsReturningNothing = Set(methods.filter { $0.returnType?.isVoid ?? true }.map(\.fullName))
        defer {
            blockMethodNames = []
            blockMethodsReturningNothing = []
        }
        // Each adapter once per owner, `where` clause and `#if` branch: a second that would be the
        // same Swift declaration is reported at its own line.
        func admit(_ adapter: Adapter, at location: SourceLocation) {
            let key = owner + " where " + decl.requirements.map(\.description).sorted().joined(separator: ", ")
                + " #if " + (condition ?? "") + "." + adapter.signatureKey
            if let first = generated[key] { return reportGeneratedTwice(adapter.adapterName, at: location, first: first) }
            generated[key] = location
            adapters.append(adapter)
        }
        // A success half and the failure half it names: one adapter (Analyzer+ChainedHalves.swift).
        let paired = pairHalves(bridgeable, among: methods, typeName: typeName, scope: scope, isFreeFunction: decl.isFreeFunction)
        for half in paired.failureHalves.values where !context.contains(where: { $0.location == half.location }) {
            context.append((half.fullName, half.location))
        }
        for function in paired.functions {
            let reported = diagnostics.diagnostics.count
            defer {
                if let success = paired.successHalves[function.location.offset] {
                    diagnostics.rename(function.fullName, to: success.fullName, from: reported)
                }
                noteTheDeclaration(paired.successHalves[function.location.offset] ?? function, ofErrorsFrom: reported)
            }
            guard var adapter = analyseFunction(function, typeName: typeName, scope: scope, access: access, block: options) else { continue }
            if let half = paired.failureHalves[function.location.offset], let success = paired.successHalves[function.location.offset] {
                adapter.sourceName = typeName + "." + success.fullName
                if case .call(var call) = adapter.start {
                    call.legacyCall.chained = LegacyCall.Chained(name: half.name.name, fullName: typeName + "." + half.fullName)
                    adapter.start = .call(call)
                }
            }
            if decl.isFreeFunction, !checkFreeFunction(adapter, function) { continue }
            warnIfCollides(adapter, with: context, at: function.name.location)
            warnIfShadowsItsMethod(adapter, function)
            adapter.adapterName = owner.isEmpty ? adapter.adapterName : owner + "." + adapter.adapterName
            adapter.through = holder.map { $0.type + "." + $0.property }
            admit(adapter, at: function.name.location)
        }
        for initializer in initializers {
            guard !decl.isFreeFunction,
                var adapter = initializer.attributeNames.contains("stream")
                    ? analyseInitializerStream(initializer, typeName: typeName, scope: scope, access: access, block: options)
                    : analyseInitializerCall(initializer, typeName: typeName, scope: scope, access: access, block: options)
            else { continue }
            warnIfCollides(adapter, with: context, at: initializer.location)
            adapter.adapterName = owner + "." + adapter.adapterName
            adapter.through = holder.map { $0.type + "." + $0.property }
            admit(adapter, at: initializer.location)
        }
        // A type whose callback properties hand themselves back beside values (CocoaMQTT's
        // `didReceiveMessage: (CocoaMQTT, Message, UInt16) -> Void`) hands back a sender, left
        // out of each value: from a lone one too (`didPing: (CocoaMQTT) -> Void`), alike.
        let handsBackSender = properties.contains { property in
            guard let type = property.type, let closure = closureType(type, scope: scope) else { return false }
            return Self.handsBackReceiver(closure.parameters, scope: scope)
        }
        for property in properties {
            guard
                var adapter = analyseProperty(
                    property, typeName: typeName, scope: scope, access: access, block: options, handsBackSender: handsBackSender)
            else { continue }
            adapter.adapterName = owner + "." + adapter.adapterName
            adapter.through = holder.map { $0.type + "." + $0.property }
            admit(adapter, at: property.location)
        }
        // In input order: methods and callback properties as the block declares them.
        adapters.sort { $0.location.offset < $1.location.offset }
        // A block of typealiases serves name resolution; one with nothing at all is a mistake.
        // Not one of declarations marked `@context`, kept on purpose without a warning
        // (language.md; smoke-http's `EventLoopFuture` extension, marked so by its reviewer).
        if bridgeable.isEmpty && properties.isEmpty && initializers.isEmpty && !decl.members.contains(where: {
            switch $0 {
            case .typeAlias, .enumDecl: true
            case .function(let function): function.attributes.contains { $0.name.name == "context" }
            case .context(let context): context.attributeNames.contains("context")
            }
        }) {
            diagnostics.append(
                Diagnostic(
                    .warning, "extension block declares nothing to bridge", at: decl.location,
                    notes: [
                        .init("bridgegen bridges methods that take a completion handler; the block's other members are context")
                    ]))
        }
        var block = AdapterBlock(
            documentation: decl.documentation, extendedType: typeName, requirements: decl.requirements.map(\.description),
            access: access, wrapperName: wrapperName, attributes: carried, adapters: adapters, location: decl.location,
            extendedTypeLine: decl.extendedType.location.line)
        block.isFreeFunction = decl.isFreeFunction
        block.holder = holder
        return block
    }

    /// An error found while reading a declaration but reported at another line (the typealias
    /// or enum its closure type names, which many declarations share) says which declaration it
    /// came from: the reader fixes that one, not the typealias every other declaration needs.
    mutating func noteTheDeclaration(_ function: FunctionDecl, ofErrorsFrom start: Int) {
        let lines = function.location.line...max(
            function.name.location.line, function.parameters.map(\.location.line).max() ?? 0,
            function.returnType?.location.line ?? 0)
        diagnostics.addNote(.init("while reading '\(function.fullName)'", at: function.name.location), toErrorsFrom: start) {
            !lines.contains($0.location.line)
        }
    }

    /// What a free function's adapter cannot do, having no object: run on the object's queue
    /// (`@blocking`), stop through the receiver (`@cancel(stop())`), share one registration among
    /// an object's consumers (`@stream(shared)`). Refused at the `.bridge` line.
    mutating func checkFreeFunction(_ adapter: Adapter, _ function: FunctionDecl) -> Bool {
        var refused: (String, String)?
        if adapter.options.blocking != nil {
            refused = ("'@blocking' needs an object whose queue the call runs on", "declare it as a static method of a type of yours that calls it")
        } else if adapter.stream?.shared == true {
            refused = ("'@stream(shared)' shares one registration among an object's consumers", "remove 'shared'")
        } else {
            switch adapter.options.cancellation.strategy {
            case .receiver, .receiverWithToken:
                refused = ("a free function has no object to stop it through", "stop it with the token it returns: '@cancel(token)' or '@cancel(token: method())'")
            default:
                break
            }
        }
        guard let (message, fix) = refused else { return true }
        diagnostics.error("free function '\(function.fullName)': \(message)", at: function.name.location, notes: [.init(fix)])
        return false
    }
}
