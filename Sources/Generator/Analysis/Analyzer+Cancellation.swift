import DeclParser

/// Cancellation: how cancelling the task stops the SDK's work, from `@cancel` and `@start` or
/// inferred from the token the legacy declaration returns.
extension Analyzer {
    /// Token types whose `cancel()` stops the work they stand for.
    public static let cancellableTokens: Set<String> = [
        "Operation", "BlockOperation", "URLSessionTask", "URLSessionDataTask", "URLSessionDownloadTask",
        "URLSessionUploadTask", "URLSessionStreamTask", "URLSessionWebSocketTask", "Progress", "Cancellable",
        "AnyCancellable", "DispatchWorkItem", "_Concurrency.Task",
    ]
    /// Tokens the SDK returns suspended: the adapter calls `resume()` once it holds them.
    public static let suspendedTokens: Set<String> = [
        "URLSessionTask", "URLSessionDataTask", "URLSessionDownloadTask", "URLSessionUploadTask", "URLSessionStreamTask",
        "URLSessionWebSocketTask",
    ]

    static let cancelUsage = Annotations.usage("cancel")

    /// How cancelling stops the work, from `@cancel`/`@start`, or inferred from the returned token type.
    /// `selfType` names the extended type: a builder-style method returns `Self`, which the
    /// adapter's closures can only name as the type itself (Swift types `self` as the class there).
    /// A delegate adapter's declaration returns its result, not a token, and its `@start` is the
    /// owner's start call (Analyzer+Delegate.swift): `isDelegate` reads only its `@cancel`.
    /// `returnedIsUsed`: the returned value has another use (`@finish(returned)`): no warning that
    /// it is ignored.
    mutating func readCancellation(
        _ function: FunctionDecl, selfType: String, isDelegate: Bool = false, returnedIsUsed: Bool = false
    ) -> Cancellation? {
        var cancellation = Cancellation()
        let returnType = isDelegate ? nil : function.returnType.flatMap { $0.isVoid ? nil : $0 }
        let returnsSelf = returnType.map { type -> Bool in
            var base = type.strippingAttributes
            if case .optional(let wrapped) = base.kind { base = wrapped }
            return base.qualifiedName == "Self"
        } ?? false
        cancellation.returnsSelf = returnsSelf
        // An opaque token (Defaults' `observe(…) -> some Observation`) cannot be named as a type
        // argument; the adapter keeps it as the existential, which it converts to.
        let tokenType = returnType.map { type in
            returnsSelf ? selfType + (type.description.hasSuffix("?") ? "?" : "")
                : type.description.hasPrefix("some ") ? "any " + type.description.dropFirst(5) : type.description
        }
        var tokenName: String?
        var tokenIsOptional = false
        if let returnType {
            var base = returnType.strippingAttributes
            if case .optional(let wrapped) = base.kind {
                base = wrapped
                tokenIsOptional = true
            }
            tokenName = base.qualifiedName.map(Self.lastComponent)
            // Swift's own `Task<Success, Failure>`: two generic arguments (an SDK's own `Task<T>`
            // has one).
            if tokenName == "Task", case .named(let components) = base.kind, components.last?.genericArguments.count == 2 {
                tokenName = "_Concurrency.Task"
            }
        }
        let cancelAttribute = function.attributes.first { $0.name.name == "cancel" }
        let startAttribute = isDelegate ? nil : function.attributes.first { $0.name.name == "start" }

        func needsToken(_ attribute: Attribute) -> Bool {
            if isDelegate {
                diagnostics.error(
                    "a delegate adapter has no token to cancel", at: attribute.location,
                    notes: [.init("write '@cancel(stopMethod())' calling the owner, or '@cancel(none)'")])
                return false
            }
            guard let tokenType else {
                diagnostics.error(
                    "'@\(attribute.name.name)' uses the returned token, but '\(function.fullName)' returns nothing",
                    at: attribute.location,
                    notes: [
                        attribute.name.name == "start"
                            ? .init("'@start' starts the token the call returns; declare the return type, or remove '@start'")
                            : .init("use '@cancel(receiverMethod())' to cancel through the receiver")
                    ])
                return false
            }
            cancellation.tokenType = tokenType
            return true
        }

        if let attribute = cancelAttribute {
            guard let arguments = attribute.arguments, !arguments.isEmpty else {
                diagnostics.error("'@cancel' needs an argument", at: attribute.location, notes: [.init("write \(Self.cancelUsage)")])
                return nil
            }
            var strategyArgument: AttributeArgument?
            for argument in arguments {
                switch argument.label?.name {
                case "waitForCompletion":
                    guard case .identifier(let flag) = argument.value, flag == "true" || flag == "false" else {
                        diagnostics.error("'waitForCompletion' must be true or false", at: argument.location)
                        return nil
                    }
                    cancellation.waitForCompletion = flag == "true"
                case nil, "token", "using":
                    if strategyArgument != nil {
                        diagnostics.error("'@cancel' takes one strategy", at: argument.location, notes: [.init("write \(Self.cancelUsage)")])
                        return nil
                    }
                    strategyArgument = argument
                case let label?:
                    diagnostics.error(
                        "'@cancel' does not take argument '\(label)'", at: argument.location, notes: [.init("write \(Self.cancelUsage)")])
                    return nil
                }
            }
            guard let argument = strategyArgument else {
                diagnostics.error("'@cancel' needs a strategy", at: attribute.location, notes: [.init("write \(Self.cancelUsage)")])
                return nil
            }
            let call = Self.callReference(argument.value.text)
            switch (argument.label?.name, argument.value) {
            case (nil, .identifier("none")):
                cancellation.strategy = .none
            case (nil, .identifier("token")):
                guard needsToken(attribute) else { return nil }
                cancellation.strategy = .token(method: "cancel", optional: tokenIsOptional)
                // The `cancel()` the adapter calls is derived from `token`: a token type without
                // one is reported here.
                cancellation.expressionLine = argument.location.line
            case ("token", _):
                // `try` and `await` say what the token's stop is (Appwrite's `close() async throws`).
                let (stopCall, effects) = Self.strippingEffects(argument.value.text)
                let call = Self.callReference(stopCall)
                cancellation.stopThrows = effects.contains("try")
                cancellation.stopIsAsync = effects.contains("await")
                guard let call, call.labels.isEmpty else {
                    diagnostics.error(
                        "'token:' needs a method call without arguments, like 'invalidate()'", at: argument.location,
                        notes: [.init("write \(Self.cancelUsage)")])
                    return nil
                }
                guard needsToken(attribute) else { return nil }
                cancellation.strategy = .token(method: call.name, optional: tokenIsOptional)
                cancellation.expressionLine = argument.location.line
            case ("using", _):
                guard let call, call.labels.count == 1, call.isReference else {
                    diagnostics.error(
                        "'using:' needs a method reference taking the token, like 'cancelRequest(_:)'", at: argument.location,
                        notes: [.init("write \(Self.cancelUsage)")])
                    return nil
                }
                guard needsToken(attribute) else { return nil }
                cancellation.strategy = .receiverWithToken(name: call.name, label: call.labels[0] == "_" ? nil : call.labels[0])
                cancellation.expressionLine = argument.location.line
            case (nil, _) where call == nil && Self.isCallWithArguments(argument.value.text):
                // `@cancel(unsubscribe(from: channels))`: the receiver's call that undoes the start,
                // with the adapter's own parameters as written (RediStack's pub/sub), and the
                // returned token as `$token` (Pusher's `unbind(eventName: eventName, callbackId:
                // $token)`).
                if argument.value.text.contains("$token") {
                    guard needsToken(attribute) else { return nil }
                }
                cancellation.strategy = .receiver(call: Self.spacedLabels(argument.value.text))
                cancellation.expressionLine = argument.location.line
            case (nil, _):
                guard let call, call.labels.isEmpty, !call.isReference else {
                    diagnostics.error(
                        "'@cancel(\(argument.value.text))' is not a cancellation strategy", at: argument.location,
                        notes: [.init(isDelegate ? "write '@cancel(stopMethod())' calling the owner, or '@cancel(none)'" : "write \(Self.cancelUsage)")])
                    return nil
                }
                cancellation.strategy = .receiver(call: call.name + "()")
                cancellation.expressionLine = argument.location.line
            default:
                return nil
            }
        } else if let tokenName, let tokenType, Self.cancellableTokens.contains(tokenName) {
            cancellation.tokenType = tokenType
            cancellation.strategy = .token(method: "cancel", optional: tokenIsOptional)
            if Self.suspendedTokens.contains(tokenName) { cancellation.startMethod = "resume" }
        } else if let returnType, !returnedIsUsed, tokenName == "Bool" {
            // A `Bool` is no handle: it says whether the request was taken (Hackle's
            // `handleRichNotification(request:contentHandler:) -> Bool`, Appcues's
            // `didReceiveNotification(response:completionHandler:) -> Bool`), and when it is
            // false the SDK never calls back: the adapter would wait until it is cancelled.
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "'\(function.fullName)' returns 'Bool', which the adapter ignores: if false means it will not call back, the call waits until it is cancelled",
                    at: returnType.location,
                    notes: [
                        .init("if it can return false, bridge a method of yours that calls it and calls back at once when it returns false"),
                        .init("annotate '@cancel(none)' if it always calls back, to keep the Bool ignored without this warning"),
                    ]))
        } else if let returnType, !returnedIsUsed {
            // An id (Optimizely's `Int?`, a `String` key, a `UUID`) has no method to call: a
            // method of the receiver takes it back.
            let isID = ["Int", "Int32", "Int64", "UInt", "String", "UUID"].contains(tokenName ?? "")
            let stop = isID ? "'@cancel(using: removeMethod(_:))', or '@cancel(removeMethod(label: $token))'" : "'@cancel(token)'"
            var notes: [Diagnostic.Note] = [
                .init(
                    isID
                        ? "if a method of the receiver takes it back, say which: \(stop)"
                        : "if it cancels the request, say how: '@cancel(token)', '@cancel(token: method())' or '@cancel(using: cancelMethod(_:))'"),
                .init("annotate '@cancel(none)' to keep it ignored without this warning"),
            ]
            // Observers, timers and listeners return a token and call back many times.
            if !function.attributes.contains(where: { $0.name.name == "stream" }) {
                notes.append(
                    .init(
                        "if it calls back more than once (an observer, a timer, a listener), bridge it as a stream: '@stream' with \(stop) makes \(function.name.name)(…) return an AsyncStream that unregisters when it ends"
                    ))
            }
            // A stream's registration outlives its consumer: said as what it leaks.
            let isStream = function.attributes.contains { $0.name.name == "stream" }
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "'\(function.fullName)' returns '\(returnType)', which the adapter ignores: "
                        + (isStream ? "ending the stream cannot remove the SDK's registration" : "cancelling the task cannot stop the SDK's work"),
                    at: returnType.location, notes: notes))
        }

        if let attribute = startAttribute {
            let usage = Annotations.usage("start")
            guard let arguments = Annotations.arguments(of: attribute, into: &diagnostics),
                let argument = arguments[""]
            else { return nil }
            if case .identifier("none") = argument.value {
                cancellation.startMethod = nil
            } else if argument.value.text.hasPrefix("self."), argument.value.text.contains("$token"), Self.isCallWithArguments(argument.value.text) {
                // `@start(self.manager.executeQuery($token))`: another object runs what the
                // method returns (HealthKitReporter's queries, HealthKit's `execute(_:)`).
                guard cancellation.usesToken || needsToken(attribute) else { return nil }
                cancellation.startMethod = nil
                cancellation.startCall = Self.spacedLabels(argument.value.text)
                cancellation.expressionLine = cancellation.expressionLine ?? argument.location.line
            } else if let call = Self.callReference(argument.value.text), call.labels.isEmpty, !call.isReference {
                guard cancellation.usesToken || needsToken(attribute) else { return nil }
                cancellation.startMethod = call.name
                cancellation.expressionLine = cancellation.expressionLine ?? argument.location.line
            } else {
                diagnostics.error("'\(argument.value.text)' is not a method call on the token", at: argument.location, notes: [.init("write \(usage)")])
                return nil
            }
        }
        if cancellation.waitForCompletion, case .none = cancellation.strategy {
            diagnostics.error(
                "'waitForCompletion' needs a way to cancel", at: cancelAttribute?.location ?? function.location,
                notes: [.init("without one the SDK would never be asked to stop")])
            return nil
        }
        return cancellation
    }

    /// `Foundation.Operation` → `Operation`.
    static func lastComponent(_ qualifiedName: String) -> String {
        String(qualifiedName.split(separator: ".").last ?? Substring(qualifiedName))
    }

    /// `unsubscribe(from: channels)` for the normalized `unsubscribe(from:channels)`: a space after
    /// each argument label's colon, as Swift is written.
    /// `self.manager.stopQuery`: a method reached from the adapter's own `self` (in a
    /// `@bridge(through:)` block, the holder), not from the receiver.
    static func isSelfPath(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return parts.count >= 3 && parts[0] == "self" && parts.dropFirst().allSatisfy(Naming.isValidIdentifier)
    }

    static func spacedLabels(_ text: String) -> String {
        var spaced = ""
        var characters = text[...]
        while let character = characters.popFirst() {
            spaced.append(character)
            if character == ":", let next = characters.first, next != ")", next != ":", next != " " { spaced.append(" ") }
        }
        return spaced
    }

    /// `name(label: value, …)`: a call with arguments (not a reference like `name(label:)`).
    static func isCallWithArguments(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")"), Naming.isValidIdentifier(String(text[..<open])) || isSelfPath(String(text[..<open]))
        else {
            return false
        }
        var depth = 0
        for character in text[open...] {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth < 0 { return false }
        }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)].trimmingCharacters(in: .whitespaces)
        return depth == 0 && !inside.isEmpty && !inside.hasSuffix(":")
    }

    /// `try await close()` → (`close()`, [try, await]): the effects a token's stop is written with.
    static func strippingEffects(_ text: String) -> (call: String, effects: Set<String>) {
        var rest = Substring(text)
        var effects = Set<String>()
        while let word = ["try? ", "try! ", "try ", "await "].first(where: rest.hasPrefix) {
            effects.insert(word.hasPrefix("try") ? "try" : "await")
            rest = rest.dropFirst(word.count).drop(while: { $0 == " " })
        }
        return (String(rest), effects)
    }

    /// `name()`, `name(_:)` or `name(label:)` split into the name and its labels; `isReference`
    /// when written with colons (a reference, not a call).
    static func callReference(_ text: String) -> (name: String, labels: [String], isReference: Bool)? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let name = String(text[..<open])
        guard Naming.isValidIdentifier(name) else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        if inside.isEmpty { return (name, [], false) }
        guard inside.hasSuffix(":") else { return nil }
        let labels = inside.dropLast().split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard labels.allSatisfy({ $0 == "_" || Naming.isValidIdentifier($0) }) else { return nil }
        return (name, labels, true)
    }

    /// A stop or start call of the object itself that the block declares as returning nothing is
    /// a statement: `_ = token.stop()` would warn.
    func markingStatementCalls(_ cancellation: Cancellation) -> Cancellation {
        var cancellation = cancellation
        switch cancellation.strategy {
        case .token(let method, _) where cancellation.returnsSelf:
            cancellation.stopAnswers = !blockMethodsReturningNothing.contains(method + "()")
        case .receiver(let call) where !call.hasSuffix("()"):
            cancellation.stopAnswers = !blockMethodsReturningNothing.contains(Self.fullName(ofCall: call))
        default: break
        }
        if cancellation.returnsSelf, let start = cancellation.startMethod {
            cancellation.startAnswers = !blockMethodsReturningNothing.contains(start + "()")
        }
        return cancellation
    }

    /// `unsubscribe(from: channels, on: queue)` → `unsubscribe(from:on:)`; an argument without a
    /// label is `_:`.
    static func fullName(ofCall call: String) -> String {
        guard let open = call.firstIndex(of: "("), call.hasSuffix(")") else { return call }
        var labels: [String] = []
        var depth = 0
        var argument = ""
        func flush() {
            let text = argument.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty {
                let label = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                let rest = text.dropFirst(label.count).drop { $0 == " " }
                labels.append(!label.isEmpty && rest.hasPrefix(":") ? String(label) : "_")
            }
            argument = ""
        }
        for character in call[call.index(after: open)..<call.index(before: call.endIndex)] {
            if "([{<".contains(character) { depth += 1 }
            if ")]}>".contains(character) { depth -= 1 }
            if character == ",", depth == 0 { flush() } else { argument.append(character) }
        }
        flush()
        return call[..<open] + "(" + labels.map { $0 + ":" }.joined() + ")"
    }
}
