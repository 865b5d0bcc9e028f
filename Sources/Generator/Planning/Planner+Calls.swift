import DeclParser

/// The code of a one-shot adapter's body: the guarded call object, the retry state, and the
/// legacy call that starts the SDK's work with bridgegen's completion handler.
extension Planner {
    /// `defer`s for the progress streams, then the call, inside a retry loop with `@retry`:
    /// each pass of the loop is one complete call, and `retry` waits or rethrows.
    func printCallBody(_ site: AdapterSite, into printer: inout CodePrinter) {
        let adapter = site.adapter
        let call = adapter.call
        let finished = (call?.progressStreams.keys.sorted() ?? []) + (call?.until?.progress.map { [$0 + "?"] } ?? [])
        for stream in finished { printer.line("defer { \(stream).finish() }") }
        guard let retry = adapter.options.retry else {
            printCallSetup(site, inRetry: false, into: &printer)
            printRun(site, into: &printer)
            return
        }
        printRetrySetup(retry, name: site.names.retry, into: &printer)
        printer.block("while true {") {
            printCallSetup(site, inRetry: true, into: &$0)
            $0.block("do {", close: "} catch {") { printRun(site, into: &$0) }
            $0.indented { $0.line("try await \(site.names.retry).wait(after: error)") }
            $0.line("}")
        }
    }

    /// `return try await call.run { continuation in <legacy call> }`
    func printRun(_ site: AdapterSite, into printer: inout CodePrinter) {
        let names = site.names
        printer.block("return try await \(names.call).run { \(names.continuation) in") {
            if let script = site.script {
                $0.line(Self.scriptCall(site.adapter, script: script, target: names.continuation))
            } else if let call = site.adapter.call, call.completionRole == .returned {
                // The method's own return is the outcome (`@blocking` only): on the object's queue.
                let line = site.adapter.options.blocking
                let receiver = site.adapter.isStatic ? site.receiver + ".self" : site.receiver
                $0.block("BridgegenBlocking.run(on: \(receiver), while: \(names.continuation)) {", from: line) {
                    printReturningCall(site, call, into: &$0)
                }
            } else if let call = site.adapter.call {
                // `@failure(returned)`: the returned future's failure fails the call too.
                let returned = call.failsWithReturned || call.succeedsWithReturned
                    ? Self.freeName(call.succeedsWithReturned ? "handled" : "returned", taken: Set(site.adapter.parameters.map(\.name))) : nil
                let printCall = { (printer: inout CodePrinter) in
                    printLegacyCall(site, call, handlerHead: closureHead(call.completion.parameters), assigningTo: returned, into: &printer) {
                        printCompletionHandler(call.completion, continuation: names.continuation, until: call.until, into: &$0)
                    }
                }
                // `@blocking`: the synchronous SDK call runs on the object's serial queue.
                if let line = site.adapter.options.blocking {
                    let receiver = site.adapter.isStatic ? site.receiver + ".self" : site.receiver
                    $0.block("BridgegenBlocking.run(on: \(receiver), while: \(names.continuation)) {", from: line, printCall)
                } else {
                    printCall(&$0)
                }
                if let returned, call.succeedsWithReturned {
                    // `@success(returned)`: false says the completion will not come.
                    let none = call.completion.voidSuccessValue == nil ? "nil" : "false"
                    $0.line("if !\(returned) { \(names.continuation).resume(returning: \(none)) }")
                } else if let returned {
                    $0.block("\(returned).whenComplete { result in", from: call.returnedLine) {
                        $0.line("if case .failure(let error) = result { \(names.continuation).resume(throwing: error) }")
                    }
                    if site.cancellation.usesToken { $0.line("return " + returned) }
                }
            }
        }
    }

