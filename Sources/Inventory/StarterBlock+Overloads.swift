import DeclParser

extension StarterBlock {
    /// Overloads that take the same arguments once their callbacks are gone: their adapters
    /// would differ only in what they return, and a call that does not name the type would be
    /// ambiguous (api.video's `get(videoId:language:apiResponseQueue:completion:)`, declared once
    /// with `(Caption?, Error?)` and once with `Result<Response<Caption>, ErrorResponse>`, as
    /// openapi-generator writes every endpoint; Phoenix's `onOpen(callback:)` with `() -> Void`
    /// and with `(URLResponse?) -> Void`). The one whose callbacks hand over the most is bridged
    /// (the first of equals); the others are context, said. Where one of them is served by a
    /// protocol's or a superclass's adapter (api.video's `ProgressiveUploadSession.uploadPart`,
    /// whose `(Video?, Error?)` overload implements `ProgressiveUploadSessionProtocol`'s), that
    /// adapter is the one: the type's own would win every call on the type, and answer with the
    /// other's value. Work closures stay parameters of the adapter, so they tell overloads apart
    /// (Bluejay's `run(backgroundTask:completionOnMainThread:)`, whose task returns `Void` or a
    /// generic `Result`).
    mutating func leaveOneAdapterPerArguments() {
        let served = Dictionary(
            entries.compactMap { entry in entry.servedBy.flatMap { by in arguments(of: entry).map { ($0, by) } } },
            uniquingKeysWith: { first, _ in first })
        var groups: [String: [Int]] = [:]
        for index in entries.indices where entries[index].role == .callback && entries[index].refusal == nil {
            if let key = arguments(of: entries[index]) { groups[key, default: []].append(index) }
        }
        for (key, indices) in groups where indices.count > 1 || served[key] != nil {
            let ranked = indices.map { (index: $0, handed: handedOver(entries[$0])) }.sorted { $0.handed > $1.handed || ($0.handed == $1.handed && $0.index < $1.index) }
            let kept = served[key] == nil ? ranked.first?.index : nil
            for index in indices where index != kept {
                guard case .function(let function)? = entries[index].member.declaration else { continue }
                let reason: String
                if let by = served[key] {
                    reason = "an overload with the same arguments is \(by)'s, whose adapter serves this type: a second adapter here would differ only in what it returns"
                } else if let kept, case .function(let bridged)? = entries[kept].member.declaration {
                    reason = "takes the same arguments as '\(Self.callbackText(bridged))', which is bridged: a second adapter would differ only in what it returns, and calls that do not name the type would be ambiguous; to bridge this one instead, move '@context' to that one"
                } else {
                    continue
                }
                entries[index] = Self.context(entries[index].member, function, reason: reason, servedBy: served[key])
            }
        }
    }

    /// What an adapter of `entry`'s method takes: its name, whether it is static, and the types
    /// of its parameters that are not callbacks (work closures stay the adapter's parameters).
    private func arguments(of entry: Entry) -> String? {
        guard case .function(let function)? = entry.member.declaration else { return nil }
        let aliases = closureAliases
        let types = function.parameters.filter { !Self.isCallback($0, aliases: aliases, method: function.name.name, owner: type, declared: declaredTypes) }
            .map { $0.type.strippingAttributes.description.filter { !$0.isWhitespace } }
        let isStatic = function.modifiers.contains { ["static", "class"].contains($0.name) }
        return (isStatic ? "static " : "") + function.fullName + " " + types.joined(separator: ", ")
    }

    /// How many values the entry's callbacks hand over, together.
    private func handedOver(_ entry: Entry) -> Int {
        guard case .function(let function)? = entry.member.declaration else { return 0 }
        let aliases = closureAliases
        return function.parameters.filter { Self.isCallback($0, aliases: aliases, method: function.name.name, owner: type, declared: declaredTypes) }
            .compactMap { closureType(of: $0)?.parameters.count }.reduce(0, +)
    }

    /// The overload by its callback's type, which is all that tells it from the others.
    private static func callbackText(_ function: FunctionDecl) -> String {
        let closure = function.parameters.last { $0.type.description.contains("->") }
        return function.name.name + "(… " + (closure?.type.strippingAttributes.description ?? "") + ")"
    }
}
