import DeclParser
import Generator

extension StarterBlock {
    /// An event closure the caller may leave nil beside an end that hands the whole outcome
    /// (SwiftyInsta's paginated calls: `updateHandler: PaginationUpdateHandler<R, P>?`, called
    /// per page, and `completionHandler: (Result<[R], Error>, PaginationParameters) -> Void`,
    /// called once with every page): names alone say "a stream", but a closure that may be nil
    /// cannot carry what the call is for, and the end's value does. A one-shot of the end's value,
    /// the events passed through as progress (`@completion(end) @progress(event)`).
    /// Not an end that hands nothing but its failure (an enumeration's `completion: (Error?) ->
    /// Void`): then the events are the values, a stream.
    func progressBesideOutcome(_ callbacks: [Parameter]) -> (progress: String, end: String)? {
        guard callbacks.count == 2 else { return nil }
        func name(_ parameter: Parameter) -> String { parameter.label?.name ?? parameter.name.name }
        func plays(_ role: ClosureRoleNames.Role, _ parameter: Parameter) -> Bool {
            ClosureRoleNames.plays(role, name: parameter.name.name, label: parameter.label?.name)
        }
        guard let event = callbacks.first(where: { plays(.event, $0) }), let end = callbacks.first(where: { $0.name.name != event.name.name }),
            plays(.finish, end) || Analyzer.looksLikeCompletion(end.name.name) || Analyzer.looksLikeCompletion(end.label?.name),
            Analyzer.isOptional(event.type.strippingAttributes), let closure = closureType(of: end)
        else { return nil }
        let handsValue = closure.parameters.contains { element in
            guard case .named(let components) = element.type.strippingAttributes.kind, let last = components.last,
                resultName(element.type) != nil, let success = last.genericArguments.first
            else { return false }
            return !success.isVoid
        }
        return handsValue ? (name(event), name(end)) : nil
    }

    /// Three closures or more, none but the last named for an outcome (BTKit's `connect(for:
    /// connected:heartbeat:disconnected:) -> ObservationToken?`, EVCloudKitDao's
    /// `fetchChangeNotifications(_:inserted:updated:deleted:completed:)`): generate makes the
    /// last the completion and passes the others through while the call waits, a one-shot that
    /// waits for the disconnection. What an expert would write, a stream of the events until the
    /// last, is one annotation away: said.
    func eventsBesideLastNote(callbacks: [Parameter], annotations: [(annotation: String, why: String)]) -> (annotation: String, why: String)? {
        guard callbacks.count >= 3,
            !annotations.contains(where: { !$0.annotation.isEmpty && !$0.annotation.hasPrefix("@cancel") }),
            callbacks.dropLast().allSatisfy({
                !ClosureRoleNames.namesOutcome(name: $0.name.name, label: $0.label?.name)
                    && !ClosureRoleNames.namesProgress(name: $0.name.name, label: $0.label?.name)
            }),
            // The last may be named for the end (EVCloudKitDao's `fetchChangeNotifications(_:
            // inserted:updated:deleted:completed:)`), not for a failure.
            let end = callbacks.last, !ClosureRoleNames.plays(.failure, name: end.name.name, label: end.label?.name)
        else { return nil }
        let names = callbacks.map { $0.label?.name ?? $0.name.name }
        guard let last = names.last, let event = names.dropLast().last else { return nil }
        let kept = names.dropLast().map { "'\($0)'" }.joined(separator: ", ")
        return (
            "",
            "as written, a one-shot that waits for '\(last)' and passes \(kept) through while it waits; if '\(event)' is called for each event until '\(last)', write '@stream @event(\(event)) @finish(\(last))'"
        )
    }
}