    /// The closure that stops the SDK's work, given the token its start call returned; nil when
    /// the SDK has no way to stop.
    func stopClosure(_ plan: Cancellation, receiver: String) -> String? {
        switch plan.strategy {
        case .none:
            return nil
        case .token(let method, let optional) where plan.tokenArrivesLater:
            // A stop that awaits runs in a task of its own; a plain one where the stream stops.
            let stop = "token in " + (plan.stopThrows ? "try? " : "") + (plan.stopIsAsync ? "await " : "") + "token\(optional ? "?" : "").\(method)()"
            return ["{ registration in", "    registration.stop" + (plan.stopIsAsync ? "(awaiting: { \(stop) })" : " { \(stop) }"), "}"]
                .joined(separator: "\n")
        case .token(let method, let optional):
            let effects = (plan.returnsSelf && plan.stopAnswers ? "_ = " : "") + (plan.stopThrows ? "try? " : "")
            return "{ token in \(effects)token\(optional ? "?" : "").\(method)() }"
        case .receiverWithToken(let name, let label):
            return "{ token in \(unwrapping("token", plan))\(receiver).\(name)(\(label.map { $0 + ": " } ?? "")token)\(unwrapped(plan)) }"
        case .receiver(let call):
            // A call with arguments (`unsubscribe(from: channels)`) often answers (a future): dropped.
            // `$token` is the token the start call returned.
            let token = call.contains("$token") ? "returnedToken" : "_"
            let written = call.replacingOccurrences(of: "$token", with: "returnedToken")
            // `self.manager.stopQuery($token)`: from the adapter's own `self`, an object the block
            // does not declare, whose answer may be `Void` (`_ =` would warn) or not (`let _ =`
            // never does).
            let answer = call.hasPrefix("self.") ? "let _ = " : call.hasSuffix("()") || !plan.stopAnswers ? "" : "_ = "
            let target = call.hasPrefix("self.") ? written : receiver + "." + written
            guard token != "_" else { return "{ _ in \(answer)\(target) }" }
            return "{ \(token) in \(unwrapping(token, plan))\(answer)\(target)\(unwrapped(plan)) }"
        }
    }

    /// An optional id the start call returned (Optimizely's `addActivateNotificationListener(…)
    /// -> Int?`): nil registered nothing, so there is nothing to take back, and passing nil to
    /// an inverse that takes an optional may take back every registration.
    private func unwrapping(_ token: String, _ plan: Cancellation) -> String {
        plan.tokenType.hasSuffix("?") ? "if let \(token) { " : ""
    }

    private func unwrapped(_ plan: Cancellation) -> String {
        plan.tokenType.hasSuffix("?") ? " }" : ""
    }

    /// The options of every call or stream setup, one per line, in one place for every kind of
    /// adapter (a call, a stream, a delegate's, a fake's): how the SDK's work is stopped
    /// (`cancel:`, or `stop:` for a stream) and started, the timeout, the isolation of the stop,
    /// error mapping. An annotation's expression lands on its line; an inferred stop or start
    /// call derives from the declaration's return type and lands there. A delegate stream
    /// prints its own `stop:` (it also clears the delegate slot): `stops: false`.
    func setupOptions(_ site: AdapterSite, inRetry: Bool = false, stops: Bool = true) -> [Sourced] {
        let adapter = site.adapter
        let plan = site.cancellation
        let isStream = adapter.stream != nil
        let receiver = site.receiver
        var options: [Sourced] = []
        if stops, let stop = stopClosure(plan, receiver: receiver) {
            options.append(
                Sourced(
                    (isStream ? "stop: " : "cancel: ") + stop, from: plan.expressionLine ?? adapter.signatureLine,
                    anchor: plan.expressionLine != nil))
        }
        if let call = plan.startCall, !isStream {
            // Another object runs what the method returned (`self.manager.executeQuery($token)`);
            // whether it answers is not known: `let _ =` is silent either way. A stream's runs in
            // its register closure (Planner+Streams).
            let written = call.replacingOccurrences(of: "$token", with: "token")
            options.append(
                Sourced(
                    "start: { token in \(unwrapping("token", plan))let _ = \(written)\(unwrapped(plan)) }",
                    from: plan.expressionLine ?? adapter.signatureLine, anchor: plan.expressionLine != nil))
        }
        if let start = plan.startMethod {
            let discard = plan.returnsSelf && plan.startAnswers ? "_ = " : ""
            options.append(
                Sourced(
                    "start: { token in \(discard)token\(plan.tokenType.hasSuffix("?") ? "?" : "").\(start)() }",
                    from: plan.expressionLine ?? adapter.signatureLine, anchor: plan.expressionLine != nil))
        }
        if inRetry, adapter.options.retry?.deadline != nil {
            options.append(Sourced("timeout: \(site.names.retry).timeout(\(adapter.options.timeout?.text ?? ""))"))
        } else if let timeout = adapter.options.timeout {
            options.append(Sourced("timeout: " + timeout.text))
        }
        if plan.waitForCompletion { options.append(Sourced("waitForCompletion: true")) }
        if stops, adapter.options.isMainActor, plan.strategy != .none {
            options.append(Sourced(isStream ? "stopOnMainThread: true" : "cancelOnMainThread: true"))
        }
        if let mapError = adapter.options.mapError, !isStream || adapter.stream?.isThrowing == true {
            options.append(Sourced("mapError: " + mapError.text, from: mapError.line, anchor: true))
        }
        return options
    }

