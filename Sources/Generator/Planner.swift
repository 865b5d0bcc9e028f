import Analysis
import DeclParser
import Templates

/// Plans the generated code: turns the adapter model into the values the templates render.
/// Every choice about Swift spelling (line breaks in long calls, the completion handler's body,
/// escaping of user text) is made here, so the templates stay logic-less.
public struct Planner: Sendable {
    /// Lines longer than this are broken, one argument per line (swift-format's default limit).
    public var lineLength = 100
    public var indent = "    "
    public var settings = Settings()

    public init() {}

    var availability: String { "@available(\(settings.availability))" }

    /// `public ` for an access level; explicit `internal` and no level at all (unless the
    /// settings give a default) print nothing.
    func accessPrefix(_ level: String?) -> String {
        guard let level = level ?? settings.access, level != "internal" else { return "" }
        return level + " "
    }

    public func plan(_ model: BridgeModel, sourceFile: String) -> TemplateValue {
        .object([
            "sourceFile": .string(Self.commentSafe(sourceFile)),
            "imports": .strings(imports(model)),
            // Planned as they render: a big file's blocks are planned and rendered together on
            // all cores, and each block's values are gone once its text exists.
            "blocks": .lazyList(LazyList(count: model.blocks.count) { [self, blocks = model.blocks] in plan(blocks[$0]) }),
            "delegates": .list(model.delegates.map(plan)),
        ])
    }

    /// The file's imports; delegate classes subclass `NSObject`, so they need Foundation.
    func imports(_ model: BridgeModel) -> [String] {
        let hasFoundation = model.imports.contains { $0.hasSuffix("import Foundation") }
        if model.delegates.isEmpty || hasFoundation { return model.imports }
        // In order by module name, as swift-format wants imports.
        var imports = model.imports
        let position = imports.firstIndex { ($0.split(separator: " ").last.map(String.init) ?? "") > "Foundation" }
        imports.insert("import Foundation", at: position ?? imports.endIndex)
        return imports
    }

    func plan(_ block: AdapterBlock) -> TemplateValue {
        let access = accessPrefix(block.access)
        let whereClause = block.requirements.isEmpty ? "" : " where " + block.requirements.joined(separator: ", ")
        let typeName = block.wrapperName ?? block.extendedType
        let callee = block.wrapperName == nil ? "self" : "base"
        return .object([
            "isExtension": .bool(block.wrapperName == nil),
            "isWrapper": .bool(block.wrapperName != nil),
            "docLines": .strings(block.documentation.map(Self.commentSafe)),
            "attributes": .strings([availability] + block.attributes),
            "extendedType": .string(block.extendedType),
            "whereClause": .string(whereClause),
            "access": .string(access),
            "wrapperName": .string(block.wrapperName ?? ""),
            "adapters": .list(
                block.adapters.map {
                    plan($0, access: access, typeName: typeName, callee: callee, staticCallee: block.wrapperName == nil ? "Self" : block.extendedType)
                }),
        ])
    }

    func plan(_ adapter: Adapter, access: String, typeName: String, callee: String, staticCallee: String) -> TemplateValue {
        var docLines = adapter.documentation.map(Self.commentSafe)
        if !docLines.isEmpty { docLines.append("") }
        let source = Self.commentSafe(adapter.sourceName)
        docLines.append(adapter.notification == nil ? "Bridged from `\(source)`." : "Observes notification `\(source)`.")

        var attributes = adapter.attributes
        if adapter.discardableResult { attributes.insert("@discardableResult", at: 0) }
        if adapter.isMainActor { attributes.append("@MainActor") }

        // bridgegen's own names must not shadow a forwarded parameter.
        let continuation = freeName("continuation", in: adapter)
        let callName = freeName("call", in: adapter)
        let events = freeName("events", in: adapter)
        let retryName = freeName("retry", in: adapter)
        let retry = adapter.retry  // Analysis leaves it nil on streams.
        let receiver = adapter.isStatic ? staticCallee : callee
        let isStream = adapter.stream != nil
        let handler =
            adapter.notification != nil
            ? ""  // The runtime's observer block is the handler.
            : isStream
                ? streamHandler(adapter, events: events)
                : completionClosure(adapter.completion, continuation: continuation)

        return .object([
            "docLines": .strings(docLines),
            "attributes": .strings(attributes),
            "signature": .string(signature(of: adapter, access: access)),
            "resultType": .string(adapter.resultType),
            "tokenType": .string(adapter.cancellation.tokenType),
            "adapterNameLiteral": .string(Parser.quoted(adapter.adapterName)),
            "callName": .string(callName),
            "finishedStreams": .strings(adapter.progressStreams.keys.sorted()),
            "callSetup": .string(
                isStream ? "" : callSetup(adapter, receiver: receiver, retry: retry == nil ? nil : retryName)),
            "hasRetry": .bool(retry != nil),
            "retryName": .string(retryName),
            "retrySetup": .string(retry.map { retrySetup($0, name: retryName) } ?? ""),
            "continuation": .string(continuation),
            "isStream": .bool(isStream),
            "streamBody": .string(
                adapter.notification.map { notificationBody(adapter, $0, receiver: receiver) }
                    ?? (isStream
                        ? streamBody(adapter, receiver: receiver, events: events, handler: handler, continuation: continuation)
                        : "")),
            "legacyCall": .string(
                isStream
                    ? ""
                    : call(
                        adapter, callee: receiver, continuation: continuation, handler: handler,
                        depth: retry == nil ? 3 : 5)),
        ])
    }

