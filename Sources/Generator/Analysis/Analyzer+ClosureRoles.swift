import DeclParser

/// What each closure parameter of a legacy method is: the value's (a success closure, a stream's
/// event closure, or a completion carrying the whole outcome), the failure's, the end of a
/// stream's events, or none of the outcome (progress, work, context). Named by `@success`,
/// `@failure`, `@event` and `@finish` on the function — the delegate roles, naming closures — or
/// inferred from conventional names when a success and a failure closure (or a stream's event
/// closure and its failure or end closure) stand side by side. An outcome closure never stays a
/// parameter of the async function: that is refused at the `.bridge` line, with the annotation
/// that fixes it (docs/language.md, "What each closure is").
extension Analyzer {
    /// The value's closure and the closures beside it that report the rest of the outcome.
    struct ClosureRoles {
        /// The parameter whose closure delivers the value (nil: chosen as a completion handler).
        var value: Int?
        var valueRole = CompletionRole.completion
        var others: [(index: Int, role: OutcomeClosure.Role)] = []
        /// A closure says the one-shot ended without a value: the value is optional.
        var valueIsOptional: Bool { others.contains { if case .noValue = $0.role { true } else { false } } }
        /// A stream's several event closures: the value's is the first of them.
        var hasSeveralEvents: Bool { others.contains { if case .event = $0.role { true } else { false } } }
    }

    static func plays(_ role: ClosureRoleNames.Role, _ parameter: Parameter) -> Bool {
        ClosureRoleNames.plays(role, name: parameter.name.name, label: parameter.label?.name)
    }

    /// The roles the function names, checked; or inferred from names; `value` nil when neither
    /// says (the completion handler is then chosen as before). nil after a diagnostic.
    mutating func closureRoles(
        _ function: FunctionDecl, annotations: FunctionAnnotations, scope: String, isStream: Bool
    ) -> ClosureRoles? {
        let closures = function.parameters.indices.filter { isClosure(function.parameters[$0].type, scope: scope) }
        var roles = ClosureRoles()
        guard !annotations.closureRoles.isEmpty else {
            return annotations.completion == nil ? inferredRoles(function, closures: closures, scope: scope, isStream: isStream) : roles
        }
        for (name, kind, location) in annotations.closureRoles {
            guard let index = closures.first(where: { function.parameters[$0].name.name == name || function.parameters[$0].label?.name == name })
            else {
                let known = closures.map { "'\(function.parameters[$0].name.name)'" }.joined(separator: ", ")
                diagnostics.error(
                    "'@\(kind)(\(name))' names no closure parameter of '\(function.fullName)'", at: location,
                    notes: [.init(known.isEmpty ? "the method takes no closure" : "its closure parameters are \(known)")])
                return nil
            }
            if kind == "success" || kind == "event" {
                if (kind == "event") != isStream {
                    diagnostics.error(
                        "'@\(kind)' names \(isStream ? "a one-shot's value" : "a stream's events"), but '\(function.fullName)' is \(isStream ? "a stream" : "a one-shot")",
                        at: location, notes: [.init(isStream ? "write '@event(\(name))'" : "write '@success(\(name))', or add '@stream' if it is called for every event")])
                    return nil
                }
                // Several event closures on a stream: each is a case of one event enum.
                if kind == "event", roles.value != nil, roles.valueRole == .event {
                    roles.others.append((index, .event(case: "", arity: closureArity(function.parameters[index].type, scope: scope))))
                    continue
                }
                guard roles.value == nil else {
                    diagnostics.error(
                        "'\(function.fullName)' has one value closure; '@\(kind)(\(name))' names a second", at: location,
                        notes: [.init("name the other closures' roles with '@failure' or '@finish'")])
                    return nil
                }
                roles.value = index
                roles.valueRole = kind == "event" ? .event : .success
            } else if kind == "finish" && !isStream {
                // A one-shot's end beside its value: it ended without one (Maybe's `onCompleted`).
                guard annotations.closureRoles.contains(where: { $0.kind == "success" }) else {
                    diagnostics.error(
                        "'@finish' names the end of a stream's events, but '\(function.fullName)' is a one-shot", at: location,
                        notes: [
                            .init("a one-shot ends with its value or its failure; add '@stream' if the closure is called for every event"),
                            .init("beside '@success', '@finish' names the closure that says there is no value: the value is then optional"),
                        ])
                    return nil
                }
                roles.others.append((index, .noValue(arity: closureArity(function.parameters[index].type, scope: scope))))
            } else {
                guard let role = outcomeRole(kind, of: function.parameters[index], in: function, scope: scope, at: location, named: true)
                else { return nil }
                roles.others.append((index, role))
            }
        }
        // The success half's own closure, beside the failure half's: the value.
        if roles.value == nil, annotations.failureHalf != nil, case let rest = closures.filter({ index in !roles.others.contains { $0.index == index } }),
            rest.count == 1
        {
            roles.value = rest[0]
            roles.valueRole = .success
        }
        if roles.value == nil, annotations.completion == nil {
            diagnostics.error(
                "'\(function.fullName)' names closure roles but not the closure that delivers the \(isStream ? "events" : "value")",
                at: annotations.closureRoles[0].location,
                notes: [.init(isStream ? "name it with '@event(closureName)'" : "name it with '@success(closureName)'")])
            return nil
        }
        return roles
    }

