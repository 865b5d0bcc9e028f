import DeclParser
import Templates

/// The plan stage: turns the adapter model into a `FilePlan`, the whole generated file printed by
/// one `CodePrinter` from its first line to its last, every line carrying the `.bridge` line its
/// text repeats. Every choice about Swift spelling (line breaks in long calls, the completion
/// handler's body, escaping of user text) is made here; the user's templates add the lines after
/// the file's first line and before each adapter (its documentation), nothing else.
public struct Planner: Sendable {
    public static let fileHeaderTemplate = "file-header.swift.template"
    public static let adapterHeaderTemplate = "adapter-header.swift.template"
    /// Templates of earlier releases, and what took their place: a `--templates` folder that
    /// still overrides one is an error, never a silent ignore.
    public static let retiredTemplates: [String: String] = [
        "file.swift.template": "bridgegen prints the file; put lines after its first line in \(fileHeaderTemplate)",
        "block.swift.template": "bridgegen prints extensions and wrappers; put lines before each adapter in \(adapterHeaderTemplate)",
        "adapter.swift.template": "bridgegen prints each adapter; put lines before it in \(adapterHeaderTemplate)",
    ]

    public var settings = Settings()
    let templates: TemplateSet

    public init(templates: TemplateSet) {
        self.templates = templates
    }

    /// The templates compiled into the binary (identical to the files in Templates/).
    public static func defaultTemplates() -> [String: String] {
        Dictionary(uniqueKeysWithValues: DefaultTemplates.files.map { ($0.name, $0.source) })
    }

    /// Parses the default templates, replacing any that `overrides` provides (name → source,
    /// with the path to report problems at).
    public static func templates(overrides: [String: (path: String, source: String)] = [:]) throws(TemplateError) -> TemplateSet {
        var sources: [(name: String, path: String, source: String)] = []
        for (name, source) in defaultTemplates().sorted(by: { $0.key < $1.key }) {
            let override = overrides[name]
            sources.append((name, override?.path ?? "<default>/" + name, override?.source ?? source))
        }
        return try TemplateSet(sources: sources)
    }

    var availability: String { "@available(\(settings.availability))" }

    /// `public ` for an access level; explicit `internal` and no level at all (unless the
    /// settings give a default) print nothing.
    func accessPrefix(_ level: String?) -> String {
        guard let level = level ?? settings.access, level != "internal" else { return "" }
        return level + " "
    }

