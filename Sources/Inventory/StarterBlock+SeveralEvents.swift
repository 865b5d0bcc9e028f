import DeclParser
import Generator

extension StarterBlock {
    /// Closures each called for its own kind of event (decision 183): BTKit's `connect(for:
    /// connected:heartbeat:disconnected:) -> ObservationToken?`, a registration the returned
    /// token stops; EVCloudKitDao's `fetchChangeNotifications(_:inserted:updated:deleted:
    /// completed:)`, whose last closure, handed nothing, says the changes are over. Both are one
    /// stream of the events, `@stream @event(…)` (and `@finish(last)` for such an end). Not
    /// without that evidence: three hooks and a completion that hands an error (Sendbird's
    /// `initialize(applicationId:startHandler:migrationHandler:completionHandler:)`) are a
    /// one-shot that passes the hooks through, and the starter says what to write if not.
    func severalEventsRoles(
        of function: FunctionDecl, callbacks: [Parameter], annotations: [(annotation: String, why: String)]
    ) -> [(annotation: String, why: String)] {
        // A plain `@stream` another reading wrote (an observer's name, a returned token) is no
        // reading of the closures: without `@event`, the last would be the elements and the
        // others would stay parameters (outside try: `observe(onInsert:onModify:onDelete:)`).
        // Not one whose closures' names say the roles already, an event's and a failure's or an
        // end's (Kinvey's `subscribe(…, onNext:onStatus:onError:)`: `onNext` the events, `onError`
        // the failure), as generate reads them.
        let streamed = annotations.contains { $0.annotation == "@stream" }
        func plays(_ role: ClosureRoleNames.Role) -> Bool { callbacks.contains { ClosureRoleNames.plays(role, name: $0.name.name, label: $0.label?.name) } }
        if streamed, plays(.event), plays(.failure) || plays(.finish) { return [] }
        guard callbacks.count >= 2,
            !annotations.contains(where: { !$0.annotation.isEmpty && !$0.annotation.hasPrefix("@cancel") && $0.annotation != "@stream" })
        else { return [] }
        let stoppedByToken = annotations.contains { $0.annotation.hasPrefix("@cancel(token") }
        guard let (events, end) = severalEvents(of: function, callbacks: callbacks, registered: stoppedByToken) else {
            // Three or more, none but the last named for an outcome: said.
            let names = callbacks.map(Self.callbackName)
            guard callbacks.count >= 3, let event = names.dropLast().last, let end = names.last,
                callbacks.dropLast().allSatisfy({
                    !ClosureRoleNames.namesOutcome(name: $0.name.name, label: $0.label?.name)
                        && !ClosureRoleNames.namesProgress(name: $0.name.name, label: $0.label?.name)
                }),
                !ClosureRoleNames.plays(.failure, name: callbacks[callbacks.count - 1].name.name, label: callbacks[callbacks.count - 1].label?.name)
            else { return [] }
            let kept = names.dropLast().map { "'\($0)'" }.joined(separator: ", ")
            return [
                ("",
                 "as written, a one-shot that waits for '\(end)' and passes \(kept) through while it waits; if each is called for its own kind of event until '\(end)', write '@stream @event(\(names.dropLast().joined(separator: ", "))) @finish(\(end))'; if only '\(event)' is, '@stream @event(\(event)) @finish(\(end))'")
            ]
        }
        let why = end.map { "'\(function.name.name)' hands each change to the closure of its kind, until '\(Self.callbackName($0))' says they are over" }
            ?? "'\(function.name.name)' registers \(events.count) closures, each for its own kind of event, until the returned token stops them"
        return (streamed ? [] : [("@stream", why)]) + eventRoles(events, end: end)
    }

    /// `@event(…)`, `@finish(…)` and what to write if a closure is read wrong.
    func eventRoles(_ events: [Parameter], end: Parameter?) -> [(annotation: String, why: String)] {
        let names = events.map(Self.callbackName)
        var roles: [(annotation: String, why: String)] = [
            ("@event(\(names.joined(separator: ", ")))",
             names.map { "'\($0)'" }.joined(separator: ", ")
                + " are each called for their own kind of event: the stream's elements are an enum of them, in the order the SDK calls them")
        ]
        if let end {
            roles.append(("@finish(\(Self.callbackName(end)))", "'\(Self.callbackName(end))' is handed nothing and named for the end"))
        } else if let last = names.last, let word = ClosureRoleNames.camelWords(last).last,
            ["disconnect", "disconnected", "close", "closed", "end", "ended", "finish", "finished", "stop", "stopped", "terminated", "lost"].contains(word)
        {
            // Named for an end, but a registration's: BTKit's link reconnects after `disconnected`.
            roles.append(("", "if '\(last)' ends the events, take it out of '@event' and write '@finish(\(last))'"))
        }
        // A registration's error closure is one more event: a listener that reports an error
        // and stays registered (Courier's `onError`, "the listener stays registered") would lose
        // what comes after, were it the stream's failure.
        if end == nil, let failure = events.first(where: { ClosureRoleNames.plays(.failure, name: $0.name.name, label: $0.label?.name) }) {
            let name = Self.callbackName(failure)
            roles.append(("", "'\(name)' is yielded as an event, and the stream goes on; if an error ends the registration, take it out of '@event' and write '@failure(\(name))'"))
        }
        return roles
    }