    /// A success closure beside a failure closure; for a stream, an event closure beside a failure
    /// or end closure. Names decide; anything less sure is left to the completion rule and the
    /// outcome check after it.
    mutating func inferredRoles(_ function: FunctionDecl, closures: [Int], scope: String, isStream: Bool) -> ClosureRoles? {
        var roles = ClosureRoles()
        let parameters = function.parameters
        let delivering = closures.filter { deliversResults(parameters[$0].type, scope: scope, of: parameters[$0]) }
        func only(_ role: ClosureRoleNames.Role) -> Int? {
            let found = delivering.filter { Self.plays(role, parameters[$0]) }
            return found.count == 1 ? found[0] : nil
        }
        let failure = only(.failure)
        // Named for the answer beside the failure (`responseHandler:`, `errorHandler:`).
        let answer = failure.flatMap { failure in
            ClosureRoleNames.answer(among: delivering.map { (parameters[$0].name.name, parameters[$0].label?.name) },
                besides: delivering.firstIndex(of: failure) ?? 0).map { delivering[$0] }
        }
        if isStream {
            // An end by name (`onCompleted`), or named for the undoing of the method (`onUnsubscribe`).
            let undoing = delivering.filter {
                ClosureRoleNames.namesEnd(of: function.name.name, name: parameters[$0].name.name, label: parameters[$0].label?.name)
            }
            let finish = only(.finish) ?? (undoing.count == 1 ? undoing[0] : nil)
            var failure = failure
            var event = only(.event) ?? answer
            // Or an event closure and a failure closure by their types (`watch(key:changes:problem:)`).
            if event == nil, failure == nil, finish == nil, let pair = pairByTypes(delivering, of: function, scope: scope) {
                (event, failure) = (pair.success, pair.failure)
            }
            guard let event, failure != nil || finish != nil else { return roles }
            roles.value = event
            roles.valueRole = .event
            for (index, kind) in [(failure, "failure"), (finish, "finish")] {
                guard let index else { continue }
                guard let role = outcomeRole(kind, of: parameters[index], in: function, scope: scope, at: parameters[index].location) else { return nil }
                roles.others.append((index, role))
            }
        } else {
            // A success closure, or (Completable's shape) an end closure that is the success.
            // Else two closures whose types say it, whatever they are called (GrowthBook's
            // `successResult: (Data) -> Void`, `errorResult: (Error) -> Void`).
            guard let (success, failure) = (only(.success) ?? only(.finish) ?? answer).flatMap({ success in failure.map { (success, $0) } })
                ?? pairByTypes(delivering, of: function, scope: scope)
            else { return roles }
            guard let role = outcomeRole("failure", of: parameters[failure], in: function, scope: scope, at: parameters[failure].location) else {
                return nil
            }
            roles.value = success
            roles.valueRole = .success
            roles.others = [(failure, role)]
            // Maybe's shape: a success, a failure, and an end that takes nothing (no value).
            // Unless named for what runs after either (FutureX's `completion`, a `finally`):
            // Maybe's is `onCompleted`, a third outcome.
            if let end = only(.finish), end != success {
                let arity = closureArity(parameters[end].type, scope: scope)
                let afterEither = ["completion", "completionHandler", "completionBlock", "finally", "always", "onFinally", "onAlways"]
                if [parameters[end].name.name, parameters[end].label?.name].contains(where: { afterEither.contains($0 ?? "") }) {
                    roles.others.append((end, .afterEither(arity: arity)))
                } else if arity == 0 || (arity == 1 && handsBackArgument(parameters[end].type, of: function, scope: scope)) {
                    roles.others.append((end, .noValue(arity: arity)))
                }
            }
        }
        return roles
    }

