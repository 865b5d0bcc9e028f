import DeclParser

/// Which closure parameter is the completion handler: `@completion` names it, else the one
/// named like a completion, else the last closure. Ambiguity and absence are said here.
extension Analyzer {
    /// Parameter names and labels that mark a completion handler by convention (SE-0297 looks
    /// for "completion" and "reply"; Swift SDKs add a few common words).
    static let completionWords: Set<String> = [
        "handler", "block", "callback", "then", "done", "resulthandler", "onresult", "oncomplete", "oncompletion",
        "onfinish", "finished", "whendone", "responseblock", "responsehandler", "resultblock",
    ]

    public static func looksLikeCompletion(_ word: String?) -> Bool {
        guard let word else { return false }
        let lowered = word.lowercased()
        // `createAsynchronously:` (CoreStore's `monitorList`): the object made, handed over once.
        return lowered.contains("completion") || lowered.contains("reply") || completionWords.contains(lowered)
            || lowered.hasSuffix("asynchronously")
    }

    /// The completion handler: the one named by `@completion`, else the closure parameter named
    /// like a completion, else the last closure parameter.
    mutating func selectCompletion(_ function: FunctionDecl, annotations: FunctionAnnotations, scope: String) -> Int? {
        var closures: [Int] = []
        for index in function.parameters.indices where isClosure(function.parameters[index].type, scope: scope) {
            closures.append(index)
        }
        if let (name, location) = annotations.completion {
            guard let index = function.parameters.firstIndex(where: { $0.name.name == name || $0.label?.name == name }) else {
                let known = function.parameters.map { "'\($0.name.name)'" }.joined(separator: ", ")
                diagnostics.error(
                    "'@completion(\(name))' names no parameter of '\(function.fullName)'", at: location,
                    notes: [.init(known.isEmpty ? "the method has no parameters" : "its parameters are \(known)")])
                return nil
            }
            guard closures.contains(index) else {
                diagnostics.error(
                    "parameter '\(name)' is not a closure and cannot be the completion handler", at: function.parameters[index].location,
                    notes: [.init("if its type is a typealias of the SDK, declare it in this file: 'typealias Name = (…) -> Void'")])
                return nil
            }
            return index
        }
        var conventional = closures.filter {
            Self.looksLikeCompletion(function.parameters[$0].name.name) || Self.looksLikeCompletion(function.parameters[$0].label?.name)
        }
        // A bare `block` or `body` beside a closure named for the outcome is the work the SDK
        // runs (Realm's `writeAsync(_ block:, onComplete:)`: the write, then its completion).
        let bodies = conventional.filter { ["block", "body"].contains(function.parameters[$0].name.name.lowercased()) }
        if conventional.count > bodies.count, !bodies.isEmpty { conventional.removeAll { bodies.contains($0) } }
        // A closure the library hands a function that makes something (XCoordinator's
        // `handler: (GestureRecognizer, _ transition: () -> TransitionAnimation?) -> Void`, which
        // the app's code calls to start the transition) is the app's work beside the outcome.
        let handedMakers = conventional.filter { index in
            closureType(function.parameters[index].type, scope: scope)?.parameters.contains { argument in
                guard case .function(let handed) = argument.type.strippingAttributes.unwrappingOptional.strippingAttributes.kind else { return false }
                return !handed.result.isVoid
            } == true
        }
        if conventional.count > handedMakers.count, !handedMakers.isEmpty { conventional.removeAll { handedMakers.contains($0) } }
        if conventional.count > 1 {
            let names = conventional.map { "'\(function.parameters[$0].name.name)'" }.joined(separator: " and ")
            diagnostics.error(
                "ambiguous completion handler in '\(function.fullName)': \(names) both look like one",
                at: function.name.location,
                notes: [.init("mark the one that reports the outcome with '@completion(\(function.parameters[conventional[0]].name.name))'")])
            return nil
        }
        if let index = conventional.first ?? closures.last { return index }

        var notes: [Diagnostic.Note] = [
            .init("a completion handler is a closure parameter that returns Void, e.g. 'completion: @escaping (Result<Value, Error>) -> Void'")
        ]
        if let opaque = function.parameters.last(where: { Self.looksLikeCompletion($0.name.name) || Self.looksLikeCompletion($0.label?.name) }) {
            notes.append(.init(Self.declareAliasNote(opaque.type.strippingAttributes), at: opaque.type.location))
        }
        diagnostics.error("no completion handler found in '\(function.fullName)'", at: function.name.location, notes: notes)
        return nil
    }
}
