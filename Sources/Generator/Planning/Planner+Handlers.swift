/// The closures bridgegen passes as the SDK's callback: the completion handler that resumes the
/// continuation, and the stream's event handler.
extension Planner {
    /// What a handler does with each outcome of a callback: `receiver` plus a method call whose
    /// argument (if any) is written between the method's opening and `)`.
    struct OutcomeActions {
        var receiver: String
        /// `.resume(returning: ` — the value follows.
        var success: String
        /// `.resume()`
        var successVoid: String
        /// `.resume(throwing: ` — the error follows.
        var failure: String
        /// `.resumeWithFailureFlag(error: ` — the error (or `nil`) follows.
        var failureFlag: String
        /// `.resumeWithFailureStatus(` — the failure's description follows.
        var failureStatus: String
        /// `.resumeWithNoResult()`
        var neither: String
        /// A stream's events: an end finishes it (a one-shot's end is a success).
        var isStream = false

        static func completion(_ continuation: String) -> OutcomeActions {
            OutcomeActions(
                receiver: continuation, success: ".resume(returning: ", successVoid: ".resume()",
                failure: ".resume(throwing: ", failureFlag: ".resumeWithFailureFlag(error: ",
                failureStatus: ".resumeWithFailureStatus(", neither: ".resumeWithNoResult()")
        }

        static func stream(_ events: String) -> OutcomeActions {
            OutcomeActions(
                receiver: events, success: ".yield(", successVoid: ".yield()", failure: ".finish(throwing: ",
                failureFlag: ".finishWithFailureFlag(error: ", failureStatus: ".finishWithFailureStatus(", neither: ".finish()",
                isStream: true)
        }
    }

    /// The completion handler's body: turns the SDK's arguments into one outcome.
    func printCompletionHandler(_ plan: CompletionShape, continuation: String, until: UntilCondition?, into printer: inout CodePrinter) {
        var receiver = continuation
        if let until {
            receiver = judge(until, plan, verdict: "isFinal", target: continuation, into: &printer) {
                "callback(isFinal: \($0)" + (until.progress.map { ", progress: \($0)" } ?? "") + ")"
            }
        }
        if let flag = plan.successFlag, let name = plan.result?.name {
            // A Result whose success is a status (`Result<Bool, E>`): nothing to return.
            let actions = OutcomeActions.completion(receiver)
            printer.line("switch \(name) {")
            printer.line("case .success(let status):")
            printer.indented { body in
                body.line("if \(Self.failed("status", flag)) {")
                body.indented { $0.line(receiver + actions.failureFlag + "nil)") }
                body.line("} else {")
                body.indented { $0.line(receiver + actions.successVoid) }
                body.line("}")
            }
            printer.line("case .failure(let error):")
            printer.indented { $0.line(receiver + actions.failure + "error)") }
            printer.line("}")
        } else if let (name, lent, besides) = plan.result {
            // A lent success (`Result<Database, Error>`) must not escape the callback: Void.
            // What comes beside it is returned with it (the next page's cursor).
            let success = lent ? [] : ["$0"]
            let kept = success + besides
            let map = besides.isEmpty ? (lent ? ".map { _ in }" : "") : ".map { " + (success.isEmpty ? "_ in " : "") + (kept.count == 1 ? kept[0] : "(" + kept.joined(separator: ", ") + ")") + " }"
            printer.line("\(receiver).resume(with: \(name)\(map))")
        } else if let (name, outcome) = plan.enumArgument {
            printCaseSwitch(outcome, over: name, .completion(receiver), flag: plan.successFlag, into: &printer)
        } else {
            var actions = OutcomeActions.completion(receiver)
            if let value = plan.voidSuccessValue { actions.successVoid = ".resume(returning: \(value))" }
            outcomeBranches(plan, actions, in: &printer)
        }
    }

    /// `@until`: the predicate judges the callback first, once, outside any lock (its copy on
    /// its `.bridge` line); the callback it judged then takes the place of `target` in the
    /// handler's body. Returns the callback's name.
    func judge(
        _ until: UntilCondition, _ plan: CompletionShape, verdict: String, target: String, into printer: inout CodePrinter,
        callback: (String) -> String
    ) -> String {
        let taken = Set(plan.parameters.map(\.name) + [target])
        let verdict = Self.freeName(verdict, taken: taken)
        let name = Self.freeName("callback", taken: taken.union([verdict]))
        let arguments = plan.parameters.map(\.name).joined(separator: ", ")
        let statement = "let \(verdict) = (\(until.predicate))(\(arguments))"
        if statement.contains("\n") {
            // A multi-line closure keeps the user's layout, so its lines keep their .bridge
            // numbers (swift-format would move it a line down).
            printer.line("// swift-format-ignore\n" + statement, from: until.line - 1)
        } else {
            printer.line(statement, from: until.line)
        }
        printer.line("let \(name) = \(target).\(callback(verdict))")
        return name
    }