    /// Two closures told apart by their types (ClosureRoleNames.valueAndError), an error being
    /// what this analysis resolves as one.
    func pairByTypes(_ delivering: [Int], of function: FunctionDecl, scope: String) -> (success: Int, failure: Int)? {
        let arguments = delivering.map { index -> [TypeSyntax]? in
            guard let resolved = try? resolver.resolve(function.parameters[index].type, scope: scope).unwrappingOptional.strippingAttributes,
                case .function(let closure) = resolved.kind
            else { return nil }
            return closure.parameters.map(\.type)
        }
        guard
            let pair = ClosureRoleNames.valueAndError(
                names: delivering.map { (function.parameters[$0].name.name, function.parameters[$0].label?.name) }, arguments: arguments,
                isError: { errorKind($0, scope: scope) == .nonOptional })
        else { return nil }
        return (delivering[pair.value], delivering[pair.failure])
    }

    /// What a failure or end closure's parameters mean, or a diagnostic at `location`.
    mutating func outcomeRole(
        _ kind: String, of parameter: Parameter, in function: FunctionDecl, scope: String, at location: SourceLocation,
        named: Bool = false
    ) -> OutcomeClosure.Role? {
        guard let resolved = try? resolver.resolve(parameter.type, scope: scope).unwrappingOptional.strippingAttributes,
            case .function(let closure) = resolved.kind, CallbackShape.deliversResults(closure)
        else {
            diagnostics.error(
                "'\(parameter.name.name)' is not a closure that returns Void, so it cannot be a '@\(kind)' closure", at: location)
            return nil
        }
        // The argument handed back first (`onError: (Object, Error) -> Void` beside `with object:`)
        // is not part of the outcome.
        let types = closure.parameters.dropFirst(Self.handsBackArgument(closure.parameters, of: function) ? 1 : 0).map(\.type)
        // The user's cancel (McPicker's `cancelHandler`): whatever it is handed, the call throws
        // `CancellationError`, as a delegate's `@userCancel` does.
        if kind == "userCancel" { return .cancelledByUser(arity: types.count) }
        // Named by `@failure(name)`: its one argument is the error, whatever its type is called
        // (TRON's `failure: ((ErrorModel) -> Void)?`, `ErrorModel: ErrorSerializable: Error`);
        // the compiler checks that it is one where the adapter throws it.
        // Not a type that is plainly no error (`Int`, `String`, a tuple): a mistake, said here.
        if kind == "failure", named, types.count == 1, errorKind(types[0], scope: scope) == nil,
            case .named(let components) = types[0].strippingAttributes.unwrappingOptional.strippingAttributes.kind,
            let last = components.last, last.genericArguments.isEmpty,
            !Self.plainValueTypes.contains(components.map(\.name.name).joined(separator: ".")),
            !Self.plainValueTypes.contains(last.name.name)
        {
            return .failure(optional: Self.isOptional(types[0]))
        }
        // A text that says why, perhaps beside other values, and no error (Iterable's
        // `OnFailureHandler = (_ reason: String?, _ data: Data?) -> Void`): the text is thrown.
        if kind == "failure", let first = types.first, ["String", "String?", "Swift.String", "Swift.String?"].contains(first.strippingAttributes.description),
            !types.contains(where: { errorKind($0, scope: scope) != nil })
        {
            return .failureText(arity: types.count, optional: Self.isOptional(first))
        }
        // A failure told by the call alone (WordPressKit's `changeUsername(to:success:failure: ()
        // -> Void)`): no error to throw but the runtime's own.
        if kind == "failure", types.isEmpty { return .failureWithoutError }
        // Several arguments, one of them the error (`(Error, String?)`): it is thrown, the rest
        // dropped. Several and none an error (Kitura-Credentials' `onFailure: (HTTPStatusCode?,
        // [String: String]?)`) stay refused: beside them come `onPass`/`onSkip` outcomes that
        // the adapter would keep as parameters and then wait for ever.
        if kind == "failure", types.count > 1,
            case let errors = types.indices.filter({ errorKind(types[$0], scope: scope) != nil }), errors.count == 1
        {
            return .failureAmong(position: errors[0], arity: types.count, optional: errorKind(types[errors[0]], scope: scope) == .optional)
        }
        if kind == "failure" {
            guard types.count == 1, let error = errorKind(types[0], scope: scope) else {
                diagnostics.error(
                    "a failure closure takes one error, but '\(parameter.name.name)' takes '(\(types.map(\.description).joined(separator: ", ")))'",
                    at: location, notes: [.init("name the closure that reports the error with '@failure(name)'")])
                return nil
            }
            return .failure(optional: error == .optional)
        }
        if types.count == 1, let error = errorKind(types[0], scope: scope) {
            return error == .optional ? .finish(.optionalError) : .failure(optional: false)
        }
        if types.count == 1, let name = types[0].strippingAttributes.qualifiedName, name.split(separator: ".").last == "Completion" {
            return .finish(.completion)
        }
        // One `Result` among its arguments: the end carries the outcome, whose failure must not
        // end the events as if all went well (before, SwiftyInsta's paginated streams ended
        // normally when the request failed).
        let results = types.indices.filter { resultArguments(types[$0], scope: scope) != nil }
        if results.count == 1 { return .finish(.result(position: results[0], arity: types.count)) }
        return .finish(.plain(arity: types.count))
    }