    /// `let call = BridgegenCall<Value, Token>("Type.name(labels:)", options…)`, one option per
    /// line. In a retry loop it takes its timeout from the loop, which shortens it to what is
    /// left of the deadline. Without an annotation expression, the statement lands on the
    /// result type's line (it repeats the result type).
    func printCallSetup(_ site: AdapterSite, inRetry: Bool, into printer: inout CodePrinter) {
        let adapter = site.adapter
        let options = setupOptions(site, inRetry: inRetry)
        let head =
            "let \(site.names.call) = BridgegenCall<\(Self.spelled(adapter.resultType)), \(Self.spelled(site.cancellation.tokenType))>("
        let typesLine = adapter.resultLine ?? adapter.signatureLine
        let name = site.nameLiteral
        if options.isEmpty && printer.fits(head + name + ")") { return printer.line(head + name + ")", from: typesLine) }
        printer.line(head, from: typesLine)
        printer.indented { $0.commaSeparated([Sourced(name)] + options) }
        printer.continuation(")")
    }

    /// `var retry = BridgegenRetry(attempts: 3, delay: 0.5, …, when: predicate)`; error cases
    /// become a closure that matches them as patterns against `any Error`. The `when:` line
    /// lands on the `@retry` line.
    func printRetrySetup(_ retry: RetryPolicy, name: String, into printer: inout CodePrinter) {
        let line = retry.line
        var options = ["attempts: \(retry.attempts)", "delay: \(retry.delay)"].map { Sourced($0) }
        if case .exponential(let multiplier, let maxDelay) = retry.backoff {
            options.append(Sourced("backoff: .exponential(multiplier: \(multiplier), maxDelay: \(maxDelay ?? "nil"))"))
        }
        if retry.jitter != .none { options.append(Sourced("jitter: .\(retry.jitter.rawValue)")) }
        if let deadline = retry.deadline { options.append(Sourced("deadline: \(deadline)")) }
        switch retry.condition {
        case .predicate(let function):
            options.append(Sourced("when: " + function, from: line, anchor: true))
        case .cases(let cases):
            // One case a line: short lines, and a case added later is a one-line diff.
            let condition = ["when: { error in", "    switch error {"] + cases.map { "    case \($0): true" }
                + ["    default: false", "    }", "}"]
            options.append(Sourced(condition.joined(separator: "\n"), from: line, anchor: true))
        }
        let head = "var \(name) = BridgegenRetry("
        let oneLine = head + options.map(\.text).joined(separator: ", ") + ")"
        if !oneLine.contains("\n") && printer.fits(oneLine) { return printer.line(oneLine, from: line) }
        printer.line(head)
        printer.indented { $0.commaSeparated(options) }
        printer.continuation(")")
    }

    /// `let value = try Zip.quickUnzipFile(path, progress: progress)`, then the value (or the
    /// error) resumes the call.
    func printReturningCall(_ site: AdapterSite, _ call: SDKCall, into printer: inout CodePrinter) {
        let continuation = site.names.continuation
        let value = Self.freeName("value", taken: Set(site.adapter.parameters.map(\.name)))
        let returned = call.legacyCall.returnsValue ? value : nil
        let resume = returned.map { "\(continuation).resume(returning: \($0))" } ?? "\(continuation).resume()"
        guard call.legacyCall.isThrowing else {
            printLegacyCall(site, call, handlerHead: "", assigningTo: returned, into: &printer) { _ in }
            return printer.line(resume)
        }
        printer.block("do {", close: "} catch {") {
            printLegacyCall(site, call, handlerHead: "", assigningTo: returned, into: &$0) { _ in }
            $0.line(resume)
        }
        printer.indented { $0.line("\(continuation).resume(throwing: error)") }
        printer.line("}")
    }

