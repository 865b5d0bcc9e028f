import Analysis
import DeclParser
import Text

/// The closures bridgegen passes as the SDK's callback: the completion handler that resumes the
/// continuation, and the stream's event handler. Both are written statement by statement into
/// one buffer, at closure-body depth.
extension Planner {
    /// What a handler does with each outcome of a callback, as `receiver` plus a method call
    /// whose argument (if any) is written between the method's opening and `)`.
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
        /// `.resumeWithNoResult()`
        var neither: String

        static func completion(_ continuation: String) -> OutcomeActions {
            OutcomeActions(
                receiver: continuation, success: ".resume(returning: ", successVoid: ".resume()",
                failure: ".resume(throwing: ", failureFlag: ".resumeWithFailureFlag(error: ",
                neither: ".resumeWithNoResult()")
        }

        static func stream(_ events: String) -> OutcomeActions {
            OutcomeActions(
                receiver: events, success: ".yield(", successVoid: ".yield()", failure: ".finish(throwing: ",
                failureFlag: ".finishWithFailureFlag(error: ", neither: ".finish()")
        }
    }

    /// The completion handler's closure literal: turns the SDK's arguments into one outcome.
    func completionClosure(_ plan: CompletionPlan, continuation: String) -> TextBuffer {
        var text = TextBuffer(capacity: 320)
        openClosure(plan.parameters, in: &text)
        if plan.isResult {
            text.newLine(indent: indent, times: 1)
            text += continuation
            text += ".resume(with: "
            text += plan.parameters[0].name
            text += ")"
        } else {
            outcomeBranches(plan, .completion(continuation), in: &text)
        }
        text += "\n}"
        return text
    }

    /// The stream's event handler: yields each event, and ends the stream on the SDK's failure
    /// (or on both value and error being nil, the usual way such callbacks say "no more").
    func streamHandler(_ adapter: Adapter, events: String) -> TextBuffer {
        let plan = adapter.completion
        var text = TextBuffer(capacity: 320)
        openClosure(plan.parameters, in: &text)
        if plan.isResult {
            let name = plan.parameters[0].name
            let yield = adapter.returnsVoid ? ".yield()" : ".yield(value)"
            if adapter.stream?.isThrowing == true {
                text.newLine(indent: indent, times: 1)
                text += "switch "
                text += name
                text += " {"
                text.newLine(indent: indent, times: 1)
                text += adapter.returnsVoid ? "case .success:" : "case .success(let value):"
                text.newLine(indent: indent, times: 2)
                text += events
                text += yield
                text.newLine(indent: indent, times: 1)
                text += "case .failure(let error):"
                text.newLine(indent: indent, times: 2)
                text += events
                text += ".finish(throwing: error)"
                text.newLine(indent: indent, times: 1)
                text += "}"
            } else {
                text.newLine(indent: indent, times: 1)
                text += adapter.returnsVoid ? "if case .success = " : "if case .success(let value) = "
                text += name
                text += " {"
                text.newLine(indent: indent, times: 2)
                text += events
                text += yield
                text.newLine(indent: indent, times: 1)
                text += "}"
            }
        } else {
            outcomeBranches(plan, .stream(events), in: &text)
        }
        text += "\n}"
        return text
    }

    /// `{ a, b in` (or `{` without parameters); the body and `\n}` follow.
    func openClosure(_ parameters: [CompletionPlan.Parameter], in text: inout TextBuffer) {
        text += "{"
        guard !parameters.isEmpty else { return }
        text += " "
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { text += ", " }
            text += parameter.name
        }
        text += " in"
    }

    /// The `if … else if … else` over a callback's arguments shared by completion handlers and
    /// stream handlers: a failure flag or an error first, then the (unwrapped) values; `neither`
    /// when optional values and the error are all nil. One statement when nothing is checked.
    func outcomeBranches(_ plan: CompletionPlan, _ actions: OutcomeActions, in text: inout TextBuffer) {
        let values = plan.valueNames
        let unwrapped = plan.unwrappedValueNames
        let flag = plan.flag
        let errorName = plan.errorName

        func success(_ text: inout TextBuffer) {
            text += actions.receiver
            switch values.count {
            case 0:
                text += actions.successVoid
                return
            case 1:
                text += actions.success
                text += values[0]
            default:
                text += actions.success
                text += "("
                text.append(values, separator: ", ")
                text += ")"
            }
            text += ")"
        }

        guard flag != nil || errorName != nil || !unwrapped.isEmpty else {
            text.newLine(indent: indent, times: 1)
            success(&text)
            return
        }
        text.newLine(indent: indent, times: 1)
        text += "if "
        if let flag {
            switch (flag.isBool, flag.failsWhenZero) {
            case (true, true):
                text += "!"
                text += flag.name
            case (true, false):
                text += flag.name
            case (false, true):
                text += flag.name
                text += " == 0"
            case (false, false):
                text += flag.name
                text += " != 0"
            }
            text += " {"
            text.newLine(indent: indent, times: 2)
            text += actions.receiver
            text += actions.failureFlag
            text += errorName ?? "nil"
            text += ")"
        } else if let errorName {
            text += "let "
            text += errorName
            text += " {"
            text.newLine(indent: indent, times: 2)
            text += actions.receiver
            text += actions.failure
            text += errorName
            text += ")"
        }
        if !unwrapped.isEmpty {
            if flag != nil || errorName != nil {
                text.newLine(indent: indent, times: 1)
                text += "} else if "
            }
            for (index, name) in unwrapped.enumerated() {
                if index > 0 { text += ", " }
                text += "let "
                text += name
            }
            text += " {"
            text.newLine(indent: indent, times: 2)
            success(&text)
        }
        text.newLine(indent: indent, times: 1)
        text += "} else {"
        text.newLine(indent: indent, times: 2)
        if unwrapped.isEmpty {
            success(&text)
        } else {
            text += actions.receiver
            text += actions.neither
        }
        text.newLine(indent: indent, times: 1)
        text += "}"
    }
}