    /// The stream's event handler: yields each event, and ends the stream on the SDK's failure
    /// (or on both value and error being nil, the usual way such callbacks say "no more").
    func printStreamHandler(_ adapter: Adapter, _ call: SDKCall, events target: String, into printer: inout CodePrinter) {
        printEvents(adapter, call, events: target, into: &printer)
        // A handler that asks whether to go on: yes while the stream is consumed.
        if call.completion.answersWhetherOpen { printer.line("return \(target).isOpen") }
    }

    private func printEvents(_ adapter: Adapter, _ call: SDKCall, events target: String, into printer: inout CodePrinter) {
        let plan = call.completion
        var events = target
        if let until = call.until {
            events = judge(until, plan, verdict: "isLast", target: target, into: &printer) {
                "callback(isLast: \($0)" + (until.inclusive ? ", inclusive: true" : "") + ")"
            }
        }
        if let (name, outcome) = plan.enumArgument { return printCaseSwitch(outcome, over: name, .stream(events), into: &printer) }
        guard let name = plan.result?.name else { return outcomeBranches(plan, .stream(events), in: &printer) }
        let yield = events + (adapter.returnsVoid ? ".yield()" : ".yield(value)")
        let success = adapter.returnsVoid ? ".success" : ".success(let value)"
        if adapter.stream?.isThrowing == true {
            printer.line("switch \(name) {")
            printer.line("case \(success):")
            printer.indented { $0.line(yield) }
            printer.line("case .failure(let error):")
            printer.indented { $0.line("\(events).finish(throwing: error)") }
            printer.line("}")
        } else {
            printer.block("if case \(success) = \(name) {") { $0.line(yield) }
        }
    }

    /// A switch over every case of the SDK's enum: the value case yields or returns its
    /// associated values, the failure case fails, the end cases finish (a one-shot's: with nil
    /// beside a value case, Maybe's `completed`; with nothing when there is no value case).
    func printCaseSwitch(
        _ outcome: EnumOutcome, over subject: String, _ actions: OutcomeActions, flag: CompletionShape.Flag? = nil, into printer: inout CodePrinter
    ) {
        // The switch is the enum's code: from its `.bridge` line on, one line after another (no
        // directive may stand between a switch's cases), so a case the pasted enum lacks is
        // reported at the enum.
        var line = outcome.line
        printer.line("switch \(subject)\(outcome.through.map { "." + $0 } ?? "") {", from: line)
        func branch(_ pattern: String, _ statement: String, whole: Bool = false) {
            line += 2
            printer.line("case " + pattern + ":", from: line - 1)
            printer.indented { $0.line(whole ? statement : actions.receiver + statement, from: line) }
        }
        // The enum itself is the value: its failure case throws, any other returns (or yields)
        // it; a stream's end case is yielded too, and then ends it.
        if outcome.isWholeValue {
            if let failure = outcome.failure { branch(".\(failure)(let error)", actions.failure + "error)") }
            if actions.isStream {
                let plain = outcome.ends.filter { $0.errorIndex == nil }
                let groups = (plain.isEmpty ? [] : [plain]) + outcome.ends.filter { $0.errorIndex != nil }.map { [$0] }
                for group in groups {
                    line += 2
                    printer.line("case " + group.map(Self.endPattern).joined(separator: ", ") + ":", from: line - 1)
                    printer.indented {
                        $0.line(actions.receiver + actions.success + subject + ")", from: line)
                        $0.line(Self.endStatement(group[0], actions.neither, actions), from: line + 1)
                    }
                    line += 1
                }
            }
            line += 2
            printer.line("default:", from: line - 1)
            printer.indented { $0.line(actions.receiver + actions.success + subject + ")", from: line) }
            return printer.line("}", from: line + 1)
        }
        if let value = outcome.value {
            let names = value.arity == 1 ? ["value"] : (0..<value.arity).map { "value\($0)" }
            let bindings = names.isEmpty ? "" : "(" + names.map { "let " + $0 }.joined(separator: ", ") + ")"
            let argument = names.count == 1 ? names[0] : "(" + names.joined(separator: ", ") + ")"
            if let flag, names.count == 1 {
                branch(".\(value.name)\(bindings)", Self.statusStatement(names[0], flag, actions), whole: true)
            } else {
                branch(".\(value.name)\(bindings)", names.isEmpty ? actions.successVoid : actions.success + argument + ")")
            }
        }
        if let failure = outcome.failure {
            branch(".\(failure)(let error)", actions.failure + "error)")
        }
        if !outcome.ends.isEmpty {
            let end =
                actions.isStream ? actions.neither : outcome.value.map { $0.arity > 0 } == true ? actions.success + "nil)" : actions.successVoid
            let plain = outcome.ends.filter { $0.errorIndex == nil }
            if !plain.isEmpty { branch(plain.map(Self.endPattern).joined(separator: ", "), end) }
            for failing in outcome.ends where failing.errorIndex != nil {
                branch(Self.endPattern(failing), Self.endStatement(failing, end, actions), whole: true)
            }
        }
        printer.line("}", from: line + 1)
    }

