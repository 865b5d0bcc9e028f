import DeclParser

/// `@blocking` on a synchronous method that reports its outcome by returning or throwing, not
/// through a closure (Zip's `zipFiles(paths:…, progress:) throws`, `quickUnzipFile(_:progress:)
/// throws -> URL`; a blocking `connect() throws`): the adapter calls it on the object's serial
/// queue, as other `@blocking` calls, and its return value is the adapter's value, its error the
/// adapter's error. Its closures (progress) are passed on, `@Sendable` (they run on the queue)
/// and not called once the outcome is decided. Nothing stops such a call once it runs: a
/// cancelled caller stops waiting, and a call still queued is skipped.
extension Analyzer {
    /// No closure parameter reports the outcome: none is named like a completion, a success or a
    /// failure, and the method throws or returns a value (or has no closure at all).
    func returnsItsOutcome(_ function: FunctionDecl, scope: String) -> Bool {
        guard !function.isAsync else { return false }
        let closures = function.parameters.filter { isClosure($0.type, scope: scope) }
        let returns = function.throwsClause != nil || function.returnType.map { !$0.isVoid } == true
        guard returns || closures.isEmpty else { return false }
        return closures.allSatisfy { parameter in
            let names = [parameter.name.name, parameter.label?.name].compactMap { $0 }
            return !names.contains { name in
                Self.looksLikeCompletion(name)
                    || [.success, .failure, .event, .finish].contains { ClosureRoleNames.plays($0, name: name, label: nil) }
            }
        }
    }

    mutating func analyseReturningCall(
        _ function: FunctionDecl, typeName: String, scope: String, access: AccessLevel, annotations: FunctionAnnotations,
        options: AdapterOptions, isStatic: Bool, legacyName: String
    ) -> Adapter? {
        let location = function.attributes.first { $0.name.name == "blocking" }?.location ?? function.name.location
        // `@cancel(none)` says what is so; `@timeout` and `@retry` stop waiting, or wait again.
        if let attribute = function.attributes.first(where: {
            $0.name.name == "start" || ($0.name.name == "cancel" && $0.text.filter { !$0.isWhitespace } != "@cancel(none)")
        }) {
            diagnostics.error(
                "'@\(attribute.name.name)' does not apply to '\(function.fullName)': a '@blocking' call that returns its outcome runs to its end on its object's queue",
                at: attribute.location,
                notes: [.init("remove '@\(attribute.name.name)'; a cancelled caller stops waiting at once, and a call still queued is skipped")])
            return nil
        }
        var parameters: [AdapterParameter] = []
        var arguments: [LegacyCall.Argument] = []
        var guarded: [String: Int] = [:]
        var guardedOptional: Set<String> = []
        for parameter in function.parameters {
            let problem: String? =
                if parameter.type.isInout {
                    "is 'inout'"
                } else if parameter.isVariadic {
                    "is variadic, which Swift cannot pass on"
                } else if isClosure(parameter.type, scope: scope), !isEscaping(parameter.type, scope: scope) {
                    "is a closure that does not escape"
                } else { nil }
            if let problem {
                diagnostics.error(
                    "'\(parameter.name.name)' \(problem), but a '@blocking' call runs later, on its object's queue", at: parameter.location,
                    notes: [.init("bridge a method of yours that takes it by value (an '@escaping' closure), or remove '@blocking'", at: location)])
                return nil
            }
            let label = parameter.label.map { Naming.escapedLabel($0.name) }
            let name = Naming.escaped(parameter.name.name)
            let line = parameter.location.line
            // Its closures (progress) are called on the object's queue: `@Sendable`, and not
            // after the outcome (a cancelled caller has stopped listening).
            if let guardable = guardableCallback(parameter.type, scope: scope) {
                guarded[name] = guardable.arity
                if guardable.isOptional { guardedOptional.insert(name) }
            }
            parameters.append(
                AdapterParameter(
                    label: label, name: name, type: sendableClosureType(parameter.type, scope: scope) ?? parameter.type.description,
                    defaultValue: parameter.defaultValue, isInout: false, line: line))
            arguments.append(.forwarded(label: label, name: name, isInout: false, line: line))
        }
        // The adapter keeps every parameter, so it would differ from the SDK's method only in
        // `async`: in async code Swift prefers the async overload, and every existing call of the
        // SDK's method there, without `await`, would stop compiling. The suffix the Swift forums
        // settled on for a synchronous method's async twin: `Async`.
        let baseName = annotations.asyncName?.0 ?? function.name.name + "Async"
        guard applyAsyncLabels(annotations, to: &parameters) else { return nil }
        let resultType = function.returnType.flatMap { $0.isVoid ? nil : $0.description } ?? "Void"
        var call = SDKCall(
            legacyCall: LegacyCall(
                name: Naming.escaped(function.name.name), arguments: arguments, isThrowing: function.throwsClause != nil,
                returnsValue: resultType != "Void"),
            completion: CompletionShape(parameters: []))
        call.completionRole = .returned
        call.guardedClosureParameters = guarded
        call.guardedOptionalClosures = guardedOptional
        var options = options
        options.cancellation = Cancellation()
        var adapter = Adapter(
            documentation: function.documentation, sourceName: legacyName, adapterName: Adapter.swiftName(baseName, parameters),
            name: Naming.escaped(baseName), access: access, attributes: annotations.carried, isStatic: isStatic,
            discardableResult: resultType != "Void", genericParameters: function.genericParameters.map(\.description),
            requirements: function.requirements.map(\.description), parameters: parameters, resultType: resultType,
            start: .call(call), options: options, location: function.location)
        adapter.signatureLine = function.funcKeywordLocation.line
        adapter.resultLine = function.returnType?.location.line
        return adapter
    }
}
