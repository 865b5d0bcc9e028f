import Analysis
import DeclParser
import Templates
import Text

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
        var docLines: [String] = []
        docLines.reserveCapacity(adapter.documentation.count + 2)
        for line in adapter.documentation { docLines.append(Self.commentSafe(line)) }
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
        // The adapter's name as a string literal: in the call or stream setup, and for templates.
        let nameLiteral = Parser.quoted(adapter.adapterName)
        let handler =
            adapter.notification != nil
            ? TextBuffer()  // The runtime's observer block is the handler.
            : isStream
                ? streamHandler(adapter, events: events)
                : completionClosure(adapter.completion, continuation: continuation)

        let streamBody: TemplateValue =
            if let notification = adapter.notification {
                .string(notificationBody(adapter, notification, nameLiteral: nameLiteral, receiver: receiver))
            } else if isStream {
                .text(
                    streamBody(
                        adapter, nameLiteral: nameLiteral, receiver: receiver, events: events, handler: handler,
                        continuation: continuation))
            } else {
                ""
            }
        // A stream's call is inside its body.
        let setup: TemplateValue =
            isStream ? "" : .text(callSetup(adapter, nameLiteral: nameLiteral, receiver: receiver, retry: retry == nil ? nil : retryName))
        let legacy: TemplateValue =
            isStream
            ? "" : .text(call(adapter, callee: receiver, continuation: continuation, handler: handler, depth: retry == nil ? 3 : 5))
        return .object(
            TemplateObject([
                .init("docLines", .strings(docLines)),
                .init("attributes", .strings(attributes)),
                .init("signature", .text(signature(of: adapter, access: access))),
                .init("resultType", .string(adapter.resultType)),
                .init("tokenType", .string(adapter.cancellation.tokenType)),
                .init("adapterNameLiteral", .string(nameLiteral)),
                .init("callName", .string(callName)),
                .init("finishedStreams", .strings(adapter.progressStreams.keys.sorted())),
                .init("callSetup", setup),
                .init("hasRetry", .bool(retry != nil)),
                .init("retryName", .string(retryName)),
                .init("retrySetup", .string(retry.map { retrySetup($0, name: retryName) } ?? "")),
                .init("continuation", .string(continuation)),
                .init("isStream", .bool(isStream)),
                .init("streamBody", streamBody),
                .init("legacyCall", legacy),
            ]))
    }

    func freeName(_ name: String, in adapter: Adapter) -> String {
        var candidate = name
        while adapter.parameters.contains(where: { $0.name == candidate }) { candidate = "bridge" + candidate.capitalizedFirst }
        return candidate
    }

    /// The closure that stops the SDK's work, given the token its start call returned
    /// (`plan.strategy` is not `.none`).
    func appendStopClosure(_ plan: CancellationPlan, receiver: String, to text: inout TextBuffer) {
        switch plan.strategy {
        case .none:
            break
        case .token(let method, let optional):
            text += optional ? "{ token in token?." : "{ token in token."
            text += method
            text += " }"
        case .receiverWithToken(let name, let label):
            text += "{ token in "
            text += receiver
            text += "."
            text += name
            text += "("
            if let label {
                text += label
                text += ": "
            }
            text += "token) }"
        case .receiver(let call):
            text += "{ _ in "
            text += receiver
            text += "."
            text += call
            text += " }"
        }
    }

    /// `BridgegenCall<Value, Token>("Type.name(labels:)", options…)`, one option per line. In a
    /// retry loop (`retry` names its state) it sits one level deeper and takes its timeout from
    /// the loop, which shortens it to what is left of the deadline.
    func callSetup(_ adapter: Adapter, nameLiteral name: String, receiver: String, retry: String? = nil) -> TextBuffer {
        let plan = adapter.cancellation
        // `let call = ` at function-body depth (or in the retry loop), inside the extension;
        // each option on a line of its own, one level deeper.
        let depth = retry == nil ? 1 : 2
        var options = TextBuffer(capacity: 160)
        func nextOption(_ text: inout TextBuffer) {
            text += ","
            text.newLine(indent: indent, times: depth + 1)
        }
        if plan.strategy != .none {
            nextOption(&options)
            options += "cancel: "
            appendStopClosure(plan, receiver: receiver, to: &options)
        }
        if let start = plan.startMethod {
            nextOption(&options)
            options += plan.tokenType.hasSuffix("?") ? "start: { token in token?." : "start: { token in token."
            options += start
            options += " }"
        }
        if let retry, adapter.retry?.deadline != nil {
            nextOption(&options)
            options += "timeout: "
            options += retry
            options += ".timeout("
            options += adapter.timeoutSeconds ?? ""
            options += ")"
        } else if let timeout = adapter.timeoutSeconds {
            nextOption(&options)
            options += "timeout: "
            options += timeout
        }
        if plan.waitForCompletion {
            nextOption(&options)
            options += "waitForCompletion: true"
        }
        if adapter.isMainActor, plan.strategy != .none {
            nextOption(&options)
            options += "cancelOnMainThread: true"
        }
        if let mapError = adapter.mapError {
            nextOption(&options)
            options += "mapError: "
            options += mapError
        }
        var text = TextBuffer(capacity: 64 + adapter.resultType.utf8.count + plan.tokenType.utf8.count + name.utf8.count + options.count)
        text += "BridgegenCall<"
        text += adapter.resultType
        text += ", "
        text += plan.tokenType
        text += ">("
        let prefixLength = indentWidth * (depth + 1) + "let call = ".utf8.count
        if options.isEmpty && prefixLength + text.width - 1 + Self.width(name) + 2 <= lineLength {
            text += name
            text += ")"
            return text
        }
        text.newLine(indent: indent, times: depth + 1)
        text += name
        text += options
        text.newLine(indent: indent, times: depth)
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
    func streamBody(
        _ adapter: Adapter, nameLiteral: String, receiver: String, events: String, handler: TextBuffer, continuation: String
    ) -> TextBuffer {
        guard let stream = adapter.stream else { return TextBuffer() }
        var text = TextBuffer(capacity: 512 + handler.count)
        text += "BridgegenStream<"
        text += adapter.resultType
        text += ", "
        text += adapter.cancellation.tokenType
        text += stream.isThrowing ? ">.throwing" : ">.events"
        let headEnd = text.count
        text += "("
        // The options on one line, each one's bytes remembered for the one-per-line form.
        var options: [Range<Int>] = []
        func option(_ text: inout TextBuffer, _ write: (inout TextBuffer) -> Void) {
            if !options.isEmpty { text += ", " }
            let start = text.count
            write(&text)
            options.append(start..<text.count)
        }
        option(&text) { $0 += nameLiteral }
        if let buffering = stream.buffering {
            option(&text) {
                $0 += "buffering: "
                $0 += buffering
            }
        }
        let hasClosure = adapter.cancellation.strategy != .none
        if hasClosure {
            option(&text) {
                $0 += "stop: "
                appendStopClosure(adapter.cancellation, receiver: receiver, to: &$0)
            }
        }
        if adapter.isMainActor, hasClosure { option(&text) { $0 += "stopOnMainThread: true" } }
        if stream.isThrowing, let mapError = adapter.mapError {
            option(&text) {
                $0 += "mapError: "
                $0 += mapError
            }
        }
        text += ")"
        let oneLineEnd = text.count
        // At function-body depth (2): after the stream, the register closure, with the legacy
        // call one level deeper still when the closure is itself an argument.
        let legacy = call(adapter, callee: receiver, continuation: continuation, handler: handler, depth: hasClosure ? 4 : 3)
        var result = TextBuffer(capacity: text.count + legacy.count + 16 * options.count + 64)
        result.append(text, 0..<headEnd)
        if !hasClosure {
            if indentWidth * 2 + text.width + " { ".utf8.count + Self.width(events) + " in".utf8.count <= lineLength {
                result.append(text, headEnd..<oneLineEnd)
            } else {
                result += "("
                for (index, option) in options.enumerated() {
                    result += index == 0 ? "\n" : ",\n"
                    result += indent
                    result.append(text, option)
                }
                result += "\n)"
            }
            result += " { "
            result += events
            result += " in\n"
            result.appendIndentedLines(of: legacy, by: indent)
            result += "\n}"
            return result
        }
        result += "("
        for option in options {
            result.newLine(indent: indent, times: 1)
            result.append(text, option)
            result += ","
        }
        result.newLine(indent: indent, times: 1)
        result += "register: { "
        result += events
        result += " in\n"
        result.appendIndentedLines(of: legacy, by: indent, times: 2)
        result.newLine(indent: indent, times: 1)
        result += "}\n)"
        return result
    }

    /// `BridgegenNotifications.stream("name", center:, name:, object:, queue:, buffering:, map:)`,
    /// on one line when it fits at function-body depth, else one argument per line.
    func notificationBody(_ adapter: Adapter, _ plan: NotificationPlan, nameLiteral: String, receiver: String) -> String {
        var arguments = [nameLiteral]
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

    /// `public func name<T>(label name: Type) async throws -> Result where T: P`, broken one
    /// parameter per line when it would not fit. A stream adapter returns its stream instead.
    func signature(of adapter: Adapter, access: String) -> TextBuffer {
        var text = TextBuffer(capacity: 128 + 48 * adapter.parameters.count)
        text += access
        if adapter.isStatic { text += "static " }
        // `nonisolated(nonsending)`: the adapter runs on its caller's actor, as Swift imports
        // Objective-C async methods, so non-Sendable SDK objects and results never cross actors.
        if !(adapter.isMainActor || adapter.stream != nil) { text += "nonisolated(nonsending) " }
        text += "func "
        text += adapter.name
        if !adapter.genericParameters.isEmpty {
            text += "<"
            text.append(adapter.genericParameters, separator: ", ")
            text += ">"
        }
        let headEnd = text.count
        text += "("
        for (index, parameter) in adapter.parameters.enumerated() {
            if index > 0 { text += ", " }
            Self.appendDeclaration(of: parameter, to: &text)
        }
        text += ")"
        let tailStart = text.count
        switch adapter.stream?.isThrowing {
        case true?:
            text += " -> AsyncThrowingStream<"
            text += adapter.resultType
            text += ", any Error>"
        case false?:
            text += " -> AsyncStream<"
            text += adapter.resultType
            text += ">"
        case nil:
            text += " async throws"
            if !adapter.returnsVoid {
                text += " -> "
                text += adapter.resultType
            }
        }
        if !adapter.requirements.isEmpty {
            text += " where "
            text.append(adapter.requirements, separator: ", ")
        }
        if indentWidth + text.width + 2 <= lineLength || adapter.parameters.isEmpty { return text }
        var broken = TextBuffer(capacity: text.count + (indent.utf8.count + 1) * adapter.parameters.count + 4)
        broken.append(text, 0..<headEnd)
        broken += "(\n"
        for (index, parameter) in adapter.parameters.enumerated() {
            if index > 0 { broken += ",\n" }
            broken += indent
            Self.appendDeclaration(of: parameter, to: &broken)
        }
        broken += "\n)"
        broken.append(text, tailStart..<text.count)
        return broken
    }

    /// `label name: Type = default`, as the parameter is declared in the async function.
    static func appendDeclaration(of parameter: AdapterParameter, to text: inout TextBuffer) {
        switch parameter.label {
        case nil:
            text += "_ "
            text += parameter.name
        case parameter.name?:
            text += parameter.name
        case let label?:
            text += label
            text += " "
            text += parameter.name
        }
        text += ": "
        text += parameter.type
        if let defaultValue = parameter.defaultValue {
            text += " = "
            text += defaultValue
        }
    }

    static func declaration(of parameter: AdapterParameter) -> String {
        var text = TextBuffer()
        appendDeclaration(of: parameter, to: &text)
        return text.string
    }

    /// The indentation's width in characters. (`String.count` walks grapheme clusters — a few
    /// hundred instructions even for four spaces, asked for every line-length decision.)
    var indentWidth: Int { Self.width(indent) }

    /// Length in characters, read from the bytes when there is nothing but ASCII without line
    /// breaks (always, for generated code from ASCII input).
    static func width(_ text: some StringProtocol) -> Int {
        text.allUTF8({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) ? text.utf8.count : text.count
    }

    /// The legacy call with bridgegen's completion handler as its completion argument.
    func call(_ adapter: Adapter, callee: String, continuation: String, handler closure: TextBuffer, depth: Int = 3) -> TextBuffer {
        let legacy = adapter.legacyCall
        var oneLine = TextBuffer(capacity: 128 + closure.count)
        if legacy.returnsValue && !adapter.cancellation.usesToken { oneLine += "_ = " }
        if legacy.isThrowing { oneLine += "try " }
        oneLine += callee
        oneLine += "."
        oneLine += legacy.name
        let functionEnd = oneLine.count
        oneLine += "("
        // Each argument's bytes in the one-line form (`value` where it follows `label: `): the
        // broken form copies them instead of building every argument twice.
        var arguments: [(start: Int, value: Int, end: Int)] = []
        arguments.reserveCapacity(legacy.arguments.count)
        for (index, argument) in legacy.arguments.enumerated() {
            if index > 0 { oneLine += ", " }
            let start = oneLine.count
            switch argument {
            case .forwarded(let label?, _, _), .completion(let label?):
                oneLine += label
                oneLine += ": "
            case .forwarded(nil, _, _), .completion(nil):
                break
            }
            let value = oneLine.count
            switch argument {
            case .forwarded(_, let name, let isInout):
                if adapter.progressStreams[name] != nil {
                    oneLine += "{ value in "
                    oneLine += continuation
                    oneLine += ".ifRunning { "
                    oneLine += name
                    oneLine += ".yield(value) } }"
                } else if let arity = adapter.guardedClosureParameters[name] {
                    // Forwarded only while the outcome is open: no progress after the result.
                    let names = (0..<arity).map { arity == 1 ? "value" : "value\($0)" }
                    oneLine += "{ "
                    if !names.isEmpty {
                        oneLine.append(names, separator: ", ")
                        oneLine += " in "
                    }
                    oneLine += continuation
                    oneLine += ".ifRunning { "
                    oneLine += name
                    oneLine += "("
                    oneLine.append(names, separator: ", ")
                    oneLine += ") } }"
                } else {
                    if isInout { oneLine += "&" }
                    oneLine += name
                }
            case .completion:
                oneLine += closure
            }
            arguments.append((start, value, oneLine.count))
        }
        oneLine += ")"
        // Depth of the call inside the adapter: function body + run closure. A multi-line
        // closure may stay inline only as the sole argument (swift-format's rule); otherwise
        // every argument goes on its own line. Only arguments can hold a line break.
        let firstLineEnd = oneLine.firstLineEnd
        let hasMultiLineArgument = firstLineEnd < oneLine.count
        if indentWidth * depth + oneLine.width(of: 0..<firstLineEnd) <= lineLength
            && (arguments.count == 1 || !hasMultiLineArgument)
        {
            return oneLine
        }
        var broken = TextBuffer(capacity: oneLine.count + 8 * indent.utf8.count + 4 * arguments.count)
        broken.append(oneLine, 0..<functionEnd)
        broken += "(\n"
        for (index, argument) in arguments.enumerated() {
            if index > 0 { broken += ",\n" }
            if argument.value > argument.start {
                broken += indent
                broken.append(oneLine, argument.start..<argument.value)
                broken.appendIndentedLines(of: oneLine, argument.value..<argument.end, by: indent, continuingLine: true)
            } else {
                broken.appendIndentedLines(of: oneLine, argument.start..<argument.end, by: indent)
            }
        }
        broken += "\n)"
        return broken
    }

    /// Every non-empty line of `text` indented by `indent`.
    static func indentLines(_ text: String, by indent: String) -> String {
        var source = TextBuffer(capacity: text.utf8.count)
        source += text
        var result = TextBuffer(capacity: text.utf8.count + 8 * indent.utf8.count)
        result.appendIndentedLines(of: source, by: indent)
        return result.string
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
