import DeclParser

/// Analysis of one legacy method: pick the completion handler, read its shape, name the adapter.
extension Analyzer {
    mutating func analyseFunction(
        _ function: FunctionDecl, typeName: String, scope: String, access: AccessLevel, block: AdapterOptions
    ) -> Adapter? {
        guard let annotations = readAnnotations(function) else { return nil }
        if refusesChainedHalf(function, typeName: typeName, scope: scope) { return nil }
        errorGenerics = Self.errorGenerics(of: function)
        defer { errorGenerics = [] }
        if let attribute = function.attributes.first(where: { $0.name.name == "notification" }) {
            return analyseNotification(
                function, attribute: attribute, typeName: typeName, annotations: annotations, access: access, block: block)
        }
        let errorsBefore = diagnostics.errorCount
        var options = readOptions(function.attributes, inheriting: block)
        if diagnostics.errorCount != errorsBefore { return nil }
        let legacyName = typeName.isEmpty ? function.fullName : typeName + "." + function.fullName

        // An `async` method that calls a closure for each item and returns when the items are
        // over (SQLiteNIO's `query(_:_:_ onRow:) async throws`): with `@stream @finish(returned)`
        // a stream that ends when it returns. Any other async method has nothing to bridge.
        // Or one that registers an observer and returns its token (SQLiteNIO's
        // `addUpdateObserver(lifetime:_:) async throws -> SQLiteHookToken`): with `@stream
        // @cancel(token)` a stream that goes on after the call returns, until the token stops it.
        let isAsyncCall = function.isAsync
        let endsWithReturn = annotations.finishesWithReturned != nil
        let registersToken = function.attributes.contains { $0.name.name == "cancel" } && function.returnType.map { !$0.isVoid } == true
        if isAsyncCall && !(annotations.stream != nil && (endsWithReturn || registersToken)) {
            diagnostics.error(
                "'\(function.fullName)' is already async; there is nothing to bridge", at: function.name.location,
                notes: [
                    .init("remove it from the .bridge file"),
                    .init("if it calls a closure for each item and returns when they are over, bridge it as a stream: '@stream @finish(returned)'"),
                    .init("if it registers an observer and returns a token that stops it, bridge it as a stream: '@stream @cancel(token)'"),
                ])
            return nil
        }
        var isStatic = false
        for modifier in function.modifiers {
            switch modifier.name {
            case "static", "class": isStatic = true
            case "mutating":
                diagnostics.error(
                    "mutating methods cannot be bridged", at: modifier.location,
                    notes: [.init("an async adapter cannot hold 'inout self' across a suspension; wrap the value in a class")])
                return nil
            default: break
            }
        }

        var attributesValid = true
        for index in function.parameters.indices where !checkTypeAttributes(function.parameters[index].type) {
            attributesValid = false
        }
        if !attributesValid { return nil }
        if options.blocking != nil, annotations.stream == nil, returnsItsOutcome(function, scope: scope) {
            return analyseReturningCall(
                function, typeName: typeName, scope: scope, access: access, annotations: annotations, options: options,
                isStatic: isStatic, legacyName: legacyName)
        }

        // Which closure delivers the value, and which report the rest of the outcome; else which
        // parameter is the completion handler.
        let isStream = annotations.stream != nil
        guard var roles = closureRoles(function, annotations: annotations, scope: scope, isStream: isStream),
            let completionIndex = roles.value ?? selectCompletion(function, annotations: annotations, scope: scope)
        else { return nil }
        // Several event closures: each a case of one enum, the stream's element.
        var eventsShape: (shape: CompletionShape, cases: [EventEnum.Case])?
        if roles.hasSeveralEvents {
            guard let several = severalEventsShape(function, annotations: annotations, roles: &roles, value: completionIndex, scope: scope) else { return nil }
            eventsShape = several
        }
        let outcomeRoles = Dictionary(roles.others.map { ($0.index, $0.role) }, uniquingKeysWith: { first, _ in first })
        let completionParameter = function.parameters[completionIndex]
        // A C function pointer (BlueSignals' `trap(signal:action: SigActionHandler)`, `typealias
        // SigActionHandler = @convention(c) (Int32) -> Void`) captures nothing: no adapter can
        // hand it the call's continuation, and the generated closure would not compile.
        for index in [completionIndex] + roles.others.map(\.index) {
            let parameter = function.parameters[index]
            guard let resolved = try? resolver.resolve(parameter.type, scope: scope), resolved.description.contains("@convention(c)") else { continue }
            diagnostics.error(
                "'\(parameter.name.name)' is a C function pointer ('@convention(c)'): it cannot capture the call it would report to, so it cannot be bridged",
                at: parameter.location, notes: [.init("mark the method '@context'; a C callback needs a global or static handler of your own")])
            return nil
        }
        if completionParameter.type.isInout {
            diagnostics.error(
                "completion handler '\(completionParameter.name.name)' is 'inout'", at: completionParameter.location,
                notes: [.init("an adapter must hand the SDK its own handler; bridge a method of yours that calls this one and takes the handler by value")])
            return nil
        }
        guard
            var (shape, valueType) = eventsShape.map({ ($0.shape, "Void") })
                ?? analyseShape(of: completionParameter, in: function, annotations: annotations, scope: scope),
            checkNoOutcomeLeft(
                function, value: completionIndex, roles: roles, shape: shape, scope: scope, isStream: isStream,
                progress: annotations.progress)
        else { return nil }
        shape.progress = annotations.progress.map(\.name)
        // A stream's handler that returns `Bool` (Analyzer+Shape lets it): it asks whether to go on.
        if isStream, let resolved = try? resolver.resolve(completionParameter.type, scope: scope),
            case .function(let closure) = resolved.unwrappingOptional.strippingAttributes.kind, !closure.result.isVoid
        {
            shape.answersWhetherOpen = true
        }
        // `@success(returned)`: the returned `Bool` says whether the completion will come.
        if let location = annotations.succeedsWithReturned {
            guard !isStream, !roles.valueIsOptional, function.returnType?.strippingAttributes.description == "Bool" else {
                diagnostics.error(
                    "'@success(returned)' takes the 'Bool' '\(function.fullName)' returns for whether its completion will come",
                    at: location,
                    notes: [
                        .init(
                            isStream
                                ? "a stream has no one value: remove '@success(returned)'"
                                : roles.valueIsOptional
                                    ? "a closure says there is no value already: remove '@success(returned)'" : "the method returns no 'Bool'")
                    ])
                return nil
            }
            // Nothing handed over: the flag is the value. A value: nil when it will not come
            // (Apptentive's `didReceiveRemoteNotification(_:fetchCompletionHandler:) -> Bool`).
            if valueType == "Void" {
                valueType = "Bool"
                shape.voidSuccessValue = "true"
            } else {
                valueType = Self.optional(valueType)
            }
        }
        // A closure that says "no value" makes the value optional (Maybe's `onCompleted`).
        var resultType = roles.valueIsOptional && valueType != "Void" ? Self.optional(valueType) : valueType

        // Closures of values a stream would keep as parameters: events it would not carry, said.
        if isStream, !roles.hasSeveralEvents {
            warnKeptValueClosures(function, events: completionIndex, besides: roles.others.map(\.index), annotations: annotations, scope: scope)
        }

        // The other parameters are forwarded.
        var parameters: [AdapterParameter] = []
        var arguments: [LegacyCall.Argument] = []
        var guarded: [String: Int] = [:]
        var guardedOptional: Set<String> = []
        var keptAsIs: Set<String> = []
        var failed = false
        for index in function.parameters.indices {
            let label = function.parameters[index].label.map { Naming.escapedLabel($0.name) }
            if index == completionIndex {
                arguments.append(.completion(label: label, line: function.parameters[index].location.line))
                continue
            }
            if let role = outcomeRoles[index] {
                var closure = OutcomeClosure(role: role, parameterName: function.parameters[index].name.name)
                // (A "no value" closure's arity already counts every argument it ignores.)
                switch role {
                case .noValue, .afterEither: break
                default: closure.handsBack = handsBackArgument(function.parameters[index].type, of: function, scope: scope)
                }
                arguments.append(.outcome(label: label, line: function.parameters[index].location.line, closure))
                continue
            }
            if function.parameters[index].isVariadic, !canCallThroughArrayForm(function, at: index) {
                failed = true
                continue
            }
            let type = function.parameters[index].type
            let isInout = type.isInout
            let name = Naming.escaped(function.parameters[index].name.name)
            // A stream that keeps, as a parameter, a closure of values that answers `Bool` (AMSMB2's
            // `fetchedData`, which a starter without its roles bridged as a stream of `Void`):
            // likely the events, answering whether to go on; a predicate stays, so it is said.
            if isStream, let resolved = try? resolver.resolve(type, scope: scope),
                case .function(let kept) = resolved.unwrappingOptional.strippingAttributes.kind, !kept.parameters.isEmpty,
                kept.result.strippingAttributes.description == "Bool"
            {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "'\(function.parameters[index].name.name)' gets values and returns 'Bool', but stays a parameter of the stream '\(function.fullName)'",
                        at: function.parameters[index].location,
                        notes: [
                            .init(
                                "if it gets the events and answers whether to go on, name it '@event(\(function.parameters[index].name.name))' (and the closure that ends them '@finish(name)'); if it is a predicate, leave it")
                        ]))
            }
            if let guardable = guardableCallback(type, scope: scope) {
                guarded[name] = guardable.arity
                if guardable.isOptional { guardedOptional.insert(name) }
            } else if isClosure(type, scope: scope), isEscaping(type, scope: scope) {
                // One that may throw (MySQLNIO's `onMetadata: … throws -> ()`) is handed on as is,
                // for the SDK to keep and call on its own thread: `@Sendable` too.
                keptAsIs.insert(name)
            }
            parameters.append(
                AdapterParameter(
                    label: label, name: name, type: type.description, defaultValue: function.parameters[index].defaultValue,
                    isInout: isInout, isVariadic: function.parameters[index].isVariadic, line: function.parameters[index].location.line))
            arguments.append(
                .forwarded(label: label, name: name, isInout: isInout, line: function.parameters[index].location.line))
        }
        if failed { return nil }

        var baseName: String
        if let name = annotations.asyncName?.0 {
            baseName = name
            guard applyAsyncLabels(annotations, to: &parameters) else { return nil }
        } else {
            baseName =
                keepsLegacyNames
                ? function.name.name
                : Naming.asyncBaseName(
                    for: function.name.name, completionIndex: completionIndex,
                    completionLabel: function.parameters[completionIndex].label?.name)
            // `getSet` is not `set`: an adapter named for another method of the SDK would be
            // another operation under its name (`try await redis.set(k, value: v)` ran GETSET).
            // Nor is `loadAsync` `load` when the SDK has a `load` of its own.
            let legacy = function.name.name
            if legacy.hasPrefix("get") && !baseName.hasPrefix("get") || legacy.hasSuffix("Async") && !baseName.hasSuffix("Async"),
                blockMethodNames.contains(baseName)
            {
                baseName = function.name.name
            }
        }
        guard let until = readUntil(function, isStream: annotations.stream != nil, parameterNames: Set(parameters.map(\.name)))
        else { return nil }
        if let progress = until?.progress {
            guard !annotations.isGetter else {
                diagnostics.error(
                    "an async property cannot take 'progress: \(progress)'", at: function.location,
                    notes: [.init("remove 'progress:', or bridge it as a function")])
                return nil
            }
            // The caller's stream of the values before the final one; nil by default.
            parameters.append(
                AdapterParameter(
                    label: progress, name: progress, type: resultType, defaultValue: "nil", isInout: false,
                    progressStream: .optional))
        }
        if annotations.swiftPrivate && !baseName.hasPrefix("__") { baseName = "__" + baseName }
        let eventEnum = eventsShape.map { EventEnum(name: Self.eventEnumName(typeName: typeName, adapterBaseName: baseName), cases: $0.cases) }
        if let eventEnum { resultType = eventEnum.name }
        let escapedName = Naming.escaped(baseName)
        let adapterName = annotations.isGetter ? baseName : Adapter.swiftName(baseName, parameters)
        if annotations.isGetter && !checkGetter(function, parameters: parameters, resultType: resultType, annotations: annotations) {
            return nil
        }

        let returnsValue = function.returnType.map { !$0.isVoid } ?? false
        let isThrowing = function.throwsClause != nil
            && (function.throwsClause?.keyword == "throws" || rethrowsThroughForwardedClosure(function, except: completionIndex))

        guard
            var cancellation = readCancellation(
                function, selfType: typeName,
                returnedIsUsed: annotations.finishesWithReturned != nil || annotations.failsWithReturned != nil
                    || annotations.succeedsWithReturned != nil)
        else { return nil }
        if let location = annotations.failsWithReturned {
            guard annotations.finishesWithReturned == nil, !isAsyncCall, returnsValue else {
                diagnostics.error(
                    "'@failure(returned)' fails the call or stream with the future '\(function.fullName)' returns",
                    at: location,
                    notes: [
                        .init(
                            annotations.finishesWithReturned != nil
                                ? "'@finish(returned)' ends the stream with the returned future and fails it with its failure already; remove '@failure(returned)'"
                                : "the method returns nothing that can fail")
                    ])
                return nil
            }
        }
        if isAsyncCall, endsWithReturn, let attribute = function.attributes.first(where: { $0.name.name == "cancel" }) {
            diagnostics.error(
                "'@cancel' does not apply to an async method whose return ends the stream: the stream's end cancels the task that calls it",
                at: attribute.location,
                notes: [.init("remove '@cancel'; the method sees the cancellation as Swift tasks do")])
            return nil
        }
        if isAsyncCall {
            // The async call runs in a task (a `BridgegenAsyncRegistration`), the stream's token:
            // a per-item call is cancelled when the stream ends; an observer's registration is let
            // finish, and the token it returns stopped.
            if endsWithReturn {
                cancellation = Cancellation()
                cancellation.strategy = .token(method: "stop", optional: false)
                cancellation.tokenType = "BridgegenAsyncRegistration<Swift.Void>"
            } else {
                guard case .token = cancellation.strategy else {
                    diagnostics.error(
                        "an async registration is stopped through the token it returns", at: function.name.location,
                        notes: [.init("write '@cancel(token)' or '@cancel(token: method())'")])
                    return nil
                }
                cancellation.tokenArrivesLater = true
            }
        }
        if cancellation.stopIsAsync && !cancellation.tokenArrivesLater {
            diagnostics.error(
                "'await' in '@cancel' needs an async registration: this stop runs where the call or stream ends, which cannot wait",
                at: function.attributes.first(where: { $0.name.name == "cancel" })?.location ?? function.location,
                notes: [.init("write a synchronous stop, like '@cancel(token: invalidate())'")])
            return nil
        }
        options.cancellation = markingStatementCalls(cancellation)
        guard checkNoReturnedOutcome(function, typeName: typeName, value: completionParameter, roles: roles, annotations: annotations)
        else { return nil }
        // A completion that does not escape is called before the method returns: a synchronous,
        // blocking SDK call, which the adapter would make where it is awaited (the main actor,
        // say). Said, not hidden; `@blocking` makes it on the object's serial queue instead.
        if options.blocking == nil, !isEscaping(completionParameter.type, scope: scope), !function.isAsync {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "'\(completionParameter.name.name)' does not escape: '\(function.fullName)' calls it before it returns, so the adapter blocks where it is awaited (the main actor, or a thread of the cooperative pool) for the whole call",
                    at: completionParameter.location,
                    notes: [
                        .init("if the SDK is synchronous, write '@blocking': the adapter calls it on the object's serial queue"),
                        .init("if the SDK calls it later, its declaration says '@escaping': paste that"),
                    ]))
        }
        if options.blocking != nil, annotations.stream == nil,
            !checkBlocking(function, completion: completionParameter, cancellation: cancellation, annotations: annotations, scope: scope)
        {
            return nil
        }
        guard let streams = readProgressStreams(function, completionIndex: completionIndex, scope: scope) else { return nil }
        for (name, stream) in streams {
            guard let index = parameters.firstIndex(where: { $0.name == name }) else { continue }
            parameters[index].type = stream.element
            parameters[index].progressStream = .required
            // The caller passes the stream it reads; the SDK's `= nil` does not fit it.
            parameters[index].defaultValue = nil
            guarded.removeValue(forKey: name)
        }

        var call = SDKCall(
            legacyCall: LegacyCall(
                name: Naming.escaped(function.name.name), arguments: arguments, isThrowing: isThrowing, returnsValue: returnsValue,
                isAsync: isAsyncCall, arrayForm: arrayForm(of: function)),
            completion: shape)
        call.until = until
        call.finishesWithReturned = annotations.finishesWithReturned != nil
        call.failsWithReturned = annotations.failsWithReturned != nil
        call.succeedsWithReturned = annotations.succeedsWithReturned != nil
        call.returnedLine = (annotations.finishesWithReturned ?? annotations.failsWithReturned)?.line
        call.completionRole = roles.valueRole
        call.completionName = completionParameter.name.name
        call.guardedClosureParameters = guarded
        call.guardedOptionalClosures = guardedOptional
        // The closures the SDK calls on its own thread, which was not compiled in Swift 6 mode,
        // are `@Sendable`, so that a caller's `@MainActor` closure is checked, not run off its
        // actor without a word: every closure of a `@blocking` call (decision 71), else one the
        // adapter hands on for the SDK to keep, a progress closure or a hook (decision 95).
        let blocking = options.blocking != nil && annotations.stream == nil
        for index in parameters.indices
        where blocking ? !parameters[index].isInout : guarded[parameters[index].name] != nil || keptAsIs.contains(parameters[index].name) {
            guard let original = function.parameters.first(where: { Naming.escaped($0.name.name) == parameters[index].name }),
                let sendable = sendableClosureType(original.type, scope: scope)
            else { continue }
            parameters[index].type = sendable
        }
        call.progressStreams = streams.mapValues(\.element)
        call.progressArities = streams.filter { $0.value.arity > 1 }.mapValues(\.arity)
        var adapter = Adapter(
            documentation: function.documentation, sourceName: legacyName, adapterName: adapterName,
            name: escapedName, access: access, attributes: annotations.carried, isStatic: isStatic,
            // As Swift imports every async method with a result (the printed interfaces of
            // test/IDE/print_clang_objc_async.swift show the implicit attribute).
            discardableResult: resultType != "Void" && !annotations.isGetter,
            genericParameters: function.genericParameters.map(\.description),
            requirements: function.requirements.map(\.description), parameters: parameters, resultType: resultType,
            start: .call(call), options: options, location: function.location)
        adapter.isGetter = annotations.isGetter
        adapter.signatureLine = function.funcKeywordLocation.line
        adapter.resultLine = resultType == "Void" || eventEnum != nil ? nil : firstParameterTypeLine(of: completionParameter)
        adapter.eventEnum = eventEnum
        if let annotation = annotations.stream {
            guard
                var stream = checkStream(
                    function, buffering: annotation.buffering, cancellation: cancellation, completion: completionParameter,
                    shape: shape, scope: scope),
                checkShared(annotation, function: function, parameters: adapter.parameters)
            else { return nil }
            stream.shared = annotation.shared
            stream.replay = annotation.replay
            // A failure closure, an end closure that carries an error, or a returned future (which
            // can fail) can fail the stream.
            stream.isThrowing = stream.isThrowing || call.finishesWithReturned || call.failsWithReturned || roles.others.contains { closure in
                switch closure.role {
                case .failure, .failureText, .failureAmong, .failureWithoutError, .finish(.optionalError), .finish(.completion),
                    .finish(.result):
                    return true
                case .finish(.plain), .noValue, .afterEither, .cancelledByUser, .event: return false
                }
            }
            adapter.stream = stream
            // A block's `@timeout` and `@retry` are for its one-shot adapters.
            adapter.options.timeout = nil
            adapter.options.retry = nil
            adapter.discardableResult = false
            call.guardedClosureParameters = [:]
            adapter.start = .call(call)
        }
        return adapter
    }

    /// `@asyncName(name(a:b:))`: a full name is final, its labels replace the parameters' (no
    /// SE-0297 rewriting). False, said, when their numbers differ.
    mutating func applyAsyncLabels(_ annotations: FunctionAnnotations, to parameters: inout [AdapterParameter]) -> Bool {
        guard let labels = annotations.asyncLabels, let location = annotations.asyncName?.1 else { return true }
        guard labels.count == parameters.count else {
            diagnostics.error(
                "'@asyncName' gives \(labels.count) argument label(s), but the async function has \(parameters.count) parameter(s)",
                at: location,
                notes: [.init("write one label per parameter left after the completion handler ('_' for none)")])
            return false
        }
        for index in parameters.indices { parameters[index].label = labels[index] == "_" ? nil : labels[index] }
        return true
    }

    /// `T?`, `(A, B)?`, `(() -> Void)?`: a type made optional.
    static func optional(_ type: String) -> String {
        type.contains("->") || type.contains("&") || type.hasPrefix("any ") || type.hasPrefix("some ") ? "(\(type))?" : type + "?"
    }
}

extension Naming {
    /// Argument labels may be keywords without backticks, except `inout`, `var` and `let`.
    static func escapedLabel(_ label: String) -> String {
        switch label {
        case "inout", "var", "let": return "`\(label)`"
        default: return label
        }
    }
}
