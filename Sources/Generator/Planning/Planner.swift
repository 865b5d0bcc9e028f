import DeclParser

/// The plan stage: turns the adapter model into a `FilePlan`. Every choice about Swift spelling
/// (line breaks in long calls, the completion handler's body, escaping of user text) is made
/// here. One `CodePrinter` prints each adapter from its attributes to its last brace, and maps
/// every line that repeats `.bridge` text back to its line, so the templates stay logic-less.
public struct Planner: Sendable {
    public var settings = Settings()
    /// The `.bridge` file's path as a string literal, for `#sourceLocation` (set by `plan`).
    var sourcePathLiteral = "\"\""

    public init() {}

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
        planner.sourcePathLiteral = SwiftLiteral.quoted(sourcePath ?? sourceFile)
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
            sourceFile: SwiftLiteral.commentSafe(sourceFile), sourcePathLiteral: planner.sourcePathLiteral,
            imports: imports(model, runtime: usesRuntime), runtimeVersion: usesRuntime ? GeneratorPipeline.runtimeVersion : nil,
            blocks: blocks, delegates: delegates, testDoubles: doubles,
            declaresProtocols: settings.testDoubles != .fakes, declaresFakes: settings.testDoubles != .protocols)
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
        // The block's members stand one level in; under `#if`, two (file.swift.template).
        let level = block.condition == nil ? 1 : 2
        return BlockPlan(
            condition: block.condition ?? "", docLines: block.documentation.map(SwiftLiteral.commentSafe),
            attributes: [availability] + block.attributes,
            extendedType: block.extendedType, extendedTypeLine: block.extendedTypeLine,
            whereClause: block.requirements.isEmpty ? "" : " where " + block.requirements.joined(separator: ", "),
            access: access, wrapperName: block.wrapperName,
            adapters: block.adapters.map { plan($0, access: access, typeName: typeName, receivers: receivers, level: level) })
    }

    /// What an adapter calls the SDK on: `self` (or `base` in a wrapper), and for static methods
    /// `Self` (or the legacy type).
    struct Receivers {
        var instance: String
        var type: String
    }

    func plan(_ adapter: Adapter, access: String, typeName: String, receivers: Receivers, level: Int) -> AdapterPlan {
        var docLines = adapter.documentation.map(SwiftLiteral.commentSafe)
        if !docLines.isEmpty { docLines.append("") }
        let source = SwiftLiteral.commentSafe(adapter.sourceName)
        if let script = adapter.fakeScript {
            docLines.append("Runs `\(script)` in place of the SDK, as the adapter of `\(source)`.")
        } else {
            docLines.append(adapter.notification == nil ? "Bridged from `\(source)`." : "Observes notification `\(source)`.")
        }

        // bridgegen's own names must not shadow a forwarded parameter.
        let names = Names(
            continuation: freeName("continuation", in: adapter), call: freeName("call", in: adapter),
            events: freeName("events", in: adapter), retry: freeName("retry", in: adapter))
        let receiver = adapter.isStatic ? receivers.type : receivers.instance
        // The adapter's name as a string literal: in the call or stream setup.
        let nameLiteral = SwiftLiteral.quoted(adapter.adapterName)

        // A fake's copy repeats no `.bridge` text where it differs: it is not mapped.
        var printer = CodePrinter(level: level, sourceFile: adapter.fakeScript == nil ? sourcePathLiteral : nil)
        let attributes = self.attributes(of: adapter)
        printSignature(signature(of: adapter, access: access), attributes: attributes, into: &printer)
        let bodyStart = printer.writtenLineCount()
        printer.indented { body in
            if let notification = adapter.notification, adapter.fakeScript == nil {
                printNotificationStream(adapter, notification, nameLiteral: nameLiteral, receiver: receiver, into: &body)
            } else if adapter.stream != nil {
                printStream(adapter, nameLiteral: nameLiteral, receiver: receiver, names: names, into: &body)
            } else if adapter.isGetter {
                // No directive may stand between `var name: T {` and `get`.
                body.continuation("get async throws {")
                body.indented { printCallBody(adapter, nameLiteral: nameLiteral, receiver: receiver, names: names, into: &$0) }
                body.line("}")
                body.endMapping()
            } else {
                printCallBody(adapter, nameLiteral: nameLiteral, receiver: receiver, names: names, into: &body)
            }
        }
        printer.line("}")
        printer.endMapping()
        return Self.cut(
            printer.lines, sourceName: adapter.sourceName, docLines: docLines, attributeCount: attributes.count,
            bodyStart: bodyStart)
    }

    /// The printed adapter cut into the adapter template's pieces: the directive before the
    /// attributes, the attributes, the signature without its ` {`, and the body one level out.
    static func cut(_ lines: [String], sourceName: String, docLines: [String], attributeCount: Int, bodyStart: Int) -> AdapterPlan {
        var head = lines[..<bodyStart]
        let sourceLocation = head.first?.hasPrefix("#sourceLocation") == true ? [head.removeFirst()] : []
        let attributes = Array(head.prefix(attributeCount))
        var signature = Array(head.dropFirst(attributeCount))
        if let last = signature.popLast() { signature.append(String(last.dropLast(2))) }
        let body = lines[bodyStart..<(lines.count - 1)].map { $0.hasPrefix(CodePrinter.indentUnit) ? String($0.dropFirst(CodePrinter.indentUnit.count)) : $0 }
        return AdapterPlan(
            sourceName: sourceName, docLines: docLines, sourceLocation: sourceLocation, attributes: attributes,
            signature: signature.joined(separator: "\n"), body: body.joined(separator: "\n"))
    }

    /// `@discardableResult`, the declaration's own attributes, `@MainActor`.
    func attributes(of adapter: Adapter) -> [String] {
        var attributes = adapter.attributes
        if adapter.discardableResult { attributes.insert("@discardableResult", at: 0) }
        if adapter.isMainActor { attributes.append("@MainActor") }
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
        if !(adapter.isMainActor || adapter.stream != nil) { head += "nonisolated(nonsending) " }
        if adapter.isGetter {
            return Signature(
                head: Sourced(head + "var " + adapter.name + ": " + Self.spelled(adapter.resultType), from: adapter.signatureLine),
                parameters: nil, tail: Sourced(""))
        }
        head += "func " + adapter.name
        if !adapter.genericParameters.isEmpty { head += "<" + adapter.genericParameters.joined(separator: ", ") + ">" }
        var tail = Self.resultClause(adapter.stream, resultType: adapter.resultType)
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
        if parameters.isEmpty || (printer.isMapping ? lines.count <= 1 : printer.fits(oneLine, reserve: reserve ?? suffix.count)) {
            return print(oneLine + suffix, from: signature.head.line)
        }
        print(signature.head.text + "(", from: signature.head.line)
        var groups: [Sourced] = []
        for parameter in parameters {
            if printer.isMapping, let last = groups.last, parameter.line == nil || parameter.line == last.line {
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
}
