import DeclParser
import Templates

/// The plan stage: turns the adapter model into a `FilePlan`. Every choice about Swift spelling
/// (line breaks in long calls, the completion handler's body, escaping of user text) is made
/// here, and every piece of code is printed with `CodePrinter`, so the templates stay
/// logic-less.
///
/// Each piece is printed for the indentation level where the default templates place it (the
/// `Level` constants); that level counts toward the line width.
public struct Planner: Sendable {
    public var settings = Settings()
    /// The `.bridge` file's path as a string literal, for `#sourceLocation` (set by `plan`).
    var sourcePathLiteral = "\"\""

    public init() {}

    /// Where the default templates place each piece of an adapter (a block's members are at 1).
    enum Level {
        static let signature = 1
        static let body = 2
        /// Inside the `run { continuation in … }` closure.
        static let legacyCall = 3
        /// The same inside the retry loop's `do { … }`.
        static let legacyCallInRetry = 5

        /// A property's body is inside its `get async throws { … }`, one level deeper.
        static func body(of adapter: Adapter) -> Int { body + (adapter.isGetter ? 1 : 0) }
    }

    var availability: String { "@available(\(settings.availability))" }

    /// `public ` for an access level; explicit `internal` and no level at all (unless the
    /// settings give a default) print nothing.
    func accessPrefix(_ level: String?) -> String {
        guard let level = level ?? settings.access, level != "internal" else { return "" }
        return level + " "
    }

    /// `sourcePath`: how `#sourceLocation` names the `.bridge` file (its name by default).
    public func plan(_ model: BridgeModel, sourceFile: String, sourcePath: String? = nil) -> FilePlan {
        var planner = self
        planner.sourcePathLiteral = Parser.quoted(sourcePath ?? sourceFile)
        // A fakes-only file holds the fakes and imports the module that has the adapters.
        let fakesOnly = settings.testDoubles == .fakes
        var model = model
        if fakesOnly {
            model.imports += settings.fakesImport.map { ["@testable import \($0)"] } ?? []
        }
        let doubles = settings.testDoubles == .none ? [] : planner.planTestDoubles(model)
        // A block of only typealiases or context declarations generates nothing, not an empty
        // `extension X { }`.
        let blocks = fakesOnly ? [] : model.blocks.filter { !$0.adapters.isEmpty }.map(planner.plan)
        let delegates = fakesOnly ? [] : model.delegates.map(planner.plan)
        let usesRuntime = !blocks.isEmpty || !delegates.isEmpty || !doubles.isEmpty
        return FilePlan(
            sourceFile: Self.commentSafe(sourceFile), sourcePathLiteral: planner.sourcePathLiteral,
            imports: imports(model, runtime: usesRuntime), runtimeVersion: usesRuntime ? GeneratorPipeline.runtimeVersion : nil,
            blocks: blocks, delegates: delegates, testDoubles: doubles,
            declaresProtocols: settings.testDoubles != .fakes, declaresFakes: settings.testDoubles != .protocols)
    }

    /// The `.bridge` line to give the first line of `statement` so that the first of its lines
    /// that repeats `.bridge` text — `text`, written at `line` — lands on that line (Swift
    /// numbers the lines after a `#sourceLocation` on from it). nil when nothing is mapped.
    static func mappedLine(of statement: String, _ marks: [(text: String, line: Int?)]) -> Int? {
        let lines = statement.lines
        for case (let text, let line?) in marks {
            if let index = lines.firstIndex(where: { $0.contains(text) }) { return max(1, line - index) }
        }
        return nil
    }

    /// The file's imports, with the runtime's; delegate classes subclass `NSObject`, so they need
    /// Foundation too. In order by module name, as swift-format wants imports.
    func imports(_ model: BridgeModel, runtime: Bool) -> [String] {
        var imports = model.imports
        func module(_ line: String) -> String { line.split(separator: " ").last.map(String.init) ?? "" }
        func add(_ name: String) {
            guard !imports.contains(where: { module($0) == name }) else { return }
            // Before the first import that sorts after it, or before the `#if` blocks.
            let position = imports.firstIndex { $0.hasPrefix("#if") || module($0) > name }
            imports.insert("import " + name, at: position ?? imports.endIndex)
        }
        if runtime { add("BridgegenRuntime") }
        if !model.delegates.isEmpty { add("Foundation") }
        return imports
    }