    func freeName(_ name: String, in adapter: Adapter) -> String {
        var candidate = name
        while adapter.parameters.contains(where: { $0.name == candidate }) { candidate = "bridge" + candidate.capitalizedFirst }
        return candidate
    }

    /// The closure that stops the SDK's work, given the token its start call returned.
    func stopClosure(_ plan: CancellationPlan, receiver: String) -> String? {
        switch plan.strategy {
        case .none:
            return nil
        case .token(let method, let optional):
            return "{ token in token\(optional ? "?" : "").\(method) }"
        case .receiverWithToken(let name, let label):
            return "{ token in \(receiver).\(name)(\(label.map { "\($0): " } ?? "")token) }"
        case .receiver(let call):
            return "{ _ in \(receiver).\(call) }"
        }
    }

    /// `BridgegenCall<Value, Token>("Type.name(labels:)", options…)`, one option per line. In a
    /// retry loop (`retry` names its state) it sits one level deeper and takes its timeout from
    /// the loop, which shortens it to what is left of the deadline.
    func callSetup(_ adapter: Adapter, receiver: String, retry: String? = nil) -> String {
        var options: [String] = []
        let plan = adapter.cancellation
        if let stop = stopClosure(plan, receiver: receiver) { options.append("cancel: " + stop) }
        if let start = plan.startMethod {
            options.append("start: { token in token\(plan.tokenType.hasSuffix("?") ? "?" : "").\(start) }")
        }
        if let retry, adapter.retry?.deadline != nil {
            options.append("timeout: \(retry).timeout(\(adapter.timeoutSeconds ?? ""))")
        } else if let timeout = adapter.timeoutSeconds {
            options.append("timeout: \(timeout)")
        }
        if plan.waitForCompletion { options.append("waitForCompletion: true") }
        if adapter.isMainActor, plan.strategy != .none { options.append("cancelOnMainThread: true") }
        if let mapError = adapter.mapError { options.append("mapError: \(mapError)") }
        // Written into one buffer: `BridgegenCall<Value, Token>(` then the name and options.
        let name = Parser.quoted(adapter.adapterName)
        var text = ""
        text.reserveCapacity(
            options.reduce(48 + adapter.resultType.utf8.count + plan.tokenType.utf8.count + name.utf8.count) {
                $0 + $1.utf8.count + 16
            })
        text += "BridgegenCall<"
        text += adapter.resultType
        text += ", "
        text += plan.tokenType
        text += ">("
        // `let call = ` at function-body depth (or in the retry loop), inside the extension.
        let depth = retry == nil ? 1 : 2
        let prefixLength = indent.count * (depth + 1) + "let call = ".count
        if options.isEmpty && prefixLength + Self.width(text) - 1 + Self.width(name) + 2 <= lineLength {
            text += name
            text += ")"
            return text
        }
        for (index, line) in ([name] + options).enumerated() {
            text += index == 0 ? "\n" : ",\n"
            for _ in 0...depth { text += indent }
            text += line
        }
        text += "\n"
        for _ in 0..<depth { text += indent }
        text += ")"
        return text
    }

