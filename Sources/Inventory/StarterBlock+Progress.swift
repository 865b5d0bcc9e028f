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
}