    func plan(_ block: AdapterBlock) -> BlockPlan {
        let access = accessPrefix(block.access)
        let typeName = block.wrapperName ?? block.extendedType
        let receivers = Receivers(
            instance: block.wrapperName == nil ? "self" : "base",
            type: block.wrapperName == nil ? "Self" : block.extendedType)
        return BlockPlan(
            condition: block.condition ?? "", docLines: block.documentation.map(Self.commentSafe), attributes: [availability] + block.attributes,
            extendedType: block.extendedType, extendedTypeLine: block.extendedTypeLine,
            whereClause: block.requirements.isEmpty ? "" : " where " + block.requirements.joined(separator: ", "),
            access: access, wrapperName: block.wrapperName,
            adapters: block.adapters.map { plan($0, access: access, typeName: typeName, receivers: receivers) })
    }

    /// What an adapter calls the SDK on: `self` (or `base` in a wrapper), and for static methods
    /// `Self` (or the legacy type).
    struct Receivers {
        var instance: String
        var type: String
    }

    func plan(_ adapter: Adapter, access: String, typeName: String, receivers: Receivers) -> AdapterPlan {
        var docLines = adapter.documentation.map(Self.commentSafe)
        if !docLines.isEmpty { docLines.append("") }
        let source = Self.commentSafe(adapter.sourceName)
        if let script = adapter.fakeScript {
            docLines.append("Runs `\(script)` in place of the SDK, as the adapter of `\(source)`.")
        } else {
            docLines.append(adapter.notification == nil ? "Bridged from `\(source)`." : "Observes notification `\(source)`.")
        }

        var attributes = adapter.attributes
        if adapter.discardableResult { attributes.insert("@discardableResult", at: 0) }
        if adapter.isMainActor { attributes.append("@MainActor") }
        // `__name` is how Swift marks an API private (SE-0297's `swift_private`); lint must not
        // ask users to rename what the importer would have named so.
        if adapter.name.hasPrefix("__") {
            attributes.insert("// swift-format-ignore: AlwaysUseLowerCamelCase", at: 0)
        }

        // bridgegen's own names must not shadow a forwarded parameter.
        let names = Names(
            continuation: freeName("continuation", in: adapter), call: freeName("call", in: adapter),
            events: freeName("events", in: adapter), retry: freeName("retry", in: adapter))
        let receiver = adapter.isStatic ? receivers.type : receivers.instance
        // The adapter's name as a string literal: in the call or stream setup, and for templates.
        let nameLiteral = Parser.quoted(adapter.adapterName)

        let body: AdapterPlan.Body
        // Lines that repeat `.bridge` text: the annotation expressions (mapped back).
        let stop = stopClosure(adapter.cancellation, receiver: receiver)
        let expressionMarks: [(text: String, line: Int?)] = [
            ("cancel: " + (stop ?? "\u{0}"), adapter.cancellation.expressionLine),
            ("stop: " + (stop ?? "\u{0}"), adapter.cancellation.expressionLine),
            ("start: ", adapter.cancellation.expressionLine), ("mapError: ", adapter.mapErrorLine),
        ]
        var setupLine: Int?
        var legacyLine: Int?
        var retryLine: Int?
        var streamLine: Int?
        if let notification = adapter.notification, adapter.fakeScript == nil {
            let text = notificationBody(adapter, notification, nameLiteral: nameLiteral, receiver: receiver)
            streamLine = Self.mappedLine(of: text, [("name: ", notification.line)])
            body = .stream(text)
        } else if adapter.stream != nil {
            let text = streamBody(adapter, nameLiteral: nameLiteral, receiver: receiver, names: names)
            streamLine = Self.mappedLine(of: text, expressionMarks) ?? adapter.signatureLine
            body = .stream(text)
        } else {
            let depth = Level.body(of: adapter) - Level.body
            let retry = adapter.retry.map { retrySetup($0, name: names.retry, level: Level.body + depth) }
            let handler = completionClosure(adapter.completion, continuation: names.continuation, until: adapter.until)
            let setup = callSetup(adapter, nameLiteral: nameLiteral, receiver: receiver, names: names, inRetry: retry != nil)
            // The setup also repeats the result and token types: without an annotation
            // expression, its first line is mapped to the declaration.
            setupLine = Self.mappedLine(of: setup, expressionMarks) ?? adapter.signatureLine
            retryLine = retry.flatMap { Self.mappedLine(of: $0, [("when: ", adapter.retryLine)]) }
            let legacy =
                adapter.fakeScript.map { Self.scriptCall(adapter, script: $0, target: names.continuation) }
                ?? call(
                    adapter, callee: receiver, continuation: names.continuation, handler: handler,
                    level: (retry == nil ? Level.legacyCall : Level.legacyCallInRetry) + depth)
            // The legacy call repeats the method's and parameters' names. Mapped only when they
            // are all on its first line: the lines after a mapped line are numbered on, so a
            // call broken one argument per line would point its later lines at other
            // declarations of the file.
            // With `@until` the predicate inside the handler is mapped instead.
            if adapter.until == nil && (legacy.lines.first?.contains("{") ?? false || !legacy.contains("\n")) {
                legacyLine = adapter.signatureLine
            }
            body = .call(setup: setup, legacyCall: legacy, retrySetup: retry)
        }
        return AdapterPlan(
            sourceName: adapter.sourceName, docLines: docLines, attributes: attributes,
            // The directive stands above the attributes: the `func` line lands on the declaration.
            signature: signature(of: adapter, access: access),
            signatureLine: adapter.signatureLine.map { max(1, $0 - attributes.count) },
            setupLine: setupLine,
            signatureReset: adapter.signatureLine != nil
                && (adapter.stream == nil
                    ? setupLine == nil || adapter.retry != nil || !adapter.progressStreams.isEmpty
                        || adapter.until?.progress != nil
                    : streamLine == nil),
            legacyLine: legacyLine, retryLine: retryLine, streamLine: streamLine, isGetter: adapter.isGetter,
            resultType: adapter.resultType,
            tokenType: adapter.cancellation.tokenType, adapterNameLiteral: nameLiteral, callName: names.call,
            continuation: names.continuation, retryName: names.retry,
            finishedStreams: adapter.progressStreams.keys.sorted() + (adapter.until?.progress.map { [$0 + "?"] } ?? []),
            body: body)
    }