    /// The whole file: the marker line and the header template, the imports and the runtime
    /// version check, then every block, delegate adapter and test double in input order.
    public func plan(_ model: BridgeModel, sourceFile: String) throws(TemplateError) -> FilePlan {
        // A fakes-only file holds the fakes and imports the module that has the adapters.
        let fakesOnly = settings.testDoubles == .fakes
        var model = model
        if fakesOnly {
            model.imports += settings.fakesImport.map { ["@testable import \($0)"] } ?? []
        }
        let doubles = settings.testDoubles == .none ? [] : testDoubleTypes(model)
        // A block of only typealiases or context declarations generates nothing, not an empty
        // `extension X { }`.
        let blocks = fakesOnly ? [] : model.blocks.filter { !$0.adapters.isEmpty }
        let delegates = fakesOnly ? [] : model.delegates
        let usesRuntime = !blocks.isEmpty || !delegates.isEmpty || !doubles.isEmpty

        var printer = CodePrinter()
        let name = SwiftLiteral.commentSafe(sourceFile)
        printer.line("// \(GeneratedFile.marker) from \(name). Do not edit: change \(name) and regenerate.")
        printer.lines(of: try templates.render(Self.fileHeaderTemplate, ["sourceFile": .string(name)]))
        printer.blankLine()
        for line in imports(model, runtime: usesRuntime) { printer.line(line) }
        if usesRuntime {
            printer.blankLine()
            printer.line("// A compile error here means BridgegenRuntime is not the version this file was generated for:")
            printer.line("// use the same bridgegen release for the generator and the runtime.")
            printer.line(
                "private typealias BridgegenRuntimeVersionCheck = BridgegenRuntime.BridgegenRuntimeVersion_\(GeneratedFile.runtimeVersion)")
        }
        for block in blocks {
            printer.blankLine()
            try print(block, into: &printer)
        }
        for delegate in delegates {
            printer.blankLine()
            try print(delegate, into: &printer)
        }
        try printTestDoubles(doubles, into: &printer)
        return FilePlan(sourceFile: name, code: printer)
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

    /// One extension of the legacy type, or one wrapper struct around it, under the block's
    /// `#if` when it has one.
    func print(_ block: AdapterBlock, into printer: inout CodePrinter) throws(TemplateError) {
        let access = accessPrefix(block.access)
        let typeName = block.wrapperName ?? block.extendedType
        let receivers = Receivers(
            instance: block.wrapperName == nil ? "self" : "base",
            type: block.wrapperName == nil ? "Self" : block.extendedType)
        var headers: [String] = []
        for adapter in block.adapters { headers.append(try header(of: adapter)) }
        func printBody(_ printer: inout CodePrinter) {
            // The doc lines and attributes, then the head: one statement, whose head lands on the
            // extended type's line (no directive may stand between attributes and declaration).
            let lines = block.documentation.map { "/// " + SwiftLiteral.commentSafe($0) } + [availability] + block.attributes
            printer.line(lines[0])
            for line in lines.dropFirst() { printer.continuation(line) }
            if let wrapperName = block.wrapperName {
                printer.continuation(access + "struct " + wrapperName + " {")
                printer.indented {
                    $0.line("/// The legacy object whose methods the adapters call.")
                    $0.line(access + "let base: " + block.extendedType, from: block.extendedTypeLine)
                    $0.blankLine()
                    $0.block(access + "init(_ base: " + block.extendedType + ") {", from: block.extendedTypeLine) {
                        $0.line("self.base = base")
                    }
                }
            } else {
                let requirements = block.requirements.isEmpty ? "" : " where " + block.requirements.joined(separator: ", ")
                printer.continuation("extension " + block.extendedType + requirements + " {", from: block.extendedTypeLine, anchor: true)
            }
            printer.indented { printer in
                for (adapter, header) in zip(block.adapters, headers) {
                    printer.blankLine()
                    print(adapter, header: header, access: access, typeName: typeName, receivers: receivers, into: &printer)
                }
            }
            printer.line("}")
        }
        guard let condition = block.condition else { return printBody(&printer) }
        printer.line("#if " + condition)
        printer.indented(printBody)
        printer.line("#endif")
    }

    /// What an adapter calls the SDK on: `self` (or `base` in a wrapper), and for static methods
    /// `Self` (or the legacy type).
    struct Receivers {
        var instance: String
        var type: String
    }

    /// The lines before an adapter (`adapter-header.swift.template`): by default its
    /// documentation, then the line that names where it came from.
    func header(of adapter: Adapter) throws(TemplateError) -> String {
        let documentation = adapter.documentation.map(SwiftLiteral.commentSafe)
        let source = SwiftLiteral.commentSafe(adapter.sourceName)
        let provenance: String
        if let script = adapter.fakeScript {
            provenance = "Runs `\(script)` in place of the SDK, as the adapter of `\(source)`."
        } else if adapter.notification != nil {
            provenance = "Observes notification `\(source)`."
        } else {
            provenance = "Bridged from `\(source)`."
        }
        return try header(documentation: documentation, provenance: provenance, adapterName: adapter.adapterName, sourceName: source, isFake: adapter.fakeScript != nil)
    }

    func header(documentation: [String], provenance: String, adapterName: String, sourceName: String, isFake: Bool) throws(TemplateError) -> String {
        let docLines = documentation + (documentation.isEmpty ? [] : [""]) + [provenance]
        return try templates.render(
            Self.adapterHeaderTemplate,
            [
                "docLines": .strings(docLines), "documentation": .strings(documentation), "provenance": .string(provenance),
                "sourceName": .string(sourceName), "adapterName": .string(SwiftLiteral.commentSafe(adapterName)),
                "isFake": .bool(isFake),
            ])
    }

    /// One adapter, from the lines its header template renders to its last brace.
    func print(
        _ adapter: Adapter, header: String, access: String, typeName: String, receivers: Receivers, into printer: inout CodePrinter
    ) {
        printer.lines(of: header)
        // bridgegen's own names must not shadow a forwarded parameter.
        let names = Names(
            continuation: freeName("continuation", in: adapter), call: freeName("call", in: adapter),
            events: freeName("events", in: adapter), retry: freeName("retry", in: adapter))
        let receiver = adapter.isStatic ? receivers.type : receivers.instance
        // The adapter's name as a string literal: in the call or stream setup.
        let nameLiteral = SwiftLiteral.quoted(adapter.adapterName)

        // A fake's copy repeats no `.bridge` text where it differs: it is not mapped.
        let mapsSource = printer.mapsSource
        printer.mapsSource = mapsSource && adapter.fakeScript == nil
        printSignature(signature(of: adapter, access: access), attributes: attributes(of: adapter), into: &printer)
        printer.indented { body in
            if let notification = adapter.notification, adapter.fakeScript == nil {
                printNotificationStream(adapter, notification, nameLiteral: nameLiteral, receiver: receiver, into: &body)
            } else if adapter.stream != nil {
                printStream(adapter, nameLiteral: nameLiteral, receiver: receiver, names: names, into: &body)
            } else if adapter.isGetter {
                // No directive may stand between `var name: T {` and `get`.
                body.endStatement()
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
        printer.mapsSource = mapsSource
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
