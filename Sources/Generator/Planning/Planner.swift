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

    /// `public ` for an access level; internal, the default, prints nothing.
    static func accessPrefix(_ level: AccessLevel) -> String {
        level == .internal ? "" : level.rawValue + " "
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
            try print(delegate: delegate, into: &printer)
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
        let access = Self.accessPrefix(block.access)
        let receivers =
            block.holder.map { Receivers(instance: "self." + $0.property, type: block.extendedType, owner: "self") }
            ?? Receivers(
                instance: block.wrapperName == nil ? "self" : "base",
                type: block.wrapperName == nil ? "Self" : block.extendedType)
        var headers: [String] = []
        for adapter in block.adapters { headers.append(try header(of: adapter, script: nil)) }
        // A free function's adapter: at the top level, calling the SDK's function by its name.
        if block.isFreeFunction {
            for (adapter, header) in zip(block.adapters, headers) {
                printEventEnum(of: adapter, access: block.access, into: &printer)
                var adapter = adapter
                adapter.attributes.insert(availability, at: 0)
                let site = AdapterSite(adapter, receivers: Receivers(instance: "", type: ""))
                guard let condition = block.condition else {
                    print(site, header: header, into: &printer)
                    continue
                }
                printer.line("#if " + condition)
                printer.indented { print(site, header: header, into: &$0) }
                printer.line("#endif")
            }
            return
        }
        func printBody(_ printer: inout CodePrinter) {
            for adapter in block.adapters { printEventEnum(of: adapter, access: block.access, into: &printer) }
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
                printer.continuation(
                    "extension " + (block.holder?.type ?? block.extendedType) + requirements + " {", from: block.extendedTypeLine, anchor: true)
            }
            printer.indented { printer in
                for (adapter, header) in zip(block.adapters, headers) {
                    printer.blankLine()
                    print(AdapterSite(adapter, receivers: receivers), header: header, into: &printer)
                }
            }
            printer.line("}")
        }
        guard let condition = block.condition else { return printBody(&printer) }
        printer.line("#if " + condition)
        printer.indented(printBody)
        printer.line("#endif")
    }

    /// The enum of a stream's several event closures, before the block it serves (at the top
    /// level: a protocol cannot nest a type), each case's types mapped to its closure's line.
    func printEventEnum(of adapter: Adapter, access: AccessLevel, into printer: inout CodePrinter) {
        guard let events = adapter.eventEnum, events.isDeclared else { return }
        printer.line("/// The events of `\(SwiftLiteral.commentSafe(adapter.sourceName))`:")
        printer.line("/// one case per closure that reports them, its payload what the SDK handed the closure.")
        for attribute in adapter.attributes where attribute.hasPrefix("@available") { printer.line(attribute) }
        printer.block(Self.accessPrefix(access) + "enum " + events.name + " {", from: adapter.signatureLine) { printer in
            for (index, event) in events.cases.enumerated() {
                if index > 0 { printer.blankLine() }
                printer.line("/// `\(SwiftLiteral.commentSafe(event.closure))` was called.")
                let payload = event.payload.isEmpty ? "" : "(" + event.payload.joined(separator: ", ") + ")"
                printer.line("case " + Naming.escaped(event.name) + payload, from: event.line)
            }
        }
        printer.blankLine()
    }
}
