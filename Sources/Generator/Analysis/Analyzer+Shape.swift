import DeclParser

/// Reads the completion handler's parameters the way SE-0297 reads an Objective-C block:
/// `Result<T, E>` → T; an optional error → failure when non-nil; with an error or a flag present,
/// optional values must be non-nil on success; the rest of the values form the result.
extension Analyzer {
    /// Returns the shape and the async result type.
    mutating func analyseShape(
        of parameter: Parameter, in function: FunctionDecl, annotations: FunctionAnnotations, scope: String
    ) -> (CompletionShape, String)? {
        let resolved: TypeSyntax
        do {
            resolved = try resolver.resolve(parameter.type, scope: scope)
        } catch {
            switch error {
            case .cycle(let location, let name):
                diagnostics.error("typealias '\(name)' refers to itself", at: location)
            case .wrongArgumentCount(let location, let name, let expected):
                diagnostics.error("typealias '\(name)' takes \(expected) generic argument(s)", at: location)
            }
            return nil
        }
        guard case .function(let closure) = resolved.unwrappingOptional.kind else { return nil }
        // Only diagnostics use it: made when one is reported, not for every function.
        var where_: String { "completion handler '\(parameter.name.name)'" }

        // A stream's handler that returns `Bool` asks whether to go on (Mapbox's
        // `observeDataSource(with: (CameraOptions) -> Bool)`, "`true` to stay subscribed and
        // `false` to unsubscribe"; AMSMB2's `fetchedData`, "`false` to abort reading"): the
        // adapter answers whether the stream is still open.
        let answersWhetherOpen = annotations.stream != nil && closure.result.strippingAttributes.description == "Bool"
        if !closure.result.isVoid, !answersWhetherOpen {
            diagnostics.error(
                "\(where_) returns '\(closure.result)'; a completion handler must return Void", at: parameter.type.location,
                notes: [
                    .init("mark the parameter that reports the outcome with '@completion(name)'"),
                    .init("a handler of events that returns 'Bool' for whether to go on is a stream's: add '@stream', and the adapter answers whether it is still consumed"),
                ])
            return nil
        }
        // A handler typed `throws` or `async` is fine: bridgegen's closure never throws or
        // suspends, and Swift converts it to either.

        var elements = closure.parameters
        // One tuple of the values, written with double parentheses (Swift-Kuery's `callback:
        // (([Any?]?, Error?)) -> ()`): read as its elements; a closure passed as an argument may
        // take them as parameters (`{ value, error in`).
        if elements.count == 1, function.genericParameters.isEmpty, case .tuple(let inner) = elements[0].type.strippingAttributes.kind,
            inner.count > 1
        {
            elements = inner
        }
        // One value of an SDK enum the file declares: its cases say what each call means. Also
        // beside the handle the call returns or the receiver (AppSync's `subscribe(…, eventHandler:
        // (SubscriptionItemEvent, SubscriptionItem) -> Void) -> SubscriptionItem`), handed back.
        let enumIndex = elements.count == 1 ? 0 : Self.onlyElementBesideHandles(elements, of: function, scope: scope)
        switch enumIndex.map({ enumOutcome(elements[$0], function: function, annotations: annotations, scope: scope) }) ?? .none {
        case .some(nil):
            return nil
        case .some(let (outcome, valueType)?):
            var flag: CompletionShape.Flag?
            if annotations.asyncError != nil, let enumIndex, outcome.value?.arity == 1, annotations.thrownError == nil {
                guard let found = successFlag(valueType, at: enumIndex + 1, annotations: annotations, where_: where_) else { return nil }
                flag = found
            } else if let location = annotations.asyncError?.location ?? annotations.thrownError?.location {
                diagnostics.error(
                    "'@asyncError' does not apply to a callback that gets an enum", at: location,
                    notes: [.init("name the case that carries the error with '@failure(.case)'")])
                return nil
            }
            let roles = elements.indices.map { $0 == enumIndex ? CompletionShape.Role.cases(outcome) : .handedBack }
            let names = closureParameterNames(elements, roles: roles)
            let parameters = elements.indices.map { index in
                CompletionShape.Parameter(
                    name: index == enumIndex ? names[index] : "_", role: roles[index],
                    type: function.genericParameters.isEmpty ? nil : elements[index].type.strippingAttributes.description)
            }
            var shape = CompletionShape(parameters: parameters)
            shape.successFlag = flag
            return (shape, flag == nil ? valueType : "Void")
        case .none:
            if let (name, kind, location) = annotations.caseRoles.first {
                diagnostics.error(
                    "'@\(kind)(.\(name))' names a case, but \(where_) does not get an enum this file declares", at: location,
                    notes: [.init("paste the SDK's enum declaration into the file (its cases are enough), or name a closure parameter: '@\(kind)(name)'")])
                return nil
            }
        }
        // `@lent(Database)`: what the SDK lends to the callback only is no part of the value.
        var lent = LentAnnotation(annotations.lent)
        let generic = !function.genericParameters.isEmpty
        // Result<T, E>, alone or beside lent objects (GRDB's `(Database, Result<T, Error>)`).
        if let stream = annotations.stream, stream.keepsResults,
            !elements.contains(where: { resultArguments($0.type, scope: scope) != nil || declaresOutcomeEnum($0.type, scope: scope) })
        {
            diagnostics.error(
                "'@stream(results)': \(where_) gets no Result", at: stream.location,
                notes: [.init("'results' keeps the Result each call gets as the event; remove it")])
            return nil
        }
        // Or one Result beside other values, which the outcome leaves out (Analyzer+ResultShape).
        let results = elements.indices.filter { resultArguments(elements[$0].type, scope: scope) != nil }
        if annotations.stream?.keepsResults != true, results.count == 1, let resultIndex = results.first,
            let (success, _) = resultArguments(elements[resultIndex].type, scope: scope)
        {
            return resultShape(
                elements, result: resultIndex, success: success, function: function, annotations: annotations, lent: &lent, where_: where_)
        }

        // Several Results: which is the outcome?
        if results.count > 1 {
            diagnostics.error(
                "\(where_) passes \(results.count) Results, so bridgegen cannot tell which is the outcome",
                at: elements[results[1]].type.location,
                notes: [.init("bridge a method of yours that calls it and hands on only the Result that is the outcome")])
            return nil
        }
        var roles: [CompletionShape.Role?] = Array(repeating: nil, count: elements.count)
        for element in elements where element.type.isInout {
            diagnostics.error("\(where_) has an 'inout' parameter; it cannot be bridged", at: element.type.location)
            return nil
        }
        // A closure of nothing that returns the value or throws (Perfect-Redis's `getClient(
        // withIdentifier:callback: (() throws -> RedisClient) -> ())`): called in the callback.
        if elements.count == 1, let resolved = try? resolver.resolve(elements[0].type, scope: scope),
            case .function(let thunk) = resolved.strippingAttributes.kind, thunk.parameters.isEmpty, thunk.throwsClause != nil,
            !thunk.isAsync
        {
            let name = closureParameterNames(elements, roles: [.thunk])[0]
            let type = generic ? elements[0].type.strippingAttributes.description : nil
            return (CompletionShape(parameters: [.init(name: name, role: .thunk, type: type)]), thunk.result.isVoid ? "Void" : thunk.result.description)
        }
        // A closure the handler receives without `@escaping` is only valid during the callback
        // (RxSwift's `recurse`): it cannot be returned from the adapter. One that escapes
        // (ReSwift's `AsyncActionCreator`, handed `actionCreatorCallback`; Agrume's download
        // handler, handed its completion) is work the SDK asks the app to do, answered by
        // calling it: no outcome either (CallbackShape, which scan follows too).
        for element in elements {
            guard let resolved = try? resolver.resolve(element.type, scope: scope),
                case .function = resolved.strippingAttributes.kind
            else { continue }
            let escapes = resolved.attributes.contains(where: { $0.name.name == "escaping" })
            diagnostics.error(
                escapes
                    ? "\(where_) is handed a closure to call ('\(element.type)'): it is work the SDK asks your code to do, not an outcome"
                    : "\(where_) passes a closure that does not escape ('\(element.type)'); it cannot be returned from the adapter",
                at: element.type.location,
                notes: [
                    escapes
                        ? .init("mark the method '@context', and call it with a closure of yours that does the work and calls what it is handed")
                        : .init("a callback that hands over a closure to call during the callback is not a completion handler; call the SDK method directly")
                ])
            return nil
        }
        var errorIndex: Int?
        var successCase: String?
        // `@asyncError(thrown: N.error)`, `@asyncError(message: N.error)`: parameter N carries
        // the failure in a member (Uber's `(_ products: [Product], _ response: Response)`, whose
        // `Response` has `error: UberError?`): not part of the value; the member set fails the call.
        if let (position, member, location, thrown) = Self.carriedFailure(annotations) {
            guard position <= elements.count else {
                diagnostics.error(
                    "'@asyncError' names parameter \(position), but \(where_) has \(elements.count)", at: location,
                    notes: [.init("count the completion handler's parameters from 1")])
                return nil
            }
            if let other = elements.indices.first(where: { $0 != position - 1 && errorKind(elements[$0].type, scope: scope) == .optional }) {
                diagnostics.error(
                    "\(where_) has an error parameter (\(other + 1)) beside the failure that parameter \(position) carries", at: location,
                    notes: [.init("name one failure: '@asyncError(thrown: \(other + 1))' for the error parameter")])
                return nil
            }
            roles[position - 1] = .carrier(access: (Self.isOptional(elements[position - 1].type) ? "?." : ".") + member, thrown: thrown)
        } else if let (position, _, location) = annotations.thrownError {
            // The one error, as the annotation says; other error-typed parameters are values.
            guard position <= elements.count else {
                diagnostics.error(
                    "'@asyncError' names parameter \(position), but \(where_) has \(elements.count)", at: location,
                    notes: [.init("count the completion handler's parameters from 1")])
                return nil
            }
            let element = elements[position - 1]
            if let (name, location) = annotations.successCase, !(errorKind(element.type, scope: scope) == .nonOptional && elements.count == 1) {
                diagnostics.error(
                    "'unless: .\(name)' applies to a callback whose one parameter is a non-optional error; parameter \(position) of \(where_) is not",
                    at: location, notes: [.init("remove 'unless:': an optional error is thrown when it is not nil")])
                return nil
            }
            switch errorKind(element.type, scope: scope) ?? vouchedErrorKind(element.type, scope: scope) {
            case .optional?:
                errorIndex = position - 1
                roles[position - 1] = .error
            case .nonOptional? where elements.count == 1:
                roles[0] = .failure
                successCase = annotations.successCase?.name
            case .nonOptional?:
                diagnostics.error(
                    "parameter \(position) of \(where_) is a non-optional error, so every call would fail", at: location,
                    notes: [.init("a non-optional error is thrown only when it is the callback's one parameter (a failure callback)")])
                return nil
            case nil:
                diagnostics.error(
                    "parameter \(position) of \(where_) has type '\(element.type)'; '@asyncError(thrown:)' needs an error",
                    at: location)
                return nil
            }
        } else if annotations.stream == nil, elements.count == 1, errorKind(elements[0].type, scope: scope) == .nonOptional,
            ClosureRoleNames.isFuture(scope) || ClosureRoleNames.namesFailure(method: function.name.name)
        {
            // A future's own failure callback (NIO's `EventLoopFuture.whenFailure(_:)`), or a
            // method named for the failure itself (BrightFutures' `onFailure(_:callback:)`,
            // Kitura-net's `Server.failed(callback:)`), is the failure half of an outcome:
            // thrown, not returned.
            roles[0] = .failure
        } else if annotations.stream != nil, ClosureRoleNames.namesFailure(method: function.name.name) {
            // A stream of errors (Kitura-WebSocket-Client's `onError(_ callback: (Error?,
            // HTTPResponseStatus?) -> Void)`, called for each one): the errors are the events,
            // not the end of them.
        } else {
            // As in SE-0297, only an optional error reports failure; a non-optional one is data.
            // With two or more, Swift imports none as the error (ImportName.cpp: "More than one
            // nullable NSError parameter. Don't import as throwing."): all are values.
            let errors = elements.indices.filter { errorKind(elements[$0].type, scope: scope) == .optional }
            if errors.count == 1 {
                errorIndex = errors[0]
                roles[errors[0]] = .error
            } else if errors.count > 1 {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "\(where_) has \(errors.count) error parameters (\(errors.map { String($0 + 1) }.joined(separator: " and "))); as Swift imports it, all of them are values and none fails the call",
                        at: elements[errors[1]].type.location,
                        notes: [.init("name the one that fails the call with '@asyncError(thrown: N)'")]))
            }
        }

        // `@asyncError(message: N)`: an optional description of the failure, nil when it
        // succeeded (Perfect-LDAP's `login(info:completion: (String?) -> Void)`).
        // It may name the parameter read as the error by its name: an optional `…Error` of the
        // SDK's that is no `Error` (TelegramBotSDK's `DataTaskError?`), thrown described.
        if case let (position, nil, location)? = annotations.failureMessage {
            let namesTheError = errorIndex != nil && errorIndex == position - 1
            // Or a `String`, empty when it succeeded (BMSPush's `(_ response: String?, _
            // statusCode: Int?, _ error: String)`).
            let isText = position <= elements.count && ["String", "Swift.String"].contains(elements[position - 1].type.strippingAttributes.description)
            guard position <= elements.count, roles[position - 1] == nil || namesTheError, errorIndex == nil || namesTheError,
                Self.isOptional(elements[position - 1].type) || isText
            else {
                diagnostics.error(
                    "'@asyncError(message: \(position))' needs an optional parameter \(position) of \(where_) beside no other error parameter, nil when the call succeeded (or a String, empty when it succeeded)",
                    at: location, notes: [.init("count the completion handler's parameters from 1; an optional error is thrown without it")])
                return nil
            }
            roles[position - 1] = .message(text: isText)
            if namesTheError { errorIndex = nil }
        }

        var flagIndex: Int?
        if let (failsWhenZero, position, location) = annotations.asyncError {
            guard position <= elements.count else {
                diagnostics.error(
                    "'@asyncError' names parameter \(position), but \(where_) has \(elements.count)", at: location,
                    notes: [.init("count the completion handler's parameters from 1")])
                return nil
            }
            let flagType = elements[position - 1].type.strippingAttributes
            guard let isBool = flagKind(flagType) else {
                diagnostics.error(
                    "parameter \(position) of \(where_) has type '\(flagType)'; '@asyncError' needs a Bool or integer flag",
                    at: location)
                return nil
            }
            if position - 1 == errorIndex {
                diagnostics.error("'@asyncError' names the error parameter; name the flag instead", at: location)
                return nil
            }
            flagIndex = position - 1
            roles[position - 1] = .flag(failsWhenZero: failsWhenZero, isBool: isBool)
        }

        // `@failure(nil)`: the optional values are unwrapped, and nil throws (a one-shot's).
        if let location = annotations.nilIsFailure {
            if annotations.stream != nil {
                diagnostics.error(
                    "'@failure(nil)' applies to a one-shot; a stream's nil is no failure", at: location,
                    notes: [.init("remove it, or remove '@stream'")])
                return nil
            }
            if !elements.indices.contains(where: { roles[$0] == nil && Self.isOptional(elements[$0].type) }) {
                diagnostics.error(
                    "'@failure(nil)': \(where_) has no optional value that could be nil", at: location,
                    notes: [.init("remove it; nil fails the call only when the callback gets an optional value")])
                return nil
            }
        }
        let canFail = errorIndex != nil || flagIndex != nil || roles.contains(.failure)
            || roles.contains(where: { if case .message? = $0 { return true } else { return false } })
            || roles.contains(where: { if case .carrier? = $0 { return true } else { return false } })
            || annotations.nilIsFailure != nil
        // `@nullableResult` (clang's `_Nullable_result`): nil with a nil error is a result.
        var nullable: Set<Int> = []
        switch annotations.nullableResult {
        case nil: break
        case .all?: nullable = Set(elements.indices)
        case .positions(let positions)?:
            for (position, location) in positions {
                guard position <= elements.count, roles[position - 1] == nil, Self.isOptional(elements[position - 1].type) else {
                    diagnostics.error(
                        "'@nullableResult' names parameter \(position), which is not an optional value of \(where_)", at: location,
                        notes: [.init("name the positions (from 1) of the optional values that may be nil in a result")])
                    return nil
                }
                nullable.insert(position - 1)
            }
        }
        // The receiver handed back first, beside the values: not a value; nor the receiver right
        // after the caller's object (hyperoslo/Cache's `addObserver(_ observer: O, …, closure:
        // (O, Storage, KeyChange<Value>) -> Void)`), when a value is left.
        if roles.first == .some(nil), Self.handsBackReceiver(elements, scope: scope) || Self.handsBackArgument(elements, of: function) {
            roles[0] = .handedBack
            if Self.handsBackArgument(elements, of: function), elements.count > 2, roles[1] == nil,
                Self.handsBackReceiver(Array(elements.dropFirst()), scope: scope)
            {
                roles[1] = .handedBack
            }
        }
        // Or last, by a method that returns the object itself for chaining (Kumulos's
        // `success(_:) -> KSAPIOperation`, whose block gets `(KSResponse, KSAPIOperation)`): the
        // caller has it already.
        let returned = function.returnType?.strippingAttributes.description
        if elements.count > 1, roles.last == .some(nil), returned == "Self" || returned.map({ String($0.prefix { $0 != "<" }) }) == scope,
            Self.isReceiver(elements[elements.count - 1], scope: scope)
        {
            roles[elements.count - 1] = .handedBack
        }
        // What the SDK lends to the callback only (`@lent`).
        var handles: [Int: String] = [:]
        var leftOut = Self.lentNotes(annotations.lent)
        for index in elements.indices {
            guard case .carrier(let access, let thrown)? = roles[index] else { continue }
            let carrier = elements[index].type.strippingAttributes.unwrappingOptional.strippingAttributes
            leftOut.append(
                "the `\(carrier)` it gets, whose `\(access.drop { $0 == "?" || $0 == "." })`, when set, is the failure, "
                    + (thrown ? "thrown as it is" : "thrown described as `BridgegenError.failureStatus`"))
        }
        // The object the method returns handed back first (a query, beside its results): the
        // caller of the adapter never holds it, and the values are what it is for.
        if roles.first == .some(nil), Self.handsBackReturned(elements, of: function), elements.dropFirst().contains(where: { errorKind($0.type, scope: scope) == nil }) {
            roles[0] = .handedBack
            leftOut.append("the `\(elements[0].type.strippingAttributes.unwrappingOptional.strippingAttributes)` it gets first (the object the method returns)")
        }
        for index in elements.indices where roles[index] == nil && lent.take(elements[index].type) {
            roles[index] = .handedBack
            handles[index] = Self.lentName(elements[index].type)
        }
        guard lent.checkUsed(by: where_, diagnostics: &diagnostics) else { return nil }
        // A stream's handle handed to each call (NIO's `scheduleRepeatedTask(…, _ task:
        // (RepeatedTask) -> Void) -> RepeatedTask`, Foundation's `Timer`): the stream owns it and
        // stops it when it ends; the caller never sees it, so it is no event.
        // Not an id of a plain value type (Pusher's `bind(…) -> String`, whose events may be
        // strings too): a handle is an object. Nor `Self`, the receiver returned for chaining
        // (Former's `onSelected(_ handler: (Self) -> Void) -> Self`, handed the row selected).
        if annotations.stream != nil, let handle = function.returnType?.strippingAttributes.unwrappingOptional.description, handle != "Void",
            handle != "Self", !Self.plainValueTypes.contains(handle)
        {
            for index in elements.indices
            where roles[index] == nil && elements[index].type.strippingAttributes.unwrappingOptional.description == handle {
                roles[index] = .handedBack
                handles[index] = "handle"
                leftOut.append("the `\(handle)` it gets (the handle the method returns, which the stream stops)")
            }
        }
        var valueTypes: [String] = []
        for (index, element) in elements.enumerated() where roles[index] == nil {
            var type = element.type.strippingAttributes
            var unwrap = false
            if canFail && !nullable.contains(index) {
                switch type.kind {
                case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped):
                    type = wrapped
                    unwrap = true
                default: break
                }
            }
            roles[index] = .value(unwrap: unwrap)
            valueTypes.append(type.description)
        }

        let names = closureParameterNames(elements, roles: roles.map { $0! }, handles: handles)
        // In a generic method the closure's parameter types are written out: a type parameter
        // that only the completion mentions cannot be inferred through a multi-statement closure.
        let types = elements.map { function.genericParameters.isEmpty ? nil : $0.type.strippingAttributes.description }
        var shape = CompletionShape(
            parameters: zip(zip(names, roles), types).map { .init(name: $0.0, role: $0.1!, type: $1) })
        shape.leftOut = leftOut
        shape.nilIsFailure = annotations.nilIsFailure != nil
        shape.successCase = successCase
        let resultType: String
        switch valueTypes.count {
        case 0: resultType = "Void"
        case 1: resultType = valueTypes[0]
        default: resultType = "(" + valueTypes.joined(separator: ", ") + ")"
        }
        return (shape, resultType)
    }

    /// The parameter and member `@asyncError(thrown: N.member)` or `(message: N.member)` names,
    /// and whether the member is thrown as it is (`thrown`) or described.
    static func carriedFailure(_ annotations: FunctionAnnotations) -> (Int, String, SourceLocation, Bool)? {
        if case let (index, member?, location)? = annotations.thrownError { return (index, member, location, true) }
        if case let (index, member?, location)? = annotations.failureMessage { return (index, member, location, false) }
        return nil
    }

    /// Value types an id is often of, which an event may be of too: never taken for a handle.
    public static let plainValueTypes: Set<String> = [
        "String", "Substring", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UUID",
        "Bool", "Double", "Float", "Data", "Date", "URL", "Swift.String", "Swift.Int", "Foundation.UUID",
    ]

    /// A value beside a `Result` named for the next page (`nextParameters`, `nextCursor`,
    /// `nextPageToken`): what the caller passes to go on, not how the call travelled.
    public static func namesNextCursor(_ element: TupleTypeElement) -> Bool {
        guard let name = element.secondName ?? element.label, name != "_", Naming.isValidIdentifier(name) else { return false }
        return name.hasPrefix("next") && name.dropFirst(4).first?.isUppercase == true
    }
}
