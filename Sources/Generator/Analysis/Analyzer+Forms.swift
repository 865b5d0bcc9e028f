import DeclParser

/// The forms an adapter can take besides a plain async function: a stream (`@stream`), a
/// property (`@asyncName(getter:)`), progress as a stream (`@progressStream`), and a call or
/// stream that a predicate ends (`@until`). Each is checked here against what it cannot be.
extension Analyzer {
    /// `@asyncName(getter:)`: a property has no arguments and no generic parameters, and is read,
    /// not listened to. (A `Void` property is legal: Swift imports `getter:touch()` as
    /// `var touch: Void { get async }`, test/IDE/print_clang_objc_effectful_properties.swift.)
    mutating func checkGetter(
        _ function: FunctionDecl, parameters: [AdapterParameter], resultType: String, annotations: FunctionAnnotations
    ) -> Bool {
        let location = annotations.asyncName?.1 ?? function.location
        let problem: (String, String)? =
            if let parameter = parameters.first {
                ("it takes '\(parameter.name)' besides the completion handler", "a property takes no arguments; bridge it as a function")
            } else if !function.genericParameters.isEmpty {
                ("it is generic", "a property cannot be generic; bridge it as a function")
            } else if annotations.stream != nil {
                ("it is a '@stream'", "a property has one value; remove '@asyncName(getter:)' to get a stream function")
            } else { nil }
        guard let (reason, note) = problem else { return true }
        diagnostics.error(
            "'\(function.fullName)' cannot be an async property: \(reason)", at: location, notes: [.init(note)])
        return false
    }

    /// `@stream`: rejects what only makes sense for a one-shot call; decides whether the stream
    /// can fail.
    mutating func checkStream(
        _ function: FunctionDecl, buffering: String?, cancellation: Cancellation, completion: Parameter,
        shape: CompletionShape, scope: String
    ) -> StreamOptions? {
        var valid = true
        for attribute in function.attributes {
            guard let reason = Annotations.specs[attribute.name.name]?.notOnStream else { continue }
            // Another object runs what the registration returns (`@start(self.manager.
            // executeQuery($token))`): run once the stream has it.
            if attribute.name.name == "start", cancellation.startCall != nil { continue }
            diagnostics.error(
                "'@\(attribute.name.name)' does not apply to a '@stream' adapter", at: attribute.location,
                notes: [.init("\(reason); remove '@\(attribute.name.name)'")])
            valid = false
        }
        if cancellation.waitForCompletion {
            diagnostics.error(
                "'waitForCompletion' does not apply to a '@stream' adapter", at: function.location,
                notes: [.init("a stream ends when its consumer stops; remove 'waitForCompletion'")])
            valid = false
        }
        guard valid else { return nil }
        var canFail = shape.errorName != nil || shape.failureName != nil || shape.flag != nil || function.throwsClause != nil
            || shape.enumOutcome?.canFail == true || shape.parameters.contains { $0.role == .thunk }
        if shape.result != nil, let resolved = try? resolver.resolve(completion.type, scope: scope),
            case .function(let closure) = resolved.strippingAttributes.unwrappingOptional.strippingAttributes.kind,
            let (_, failure) = closure.parameters.compactMap({ resultArguments($0.type, scope: scope) }).first
        {
            canFail = canFail || failure.description != "Never"
        }
        return StreamOptions(buffering: buffering, isThrowing: canFail)
    }

