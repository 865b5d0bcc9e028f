import DeclParser
import Generator

extension StarterBlock {
    /// The roles of a callback that gets one of the SDK's enums: its cases say what each call
    /// means (RxSwift's `Event`: a stream; PromiseKit's `Result<T>`: one outcome), and an enum
    /// not named as an outcome with a case of one error is read by its other cases
    /// (Swift-Kuery's `QueryResult`, Bluejay's `DisconnectionResult`). The enum is pasted into
    /// the starter.
    mutating func enumRoles(of function: FunctionDecl, callback: Parameter, into annotations: inout [(annotation: String, why: String)]) {
        let aliases = closureAliases
        guard let (handed, outerArguments) = SDKEnum.handedOver(by: callback, in: type, enums: enums, aliases: aliases, enumAliases: enumAliases,
            beside: Set([function.returnType?.strippingAttributes.unwrappingOptional.strippingAttributes.description, type].compactMap { $0 }))
        else { return }
        if !usedEnums.contains(handed.name) { usedEnums.append(handed.name) }
        // Kept whole, its cases need no roles (a stream of futures' `Try<T>` per element).
        if annotations.contains(where: { $0.annotation == "@stream(results)" }) { return }
        // A registration with its stop (Bluejay's `listen(to:…, completion: (ReadResult<R>) ->
        // Void)` beside `endListen(to:)`): each call hands one value's outcome.
        // Or one the other evidence already made a stream (an `onEvent` called "each time").
        let registered = annotations.contains { $0.annotation == "@stream" }
        let cases = handed.caseNames.map { "." + $0 }.joined(separator: ", ")
        if let failure = handed.errorCase {
            // Not named as an outcome, so the evidence so far stands (Realm's `observe(…) ->
            // NotificationToken` of `RealmCollectionChange` is a stream): its error case
            // fails, and the value is the one other case that carries one (Bluejay's
            // `.disconnected`), or the enum itself (Swift-Kuery's `QueryResult`, whose
            // `.success`, `.resultSet` and `.successNoData` all succeed).
            let isStream = annotations.contains { $0.annotation == "@stream" }
            if handed.valueCases.count == 1, !handed.hasOtherCases {
                annotations.append(
                    ("@\(isStream ? "event" : "success")(.\(handed.valueCases[0]))", "'.\(handed.valueCases[0])' is the one case of '\(handed.name)' that carries a value"))
                annotations.append(("@failure(.\(failure))", "'.\(failure)' of '\(handed.name)' carries the error"))
            } else if isStream, let end = handed.caseNames.first(where: { $0 != failure && ClosureRoleNames.endCases.contains($0.lowercased()) }),
                let stream = annotations.firstIndex(where: { $0.annotation == "@stream" })
            {
                // A state machine's events (WeTransfer's upload `State`: `.created(T)`,
                // `.uploading(Progress)`, `.completed(T)`, `.failed(Error)`): each state whole, the
                // end case the last of them, the failure thrown.
                annotations[stream] = ("@stream(results)", annotations[stream].why + ": each '\(handed.name)' is an event, whole")
                annotations.append(("@failure(.\(failure))", "'.\(failure)' of '\(handed.name)' carries the error, thrown"))
                annotations.append(("@finish(.\(end))", "'.\(end)' of '\(handed.name)' is the last event: yielded, then the stream ends"))
            } else if !isStream, let success = Self.bareSuccess(of: function, in: handed) {
                // A command (Swift-Kuery's `connect`, `commit`, `Table.create(connection:)`) beside
                // a case that succeeds without a value (`.successNoData`): it returns nothing,
                // and any other case but the failure succeeds too, its value dropped.
                let others = handed.caseNames.filter { $0 != failure && $0 != success }.map { "." + $0 }
                annotations.append(("@success(.\(success))", "'\(function.name.name)' is a command, and '.\(success)' of '\(handed.name)' succeeds without a value"))
                annotations.append(("@failure(.\(failure))", "'.\(failure)' of '\(handed.name)' carries the error, thrown"))
                if !others.isEmpty {
                    annotations.append(("@finish(\(others.joined(separator: ", ")))", "any other case succeeds too, its value dropped"))
                }
                annotations.append(
                    ("", "if '\(function.name.name)' answers with data, remove '@success' and '@finish': the value is then the whole \(handed.name)"))
            } else {
                annotations.append(("@failure(.\(failure))", "'.\(failure)' of '\(handed.name)' carries the error, thrown"))
                let others = handed.caseNames.filter { $0 != failure }.map { "." + $0 }.joined(separator: ", ")
                // One case carries the answer, the others none (a query's `.rows(…)` beside
                // `.done`): the annotations that return just it (the outside try found them only
                // in docs/language.md).
                let bare = handed.caseNames.filter { $0 != failure && !handed.valueCases.contains($0) }.map { "." + $0 }
                let onlyAnswer = handed.valueCases.count == 1 && !bare.isEmpty
                    ? "; if only '.\(handed.valueCases[0])' carries the answer, write '@success(.\(handed.valueCases[0])) @finish(\(bare.joined(separator: ", ")))' (the value is then optional, nil for \(bare.joined(separator: " and ")))"
                    : ""
                annotations.append(
                    isStream
                        ? ("", "as written, each event is the whole \(handed.name): \(others)")
                        : ("", "as written, the value is the whole \(handed.name): \(others); where a call only succeeds or fails, leave the value unused" + onlyAnswer))
            }
        } else if let last = handed.lastStep {
            // The steps of one piece of work (SwiftyBluetooth's scan): a stream, by the other
            // evidence, of each step whole, the last ending it and failing with its error.
            // Called once, the enum is the value, as any other.
            if let stream = annotations.firstIndex(where: { $0.annotation == "@stream" }) {
                annotations[stream] = ("@stream(results)", annotations[stream].why + ": each '\(handed.name)' is an event, whole")
                annotations.append(("@finish(.\(last))", "'.\(last)' of '\(handed.name)' is the last event: yielded, then the stream ends, failing with its error when that is not nil"))
            }
        } else if let event = handed.eventCase {
            annotations.removeAll { $0.annotation == "@stream" || $0.annotation.isEmpty }
            annotations.insert(
                ("@stream", handed.eventNamedCase == nil
                    ? "'\(handed.name)' has '.\(event)', called for each event"
                    : "the cases of '\(handed.name)' are named for events ('.\(event)', …): each call is one"), at: 0)
        } else if registered, handed.caseNames.contains(where: { name in
            !handed.emptyCases.contains(name) && !handed.failureCases.contains { $0.name == name }
        }) {
            // (Not an enum of a failure and ends only, RxSwift's `CompletableEvent`: `error(Error)`,
            // `completed`. Its registration reports one outcome; a stream of it would be empty.)
            annotations.removeAll { $0.annotation == "@stream" || $0.annotation.isEmpty }
            annotations.insert(("@stream", "'\(function.name.name)' registers a handler, called until it is stopped"), at: 0)
            annotations.append(
                ("", "each call gets one of '\(handed.name)''s outcomes (\(cases)): as written, the stream ends at the first failure; if each call is one request's outcome, remove '@stream'"))
        } else {
            annotations.removeAll { $0.annotation == "@stream" || $0.annotation.isEmpty }
            annotations.insert(("", "one-shot: the cases of '\(handed.name)' (\(cases)) report one outcome"), at: 0)
            if let (failure, payload) = handed.unthrownFailure {
                annotations.insert(
                    ("", "as written, the value is the whole \(handed.name), a failure among its values: '.\(failure)\(payload)' is no one error generate can throw; check its cases, or bridge a method of yours that throws"),
                    at: 1)
            } else if let failure = handed.failureCases.first(where: { failure in
                // Or a failure that carries no error at all (alerts-and-pickers' `LocaleStore.
                // FetchResults.error(error: (title: String?, message: String?))`).
                // Not one of the enum's generic parameters (Frollo's `EmptyResult<Failure: Error>`).
                let generics = Self.identifiers(in: handed.declaration.first?.split(separator: "<", maxSplits: 1).dropFirst().first.map(String.init) ?? "")
                return !errorTypes.contains(TokenMethods.bareName(failure.type))
                    && !Self.identifiers(in: failure.type).contains(where: { $0.hasSuffix("Error") || $0 == "Swift" || generics.contains($0) })
            }) {
                annotations.insert(
                    ("", "as written, the value is the whole \(handed.name), a failure among its values: '.\(failure.name)' carries \(failure.type), no error generate can throw; check its cases, or bridge a method of yours that throws"),
                    at: 1)
            }
            // Beside a case of a value, a case of none is a nil (Facebook's `LoginResult`:
            // `.success(granted:declined:token:)`, `.cancelled`, `.failed(Error)`).
            if !handed.emptyCases.isEmpty, handed.emptyCases.count < handed.caseNames.count - 1 {
                let empty = handed.emptyCases.map { "'.\($0)'" }.joined(separator: ", ")
                annotations.insert(
                    ("", "as written, \(empty) returns nil; if you want the \(handed.name) itself, bridge a method of yours that hands it on"),
                    at: 1)
            }
        }
        // A failure case that carries an error of the module not named like one (`case
        // failure(_ err: VisitFault)`, `VisitFault: Error`): generate knows errors by their name,
        // so it is named here; it was returned whole, said as one outcome.
        if handed.errorCase == nil, !annotations.contains(where: { $0.annotation.hasPrefix("@failure(") }),
            let failure = handed.failureCases.first(where: { errorTypes.contains(TokenMethods.bareName($0.type)) && !$0.type.hasSuffix("Error") })
        {
            annotations.append(("@failure(.\(failure.name))", "'\(failure.type)' is an error of the module: '.\(failure.name)' carries it, thrown"))
        }
        // `Signal<Value, Never>.Event` of an enum declared with `Signal`'s own parameters
        // (`case next(Element)`, `case failed(Error)`): read as declared, not with these.
        let unknown = outerArguments.filter { !handed.payloadNames.contains($0) }
        if !unknown.isEmpty {
            annotations.append(
                ("", "'\(handed.name)' is nested in a generic type: its cases are read as declared, not with \(unknown.map { "'\($0)'" }.joined(separator: ", ")) "
                    + "in place of that type's parameters (a 'Never' failure still makes the stream throw); if that matters, bridge a method of yours"))
        }
    }

    /// The case of `handed` that succeeds without a value (`successNoData`), for a method named
    /// for a command, which answers with no data (`connect`, `commit`, `startTransaction`, `drop`).
    static func bareSuccess(of function: FunctionDecl, in handed: SDKEnum) -> String? {
        let commands: Set<String> = ["connect", "disconnect", "commit", "rollback", "start", "begin", "release", "create", "drop", "alter", "close"]
        guard let verb = ClosureRoleNames.camelWords(function.name.name).first, commands.contains(verb) else { return nil }
        // A success of the call itself (`.success`, `.successNoData`), not of one step named
        // before it (Kassandra's `Result.authSuccess`, beside `.ready` and `.authenticate(with:)`,
        // which `connect` must hand back: the server asks for credentials).
        return handed.emptyCases.first { name in
            let lowered = name.lowercased()
            return lowered.hasPrefix("success") || lowered.contains("nodata") || ["done", "ok"].contains(lowered)
        }
    }
}
