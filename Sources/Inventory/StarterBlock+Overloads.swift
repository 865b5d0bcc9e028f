import DeclParser

extension StarterBlock {
    /// Overloads that take the same arguments once their callbacks are gone: their adapters
    /// would differ only in what they return, and a call that does not name the type would be
    /// ambiguous (api.video's `get(videoId:language:apiResponseQueue:completion:)`, declared once
    /// with `(Caption?, Error?)` and once with `Result<Response<Caption>, ErrorResponse>`, as
    /// openapi-generator writes every endpoint). The first declared is bridged; the others are
    /// context, said. Where one of them is served by a protocol's or a superclass's adapter
    /// (api.video's `ProgressiveUploadSession.uploadPart`, whose `(Video?, Error?)` overload
    /// implements `ProgressiveUploadSessionProtocol`'s), that adapter is the one: the type's own
    /// would win every call on the type, and answer with the other's value.
    mutating func leaveOneAdapterPerArguments() {
        let served = Dictionary(
            entries.compactMap { entry in entry.servedBy.flatMap { by in Self.arguments(of: entry).map { ($0, by) } } },
            uniquingKeysWith: { first, _ in first })
        var bridged: [String: String] = [:]
        for index in entries.indices where entries[index].role == .callback && entries[index].refusal == nil {
            guard let key = Self.arguments(of: entries[index]), case .function(let function)? = entries[index].member.declaration else { continue }
            let reason: String
            let by = served[key]
            if let by {
                reason = "an overload with the same arguments is \(by)'s, whose adapter serves this type: a second adapter here would differ only in what it returns"
            } else if let first = bridged[key] {
                reason = "takes the same arguments as the '\(first)' above, which is bridged: a second adapter would differ only in what it returns, and calls that do not name the type would be ambiguous; to bridge this one instead, move '@context' to that one"
            } else {
                bridged[key] = Self.callbackText(function)
                continue
            }
            entries[index] = Self.context(entries[index].member, function, reason: reason, servedBy: by)
        }
    }

    /// What an adapter of `entry`'s method takes: its name, whether it is static, and the types
    /// of its parameters that are not closures.
    private static func arguments(of entry: Entry) -> String? {
        guard case .function(let function)? = entry.member.declaration else { return nil }
        let types = function.parameters.filter { !$0.type.description.contains("->") }
            .map { $0.type.strippingAttributes.description.filter { !$0.isWhitespace } }
        let isStatic = function.modifiers.contains { ["static", "class"].contains($0.name) }
        return (isStatic ? "static " : "") + function.fullName + " " + types.joined(separator: ", ")
    }

    /// The overload by its callback's type, which is all that tells it from the others.
    private static func callbackText(_ function: FunctionDecl) -> String {
        let closure = function.parameters.last { $0.type.description.contains("->") }
        return function.name.name + "(… " + (closure?.type.strippingAttributes.description ?? "") + ")"
    }
}