    /// `@progressStream(name)`: the named progress closure `(T) -> Void` becomes an
    /// `AsyncStream<T>.Continuation` parameter, finished when the call ends; one of several values
    /// (pcloud-sdk-swift's `(Int64, Int64) -> Void`) a stream of their tuple.
    mutating func readProgressStreams(_ function: FunctionDecl, completionIndex: Int, scope: String) -> [String: (element: String, arity: Int)]? {
        var streams: [String: (element: String, arity: Int)] = [:]
        for attribute in function.attributes where attribute.name.name == "progressStream" {
            let usage = Annotations.usage("progressStream")
            guard let arguments = Annotations.arguments(of: attribute, into: &diagnostics),
                let argument = arguments[""], case .identifier(let name) = argument.value
            else {
                if attribute.arguments?.isEmpty == false {
                    diagnostics.error("expected a parameter name", at: attribute.location, notes: [.init("write \(usage)")])
                }
                return nil
            }
            guard let index = function.parameters.firstIndex(where: { $0.name.name == name || $0.label?.name == name }),
                index != completionIndex
            else {
                diagnostics.error(
                    "'@progressStream(\(name))' names no progress parameter of '\(function.fullName)'", at: argument.location,
                    notes: [.init("name a closure parameter other than the completion handler")])
                return nil
            }
            let parameter = function.parameters[index]
            // An optional closure (`progress: ProgressBlock? = nil`) is a progress closure too.
            var unwrapped = (try? resolver.resolve(parameter.type, scope: scope))?.strippingAttributes
            if case .optional(let wrapped)? = unwrapped?.kind { unwrapped = (try? resolver.resolve(wrapped, scope: scope))?.strippingAttributes }
            guard let unwrapped,
                case .function(let closure) = unwrapped.kind,
                !closure.parameters.isEmpty, !closure.parameters.contains(where: \.type.isInout),
                closure.result.isVoid, closure.throwsClause == nil, !closure.isAsync
            else {
                diagnostics.error(
                    "'\(parameter.name.name)' is not a '(Value) -> Void' closure and cannot become a stream", at: parameter.type.location,
                    notes: [.init("write \(usage)")])
                return nil
            }
            let types = closure.parameters.map { $0.type.strippingAttributes.description }
            streams[Naming.escaped(parameter.name.name)] = (types.count == 1 ? types[0] : "(" + types.joined(separator: ", ") + ")", types.count)
        }
        return streams
    }

    /// `@until(predicate, inclusive: true)` on a stream, `@until(predicate, progress: name)` on a
    /// one-shot. The predicate is Swift code the compiler checks (mapped back to its line).
    mutating func readUntil(_ function: FunctionDecl, isStream: Bool, parameterNames: Set<String>) -> UntilCondition?? {
        guard let attribute = function.attributes.first(where: { $0.name.name == "until" }) else { return .some(nil) }
        let usage =
            isStream
            ? "'@until({ event in event.isLast })', or '@until({ … }, inclusive: true)' to yield the last event too"
            : "'@until({ value, error in … })', or '@until({ … }, progress: previews)' for the values before the final one"
        guard
            let arguments = Annotations.arguments(
                of: attribute, accepted: Annotations.specs["until"]!.labels, required: true, usage: usage, into: &diagnostics)
        else { return nil }
        guard let predicate = arguments[""] else {
            diagnostics.error(
                "'@until' needs a predicate over the callback's arguments", at: attribute.location, notes: [.init("write \(usage)")])
            return nil
        }
        var shape = UntilCondition(
            predicate: Self.dedented(predicate.value.text), line: predicate.location.line, inclusive: false, progress: nil)
        if let inclusive = arguments["inclusive"] {
            guard isStream else {
                diagnostics.error(
                    "'inclusive:' applies to '@stream' adapters", at: inclusive.location,
                    notes: [.init("a one-shot's final callback is its result; remove 'inclusive:'")])
                return nil
            }
            guard case .identifier(let value) = inclusive.value, value == "true" || value == "false" else {
                diagnostics.error("'inclusive:' must be true or false", at: inclusive.location, notes: [.init("write \(usage)")])
                return nil
            }
            shape.inclusive = value == "true"
        }
        if let progress = arguments["progress"] {
            guard !isStream else {
                diagnostics.error(
                    "'progress:' applies to one-shot adapters", at: progress.location,
                    notes: [.init("a stream yields every event itself; remove 'progress:'")])
                return nil
            }
            guard case .identifier(let name) = progress.value, Naming.isValidIdentifier(name) else {
                diagnostics.error("'progress:' must name the adapter's new parameter", at: progress.location, notes: [.init("write \(usage)")])
                return nil
            }
            guard !parameterNames.contains(name) else {
                diagnostics.error(
                    "'progress: \(name)' is already a parameter of '\(function.fullName)'", at: progress.location,
                    notes: [.init("choose another name for the progress stream")])
                return nil
            }
            shape.progress = name
        }
        return .some(shape)
    }

    /// Code copied from a `.bridge` file with its later lines moved left together, so that the
    /// printer's indentation is the only one (the first line starts inside an annotation).
    static func dedented(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 1 else { return text }
        let rest = lines.dropFirst()
        let margin = rest.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
        return ([lines[0]] + rest.map { $0.allSatisfy(\.isWhitespace) ? "" : $0.dropFirst(margin) }).joined(separator: "\n")
    }