    /// The legacy call with bridgegen's handler as its completion argument. A multi-line closure
    /// may stay inline only as the sole argument (swift-format's rule); otherwise, or when the
    /// first line is too long, every argument goes on its own line. The call's first line, where
    /// the compiler reports a wrong name or label, lands on the declaration's line.
    func printLegacyCall(
        _ site: AdapterSite, _ call: SDKCall, handlerHead: String, assigningTo returned: String? = nil, reassigning: Bool = false,
        into printer: inout CodePrinter, handlerBody: (inout CodePrinter) -> Void
    ) {
        let adapter = site.adapter
        let legacy = call.legacyCall
        var function = ""
        if let returned {
            function += (reassigning ? "" : "let ") + "\(returned) = "
        } else if legacy.returnsValue && (!site.cancellation.usesToken || (legacy.isAsync && !site.cancellation.tokenArrivesLater)) {
            function += "_ = "
        } else if legacy.returnsValue && legacy.arrayForm != nil {
            // The token, returned by a closure that no longer is one expression.
            function += "return "
        }
        if legacy.isThrowing { function += "try " }
        if legacy.isAsync { function += "await " }
        if let form = legacy.arrayForm {
            // A function value takes its arguments without labels. Its type is a typealias: a
            // closure type that names its parameters does not parse in `(…).self`.
            let local = Self.freeName("arrayForm", taken: Set(adapter.parameters.map(\.name)))
            printer.line("// Swift cannot pass a variadic list on, but passes one as an array: the method's function")
            printer.line("// value, cast to its type with an array in the list's place, is the same function.")
            printer.line("typealias BridgegenArrayForm = " + form.arrayType, from: adapter.signatureLine)
            printer.line("let \(local) = unsafeBitCast(", from: adapter.signatureLine)
            printer.indented {
                $0.continuation((site.receiver.isEmpty ? "" : site.receiver + ".") + form.reference + " as " + form.variadicType + ",")
                $0.continuation("to: BridgegenArrayForm.self)")
            }
            function += local
        } else {
            function += (site.receiver.isEmpty ? "" : site.receiver + ".") + legacy.name
        }
        let labelled = { (label: String?) in legacy.arrayForm == nil ? label.map { $0 + ": " } ?? "" : "" }
        let all = legacy.arguments.map { argument -> (text: Sourced, isHandler: Bool) in
            switch argument {
            case .forwarded(let label, let name, let isInout, let line):
                let value = forwardedValue(call, name: name, isInout: isInout, continuation: site.names.continuation)
                return (Sourced(labelled(label) + value, from: line), false)
            case .completion(let label, let line):
                return (Sourced(labelled(label) + handlerHead, from: line), true)
            case .outcome(let label, let line, let closure):
                let target = adapter.stream == nil ? site.names.continuation : site.names.events
                return (Sourced(labelled(label) + Self.outcomeClosure(closure, target: target, isStream: adapter.stream != nil), from: line), false)
            }
        }
        // The failure half, chained on what the call returns, takes the last argument (one line).
        var arguments = all
        let chain = legacy.chained.flatMap { chained in arguments.popLast().map { ")." + chained.name + "(" + $0.text.text + ")" } } ?? ""
        if arguments.isEmpty {
            return printer.line(function + "()" + chain.dropFirst(), from: adapter.signatureLine, anchor: true)
        }
        if arguments.count == 1, arguments[0].isHandler, printer.fits(function + "(" + arguments[0].text.text) {
            printer.line(function + "(" + arguments[0].text.text, from: adapter.signatureLine, anchor: true)
            printer.indented(handlerBody)
            return printer.line("}" + (chain.isEmpty ? ")" : chain))
        }
        printer.line(function + "(", from: adapter.signatureLine, anchor: true)
        printer.indented { printer in
            for (index, argument) in arguments.enumerated() {
                let comma = index < arguments.count - 1 ? "," : ""
                guard argument.isHandler else {
                    printer.continuation(argument.text.text + comma, from: argument.text.line)
                    continue
                }
                printer.continuation(argument.text.text, from: argument.text.line)
                printer.indented(handlerBody)
                printer.line("}" + comma)
            }
        }
        printer.continuation(chain.isEmpty ? ")" : chain)
    }

