import DeclParser

/// A callback whose one argument is an enum of the SDK (RxSwift's `Event<Element>`, PromiseKit's
/// `Result<T>`, Maybe's `MaybeEvent<Element>`): declared in the `.bridge` file, its cases say
/// what each call means. A case whose one associated value is an error is the failure; a case
/// without associated values is the end (a stream's; a one-shot's success without a value); the
/// case left is the value. `@success(.case)`, `@event(.case)`, `@failure(.case)` and
/// `@finish(.case, …)` name them when the associated values do not say; `@failure(.case)` alone
/// on an enum of several values makes the enum itself the value, all but that case. The adapter
/// switches over every case, so an enum pasted with a case missing is a compile error at its line.
/// A struct pasted with one stored property of such an enum (Web3.swift's `Web3Response`, `let
/// status: Status<Result>`) is read the same way, through that property.
extension Analyzer {
    /// A type of one name that is not optional, generic or one of the standard library's and
    /// Foundation's values: it may be an SDK's error declared elsewhere.
    static func mayBeAnError(_ type: TypeSyntax) -> Bool {
        let values: Set<String> = [
            "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
            "UInt32", "UInt64", "Double", "Float", "Data", "Date", "URL", "UUID", "Any", "AnyObject", "Void", "Never",
            "Decimal", "CGFloat", "TimeInterval",
        ]
        guard case .named(let components) = type.strippingAttributes.kind, components.count == 1,
            components[0].genericArguments.isEmpty
        else { return false }
        return !values.contains(components[0].name.name)
    }