    /// The event closures of a stream of several, and the closure that ends them, if any: each
    /// returns nothing and hands a value (beside the caller's object handed back; in a
    /// registration, one may hand nothing), none is named for a completion, a success or an end
    /// (nor for progress, but in a registration), and their values name no type parameter of the
    /// method (the enum of them is declared once, outside it). A failure's name is an event's
    /// too in a registration (`registered`: a token stops it) of two other events or more. nil
    /// without the evidence that they go on: a registration, or an end handed nothing after two
    /// events or more.
    func severalEvents(of function: FunctionDecl, callbacks: [Parameter], registered: Bool) -> (events: [Parameter], end: Parameter?)? {
        guard callbacks.count >= 2, let last = callbacks.last else { return nil }
        let closures = callbacks.compactMap { closureType(of: $0) }
        guard closures.count == callbacks.count, closures.allSatisfy({ $0.result.isVoid && $0.throwsClause == nil && !$0.isAsync }) else { return nil }
        // Named for the end (`completed`, `finished`, `done`, `onFinished`), not a completion
        // handler's name: `completionHandler: () -> Void` is left to the one-shot readings.
        let lastName = Self.callbackName(last)
        let endWords = ["completed", "complete", "finished", "finish", "done", "ended", "end"]
        let endsLast = callbacks.count >= 3 && closures[closures.count - 1].parameters.isEmpty
            && (ClosureRoleNames.plays(.finish, name: last.name.name, label: last.label?.name)
                || ClosureRoleNames.camelWords(lastName).last.map(endWords.contains) == true)
            && !lastName.lowercased().contains("completion")
        guard registered || endsLast else { return nil }
        let events = endsLast ? Array(callbacks.dropLast()) : callbacks
        let generics = Set(function.genericParameters.map(\.name.name))
        for event in events {
            let (name, label) = (event.name.name, event.label?.name)
            // `onUpdate` of a registration is its updates, not a one-shot's progress.
            guard registered || !ClosureRoleNames.namesProgress(name: name, label: label), !Analyzer.looksLikeCompletion(name),
                !Analyzer.looksLikeCompletion(label),
                // Named for an event (`onChange`, `onUpdate`) is what an event closure is; named
                // for a success or an end is not; for a failure, only in a registration.
                !ClosureRoleNames.plays(.success, name: name, label: label), !ClosureRoleNames.plays(.finish, name: name, label: label),
                registered || !ClosureRoleNames.plays(.failure, name: name, label: label),
                let closure = closureType(of: event)
            else { return nil }
            let payload = closure.parameters.dropFirst(Analyzer.handsBackArgument(closure.parameters, of: function) ? 1 : 0)
            // A registration's closure handed nothing is an event too (`onReset`); elsewhere a
            // hook (Sendbird's `startHandler`).
            // Nor through a generic alias's argument (AWSAppSync's `OperationResultHandler<BaseQuery>`).
            let aliasArguments: [TypeSyntax] = {
                guard case .named(let components) = event.type.strippingAttributes.unwrappingOptional.strippingAttributes.kind else { return [] }
                return components.last?.genericArguments ?? []
            }()
            guard !payload.isEmpty || registered, !payload.contains(where: { Self.identifiers(in: $0.type.description).contains(where: generics.contains) }),
                !aliasArguments.contains(where: { Self.identifiers(in: $0.description).contains(where: generics.contains) })
            else { return nil }
        }
        guard events.contains(where: { event in closureType(of: event).map { !$0.parameters.isEmpty } == true }) else { return nil }
        // An error closure is one event among several others, not the other half of a pair
        // (BTKit's `serveUART(…, request:response:failure:)`, whose failure ends the service).
        let failures = events.filter { ClosureRoleNames.plays(.failure, name: $0.name.name, label: $0.label?.name) }
        guard failures.isEmpty || events.count - failures.count >= 2 else { return nil }
        return (events, endsLast ? last : nil)
    }

    static func callbackName(_ parameter: Parameter) -> String { parameter.label?.name ?? parameter.name.name }
}