    /// `BridgegenRetry(attempts: 3, delay: 0.5, …, when: predicate)`; error cases become a
    /// closure that matches them as patterns against `any Error`.
    func retrySetup(_ retry: RetryPlan, name: String) -> String {
        var options = ["attempts: \(retry.attempts)", "delay: \(retry.delay)"]
        if case .exponential(let multiplier, let maxDelay) = retry.backoff {
            options.append(
                "backoff: .exponential(multiplier: \(multiplier), maxDelay: \(maxDelay ?? "nil"))")
        }
        if retry.jitter != .none { options.append("jitter: .\(retry.jitter.rawValue)") }
        if let deadline = retry.deadline { options.append("deadline: \(deadline)") }
        let condition: String
        switch retry.condition {
        case .predicate(let function):
            condition = "when: " + function
        case .cases(let cases):
            // One case a line: short lines, and a case added later is a one-line diff.
            let body = ["switch error {"] + cases.map { "case \($0): true" } + ["default: false", "}"]
            condition = "when: { error in\n" + body.map { indent + $0 }.joined(separator: "\n") + "\n}"
        }
        options.append(condition)
        let head = "BridgegenRetry("
        let oneLine = head + options.joined(separator: ", ") + ")"
        // `var retry = ` at function-body depth, inside the extension.
        if !oneLine.utf8.contains(UInt8(ascii: "\n")) && indent.count * 2 + "var \(name) = ".count + oneLine.count <= lineLength {
            return oneLine
        }
        return head + "\n" + options.map { Self.indentLines($0, by: indent + indent) }.joined(separator: ",\n") + "\n"
            + indent + ")"
    }

    /// The stream adapter's body: `BridgegenStream<Element, Token>.throwing("name", options…)`
    /// with the register closure that makes the legacy call. The register closure trails when it
    /// is the only closure; next to a `stop:` closure it is a labelled argument (swift-format).
    func streamBody(_ adapter: Adapter, receiver: String, events: String, handler: String, continuation: String) -> String {
        guard let stream = adapter.stream else { return "" }
        let function = stream.isThrowing ? "throwing" : "events"
        let head = "BridgegenStream<\(adapter.resultType), \(adapter.cancellation.tokenType)>.\(function)"
        var options = [Parser.quoted(adapter.adapterName)]
        var hasClosure = false
        if let buffering = stream.buffering { options.append("buffering: " + buffering) }
        if let stop = stopClosure(adapter.cancellation, receiver: receiver) {
            options.append("stop: " + stop)
            hasClosure = true
        }
        if adapter.isMainActor, adapter.cancellation.strategy != .none { options.append("stopOnMainThread: true") }
        if stream.isThrowing, let mapError = adapter.mapError { options.append("mapError: " + mapError) }
        if !hasClosure {
            // At function-body depth (2), followed by ` { events in`.
            let legacy = call(adapter, callee: receiver, continuation: continuation, handler: handler, depth: 3)
            let closure = " { \(events) in\n" + Self.indentLines(legacy, by: indent) + "\n}"
            let oneLine = head + "(" + options.joined(separator: ", ") + ")"
            if indent.count * 2 + oneLine.count + " { \(events) in".count <= lineLength { return oneLine + closure }
            return head + "(\n" + options.map { indent + $0 }.joined(separator: ",\n") + "\n)" + closure
        }
        let legacy = call(adapter, callee: receiver, continuation: continuation, handler: handler, depth: 4)
        let register = "register: { \(events) in\n" + Self.indentLines(legacy, by: indent) + "\n}"
        return head + "(\n" + (options + [register]).map { Self.indentLines($0, by: indent) }.joined(separator: ",\n") + "\n)"
    }

    /// `BridgegenNotifications.stream("name", center:, name:, object:, queue:, buffering:, map:)`,
    /// on one line when it fits at function-body depth, else one argument per line.
    func notificationBody(_ adapter: Adapter, _ plan: NotificationPlan, receiver: String) -> String {
        var arguments = [Parser.quoted(adapter.adapterName)]
        switch plan.center {
        case .receiver: arguments.append("center: " + receiver)
        case .standard: break
        case .expression(let center): arguments.append("center: " + center)
        }
        arguments.append("name: " + plan.name)
        if let object = plan.object { arguments.append("object: " + object) }
        if let queue = plan.queue { arguments.append("queue: " + queue) }
        if let buffering = adapter.stream?.buffering { arguments.append("buffering: " + buffering) }
        arguments.append("map: " + Self.mapClosure(plan.map))
        let head = "BridgegenNotifications.stream"
        let oneLine = head + "(" + arguments.joined(separator: ", ") + ")"
        if indent.count * 2 + oneLine.count <= lineLength { return oneLine }
        return head + "(\n" + arguments.map { indent + $0 }.joined(separator: ",\n") + "\n)"
    }

