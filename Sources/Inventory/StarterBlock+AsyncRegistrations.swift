import DeclParser
import Generator

/// An `async` method that registers an observer and returns the token that stops it (SQLiteNIO's
/// `addUpdateObserver(lifetime:_:) async throws -> SQLiteHookToken`; Courier's
/// `addInboxListener(…) async -> CourierInboxListener`, of several closures): a stream until the
/// token stops it.
extension StarterBlock {
    /// Its entry: `@stream` and the token's stop, and the closures' roles.
    func asyncRegistrationEntry(_ member: SourceMember, _ function: FunctionDecl, tokens: TokenMethods) -> Entry? {
        guard let (callbacks, returned, stop) = asyncRegistration(function, tokens: tokens) else { return nil }
        var entry = Entry(member: member, role: .callback)
        let (token, cancel) = Self.tokenStop(returned, stop: stop, tokens: tokens)
        let callback = callbacks[0]
        let name = callback.label?.name ?? callback.name.name
        // Several closures, each for its own kind of event (Courier's `addInboxListener(
        // onLoading:onError:onUnreadCountChanged:…) async -> CourierInboxListener`).
        if callbacks.count > 1, let (events, end) = severalEvents(of: function, callbacks: callbacks, registered: true) {
            entry.annotations = [("@stream", "'\(function.name.name)' is async, registers \(callbacks.count) closures, each for its own kind of event, and returns the \(token) that stops them"), cancel]
                + eventRoles(events, end: end)
            return entry
        }
        entry.annotations = [("@stream", "'\(function.name.name)' is async, registers '\(name)' and returns the \(token) that stops it"), cancel]
        if let result = resultType(of: callback) {
            if Self.registersForResults(function.name.name) {
                entry.annotations[0] = ("@stream(results)", entry.annotations[0].why + "; a \(result) per call, which a failure does not end")
            } else {
                entry.annotations.append(
                    ("", "'\(name)' gets a \(result) per call: the stream ends at the first failure; if the SDK goes on after one, write '@stream(results)'"))
            }
        }
        return entry
    }

    /// The one callback of an `async` method that returns a token with a stop method: an
    /// observer's registration, a stream until the token stops it. The type need not be
    /// `Sendable` (Appwrite's `Realtime` is not): the adapter's registration task takes it along
    /// as the SDK's own callbacks take their objects across threads (decision 169).
    func asyncRegistration(_ function: FunctionDecl, tokens: TokenMethods) -> ([Parameter], String, String)? {
        guard function.isAsync, !function.name.name.hasPrefix("_"), let returned = function.returnType, !returned.isVoid,
            let stop = tokens.stopMethod(of: returned.description), !Self.registersInCallersIsolation(function)
        else { return nil }
        let aliases = closureAliases
        let callbacks = function.parameters.filter { Self.isCallback($0, aliases: aliases, method: function.name.name, owner: type, declared: declaredTypes, documentation: function.documentation) }
        // Several closures, each for its own kind of event.
        if callbacks.count > 1 {
            return severalEvents(of: function, callbacks: callbacks, registered: true) == nil ? nil : (callbacks, returned.description, stop)
        }
        // A closure named like a completion, unless the method is named like an observer (Apollo's
        // `watch(query:…, resultHandler:) async -> GraphQLQueryWatcher<Query>`).
        guard callbacks.count == 1, let callback = callbacks.first,
            !Analyzer.looksLikeCompletion(callback.name.name) || ClosureRoleNames.namesPerItem(callback.name.name)
                || Self.namesObserver(function.name.name)
        else { return nil }
        return ([callback], returned.description, stop)
    }

    /// The token an async registration returns, said as its protocol (`some
    /// AuthStateChangeListenerRegistration`), and the `@cancel` that stops it.
    static func tokenStop(_ returned: String, stop: String, tokens: TokenMethods) -> (token: String, cancel: (annotation: String, why: String)) {
        let effects = tokens.stopEffects(of: returned)
        let token = ["some ", "any "].first(where: returned.hasPrefix).map { String(returned.dropFirst($0.count)) } ?? returned
        let effectsSaid = effects.isEmpty ? "" : ", " + effects.split(separator: " ").map { $0 == "try" ? "throwing" : "async" }.joined(separator: " and ")
        return (
            token,
            stop == "cancel" && effects.isEmpty
                ? ("@cancel(token)", "the returned \(token) has cancel()")
                : ("@cancel(token: \(effects)\(stop)())", "the returned \(token) has \(stop)()\(effectsSaid)")
        )
    }
}