    /// `.completed`, or `.scanStopped(_, let error)` for an end case that carries an optional error.
    static func endPattern(_ end: EnumOutcome.Case) -> String {
        guard let index = end.errorIndex else { return "." + end.name }
        return ".\(end.name)(" + (0..<end.arity).map { $0 == index ? "let error" : "_" }.joined(separator: ", ") + ")"
    }

    /// An end case's statement: `end`, or, when it carries an optional error, the failure first.
    static func endStatement(_ end: EnumOutcome.Case, _ statement: String, _ actions: OutcomeActions) -> String {
        guard end.errorIndex != nil else { return actions.receiver + statement }
        return "if let error { \(actions.receiver)\(actions.failure)error) } else { \(actions.receiver)\(statement) }"
    }

    /// The condition under which the status `name` says the call failed.
    static func failed(_ name: String, _ flag: CompletionShape.Flag) -> String {
        switch (flag.isBool, flag.failsWhenZero) {
        case (true, true): "!" + name
        case (true, false): name
        case (false, true): name + " == 0"
        case (false, false): name + " != 0"
        }
    }

    /// One line, as each case of an SDK enum's switch is (mapped to its case's `.bridge` line): a
    /// success status returns, a failed one fails as a flag does.
    static func statusStatement(_ name: String, _ flag: CompletionShape.Flag, _ actions: OutcomeActions) -> String {
        "if \(failed(name, flag)) { \(actions.receiver)\(actions.failureFlag)nil) } else { \(actions.receiver)\(actions.successVoid) }"
    }

    /// `{ a, b in` (or `{` without parameters), or `{ (a: A, b: B) in` when the types are given.
    func closureHead(_ parameters: [CompletionShape.Parameter]) -> String {
        if parameters.isEmpty { return "{" }
        if parameters.contains(where: { $0.type != nil }) {
            return "{ (" + parameters.map { $0.name + ": " + ($0.type ?? "_") }.joined(separator: ", ") + ") in"
        }
        return "{ " + parameters.map(\.name).joined(separator: ", ") + " in"
    }

    /// The `if … else if … else` over a callback's arguments shared by completion handlers and
    /// stream handlers: a failure flag or an error first, then the (unwrapped) values; `neither`
    /// when optional values and the error are all nil. One statement when nothing is checked.
    func outcomeBranches(_ plan: CompletionShape, _ actions: OutcomeActions, in printer: inout CodePrinter) {
        let values = plan.valueNames
        let unwrapped = plan.unwrappedValueNames
        let errorName = plan.errorName
        let success: String
        switch values.count {
        case _ where plan.eventCase != nil:
            // One of several event closures: its values are its case's payload.
            let payload = values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")"
            success = actions.receiver + actions.success + "." + (plan.eventCase ?? "") + payload + ")"
        case 0: success = actions.receiver + actions.successVoid
        case 1: success = actions.receiver + actions.success + values[0] + ")"
        default: success = actions.receiver + actions.success + "(" + values.joined(separator: ", ") + "))"
        }
        var condition: String?
        var failure = ""
        if let flag = plan.flag {
            condition = Self.failed(flag.name, .init(failsWhenZero: flag.failsWhenZero, isBool: flag.isBool))
            failure = actions.receiver + actions.failureFlag + (errorName ?? "nil") + ")"
        } else if let errorName {
            condition = "let " + errorName
            failure = actions.receiver + actions.failure + errorName + ")"
        } else if let message = plan.messageName {
            condition = plan.messageIsText ? "!\(message).isEmpty" : "let " + message
            failure = actions.receiver + actions.failureStatus + message + ")"
        } else if let carrier = plan.carrier {
            // The member of the value that carries the failure, bound under a name no
            // parameter of the callback has.
            var name = "failure"
            while plan.parameters.contains(where: { $0.name == name }) { name += "_" }
            condition = "let \(name) = \(carrier.name)\(carrier.access)"
            failure = actions.receiver + (carrier.thrown ? actions.failure : actions.failureStatus) + name + ")"
        }
        if let failure = plan.failureName {
            // `@asyncError(thrown: 1, unless: .none)`: that case is success, any other thrown.
            guard let successCase = plan.successCase else { return printer.line(actions.receiver + actions.failure + failure + ")") }
            printer.line("if case .\(successCase) = \(failure) {")
            printer.indented { $0.line(actions.receiver + actions.successVoid) }
            printer.line("} else {")
            printer.indented { $0.line(actions.receiver + actions.failure + failure + ")") }
            return printer.line("}")
        }
        guard condition != nil || !unwrapped.isEmpty else { return printer.line(success) }
        if let condition {
            printer.line("if \(condition) {")
            printer.indented { $0.line(failure) }
        }
        if !unwrapped.isEmpty {
            let bindings = unwrapped.map { "let " + $0 }.joined(separator: ", ")
            printer.line(condition == nil ? "if \(bindings) {" : "} else if \(bindings) {")
            printer.indented { $0.line(success) }
        }
        printer.line("} else {")
        printer.indented { $0.line(unwrapped.isEmpty ? success : actions.receiver + actions.neither) }
        printer.line("}")
    }
}