    /// `{ Status(notification: $0) }` for `Status.init(notification:)`: a closure literal that
    /// calls the mapping function, so the compiler checks that it may run on the posting thread
    /// (a function reference converted to `@Sendable` is not checked in Swift 5 mode).
    static func mapClosure(_ reference: String) -> String {
        guard let open = reference.firstIndex(of: "(") else { return "{ \(reference)($0) }" }
        var function = String(reference[..<open])
        if function.hasSuffix(".init") { function.removeLast(".init".count) }
        let label = reference[reference.index(after: open)...].prefix { $0 != ":" }
        return "{ \(function)(\(label == "_" ? "" : label + ": ")$0) }"
    }

    /// The stream's event handler: yields each event, and ends the stream on the SDK's failure
    /// (or on both value and error being nil, the usual way such callbacks say "no more").
    func streamHandler(_ adapter: Adapter, events e: String) -> String {
        let plan = adapter.completion
        let names = plan.parameters.map(\.name)
        let yieldVoid = "\(e).yield()"
        var body: [String] = []
        if plan.isResult {
            let yield = adapter.returnsVoid ? yieldVoid : "\(e).yield(value)"
            let success = adapter.returnsVoid ? "case .success:" : "case .success(let value):"
            if adapter.stream?.isThrowing == true {
                body = [
                    "switch \(names[0]) {", success, indent + yield, "case .failure(let error):",
                    indent + "\(e).finish(throwing: error)", "}",
                ]
            } else {
                let pattern = adapter.returnsVoid ? "if case .success = " : "if case .success(let value) = "
                body = [pattern + names[0] + " {", indent + yield, "}"]
            }
        } else {
            body = outcomeBranches(
                plan, success: { "\(e).yield(\($0))" }, successVoid: yieldVoid,
                failure: { "\(e).finish(throwing: \($0))" }, failureFlag: { "\(e).finishWithFailureFlag(error: \($0))" },
                neither: "\(e).finish()")
        }
        return closure(parameters: names, body: body)
    }

    /// `public func name<T>(label name: Type) async throws -> Result where T: P`, broken one
    /// parameter per line when it would not fit. A stream adapter returns its stream instead.
    func signature(of adapter: Adapter, access: String) -> String {
        // `nonisolated(nonsending)`: the adapter runs on its caller's actor, as Swift imports
        // Objective-C async methods, so non-Sendable SDK objects and results never cross actors.
        let isolation = adapter.isMainActor || adapter.stream != nil ? "" : "nonisolated(nonsending) "
        var head = access
        if adapter.isStatic { head += "static " }
        head += isolation
        head += "func "
        head += adapter.name
        if !adapter.genericParameters.isEmpty {
            head += "<"
            head += adapter.genericParameters.joined(separator: ", ")
            head += ">"
        }
        var tail = ""
        switch adapter.stream?.isThrowing {
        case true?:
            tail += " -> AsyncThrowingStream<"
            tail += adapter.resultType
            tail += ", any Error>"
        case false?:
            tail += " -> AsyncStream<"
            tail += adapter.resultType
            tail += ">"
        case nil:
            tail += " async throws"
            if !adapter.returnsVoid {
                tail += " -> "
                tail += adapter.resultType
            }
        }
        if !adapter.requirements.isEmpty {
            tail += " where "
            tail += adapter.requirements.joined(separator: ", ")
        }
        // Built in one buffer each: every `+` of long strings is an allocation, and this runs
        // for every adapter.
        var oneLine = ""
        oneLine.reserveCapacity(head.utf8.count + tail.utf8.count + 32 * adapter.parameters.count + 2)
        oneLine += head
        oneLine += "("
        for (index, parameter) in adapter.parameters.enumerated() {
            if index > 0 { oneLine += ", " }
            parameter.appendDeclaration(to: &oneLine)
        }
        oneLine += ")"
        oneLine += tail
        if indent.count + Self.width(oneLine) + 2 <= lineLength || adapter.parameters.isEmpty { return oneLine }
        var broken = head
        broken.reserveCapacity(oneLine.utf8.count + (indent.count + 1) * adapter.parameters.count + 4)
        broken += "(\n"
        for (index, parameter) in adapter.parameters.enumerated() {
            if index > 0 { broken += ",\n" }
            broken += indent
            parameter.appendDeclaration(to: &broken)
        }
        broken += "\n)"
        broken += tail
        return broken
    }