    /// `@stream`'s arguments: a buffering policy, `shared`, and with it `replay: N`.
    mutating func readStream(_ attribute: Attribute) -> StreamAnnotation? {
        let usage = Annotations.usage("stream")
        guard let arguments = Annotations.arguments(of: attribute, into: &diagnostics) else { return nil }
        var annotation = StreamAnnotation(location: attribute.location)
        if let form = arguments[""] {
            switch form.value {
            case .identifier("shared"): annotation.shared = true
            case .identifier("results"): annotation.keepsResults = true
            default:
                diagnostics.error(
                    "'@stream' takes 'shared' or 'results', not '\(form.value.text)'", at: form.location, notes: [.init("write \(usage)")])
                return nil
            }
        }
        let policies = ["bufferingNewest", "bufferingOldest"].compactMap { label in arguments[label].map { (label, $0) } }
        guard policies.count <= 1 else {
            diagnostics.error("'@stream' takes one buffering policy", at: attribute.location, notes: [.init("write \(usage)")])
            return nil
        }
        for (label, argument) in policies {
            guard case .integer(let count) = argument.value, count >= 1 else {
                diagnostics.error(
                    "'\(label)' must be a positive number of events, found '\(argument.value.text)'", at: argument.location,
                    notes: [.init("write \(usage)")])
                return nil
            }
            annotation.buffering = (label == "bufferingNewest" ? ".newest" : ".oldest") + "(\(count))"
        }
        if let replay = arguments["replay"] {
            guard annotation.shared else {
                diagnostics.error(
                    "'replay:' applies to a shared stream", at: replay.location,
                    notes: [.init("write '@stream(shared, replay: N)': a new consumer then gets the last N events")])
                return nil
            }
            guard case .integer(let count) = replay.value, count >= 1 else {
                diagnostics.error(
                    "'replay' must be a positive number of events, found '\(replay.value.text)'", at: replay.location,
                    notes: [.init("write \(usage)")])
                return nil
            }
            annotation.replay = count
        }
        return annotation
    }

    /// A shared stream is one registration for all of an owner's consumers: it cannot depend
    /// on arguments that differ between them.
    mutating func checkShared(_ annotation: StreamAnnotation, function: FunctionDecl, parameters: [AdapterParameter]) -> Bool {
        guard annotation.shared, let parameter = parameters.first else { return true }
        diagnostics.error(
            "a shared stream cannot take parameters: '\(function.fullName)' passes '\(parameter.name)'", at: annotation.location,
            notes: [.init("its consumers share one registration; bridge a method without them, or drop 'shared'")])
        return false
    }
}

/// `@stream(…)` as written.
struct StreamAnnotation {
    var buffering: String?
    var shared = false
    /// `@stream(results)`: a callback that gets a `Result` per event yields the `Result`; a
    /// failure is one event, not the end (mqtt-nio's listeners go on after one).
    var keepsResults = false
    var replay = 0
    var location: SourceLocation
}

extension Analyzer {
    /// `@blocking`: the SDK call runs later, on the object's serial queue, so nothing it returns
    /// reaches the adapter (no token to cancel or start, no future to wait on), and what it is
    /// given must outlive the adapter's start: no `inout` argument, no closure that does not escape.
    mutating func checkBlocking(
        _ function: FunctionDecl, completion: Parameter, cancellation: Cancellation, annotations: FunctionAnnotations, scope: String
    ) -> Bool {
        let location = function.attributes.first { $0.name.name == "blocking" }?.location ?? function.name.location
        for parameter in function.parameters where parameter.name.name != completion.name.name {
            let problem: String? =
                if parameter.type.isInout {
                    "is 'inout'"
                } else if isClosure(parameter.type, scope: scope), !isEscaping(parameter.type, scope: scope) {
                    "is a closure that does not escape"
                } else { nil }
            guard let problem else { continue }
            diagnostics.error(
                "'\(parameter.name.name)' \(problem), but a '@blocking' call runs later, on its object's queue", at: parameter.location,
                notes: [.init("bridge a method of yours that takes it by value (an '@escaping' closure), or remove '@blocking'", at: location)])
            return false
        }
        let conflict: (String, String)? =
            if cancellation.strategy != .none || cancellation.startMethod != nil {
                (
                    "a '@blocking' call runs on its object's queue after the adapter's start, so the token '\(function.fullName)' returns cannot stop or start it",
                    "write '@cancel(none)' if the SDK calls back before it returns, or remove '@blocking' if it calls back later"
                )
            } else if annotations.failsWithReturned != nil || annotations.finishesWithReturned != nil {
                ("a '@blocking' call's returned future is not waited on", "remove '@blocking': a method that returns a future does not block")
            } else { nil }
        guard let (message, note) = conflict else { return true }
        diagnostics.error(message, at: location, notes: [.init(note)])
        return false
    }
}
