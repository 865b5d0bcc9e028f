import DeclParser

/// `@retry`: how many attempts, which errors are retried, and how long to wait in between.
/// Everything is checked here, so the generated loop never meets a value it cannot use.
extension Analyzer {
    static let retryUsage = Annotations.usage("retry")

    /// `.some(policy)`, `.some(nil)` for `@retry(none)` (no retry despite the block's), or nil when
    /// the annotation is invalid (diagnosed).
    mutating func readRetry(_ attribute: Attribute) -> RetryPolicy?? {
        guard let arguments = Annotations.arguments(of: attribute, into: &diagnostics) else { return nil }
        if let argument = arguments[""] {
            guard case .identifier("none") = argument.value, arguments.count == 1 else {
                diagnostics.error(
                    "'@retry' takes labelled arguments, or 'none' alone", at: argument.location,
                    notes: [.init("write \(Self.retryUsage), or '@retry(none)' to turn off a block's retry")])
                return nil
            }
            return .some(nil)
        }
        let errorsBefore = errorCount

        var attempts = 0
        if let argument = arguments["attempts"] {
            if case .integer(let count) = argument.value, count >= 2 {
                attempts = count
            } else {
                diagnostics.error(
                    "'attempts' must be a whole number of calls, at least 2, found '\(argument.value.text)'",
                    at: argument.location, notes: [.init("it counts every call, the first one included")])
            }
        } else {
            diagnostics.error(
                "'@retry' needs 'attempts:'", at: attribute.location, notes: [.init("write \(Self.retryUsage)")])
        }

        let delay = arguments["delay"].flatMap { seconds($0, name: "delay", allowsZero: true) }
        if arguments["delay"] == nil {
            diagnostics.error(
                "'@retry' needs 'delay:', the seconds to wait before retrying", at: attribute.location,
                notes: [.init("write 'delay: 0' to retry at once")])
        }

        var backoff = RetryPolicy.Backoff.constant
        let growthOptions = ["multiplier", "maxDelay"].compactMap { arguments[$0] }
        switch arguments["backoff"]?.value {
        case nil, .identifier("constant")?:
            for argument in growthOptions {
                diagnostics.error(
                    "'\(argument.label?.name ?? "")' applies to an exponential backoff", at: argument.location,
                    notes: [.init("add 'backoff: exponential', or remove it")])
            }
        case .identifier("exponential")?:
            var multiplier = "2"
            if let argument = arguments["multiplier"], let value = seconds(argument, name: "multiplier", allowsZero: false) {
                if Double(value).map({ $0 > 1 }) == true {
                    multiplier = value
                } else {
                    diagnostics.error(
                        "'multiplier' must be greater than 1, found '\(value)'", at: argument.location,
                        notes: [.init("leave it out for the usual doubling")])
                }
            }
            let maxDelay = arguments["maxDelay"].flatMap { seconds($0, name: "maxDelay", allowsZero: false) }
            if let maxDelay, let delay, let cap = Double(maxDelay), let first = Double(delay), cap < first {
                diagnostics.error(
                    "'maxDelay' (\(maxDelay)) is shorter than 'delay' (\(delay))", at: arguments["maxDelay"]!.location,
                    notes: [.init("the cap must be at least the first wait")])
            }
            backoff = .exponential(multiplier: multiplier, maxDelay: maxDelay)
        case let value?:
            diagnostics.error(
                "'\(value.text)' is not a backoff", at: arguments["backoff"]!.location,
                notes: [.init("write 'backoff: constant' (the default) or 'backoff: exponential'")])
        }

        var jitter = RetryPolicy.Jitter.none
        if let argument = arguments["jitter"] {
            if case .identifier(let name) = argument.value, let value = RetryPolicy.Jitter(rawValue: name) {
                jitter = value
            } else {
                diagnostics.error(
                    "'\(argument.value.text)' is not a jitter", at: argument.location,
                    notes: [.init("write 'jitter: full' (random up to the delay), 'jitter: equal' (half fixed) or 'jitter: none'")])
            }
        }

        let deadline = arguments["deadline"].flatMap { seconds($0, name: "deadline", allowsZero: false) }

        var condition: RetryPolicy.Condition?
        switch (arguments["when"], arguments["on"]) {
        case (let predicate?, nil):
            let text = predicate.value.text
            if Self.isDottedName(text) {
                condition = .predicate(text)
            } else {
                diagnostics.error(
                    "'\(text)' is not a function name", at: predicate.location,
                    notes: [.init("name a function '(any Error) -> Bool', e.g. 'when: isTransient'")])
            }
        case (nil, let cases?):
            condition = errorCases(cases)
        case (_?, let cases?):
            diagnostics.error(
                "'@retry' takes 'when:' or 'on:', not both", at: cases.location,
                notes: [.init("list the cases in the function 'when:' names")])
        case (nil, nil):
            diagnostics.error(
                "'@retry' needs to know which errors to retry", at: attribute.location,
                notes: [
                    .init("write 'when: isTransient' naming a function '(any Error) -> Bool', or 'on: [PaymentError.offline]'")
                ])
        }
        guard errorCount == errorsBefore, let delay, let condition else { return nil }
        return .some(
            RetryPolicy(attempts: attempts, delay: delay, backoff: backoff, jitter: jitter, deadline: deadline, condition: condition))
    }

    /// A non-negative (or positive) number of seconds, as written.
    private mutating func seconds(_ argument: AttributeArgument, name: String, allowsZero: Bool) -> String? {
        let value: Double
        switch argument.value {
        case .integer(let number): value = Double(number)
        case .float(let number): value = number
        default: value = -1
        }
        guard value > 0 || (allowsZero && value == 0), value.isFinite else {
            diagnostics.error(
                "'\(name)' must be a \(allowsZero ? "non-negative" : "positive") number, found '\(argument.value.text)'",
                at: argument.location)
            return nil
        }
        return argument.value.text
    }

    /// `on: PaymentError.offline` or `on: [PaymentError.offline, PaymentError.busy]`: each a case
    /// named with its type, because the adapter matches it against `any Error`.
    private mutating func errorCases(_ argument: AttributeArgument) -> RetryPolicy.Condition? {
        var text = Substring(argument.value.text)
        if text.hasPrefix("[") && text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        // Normalized text: cases are separated by ", " and hold no other spaces.
        let cases = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }) }
        for name in cases where !Self.isDottedName(name) || !name.contains(".") {
            diagnostics.error(
                "'\(name)' is not an error case named with its type", at: argument.location,
                notes: [
                    .init("write 'on: [PaymentError.offline, PaymentError.busy]'; for other errors name a predicate with 'when:'")
                ])
            return nil
        }
        return .cases(cases)
    }

    /// `name` or `Type.name`: only identifiers joined by dots.
    static func isDottedName(_ text: String) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { Naming.isValidIdentifier(String($0)) }
    }
}