    /// Length in characters, read from the bytes when there is nothing but ASCII without line
    /// breaks (always, for generated code from ASCII input).
    static func width(_ text: some StringProtocol) -> Int {
        text.allUTF8({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) ? text.utf8.count : text.count
    }

    /// The legacy call with bridgegen's completion handler as its completion argument.
    func call(_ adapter: Adapter, callee: String, continuation: String, handler closure: String, depth: Int = 3) -> String {
        let legacy = adapter.legacyCall
        var function = ""
        if legacy.returnsValue && !adapter.cancellation.usesToken { function += "_ = " }
        if legacy.isThrowing { function += "try " }
        function += callee
        function += "."
        function += legacy.name

        // Labels and values apart, so the call is written once into its own buffer (the
        // completion handler's closure is most of it, and was copied at every step).
        var arguments: [(label: String?, value: String)] = []
        for argument in legacy.arguments {
            switch argument {
            case .forwarded(let label, let name, let isInout):
                var value = isInout ? "&" + name : name
                if adapter.progressStreams[name] != nil {
                    value = "{ value in \(continuation).ifRunning { \(name).yield(value) } }"
                } else if let arity = adapter.guardedClosureParameters[name] {
                    // Forwarded only while the outcome is open: no progress after the result.
                    let names = (0..<arity).map { arity == 1 ? "value" : "value\($0)" }
                    let head = names.isEmpty ? "{" : "{ " + names.joined(separator: ", ") + " in"
                    value = "\(head) \(continuation).ifRunning { \(name)(\(names.joined(separator: ", "))) } }"
                }
                arguments.append((label, value))
            case .completion(let label):
                arguments.append((label, closure))
            }
        }
        let size = arguments.reduce(function.utf8.count + 2) { $0 + ($1.label?.utf8.count ?? 0) + $1.value.utf8.count + 4 }
        // Depth of the call inside the adapter: function body + run closure. A multi-line
        // closure may stay inline only as the sole argument (swift-format's rule); otherwise
        // every argument goes on its own line.
        let callIndent = indent.count * depth
        var oneLine = ""
        oneLine.reserveCapacity(size)
        oneLine += function
        oneLine += "("
        for (index, argument) in arguments.enumerated() {
            if index > 0 { oneLine += ", " }
            if let label = argument.label {
                oneLine += label
                oneLine += ": "
            }
            oneLine += argument.value
        }
        oneLine += ")"
        let firstLine = oneLine.utf8.firstIndex(of: UInt8(ascii: "\n")) ?? oneLine.endIndex
        let firstLineLength = Self.width(oneLine[..<firstLine])
        let hasMultiLineArgument = arguments.contains { $0.value.utf8.contains(UInt8(ascii: "\n")) }
        if callIndent + firstLineLength <= lineLength && (arguments.count == 1 || !hasMultiLineArgument) {
            return oneLine
        }
        var broken = ""
        broken.reserveCapacity(size + 8 * indent.utf8.count)
        broken += function
        broken += "(\n"
        for (index, argument) in arguments.enumerated() {
            if index > 0 { broken += ",\n" }
            if let label = argument.label {
                broken += indent
                broken += label
                broken += ": "
                Self.appendIndentedLines(argument.value, by: indent, to: &broken, continuingLine: true)
            } else {
                Self.appendIndentedLines(argument.value, by: indent, to: &broken)
            }
        }
        broken += "\n)"
        return broken
    }

    /// The completion handler's closure literal: turns the SDK's arguments into one outcome.
    func completionClosure(_ plan: CompletionPlan, continuation c: String) -> String {
        var body: [String] = []
        if plan.isResult {
            body = ["\(c).resume(with: \(plan.parameters[0].name))"]
        } else {
            body = outcomeBranches(
                plan, success: { "\(c).resume(returning: \($0))" }, successVoid: "\(c).resume()",
                failure: { "\(c).resume(throwing: \($0))" }, failureFlag: { "\(c).resumeWithFailureFlag(error: \($0))" },
                neither: "\(c).resumeWithNoResult()")
        }
        return closure(parameters: plan.parameters.map(\.name), body: body)
    }

    /// `{ a, b in` and the body lines, indented, and `}`, in one buffer.
    func closure(parameters names: [String], body: [String]) -> String {
        var text = ""
        text.reserveCapacity(body.reduce(16 * names.count + 8) { $0 + $1.utf8.count + indent.utf8.count + 1 })
        text += "{"
        if !names.isEmpty {
            text += " "
            for (index, name) in names.enumerated() {
                if index > 0 { text += ", " }
                text += name
            }
            text += " in"
        }
        for line in body {
            text += "\n"
            text += indent
            text += line
        }
        text += "\n}"
        return text
    }

    /// The `if … else if … else` over a callback's arguments shared by completion handlers and
    /// stream handlers: a failure flag or an error first, then the (unwrapped) values; `neither`
    /// when optional values and the error are all nil.
    func outcomeBranches(
        _ plan: CompletionPlan, success: (String) -> String, successVoid: String, failure: (String) -> String,
        failureFlag: (String) -> String, neither: String
    ) -> [String] {
        let values = plan.valueNames
        let successAction: String
        switch values.count {
        case 0: successAction = successVoid
        case 1: successAction = success(values[0])
        default: successAction = success("(" + values.joined(separator: ", ") + ")")
        }
        var branches: [(condition: String, action: String)] = []
        if let flag = plan.flag {
            let condition: String
            switch (flag.isBool, flag.failsWhenZero) {
            case (true, true): condition = "!\(flag.name)"
            case (true, false): condition = flag.name
            case (false, true): condition = "\(flag.name) == 0"
            case (false, false): condition = "\(flag.name) != 0"
            }
            branches.append((condition, failureFlag(plan.errorName ?? "nil")))
        } else if let error = plan.errorName {
            branches.append(("let \(error)", failure(error)))
        }
        let unwrapped = plan.unwrappedValueNames
        if !unwrapped.isEmpty {
            branches.append((unwrapped.map { "let \($0)" }.joined(separator: ", "), successAction))
        }
        if branches.isEmpty { return [successAction] }
        var body: [String] = []
        for (index, branch) in branches.enumerated() {
            body.append((index == 0 ? "if " : "} else if ") + branch.condition + " {")
            body.append(indent + branch.action)
        }
        body.append("} else {")
        body.append(indent + (unwrapped.isEmpty ? successAction : neither))
        body.append("}")
        return body
    }

    /// Every non-empty line of `text` indented by `indent`. On UTF-8 bytes: a line break is
    /// never part of a multi-byte character, and walking `Character`s was a hot spot.
    static func indentLines(_ text: String, by indent: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 8 * indent.utf8.count)
        appendIndentedLines(text, by: indent, to: &result)
        return result
    }

    /// `indentLines(text, by: indent)` appended to `output`; with `continuingLine` the first
    /// line continues a line already started (and gets no indentation).
    static func appendIndentedLines(_ text: String, by indent: String, to output: inout String, continuingLine: Bool = false) {
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var first = true
        while lineStart < utf8.endIndex {
            let end = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            if end > lineStart {
                if !(first && continuingLine) { output += indent }
                // The line's bytes, appended without a string of their own ("\n" is never part
                // of a multi-byte character, so the slice is whole scalars).
                output += Substring(utf8[lineStart..<end])
            }
            guard end < utf8.endIndex else { break }
            output += "\n"
            first = false
            lineStart = utf8.index(after: end)
        }
    }

    /// User text placed in a `//` comment: it cannot end the comment (line breaks are already
    /// gone) but could reorder how the line displays (bidirectional controls) — those become
    /// visible escapes. Other control characters likewise.
    static func commentSafe(_ text: String) -> String {
        // Printable ASCII (and tabs) is safe as it is: the common case, checked byte by byte.
        if text.allUTF8({ ($0 >= 0x20 && $0 < 0x7F) || $0 == UInt8(ascii: "\t") }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isBidiControl || (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
                || scalar.value == 0x2028 || scalar.value == 0x2029
            {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