    /// After the roles: a closure that looks like part of the outcome must not stay a parameter
    /// of the async function (the caller would get the value in one place and the error in
    /// another); nor may the value be an error while another closure reports the outcome, nor a
    /// stream be of `Void` while a closure the caller passes gets the values.
    mutating func checkNoOutcomeLeft(
        _ function: FunctionDecl, value: Int, roles: ClosureRoles, shape: CompletionShape, scope: String, isStream: Bool,
        progress: [(name: String, location: SourceLocation)]
    ) -> Bool {
        // `@progress(name)`, and a closure `@progressStream` turns into a stream: reports on the
        // way, no part of the outcome, whatever it is called.
        func closure(named name: String) -> Int? {
            function.parameters.indices.first {
                (function.parameters[$0].name.name == name || function.parameters[$0].label?.name == name)
                    && isClosure(function.parameters[$0].type, scope: scope)
            }
        }
        // (What `@progressStream` names is checked where it is read.)
        var reporting = function.attributes.filter { $0.name.name == "progressStream" }.compactMap { $0.arguments?.first.flatMap { closure(named: $0.text) } }
        for (name, location) in progress {
            guard let index = closure(named: name) else {
                let known = function.parameters.filter { isClosure($0.type, scope: scope) }.map { "'\($0.name.name)'" }
                diagnostics.error(
                    "'@progress(\(name))' names no closure parameter of '\(function.fullName)'", at: location,
                    notes: [.init(known.isEmpty ? "the method takes no closure" : "its closure parameters are \(known.joined(separator: ", "))")])
                return false
            }
            if index == value || roles.others.contains(where: { $0.index == index }) {
                diagnostics.error(
                    "'@progress(\(name))' names the closure that reports the outcome of '\(function.fullName)'", at: location,
                    notes: [.init("name the closure that only reports progress on the way, or remove '@progress'")])
                return false
            }
            reporting.append(index)
        }
        let handled = Set([value] + roles.others.map(\.index) + reporting)
        let left = function.parameters.indices.filter {
            !handled.contains($0) && isClosure(function.parameters[$0].type, scope: scope)
                && deliversResults(function.parameters[$0].type, scope: scope, of: function.parameters[$0])
        }
        let valueName = function.parameters[value].name.name
        let fix =
            isStream
            ? "name each closure's role: '@event(…)' for the events, '@failure(…)' for the error, '@finish(…)' for the end"
            : "name each closure's role: '@success(…)' for the value, '@failure(…)' for the error"
        // A yes and a no (`onGranted:`, `onDenied:`): whichever the adapter waits on, the other
        // answer stays the caller's closure. The answer is a `Bool`, which a method of the app's
        // says through one completion.
        let valueClosure = (name: valueName, label: function.parameters[value].label?.name)
        if let other = left.first(where: {
            ClosureRoleNames.answerYesAndNo(valueClosure, (function.parameters[$0].name.name, function.parameters[$0].label?.name))
        }) {
            let (yes, no) = ClosureRoleNames.says(yes: true, name: valueName, label: valueClosure.label)
                ? (valueName, function.parameters[other].name.name) : (function.parameters[other].name.name, valueName)
            diagnostics.error(
                "'\(yes)' and '\(no)' answer yes or no: '\(function.fullName)' would wait for one and keep the other as a parameter",
                at: function.parameters[other].location,
                notes: [
                    .init(
                        "bridge a method of yours that calls it with '\(yes): { completion(true) }, \(no): { completion(false) }' and takes 'completion: @escaping (Bool) -> Void'"
                    )
                ])
            return false
        }
        for index in left
        where ClosureRoleNames.namesOutcome(name: function.parameters[index].name.name, label: function.parameters[index].label?.name) {
            let name = function.parameters[index].name.name
            var notes: [Diagnostic.Note] = [.init(fix)]
            if !isStream, Self.plays(.event, function.parameters[index]) {
                notes.append(.init("if it is called for every event, bridge the method as a stream: add '@stream'"))
                notes.append(.init("if it only reports progress on the way, write '@progress(\(name))': it stays a parameter"))
            }
            notes.append(.init("if it is not part of the outcome (a hook, a step the SDK runs), rename it in the .bridge file"))
            diagnostics.error(
                "'\(name)' reports part of the outcome of '\(function.fullName)', but would stay a parameter of the async function",
                at: function.parameters[index].location, notes: notes)
            return false
        }
        // Beside a success and a failure, another closure that gets a value and is named for no
        // role (WordPressAuthenticator's `authenticate(…, success:, needsMultifactor:, failure:)`):
        // if the SDK calls it instead of either, the call waits until it is cancelled. Said.
        if !isStream, roles.others.contains(where: { if case .failure = $0.role { true } else { false } }) {
            for index in left where closureArity(function.parameters[index].type, scope: scope) > 0
                && !ClosureRoleNames.namesProgress(name: function.parameters[index].name.name, label: function.parameters[index].label?.name)
            {
                let name = function.parameters[index].name.name
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "'\(name)' stays a parameter of the async function beside '\(valueName)' and the failure: if the SDK calls it instead of either, the call waits until it is cancelled",
                        at: function.parameters[index].location,
                        notes: [
                            .init("if it is another outcome, bridge a method of yours that calls this one and returns an enum of the outcomes"),
                            .init("if it is a step the caller answers (progress, a question the SDK asks), nothing is wrong: rename it to say so"),
                        ]))
            }
        }
        // A value that is an error (SE-0297 returns a lone non-optional error as the value).
        let valueIsError =
            shape.failureName != nil
            || (shape.parameters.count == 1 && errorParameterKind(function.parameters[value].type, scope: scope) == .nonOptional)
        if !left.isEmpty, valueIsError, roles.others.isEmpty {
            diagnostics.error(
                "'\(valueName)' takes only an error, so '\(function.fullName)' would return the error as its value while another closure reports the outcome",
                at: function.parameters[value].location, notes: [.init(fix)])
            return false
        }
        if isStream, shape.parameters.isEmpty, roles.valueRole != .event,
            let withValues = left.first(where: { closureArity(function.parameters[$0].type, scope: scope) > 0 })
        {
            diagnostics.error(
                "the stream of '\(function.fullName)' would be of Void, while '\(function.parameters[withValues].name.name)' gets the values and stays a parameter",
                at: function.parameters[withValues].location, notes: [.init(fix)])
            return false
        }
        return true
    }

    /// A method that returns a future or a promise reports its outcome there; a callback beside
    /// it is then called for every row or chunk (`onRow`, `handler`, FluentKit's `onOutput`:
    /// anything not named as the completion or one event), and neither a one-shot of the first
    /// item nor a stream that never ends means what the SDK means. Refused with what to do
    /// instead. A callback named for one event (`onUpgrade`) stays a one-shot.
    mutating func checkNoReturnedOutcome(
        _ function: FunctionDecl, typeName: String, value: Parameter, roles: ClosureRoles, annotations: FunctionAnnotations
    ) -> Bool {
        if let location = annotations.finishesWithReturned {
            // `@finish(returned)`: a stream whose end is the returned future's completion, or an
            // `async` method's return.
            guard annotations.stream != nil, function.isAsync || function.returnType.map({ !$0.isVoid }) == true else {
                diagnostics.error(
                    "'@finish(returned)' ends a stream with the future '\(function.fullName)' returns, or when an async method returns",
                    at: location,
                    notes: [.init(annotations.stream == nil ? "add '@stream'" : "the method returns nothing to wait for")])
                return false
            }
            return true
        }
        // A future's own methods report its own outcome (NIO's `always(_:)` returns the future).
        // `@failure(returned)` says the callback is the one-shot's value, the future its failure.
        guard let returned = function.returnType, roles.others.isEmpty, annotations.completion == nil,
            annotations.failsWithReturned == nil,
            !ClosureRoleNames.isFuture(typeName),
            ClosureRoleNames.isFuture(returned.strippingAttributes.unwrappingOptional.qualifiedName ?? ""),
            ClosureRoleNames.isPerItemBesideFuture(name: value.name.name, label: value.label?.name)
        else { return true }
        diagnostics.error(
            "'\(function.fullName)' reports its outcome through the '\(returned)' it returns, and calls '\(value.name.name)' for each item",
            at: value.location,
            notes: [
                .init("if the future completes when the items are over, bridge it as a stream that ends with it: '@stream @finish(returned)'"),
                .init("if '\(value.name.name)' is called once with the outcome, name it '@completion(\(value.name.name))'"),
            ])
        return false
    }

    /// Whether a closure's one parameter is an error, and an optional one.
    func errorParameterKind(_ type: TypeSyntax, scope: String) -> ErrorKind? {
        guard let resolved = try? resolver.resolve(type, scope: scope).unwrappingOptional.strippingAttributes,
            case .function(let closure) = resolved.kind, closure.parameters.count == 1
        else { return nil }
        return errorKind(closure.parameters[0].type, scope: scope)
    }

    /// Whether the closure's first argument is the caller's object handed back (`with object:`).
    func handsBackArgument(_ type: TypeSyntax, of function: FunctionDecl, scope: String) -> Bool {
        guard let resolved = try? resolver.resolve(type, scope: scope).unwrappingOptional.strippingAttributes,
            case .function(let closure) = resolved.kind
        else { return false }
        return Self.handsBackArgument(closure.parameters, of: function)
    }

    /// The closure type a parameter's type is, through typealiases and optionality.
    func resolvedClosure(_ type: TypeSyntax, scope: String) -> FunctionTypeSyntax? {
        guard let resolved = try? resolver.resolve(type, scope: scope).unwrappingOptional.strippingAttributes,
            case .function(let closure) = resolved.kind
        else { return nil }
        return closure
    }

    func closureArity(_ type: TypeSyntax, scope: String) -> Int {
        resolvedClosure(type, scope: scope)?.parameters.count ?? 0
    }
}