    /// The closure bridgegen hands the SDK for a failure or end closure: it ends the call (or the
    /// stream) through the same guard as the value's closure, so whichever the SDK calls first wins.
    static func outcomeClosure(_ closure: OutcomeClosure, target: String, isStream: Bool) -> String {
        // The caller's object handed back first is ignored.
        let handedBack = closure.handsBack ? "_, " : ""
        switch closure.role {
        case .failure(let optional):
            let method = isStream ? (optional ? "finishWithFailureFlag(error: error)" : "finish(throwing: error)")
                : (optional ? "resumeWithFailureFlag(error: error)" : "resume(throwing: error)")
            return "{ \(handedBack)error in \(target).\(method) }"
        case .failureText(let arity, let optional):
            let others = Array(repeating: "_", count: arity - 1)
            let parameters = (closure.handsBack ? ["_"] : []) + ["text"] + others
            let method = isStream ? "finishWithFailureStatus" : "resumeWithFailureStatus"
            return "{ \(parameters.joined(separator: ", ")) in \(target).\(method)(text\(optional ? " ?? \"\"" : "")) }"
        case .failureAmong(let position, let arity, let optional):
            let parameters = (closure.handsBack ? ["_"] : []) + (0..<arity).map { $0 == position ? "error" : "_" }
            let method = isStream ? (optional ? "finishWithFailureFlag(error: error)" : "finish(throwing: error)")
                : (optional ? "resumeWithFailureFlag(error: error)" : "resume(throwing: error)")
            return "{ \(parameters.joined(separator: ", ")) in \(target).\(method) }"
        case .cancelledByUser(let arity):
            let ignored = arity + (closure.handsBack ? 1 : 0)
            let parameters = ignored == 0 ? "" : Array(repeating: "_", count: ignored).joined(separator: ", ") + " in "
            return "{ \(parameters)\(target).\(isStream ? "finish()" : "resume(throwing: _Concurrency.CancellationError())") }"
        case .failureWithoutError:
            let method = isStream ? "finishWithFailureFlag(error: nil)" : "resumeWithFailureFlag(error: nil)"
            return "{ \(closure.handsBack ? "_ in " : "")\(target).\(method) }"
        case .finish(.plain(let arity)):
            let ignored = arity + (closure.handsBack ? 1 : 0)
            let parameters = ignored == 0 ? "" : Array(repeating: "_", count: ignored).joined(separator: ", ") + " in "
            return "{ \(parameters)\(target).finish() }"
        case .finish(.optionalError):
            return ["{ \(handedBack)error in", "    if let error {", "        \(target).finish(throwing: error)", "    } else {",
                "        \(target).finish()", "    }", "}"].joined(separator: "\n")
        case .noValue(let arity):
            let parameters = arity == 0 ? "" : Array(repeating: "_", count: arity).joined(separator: ", ") + " in "
            return "{ \(parameters)\(target).resume(returning: nil) }"
        case .afterEither(let arity):
            return arity == 0 ? "{}" : "{ " + Array(repeating: "_", count: arity).joined(separator: ", ") + " in }"
        case .event(let name, let arity):
            let values = arity == 1 ? ["value"] : (0..<arity).map { "value\($0)" }
            let parameters = (closure.handsBack ? ["_"] : []) + values
            let payload = values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")"
            // On lines of its own, as the first event's closure is (the handler's own shape).
            return ["{" + (parameters.isEmpty ? "" : " " + parameters.joined(separator: ", ") + " in"), "    \(target).yield(.\(name)\(payload))", "}"]
                .joined(separator: "\n")
        case .finish(.completion):
            return endOnFailureCase(parameters: handedBack + "completion", named: "completion", target: target)
        case .finish(.result(let position, let arity)):
            let parameters = (0..<arity).map { $0 == position ? "result" : "_" }.joined(separator: ", ")
            return endOnFailureCase(parameters: handedBack + parameters, named: "result", target: target)
        }
    }

    /// An end closure whose argument `named` (Combine's `Completion`, a `Result`) fails the stream
    /// with its `.failure` case, or ends it.
    private static func endOnFailureCase(parameters: String, named: String, target: String) -> String {
        ["{ \(parameters) in", "    if case .failure(let error) = \(named) {", "        \(target).finish(throwing: error)",
            "    } else {", "        \(target).finish()", "    }", "}"].joined(separator: "\n")
    }

    /// A forwarded argument: the parameter itself, or a closure that passes a progress callback
    /// on only while the outcome is open (a `@progressStream` continuation gets the values).
    func forwardedValue(_ call: SDKCall, name: String, isInout: Bool, continuation: String) -> String {
        if call.progressStreams[name] != nil {
            guard let arity = call.progressArities[name] else { return "{ value in \(continuation).yieldIfRunning(value, to: \(name)) }" }
            let values = (0..<arity).map { "value\($0)" }.joined(separator: ", ")
            return "{ \(values) in \(continuation).yieldIfRunning((\(values)), to: \(name)) }"
        }
        if let arity = call.guardedClosureParameters[name] {
            let values = (0..<arity).map { arity == 1 ? "value" : "value\($0)" }.joined(separator: ", ")
            let guarded = "{ \(values.isEmpty ? "" : values + " in ")\(continuation).ifRunning { \(name)(\(values)) } }"
            return call.guardedOptionalClosures.contains(name) ? "\(name).map { \(name) in \(guarded) }" : guarded
        }
        return (isInout ? "&" : "") + name
    }
}
