import DeclParser

extension StarterBlock {
    /// Overloads that take the same arguments once their callbacks are gone: their adapters
    /// differ only in what they return (api.video's `get(videoId:language:apiResponseQueue:
    /// completion:)`, declared once with `(Caption?, Error?)` and once with
    /// `Result<Response<Caption>, ErrorResponse>`, as openapi-generator writes every endpoint;
    /// Phoenix's `onOpen(callback:)` with `() -> Void` and with `(URLResponse?) -> Void`). Both
    /// are bridged: which one a caller wants differs from SDK to SDK (SwiftObserver's plainer
    /// `receive(_:)` is its main one, Phoenix's richer `onOpen`), and a call that names the type
    /// picks it; the later ones say so. Where one of them is served by a protocol's or a
    /// superclass's adapter (api.video's `ProgressiveUploadSession.uploadPart`, whose `(Video?,
    /// Error?)` overload implements `ProgressiveUploadSessionProtocol`'s), that adapter is the
    /// one: the type's own would silently win every call on the type, and answer with the
    /// other's value. Work closures stay parameters of the adapter, so they tell overloads apart
    /// (Bluejay's `run(backgroundTask:completionOnMainThread:)`, whose task returns `Void` or a
    /// generic `Result`).
    mutating func readOverloadsWithTheSameArguments() {
        let served = Dictionary(
            entries.compactMap { entry in entry.servedBy.flatMap { by in arguments(of: entry).map { ($0, by) } } },
            uniquingKeysWith: { first, _ in first })
        var first: [String: String] = [:]
        for index in entries.indices where entries[index].role == .callback && entries[index].refusal == nil {
            guard let key = arguments(of: entries[index]), case .function(let function)? = entries[index].member.declaration else { continue }
            if let by = served[key] {
                let reason = "an overload with the same arguments is \(by)'s, whose adapter serves this type: a second adapter here would differ only in what it returns, and win every call on the type"
                entries[index] = Self.context(entries[index].member, function, reason: reason, servedBy: by)
            } else if let bridged = first[key] {
                entries[index].annotations.append(
                    ("", "takes the same arguments as '\(bridged)' above: the two adapters differ only in what they return, so a call names the type it wants ('let value: T = try await …', 'let _: Void = try await …' for one that returns nothing); to keep one, mark the other '@context'"))
            } else {
                first[key] = callbackText(function)
            }
        }
    }

    /// What an adapter of `entry`'s method takes: its name, whether it is static, and the types
    /// of its parameters that are not callbacks (work closures stay the adapter's parameters).
    private func arguments(of entry: Entry) -> String? {
        guard case .function(let function)? = entry.member.declaration else { return nil }
        let aliases = closureAliases
        let types = function.parameters.filter { !Self.isCallback($0, aliases: aliases, method: function.name.name, owner: type, declared: declaredTypes, documentation: function.documentation) }
            .map { $0.type.strippingAttributes.description.filter { !$0.isWhitespace } }
        let isStatic = function.modifiers.contains { ["static", "class"].contains($0.name) }
        return (isStatic ? "static " : "") + function.fullName + " " + types.joined(separator: ", ")
    }

    /// The overload by its callback's type, which is all that tells it from the others.
    private func callbackText(_ function: FunctionDecl) -> String {
        let closure = function.parameters.last(where: isClosure)
        return function.name.name + "(… " + (closure?.type.strippingAttributes.description ?? "") + ")"
    }
}
