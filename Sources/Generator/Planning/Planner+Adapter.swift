import DeclParser
import Templates

/// One adapter printed whole: its header lines, attributes, signature and body, whatever starts
/// it (the SDK call, the owner's delegate, a notification, or a fake's script).
extension Planner {
    /// What an adapter calls the SDK on: `self` (or `base` in a wrapper), and for static methods
    /// `Self` (or the legacy type).
    struct Receivers {
        var instance: String
        var type: String
        /// The object a shared stream's consumers share: the instance, or the object holding it.
        var owner: String?
    }

    /// The planner's decisions for printing one adapter: its access, what it calls the SDK on,
    /// bridgegen's local names, and where its outcome comes from (the SDK, or a fake's script).
    /// The model's adapter is read, never changed.
    struct AdapterSite {
        let adapter: Adapter
        /// `public ` or empty.
        let access: String
        /// `self` (`base` in a wrapper); for a static method `Self` (or the legacy type).
        let receiver: String
        /// The object that owns the adapter's shared registration: the receiver, or the object
        /// whose property holds it.
        let owner: String
        let names: Names
        /// The adapter's name as a string literal: in the call or stream setup.
        let nameLiteral: String
        /// A fake's script, run where the adapter calls the SDK.
        let script: String?
        /// The cancellation as printed: a fake's script hands the call a token whose `cancel()`
        /// stands for the SDK's (an adapter that never asks its SDK to cancel asks no fake).
        let cancellation: Cancellation

        init(_ adapter: Adapter, receivers: Receivers, script: String? = nil) {
            self.adapter = adapter
            // A fake is for the module's own tests, whatever the protocol's access.
            access = script == nil ? Planner.accessPrefix(adapter.access) : ""
            receiver = adapter.isStatic ? receivers.type : receivers.instance
            owner = adapter.isStatic ? receivers.type : receivers.owner ?? receivers.instance
            // bridgegen's own names must not shadow a forwarded parameter.
            let taken = Set(adapter.parameters.map(\.name))
            names = Names(
                continuation: Planner.freeName("continuation", taken: taken), call: Planner.freeName("call", taken: taken),
                events: Planner.freeName("events", taken: taken), retry: Planner.freeName("retry", taken: taken),
                delegate: Planner.freeName("delegate", taken: taken), previous: Planner.freeName("previous", taken: taken),
                earlier: Planner.freeName("earlier", taken: taken))
            nameLiteral = SwiftLiteral.quoted(adapter.adapterName)
            self.script = script
            guard script != nil else {
                cancellation = adapter.options.cancellation
                return
            }
            var fake = Cancellation()
            fake.tokenType = "BridgegenFakeToken"
            if adapter.options.cancellation.strategy != .none { fake.strategy = .token(method: "cancel", optional: false) }
            cancellation = fake
        }
    }

