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
        guard callbacks.count >= 2,
            !annotations.contains(where: { !$0.annotation.isEmpty && !$0.annotation.hasPrefix("@cancel") }),
            // The last may be named for the end, none for a failure or progress.
            callbacks.dropLast().allSatisfy({
                !ClosureRoleNames.namesOutcome(name: $0.name.name, label: $0.label?.name)
                    && !ClosureRoleNames.namesProgress(name: $0.name.name, label: $0.label?.name)
            }),
            let last = callbacks.last, !ClosureRoleNames.plays(.failure, name: last.name.name, label: last.label?.name),
            !ClosureRoleNames.namesProgress(name: last.name.name, label: last.label?.name),
            case let closures = callbacks.map({ closureType(of: $0) }), closures.allSatisfy({ $0?.result.isVoid == true })
        else { return [] }
        func name(_ parameter: Parameter) -> String { parameter.label?.name ?? parameter.name.name }
        let names = callbacks.map(name)
        // An end handed nothing, named so (`completed`, `finished`, `done`), after two events or more.
        let endsLast = callbacks.count >= 3 && closures.last??.parameters.isEmpty == true
            && ClosureRoleNames.plays(.finish, name: last.name.name, label: last.label?.name)
            && !Analyzer.looksLikeCompletion(last.name.name) && !Analyzer.looksLikeCompletion(last.label?.name)
        let stoppedByToken = annotations.contains { $0.annotation.hasPrefix("@cancel(token") }
        let events = endsLast ? Array(callbacks.dropLast()) : callbacks
        let generics = Set(function.genericParameters.map(\.name.name))
        let eventsHandValues = events.allSatisfy { event in
            guard let closure = closureType(of: event) else { return false }
            let handedBack = Analyzer.handsBackArgument(closure.parameters, of: function) ? 1 : 0
            let payload = closure.parameters.dropFirst(handedBack)
            // A payload of the method's own type parameter cannot be a case of an enum declared once.
            return !payload.isEmpty && !payload.contains { Self.identifiers(in: $0.type.description).contains(where: generics.contains) }
        }
        guard eventsHandValues, stoppedByToken || endsLast,
            events.allSatisfy({ !ClosureRoleNames.namesOutcome(name: $0.name.name, label: $0.label?.name) })
        else {
            guard callbacks.count >= 3, let event = names.dropLast().last, let end = names.last else { return [] }
            let kept = names.dropLast().map { "'\($0)'" }.joined(separator: ", ")
            return [
                ("",
                 "as written, a one-shot that waits for '\(end)' and passes \(kept) through while it waits; if each is called for its own kind of event until '\(end)', write '@stream @event(\(names.dropLast().joined(separator: ", "))) @finish(\(end))'; if only '\(event)' is, '@stream @event(\(event)) @finish(\(end))'")
            ]
        }
        let listed = events.map(name).joined(separator: ", ")
        var roles: [(annotation: String, why: String)] = [
            ("@stream",
             stoppedByToken
                ? "'\(function.name.name)' registers \(events.count) closures, each for its own kind of event, until the returned token stops them"
                : "'\(function.name.name)' hands each change to the closure of its kind, until '\(names.last ?? "")' says they are over"),
            ("@event(\(listed))",
             events.map { "'\(name($0))'" }.joined(separator: ", ") + " are each called for their own kind of event: the stream's elements are an enum of them, in the order the SDK calls them"),
        ]
        if endsLast { roles.append(("@finish(\(names.last ?? ""))", "'\(names.last ?? "")' is handed nothing and named for the end")) }
        if !endsLast, let last = names.last {
            roles.append(("", "if '\(last)' ends the events, take it out of '@event' and write '@finish(\(last))'"))
        }
        return roles
    }
}