    mutating func enumOutcome(
        _ element: TupleTypeElement, function: FunctionDecl, annotations: FunctionAnnotations, scope: String
    ) -> (EnumOutcome, valueType: String)?? {
        // An enum whose cases say nothing of an outcome (Alamofire's `RetryResult`) is a value,
        // unless annotations name its cases' roles.
        guard let (decl, cases, through) = resolver.enumCases(of: element.type, scope: scope),
            !annotations.caseRoles.isEmpty || ClosureRoleNames.isOutcomeEnum(caseNames: cases.map(\.name.name))
        else { return .none }
        // `@stream(results)`: each call's enum is the event, whole (BlueCap's `FutureStream`
        // hands a `Try<T>` per element, a failure among them, and goes on). `@failure(.case)`
        // and `@finish(.case)` may say which cases end it (WeTransfer's upload `State`:
        // `.failed(Error)` fails it, `.completed(Transfer)` is yielded and ends it).
        if let stream = annotations.stream, stream.keepsResults {
            if let (_, kind, location) = annotations.caseRoles.first(where: { !["failure", "finish"].contains($0.kind) }) {
                diagnostics.error(
                    "'@\(kind)' names a case, but '@stream(results)' yields each '\(decl.name.name)' whole", at: location,
                    notes: [.init("remove '@\(kind)(…)', or 'results' to read the cases; '@failure(.case)' and '@finish(.case)' may say which cases end the stream")])
                return .some(nil)
            }
            guard !annotations.caseRoles.isEmpty else { return .none }
            var failure: String?
            var ends: [EnumOutcome.Case] = []
            for (name, kind, location) in annotations.caseRoles {
                guard let item = cases.first(where: { $0.name.name == name }) else {
                    diagnostics.error(
                        "'@\(kind)(.\(name))' names no case of '\(decl.name.name)'", at: location,
                        notes: [.init("its cases are " + cases.map { "'.\($0.name.name)'" }.joined(separator: ", "), at: decl.location)])
                    return .some(nil)
                }
                if kind == "finish" {
                    ends.append(endCase(item, scope: scope))
                } else if item.payload.count == 1, errorKind(item.payload[0].type, scope: scope) == .nonOptional || Self.mayBeAnError(item.payload[0].type) {
                    failure = name
                } else {
                    diagnostics.error(
                        "'.\(name)' of '\(decl.name.name)' does not carry one error, so it cannot be the failure", at: location,
                        notes: [.init("the failure case carries the error: 'case \(name)(Error)'")])
                    return .some(nil)
                }
            }
            let outcome = EnumOutcome(value: nil, failure: failure, ends: ends, line: decl.location.line, isWholeValue: true, through: through)
            return .some((outcome, element.type.strippingAttributes.description))
        }
        let isStream = annotations.stream != nil
        let enumName = decl.name.name
        var value: EnumCaseDecl?
        var failure: String?
        var ends: [EnumOutcome.Case] = []
        var named: Set<String> = []
        for (name, kind, location) in annotations.caseRoles {
            guard let item = cases.first(where: { $0.name.name == name }) else {
                diagnostics.error(
                    "'@\(kind)(.\(name))' names no case of '\(enumName)'", at: location,
                    notes: [.init("its cases are " + cases.map { "'.\($0.name.name)'" }.joined(separator: ", "), at: decl.location)])
                return .some(nil)
            }
            named.insert(name)
            switch kind {
            case "success", "event":
                if (kind == "event") != isStream {
                    diagnostics.error(
                        "'@\(kind)' names \(isStream ? "a one-shot's value" : "a stream's events"), but '\(function.fullName)' is \(isStream ? "a stream" : "a one-shot")",
                        at: location, notes: [.init(isStream ? "write '@event(.\(name))'" : "write '@success(.\(name))', or add '@stream'")])
                    return .some(nil)
                }
                value = item
            case "failure":
                // Named so, one error that is not optional, whatever its type is called
                // (`VisitFault: Error`, declared elsewhere): the compiler checks it is an `Error`.
                // Not a type the standard library or Foundation declares as a value (`String`).
                guard item.payload.count == 1,
                    errorKind(item.payload[0].type, scope: scope) == .nonOptional || Self.mayBeAnError(item.payload[0].type)
                else {
                    diagnostics.error(
                        "'.\(name)' of '\(enumName)' does not carry one error, so it cannot be the failure", at: location,
                        notes: [.init("the failure case carries the error: 'case \(name)(Error)'")])
                    return .some(nil)
                }
                failure = name
            default:
                ends.append(endCase(item, scope: scope))
            }
        }
        // The cases no annotation names, by their associated values.
        var values: [EnumCaseDecl] = []
        for item in cases where !named.contains(item.name.name) {
            // An end named so whose one value is an optional error (`completed(Error?)`) ends or fails.
            let end = endCase(item, scope: scope)
            if item.payload.isEmpty || (item.payload.count == 1 && end.errorIndex != nil && ClosureRoleNames.endCases.contains(item.name.name.lowercased())) {
                ends.append(end)
            } else if failure == nil, item.payload.count == 1, errorKind(item.payload[0].type, scope: scope) == .nonOptional {
                failure = item.name.name
            } else {
                values.append(item)
            }
        }
        // A case named for the failure that carries no error (Harness's `DestructionResult`:
        // `success`, `failure(reason: String)`; Gigya's `GigyaBiometricResult`: `success`,
        // `failure`) cannot be thrown, and is no value or success either: the enum is a value,
        // whole, as an enum whose cases say nothing of an outcome.
        if annotations.caseRoles.isEmpty, failure == nil || values.contains(where: { ClosureRoleNames.failureCases.contains($0.name.name.lowercased()) }),
            (values.map(\.name.name) + ends.map(\.name)).contains(where: { ClosureRoleNames.failureCases.contains($0.lowercased()) })
        {
            return .none
        }
        // `@failure(.case)` alone on an enum of several other cases (Swift-Kuery's `QueryResult`:
        // `success(Any)`, `successNoData`, `resultSet(ResultSet)`, `error(Error)`; Alamofire's
        // `PingResponse`: `pong(Pong)`, `timeout`, `unsent`, `error(Error)`): the error is thrown,
        // and the enum itself, as any other case, is the value.
        if value == nil, values.count + ends.count > 1, !values.isEmpty, let failure, !annotations.caseRoles.isEmpty,
            annotations.caseRoles.allSatisfy({ $0.kind == "failure" })
        {
            let outcome = EnumOutcome(value: nil, failure: failure, ends: [], line: decl.location.line, isWholeValue: true, through: through)
            return .some((outcome, element.type.strippingAttributes.description))
        }
        if value == nil, values.count == 1 { value = values.removeFirst() }
        let role = isStream ? "@event" : "@success"
        if let extra = values.first {
            diagnostics.error(
                "'\(function.fullName)' gets a '\(enumName)', and bridgegen cannot tell which of its cases is the \(isStream ? "event" : "value"): "
                    + ([value].compactMap { $0 } + values).map { "'.\($0.name.name)'" }.joined(separator: ", "),
                at: element.type.location,
                notes: [
                    .init("name it with '\(role)(.\(extra.name.name))', and the others with '@failure(.case)' or '@finish(.case, …)'"),
                    .init("'\(enumName)' is declared here", at: decl.location),
                ])
            return .some(nil)
        }
        if isStream, value == nil {
            diagnostics.error(
                "no case of '\(enumName)' carries an event, so the stream of '\(function.fullName)' would be empty", at: element.type.location,
                notes: [.init("name the case that carries the events with '@event(.case)'; if the callback is called once, remove '@stream'")])
            return .some(nil)
        }
        let order = cases.map(\.name.name)
        ends.sort { (order.firstIndex(of: $0.name) ?? 0) < (order.firstIndex(of: $1.name) ?? 0) }
        let types = value?.payload.map { $0.type.strippingAttributes.description } ?? []
        var valueType = types.count == 1 ? types[0] : types.isEmpty ? "Void" : "(" + types.joined(separator: ", ") + ")"
        // Maybe's shape: a value, or an end without one.
        if !isStream, !types.isEmpty, !ends.isEmpty { valueType = Self.optional(valueType) }
        let outcome = EnumOutcome(
            value: value.map { .init(name: $0.name.name, arity: $0.payload.count) }, failure: failure, ends: ends,
            line: decl.location.line, through: through)
        return .some((outcome, valueType))
    }

    /// An end case, and which of its associated values is an optional error (SwiftyBluetooth's
    /// `.scanStopped(peripherals: [Peripheral], error: SBError?)`, the last of a scan's events):
    /// a stream that ends with it fails with that error when it is not nil, where dropping it
    /// would report a scan that broke off as one that finished.
    func endCase(_ item: EnumCaseDecl, scope: String) -> EnumOutcome.Case {
        let errors = item.payload.indices.filter { errorKind(item.payload[$0].type, scope: scope) == .optional }
        return .init(name: item.name.name, arity: item.payload.count, errorIndex: errors.count == 1 ? errors[0] : nil)
    }

    /// Whether a type is an enum the file declares whose cases are named as an outcome (a
    /// `Try<T>` of `success` and `failure`): `@stream(results)` keeps it as it keeps a `Result`.
    func declaresOutcomeEnum(_ type: TypeSyntax, scope: String) -> Bool {
        guard let (_, cases, _) = resolver.enumCases(of: type, scope: scope) else { return false }
        return ClosureRoleNames.isOutcomeEnum(caseNames: cases.map(\.name.name))
    }
}
