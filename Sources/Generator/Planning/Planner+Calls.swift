import Templates

/// The code of a one-shot adapter's body: the guarded call object, the retry state, and the
/// legacy call that starts the SDK's work with bridgegen's completion handler.
extension Planner {
    /// The closure that stops the SDK's work, given the token its start call returned; nil when
    /// the SDK has no way to stop.
    func stopClosure(_ plan: CancellationPlan, receiver: String) -> String? {
        switch plan.strategy {
        case .none:
            return nil
        case .token(let method, let optional):
            return "{ token in \(plan.returnsSelf ? "_ = " : "")token\(optional ? "?" : "").\(method) }"
        case .receiverWithToken(let name, let label):
            return "{ token in \(receiver).\(name)(\(label.map { $0 + ": " } ?? "")token) }"
        case .receiver(let call):
            return "{ _ in \(receiver).\(call) }"
        }
    }

    /// `BridgegenCall<Value, Token>("Type.name(labels:)", options…)`, one option per line. In a
    /// retry loop it takes its timeout from the loop, which shortens it to what is left of the
    /// deadline.
    func callSetup(_ adapter: Adapter, nameLiteral name: String, receiver: String, names: Names, inRetry: Bool) -> String {
        let plan = adapter.cancellation
        var options: [String] = []
        if let stop = stopClosure(plan, receiver: receiver) { options.append("cancel: " + stop) }
        if let start = plan.startMethod {
            let discard = plan.returnsSelf ? "_ = " : ""
            options.append("start: { token in \(discard)token\(plan.tokenType.hasSuffix("?") ? "?" : "").\(start) }")
        }
        if inRetry, adapter.retry?.deadline != nil {
            options.append("timeout: \(names.retry).timeout(\(adapter.timeoutSeconds ?? ""))")
        } else if let timeout = adapter.timeoutSeconds {
            options.append("timeout: " + timeout)
        }
        if plan.waitForCompletion { options.append("waitForCompletion: true") }
        if adapter.isMainActor, plan.strategy != .none { options.append("cancelOnMainThread: true") }
        if let mapError = adapter.mapError { options.append("mapError: " + mapError) }

        let head = "BridgegenCall<\(Self.spelled(adapter.resultType)), \(Self.spelled(plan.tokenType))>("
        var printer = CodePrinter(level: Level.body(of: adapter) + (inRetry ? 1 : 0), after: "let \(names.call) = ")
        if options.isEmpty && printer.fits(head + name + ")") { return head + name + ")" }
        printer.line(head)
        printer.indented { $0.commaSeparated([name] + options) }
        printer.line(")")
        return printer.text
    }

    /// `BridgegenRetry(attempts: 3, delay: 0.5, …, when: predicate)`; error cases become a
    /// closure that matches them as patterns against `any Error`.
    func retrySetup(_ retry: RetryPlan, name: String, level: Int) -> String {
        var options = ["attempts: \(retry.attempts)", "delay: \(retry.delay)"]
        if case .exponential(let multiplier, let maxDelay) = retry.backoff {
            options.append("backoff: .exponential(multiplier: \(multiplier), maxDelay: \(maxDelay ?? "nil"))")
        }
        if retry.jitter != .none { options.append("jitter: .\(retry.jitter.rawValue)") }
        if let deadline = retry.deadline { options.append("deadline: \(deadline)") }
        switch retry.condition {
        case .predicate(let function):
            options.append("when: " + function)
        case .cases(let cases):
            // One case a line: short lines, and a case added later is a one-line diff.
            var condition = CodePrinter()
            condition.block("when: { error in") {
                $0.line("switch error {")
                for pattern in cases { $0.line("case \(pattern): true") }
                $0.line("default: false")
                $0.line("}")
            }
            options.append(condition.text)
        }
        let oneLine = "BridgegenRetry(" + options.joined(separator: ", ") + ")"
        var printer = CodePrinter(level: level, after: "var \(name) = ")
        if !oneLine.contains("\n") && printer.fits(oneLine) { return oneLine }
        printer.line("BridgegenRetry(")
        printer.indented { $0.commaSeparated(options) }
        printer.line(")")
        return printer.text
    }

    /// The legacy call with bridgegen's completion handler as its completion argument, printed
    /// for indentation `level`. A multi-line closure may stay inline only as the sole argument
    /// (swift-format's rule); otherwise, or when the first line is too long, every argument goes
    /// on its own line.
    func call(_ adapter: Adapter, callee: String, continuation: String, handler: String, level: Int) -> String {
        let legacy = adapter.legacyCall
        var function = ""
        if legacy.returnsValue && !adapter.cancellation.usesToken { function += "_ = " }
        if legacy.isThrowing { function += "try " }
        function += callee + "." + legacy.name
        let arguments = legacy.arguments.map { argument -> String in
            switch argument {
            case .forwarded(let label, let name, let isInout):
                return (label.map { $0 + ": " } ?? "")
                    + forwardedValue(adapter, name: name, isInout: isInout, continuation: continuation)
            case .completion(let label):
                return (label.map { $0 + ": " } ?? "") + handler
            }
        }
        let oneLine = function + "(" + arguments.joined(separator: ", ") + ")"
        let firstLine = String(oneLine.prefix { $0 != "\n" })
        var printer = CodePrinter(level: level)
        if printer.fits(firstLine) && (arguments.count == 1 || !oneLine.contains("\n")) { return oneLine }
        printer.line(function + "(")
        printer.indented { $0.commaSeparated(arguments) }
        printer.line(")")
        return printer.text
    }

    /// A forwarded argument: the parameter itself, or a closure that passes a progress callback
    /// on only while the outcome is open (a `@progressStream` continuation gets the values).
    func forwardedValue(_ adapter: Adapter, name: String, isInout: Bool, continuation: String) -> String {
        if adapter.progressStreams[name] != nil {
            return "{ value in \(continuation).yieldIfRunning(value, to: \(name)) }"
        }
        if let arity = adapter.guardedClosureParameters[name] {
            let values = (0..<arity).map { arity == 1 ? "value" : "value\($0)" }.joined(separator: ", ")
            return "{ \(values.isEmpty ? "" : values + " in ")\(continuation).ifRunning { \(name)(\(values)) } }"
        }
        return (isInout ? "&" : "") + name
    }
}