    /// bridgegen's local names in one adapter.
    struct Names {
        var continuation, call, events, retry: String
    }

    func freeName(_ name: String, in adapter: Adapter) -> String {
        Self.freeName(name, taken: Set(adapter.parameters.map(\.name)))
    }

    /// `name`, or `bridgeName` (and so on) when a parameter is already called that.
    static func freeName(_ name: String, taken: Set<String>) -> String {
        var candidate = name
        while taken.contains(candidate) { candidate = "bridge" + candidate.prefix(1).uppercased() + candidate.dropFirst() }
        return candidate
    }

    /// `public func name<T>(label name: Type) async throws -> Result where T: P`, broken one
    /// parameter per line when it would not fit. A stream adapter returns its stream instead.
    func signature(of adapter: Adapter, access: String) -> String {
        var head = access
        if adapter.isStatic { head += "static " }
        // `nonisolated(nonsending)`: the adapter runs on its caller's actor, as Swift imports
        // Objective-C async methods, so non-Sendable SDK objects and results never cross actors.
        if !(adapter.isMainActor || adapter.stream != nil) { head += "nonisolated(nonsending) " }
        if adapter.isGetter { return head + "var " + adapter.name + ": " + Self.spelled(adapter.resultType) }
        head += "func " + adapter.name
        if !adapter.genericParameters.isEmpty { head += "<" + adapter.genericParameters.joined(separator: ", ") + ">" }
        var tail = Self.resultClause(adapter.stream, resultType: adapter.resultType)
        if !adapter.requirements.isEmpty { tail += " where " + adapter.requirements.joined(separator: ", ") }
        let parameters = adapter.parameters.map(Self.declaration(of:))
        let oneLine = head + "(" + parameters.joined(separator: ", ") + ")" + tail
        var printer = CodePrinter(level: Level.signature)
        // ` {` follows.
        if printer.fits(oneLine, reserve: 2) || parameters.isEmpty { return oneLine }
        printer.line(head + "(")
        printer.indented { $0.commaSeparated(parameters) }
        printer.line(")" + tail)
        return printer.text
    }

    /// ` async throws -> Result`, or the stream a stream adapter returns.
    static func resultClause(_ stream: StreamPlan?, resultType: String) -> String {
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

    /// `label name: Type = default`, as the parameter is declared in the async function.
    static func declaration(of parameter: AdapterParameter) -> String {
        var text: String
        switch parameter.label {
        case nil: text = "_ " + parameter.name
        case parameter.name?: text = parameter.name
        case let label?: text = label + " " + parameter.name
        }
        text += ": " + parameter.type
        if let defaultValue = parameter.defaultValue { text += " = " + defaultValue }
        return text
    }

    /// User text placed in a `//` comment: it cannot end the comment (line breaks are already
    /// gone) but could reorder how the line displays (bidirectional controls) — those become
    /// visible escapes. Other control characters likewise.
    static func commentSafe(_ text: String) -> String {
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

extension CodePrinter {
    /// One line per item, a comma after each but the last (an item of several lines gets its
    /// comma on its last line).
    mutating func commaSeparated(_ items: [String]) {
        for (index, item) in items.enumerated() { line(index < items.count - 1 ? item + "," : item) }
    }
}
