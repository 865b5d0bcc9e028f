import DeclParser
import Generator

/// Readings of a method's signature first met in batches 18-20 (decisions 88-91): a callback
/// that only reports failure, a returned task that may need starting, a registration whose
/// inverse is a command of its own.
extension StarterBlock {
    /// The one callback, called only when the call fails (SignalR's `cancelStreamInvocation(
    /// streamHandle:cancelDidFail: (Error) -> Void)`): nothing comes on success, so a one-shot
    /// would wait after every success until it is cancelled. Not a registration for errors
    /// (`onError(_:)`, `catch(_:)`), which is a stream or a promise's half.
    func failureOnlyCallback(of function: FunctionDecl, annotations: [(annotation: String, why: String)]) -> String? {
        let aliases = closureAliases
        let callbacks = function.parameters.filter { Self.isCallback($0, aliases: aliases, method: function.name.name, owner: type, declared: declaredTypes, documentation: function.documentation) }
        guard callbacks.count == 1, let callback = callbacks.first, let closure = closureType(of: callback), closure.parameters.count == 1,
            !annotations.contains(where: { $0.annotation.hasPrefix("@stream") }),
            !ClosureRoleNames.namesFailure(method: function.name.name),
            // By its first word: not `oneoff` (Jobs') for `on`.
            !["on", "when", "observe", "catch", "add", "register", "set"].contains(ClosureRoleNames.camelWords(function.name.name).first ?? ""),
            ["Error", "any Error", "NSError"].contains(closure.parameters[0].type.strippingAttributes.description)
                || errorTypes.contains(TokenMethods.bareName(closure.parameters[0].type.strippingAttributes.description))
        else { return nil }
        let name = callback.label?.name ?? callback.name.name
        let words = ClosureRoleNames.camelWords(callback.name.name) + (callback.label.map { ClosureRoleNames.camelWords($0.name) } ?? [])
        guard words.contains(where: { ["fail", "failed", "failure", "error"].contains($0) }) else { return nil }
        return name
    }

    /// A task that starts with `start()` (pCloud's `CallTask.addCompletionBlock(_:) -> CallTask`,
    /// made unstarted by the client): the one-shot waits until something starts it. A method
    /// named like a registration whose inverse calls back too (Perfect-Redis's `subscribe` and
    /// `unsubscribe(channels:callback:)`): a command answered once.
    func taskAndCommandNotes(
        of function: FunctionDecl, returnedType: String?, annotations: [(annotation: String, why: String)], tokens: TokenMethods
    ) -> [(annotation: String, why: String)] {
        var notes: [(annotation: String, why: String)] = []
        let streams = annotations.contains { $0.annotation == "@stream" }
        if let returnedType, function.returnType.map({ !$0.isVoid }) == true, !tokens.isResumable(returnedType),
            let start = tokens.startMethod(of: returnedType), !streams, !annotations.contains(where: { $0.annotation.hasPrefix("@start") })
        {
            if tokens.isMadeSuspended(returnedType) {
                notes.append(("@start(\(start)())", "the module documents that it makes a \(returnedType) suspended: \(start)() starts it once the callback is set"))
            } else {
                notes.append(
                    ("", "the returned \(returnedType) has \(start)(): if it may not be started when '\(function.name.name)' is called, write '@start(\(start)())'"))
            }
        }
        if !streams, Self.namesObserver(function.name.name), let inverse = tokens.answeringInverse(of: function, in: type) {
            notes.append(
                ("", "'\(inverse)' calls back too: as written, each is a command answered once; if '\(function.name.name)' calls back for every message, add '@stream'"))
        }
        return notes
    }
}

extension StarterBlock {
    /// `@asyncName` for a URLSession subclass's method named for the task it returns (DVR's
    /// `Session.dataTask(with:completionHandler:)`) beside the same method without the
    /// completion, which returns the task unstarted: the adapter would take that one's name in
    /// async code, so it is named as Foundation names URLSession's (`data(for:)`), without `Task`.
    func taskMethodAsyncName(of function: FunctionDecl, callbacks: [Parameter]) -> (annotation: String, why: String)? {
        let name = function.name.name
        guard subclassesURLSession, name.hasSuffix("Task"), name.count > "Task".count, callbacks.count == 1 else { return nil }
        let kept = function.parameters.filter { $0.name.name != callbacks[0].name.name }
        let adapterName = name + "(" + kept.map { ($0.label?.name ?? "_") + ":" }.joined() + ")"
        guard synchronousMethods.contains(adapterName) else { return nil }
        let base = String(name.dropLast("Task".count))
        return ("@asyncName(\(base))", "'\(adapterName)' is also the method that returns the task unstarted: named as Foundation names URLSession's async forms")
    }
}