    /// The lines before an adapter (`adapter-header.swift.template`): by default its
    /// documentation, then the line that names where it came from.
    func header(of adapter: Adapter, script: String?) throws(TemplateError) -> String {
        let documentation = adapter.documentation.map(SwiftLiteral.commentSafe)
        let source = SwiftLiteral.commentSafe(adapter.sourceName)
        let provenance: String
        if let script {
            provenance = "Runs `\(script)` in place of the SDK, as the adapter of `\(source)`."
        } else if case .notification = adapter.start {
            provenance = "Observes notification `\(source)`."
        } else if let half = adapter.call?.legacyCall.chained {
            // Both halves of the outcome, each named where a reviewer looks for its adapter.
            provenance = "Bridged from `\(source)` and its failure half `\(SwiftLiteral.commentSafe(half.fullName))`."
        } else if let through = adapter.through {
            provenance = "Bridged from `\(source)`, set through `\(SwiftLiteral.commentSafe(through))`."
        } else {
            provenance = "Bridged from `\(source)`."
        }
        let until = adapter.call?.completionRole == .returned ? "it returns" : "it calls back"
        let blocking = adapter.options.blocking == nil || adapter.stream != nil || script != nil
            ? [] : ["Calls the SDK on \(adapter.isStatic ? "one queue shared by static methods" : "the object's serial queue"), not where it is awaited: it blocks until \(until)."]
        // An initializer's stream or one-shot: what the caller gets, and what its end does not do.
        let made = adapter.makes.map { made in
            Self.startsMadeObject(adapter)
                ? [
                    "Makes the `\(SwiftLiteral.commentSafe(made.type))` with bridgegen's completion and starts it; returns what the completion hands once it has come.",
                    adapter.options.cancellation.strategy == .none
                        ? "Nothing stops the object: a cancelled call throws `CancellationError` at once and drops it."
                        : "A cancelled call stops the object, once.",
                ]
                : adapter.stream == nil
                ? [
                    "Makes the `\(SwiftLiteral.commentSafe(made.type))` with bridgegen's completion; returns it once that has come.",
                    "Nothing stops the object: a cancelled call throws `CancellationError` at once and drops it.",
                ] : [
                "Makes the `\(SwiftLiteral.commentSafe(made.type))` with a handler whose calls come through the returned stream.",
                "The object is yours to keep, start and stop; the stream ending stops nothing. The stream",
                "keeps what comes until it is released: after a `break`, set it to nil or let it go.",
            ]
        } ?? []
        // What starts the SDK's work, which a caller who also calls it would start twice (the
        // hand-read of ALCamera's `onSuccess()`, whose own examples call `fetch()`).
        let started = adapter.options.cancellation.startMethod.map { start in
            script != nil || Self.startsMadeObject(adapter) ? [] : ["Starts the work itself, calling `\(SwiftLiteral.commentSafe(start))()` on what the SDK returns once its closures are set: do not call it too."]
        } ?? adapter.options.cancellation.startCall.map { call in
            script != nil ? [] : ["Starts the work itself, `\(SwiftLiteral.commentSafe(call))` with what the SDK returns once its closures are set: do not do it too."]
        } ?? []
        let docLines = documentation + (documentation.isEmpty ? [] : [""]) + [provenance] + made + Self.closureRoles(of: adapter) + started + blocking
        return try templates.render(
            Self.adapterHeaderTemplate,
            [
                "docLines": .strings(docLines), "documentation": .strings(documentation), "provenance": .string(provenance),
                "sourceName": .string(source), "adapterName": .string(SwiftLiteral.commentSafe(adapter.adapterName)),
                "isFake": .bool(script != nil),
            ])
    }

    /// The roles of an SDK call's closures, when more than one reports the outcome, for a reviewer:
    /// "`success` is the value, `failure` the error."
    static func closureRoles(of adapter: Adapter) -> [String] {
        guard let call = adapter.call else { return [] }
        var leftOut = call.completion.leftOut.isEmpty
            ? [] : ["Left out of the value: " + call.completion.leftOut.map(SwiftLiteral.commentSafe).joined(separator: "; ") + "."]
        if call.completion.nilIsFailure { leftOut.append("A nil value is the failure: it throws `BridgegenError.noResult`.") }
        if call.completion.answersWhetherOpen {
            leftOut.append(
                "`\(SwiftLiteral.commentSafe(call.completionName))` is answered `true` until the stream ends, then `false`: events are buffered, not held back until the consumer asks.")
        }
        if !call.completion.progress.isEmpty {
            leftOut.append(
                call.completion.progress.map { "`\(SwiftLiteral.commentSafe($0))`" }.joined(separator: " and ")
                    + " only \(call.completion.progress.count == 1 ? "reports" : "report") progress on the way: passed through.")
        }
        // A success that is a status (`Result<Bool, E>` under `@asyncError(zeroArgument: 1)`).
        let status = call.completion.successFlag.map { flag in
            let failing = flag.isBool ? (flag.failsWhenZero ? "`false`" : "`true`") : (flag.failsWhenZero ? "zero" : "non-zero")
            return "Its success is a status, not a value: \(failing) throws `BridgegenError.failureFlag`."
        }
        leftOut += [status].compactMap { $0 }
        if let outcome = call.completion.enumOutcome {
            return [caseRoles(outcome, isStream: adapter.stream != nil, isStatus: status != nil)] + [status].compactMap { $0 }
        }
        var parts: [String] = []
        var events = [call.completionName]
        for argument in call.legacyCall.arguments {
            guard case .outcome(_, _, let closure) = argument else { continue }
            switch closure.role {
            case .event: events.append(closure.parameterName)
            case .failure: parts.append("`\(closure.parameterName)` the error")
            case .failureText(let arity, _):
                parts.append(
                    "`\(closure.parameterName)` the failure, its text thrown as `BridgegenError.failureStatus`" + (arity > 1 ? " (its other arguments dropped)" : ""))
            case .failureAmong: parts.append("`\(closure.parameterName)` the failure, its error thrown (its other arguments dropped)")
            case .failureWithoutError: parts.append("`\(closure.parameterName)` the failure, thrown as `BridgegenError.failureFlag`")
            case .cancelledByUser:
                parts.append(
                    "`\(closure.parameterName)` the user's cancel, " + (adapter.stream == nil ? "thrown as `CancellationError`" : "the end"))
            case .finish(.plain): parts.append("`\(closure.parameterName)` the end")
            case .finish: parts.append("`\(closure.parameterName)` the end or the error")
            case .noValue: parts.append("`\(closure.parameterName)` no value (nil)")
            case .afterEither: parts.append("`\(closure.parameterName)` runs after either, nothing to do")
            }
        }
        if call.finishesWithReturned {
            // An `async` method ends the events by returning, or by throwing (SQLiteNIO's
            // `query(_:_:_:) async throws`): it returns no future.
            parts.append(call.legacyCall.isAsync ? "its return the end, or what it throws the error" : "the returned future the end or the error")
        }
        if call.failsWithReturned { parts.append("the returned future the error") }
        if adapter.eventEnum != nil, case let events = events.map({ "`\(SwiftLiteral.commentSafe($0))`" }), let last = events.last {
            let named = events.count == 2 ? events.joined(separator: " and ") : events.dropLast().joined(separator: ", ") + " and " + last
            let rest = parts.isEmpty ? "" : "; " + parts.map(SwiftLiteral.commentSafe).joined(separator: ", ")
            return ["Closures: \(named) are the events, each yielded as its case of `\(adapter.resultType)`\(rest)."] + leftOut
        }
        guard !parts.isEmpty else { return leftOut }
        let value = call.completionRole == .event || adapter.stream != nil ? "the events" : "the value"
        let name = SwiftLiteral.commentSafe(call.completionName)
        return ["Closures: `\(name)` is \(value), " + parts.map(SwiftLiteral.commentSafe).joined(separator: ", ") + "."] + leftOut
    }

    /// "Cases: `.next` is the events, `.error` the error, `.completed` the end."
    static func caseRoles(_ outcome: EnumOutcome, isStream: Bool, isStatus: Bool = false) -> String {
        let cases = outcome.through.map { "Cases of its `\($0)`" } ?? "Cases"
        if outcome.isWholeValue {
            let ends = outcome.ends.map { "`.\($0.name)`" }.joined(separator: " and ")
            let thrown = Self.thrownEndErrors(outcome)
            let parts = [outcome.failure.map { "`.\($0)` is the error" }, ends.isEmpty ? nil : "\(ends) the last event"].compactMap { $0 }
            return "\(cases): " + (parts + ["every other case \(isStream ? "an event" : "the value")"]).joined(separator: ", ") + "." + thrown
        }
        var parts: [String] = []
        // A value case of nothing (Swift-Kuery's `.successNoData` for a command): the one-shot
        // returns nothing, and its other cases succeed too, their values dropped.
        let succeedsBare = !isStream && outcome.value?.arity == 0
        if let value = outcome.value { parts.append("`.\(value.name)` is \(isStream ? "the events" : succeedsBare ? "the success" : isStatus ? "the status" : "the value")") }
        if let failure = outcome.failure { parts.append("`.\(failure)` the error") }
        let ends = outcome.ends.map { "`.\($0.name)`" }.joined(separator: " and ")
        if !ends.isEmpty {
            let dropped = outcome.ends.contains { $0.arity > 0 } ? " (values dropped)" : ""
            parts.append(ends + (isStream ? " the end" : outcome.value == nil ? " the success" : succeedsBare ? " succeed too" + dropped : " no value (nil)"))
        }
        return "\(cases): " + parts.joined(separator: ", ") + "." + thrownEndErrors(outcome)
    }

    /// " `.scanStopped` throws the error it carries, when not nil.", for end cases that carry one.
    static func thrownEndErrors(_ outcome: EnumOutcome) -> String {
        let failing = outcome.ends.filter { $0.errorIndex != nil }.map { "`.\($0.name)`" }
        guard !failing.isEmpty else { return "" }
        return " " + failing.joined(separator: " and ") + (failing.count == 1 ? " throws the error it carries" : " throw the error each carries") + ", when not nil."
    }

    /// One adapter, from the lines its header template renders to its last brace.
    func print(_ site: AdapterSite, header: String, into printer: inout CodePrinter) {
        let adapter = site.adapter
        printer.lines(of: header)
        // A fake's copy repeats no `.bridge` text where it differs: it is not mapped.
        let mapsSource = printer.mapsSource
        printer.mapsSource = mapsSource && site.script == nil
        printSignature(signature(of: adapter, access: site.access), attributes: attributes(of: adapter), into: &printer)
        printer.indented { body in
            switch (adapter.start, site.script) {
            case (.notification(let notification), nil):
                printNotificationStream(site, notification, into: &body)
            case (.property(let property), nil):
                printPropertyStream(site, property, into: &body)
            case (.delegate(let start), nil):
                if adapter.stream != nil { printDelegateStreamBody(site, start, into: &body) } else { printDelegateCallBody(site, start, into: &body) }
            case _ where adapter.makes != nil && adapter.stream != nil:
                printMadeStream(site, into: &body)
            case _ where adapter.makes != nil:
                printMadeCall(site, into: &body)
            case _ where adapter.stream != nil:
                printStream(site, into: &body)
            case _ where adapter.isGetter:
                // No directive may stand between `var name: T {` and `get`.
                body.endStatement()
                body.continuation("get async throws {")
                body.indented { printCallBody(site, into: &$0) }
                body.line("}")
                body.endMapping()
            default:
                printCallBody(site, into: &body)
            }
        }
        printer.line("}")
        printer.endMapping()
        printer.mapsSource = mapsSource
    }

    /// `@discardableResult`, the declaration's own attributes, `@MainActor`.
    func attributes(of adapter: Adapter) -> [String] {
        var attributes = adapter.attributes
        if adapter.discardableResult { attributes.insert("@discardableResult", at: 0) }
        if adapter.options.isMainActor { attributes.append("@MainActor") }
        // `__name` is how Swift marks an API private (SE-0297's `swift_private`); lint must not
        // ask users to rename what the importer would have named so.
        if adapter.name.hasPrefix("__") {
            attributes.insert("// swift-format-ignore: AlwaysUseLowerCamelCase", at: 0)
        }
        return attributes
    }

    /// bridgegen's local names in one adapter.
    struct Names {
        var continuation, call, events, retry: String
        /// A delegate adapter's: its delegate object, the one it replaced, an earlier call's.
        var delegate, previous, earlier: String
    }

    /// `name`, or `bridgeName` (and so on) when a parameter is already called that.
    static func freeName(_ name: String, taken: Set<String>) -> String {
        var candidate = name
        while taken.contains(candidate) { candidate = "bridge" + candidate.prefix(1).uppercased() + candidate.dropFirst() }
        return candidate
    }

    /// A declaration's signature in pieces, each with the `.bridge` line it repeats:
    /// `head(` parameters `)tail`; a property has no parameter list.
    struct Signature {
        var head: Sourced
        var parameters: [Sourced]?
        var tail: Sourced
    }

    /// `public func name<T>(label name: Type) async throws -> Result where T: P`. A stream
    /// adapter returns its stream instead.
    func signature(of adapter: Adapter, access: String) -> Signature {
        var head = access
        if adapter.isStatic { head += "static " }
        // `nonisolated(nonsending)`: the adapter runs on its caller's actor, as Swift imports
        // Objective-C async methods, so non-Sendable SDK objects and results never cross actors.
        if !(adapter.options.isMainActor || adapter.stream != nil) { head += "nonisolated(nonsending) " }
        // A stream whose SDK call is `async` makes that call in a task of its own, awaiting it
        // as any caller would: the adapter needs no isolation, so an actor's (Supabase's
        // `AuthClient`) is called without `await`, and a fake's protocol can require it.
        if adapter.stream != nil, !adapter.options.isMainActor, adapter.call?.legacyCall.isAsync == true { head += "nonisolated " }
        if adapter.isGetter {
            return Signature(
                head: Sourced(head + "var " + adapter.name + ": " + Self.spelled(adapter.resultType), from: adapter.signatureLine),
                parameters: nil, tail: Sourced(""))
        }
        head += "func " + adapter.name
        if !adapter.genericParameters.isEmpty { head += "<" + adapter.genericParameters.joined(separator: ", ") + ">" }
        var tail = Self.resultClause(adapter.stream, resultType: adapter.resultType)
        // An initializer's stream: the object made, and its stream.
        if let made = adapter.makes, tail.hasPrefix(" -> ") {
            tail = (adapter.call?.legacyCall.isThrowing == true ? " throws" : "") + " -> (" + made.type + ", " + tail.dropFirst(4) + ")" + (made.isFailable ? "?" : "")
        } else if adapter.makes != nil, let made = Self.madeResult(of: adapter) {
            // An initializer's one-shot: the object, beside the completion's value.
            tail = " async throws -> " + made
        }
        if !adapter.requirements.isEmpty { tail += " where " + adapter.requirements.joined(separator: ", ") }
        return Signature(
            head: Sourced(head, from: adapter.signatureLine),
            parameters: adapter.parameters.map { Sourced(Self.declaration(of: $0), from: $0.line) },
            tail: Sourced(tail, from: adapter.resultLine ?? adapter.signatureLine))
    }

    /// The attributes and the signature, ending in `suffix` (` {`). Mapped, the parameter list
    /// keeps the `.bridge` declaration's line breaks, so each line lands on the line its text
    /// came from: on one line when the declaration is (however long), else one line per
    /// `.bridge` line between `head(` and `)tail`. Unmapped, it is broken one parameter per line
    /// when it does not fit.
    func printSignature(
        _ signature: Signature, attributes: [String], suffix: String = " {", reserve: Int? = nil, into printer: inout CodePrinter
    ) {
        var started = false
        func print(_ text: String, from line: Int?) {
            if started { printer.continuation(text, from: line) } else { printer.line(text, from: line) }
            started = true
        }
        for attribute in attributes { print(attribute, from: nil) }
        guard let parameters = signature.parameters else {
            return print(signature.head.text + suffix, from: signature.head.line)
        }
        let oneLine = signature.head.text + "(" + parameters.map(\.text).joined(separator: ", ") + ")" + signature.tail.text
        let lines = Set(([signature.head, signature.tail] + parameters).compactMap(\.line))
        if parameters.isEmpty || (printer.mapsSource ? lines.count <= 1 : printer.fits(oneLine, reserve: reserve ?? suffix.count)) {
            return print(oneLine + suffix, from: signature.head.line)
        }
        print(signature.head.text + "(", from: signature.head.line)
        var groups: [Sourced] = []
        for parameter in parameters {
            if printer.mapsSource, let last = groups.last, parameter.line == nil || parameter.line == last.line {
                groups[groups.count - 1].text += ", " + parameter.text
            } else {
                groups.append(parameter)
            }
        }
        printer.indented { $0.commaSeparated(groups) }
        printer.continuation(")" + signature.tail.text + suffix, from: signature.tail.line)
    }

    /// ` async throws -> Result`, or the stream a stream adapter returns.
    static func resultClause(_ stream: StreamOptions?, resultType: String) -> String {
        switch stream?.isThrowing {
        case true?: return " -> _Concurrency.AsyncThrowingStream<\(spelled(resultType)), any Swift.Error>"
        case false?: return " -> _Concurrency.AsyncStream<\(spelled(resultType))>"
        case nil: return " async throws" + (resultType == "Void" ? "" : " -> " + resultType)
        }
    }

    /// A type as generated code spells it. The model writes "no value" as `Void`; generated code
    /// names every standard type with its module (`Swift.Void`, `_Concurrency.AsyncStream`, `any
    /// Swift.Error`), because it is compiled into app modules and extensions of types that may
    /// declare their own `Void`, `Result`, `Task` or `Error` (docs/decisions.md). Types the SDK's
    /// declarations name are the SDK's and are left as written.
    static func spelled(_ type: String) -> String {
        type == "Void" ? "Swift.Void" : type
    }

    /// A parameter's type as generated code spells it: a progress stream's continuation, a
    /// variadic list's array, or the type as declared.
    static func type(of parameter: AdapterParameter) -> String {
        switch parameter.progressStream {
        case nil: return parameter.isVariadic ? "[" + parameter.type + "]" : parameter.type
        case .required?: return "_Concurrency.AsyncStream<\(parameter.type)>.Continuation"
        case .optional?: return "_Concurrency.AsyncStream<\(spelled(parameter.type))>.Continuation?"
        }
    }

    /// `label name: Type = default`, as the parameter is declared in the async function.
    static func declaration(of parameter: AdapterParameter) -> String {
        var text: String
        switch parameter.label {
        case nil: text = "_ " + parameter.name
        // `` `default`: Bool? `` is one name for both, a keyword written in backticks as a name
        // and bare as a label: `` default `default` `` would be a duplicate (a warning).
        case let label? where label == parameter.name || "`" + label + "`" == parameter.name: text = parameter.name
        case let label?: text = label + " " + parameter.name
        }
        text += ": " + (parameter.isVariadic ? parameter.type + "..." : type(of: parameter))
        if let defaultValue = parameter.defaultValue { text += " = " + defaultValue }
        return text
    }
}
