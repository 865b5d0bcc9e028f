import Templates

/// The render stage: places a plan's pieces into the templates (the defaults, or the user's
/// from `--templates`), then lays the text out with `CodePrinter`'s blank-line rules. No
/// decision about the code is made here.
public struct Renderer: Sendable {
    public static let fileTemplate = "file.swift.template"
    public static let adapterTemplate = "adapter.swift.template"

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
            if let override = overrides[name] {
                sources.append((partialName(name), override.path, override.source))
            } else {
                sources.append((partialName(name), "<default>/" + name, source))
            }
        }
        return try TemplateSet(sources: sources)
    }

    /// `adapter.swift.template` is included as `{{> adapter}}`.
    static func partialName(_ fileName: String) -> String {
        String(fileName.prefix { $0 != "." })
    }

    public func render(_ plan: FilePlan) throws(TemplateError) -> String {
        CodePrinter.tidy(try templates.render(Self.partialName(Self.fileTemplate), Self.value(of: plan)))
    }

    /// The plan as the templates see it: the names below are the keys a template (the defaults
    /// in Templates/, or a user's from `--templates`) can use.
    static func value(of plan: FilePlan) -> TemplateValue {
        [
            "sourceFile": .string(plan.sourceFile),
            "sourcePathLiteral": .string(plan.sourcePathLiteral),
            "imports": .strings(plan.imports),
            "runtimeVersion": .string(plan.runtimeVersion.map(String.init) ?? ""),
            "blocks": .list(plan.blocks.map(value(of:))),
            "delegates": .list(plan.delegates.map(value(of:))),
            "testDoubles": .list(plan.testDoubles.map(value(of:))),
            "declaresProtocols": .bool(plan.declaresProtocols), "declaresFakes": .bool(plan.declaresFakes),
        ]
    }

    static func value(of doubles: TestDoublePlan) -> TemplateValue {
        [
            "availability": .string(doubles.availability), "access": .string(doubles.access),
            "typeName": .string(doubles.typeName), "protocolName": .string(doubles.protocolName),
            "fakeName": .string(doubles.fakeName), "requirements": .strings(doubles.requirements),
            "scripts": .strings(doubles.scripts), "methods": .list(doubles.methods.map(value(of:))),
        ]
    }

    static func value(of block: BlockPlan) -> TemplateValue {
        [
            "isExtension": .bool(block.wrapperName == nil),
            "isWrapper": .bool(block.wrapperName != nil),
            "docLines": .strings(block.docLines),
            "attributes": .strings(block.attributes),
            "condition": .string(block.condition),
            "extendedType": .string(block.extendedType),
            "extendedTypeLine": .string(String(block.extendedTypeLine)),
            // A `#sourceLocation` cannot stand between attributes and their declaration: it goes
            // before the doc lines and attributes, numbered so that the `extension` line lands on
            // the type's.
            "attributesLine": .string(String(max(1, block.extendedTypeLine - block.attributes.count - block.docLines.count))),
            "whereClause": .string(block.whereClause),
            "access": .string(block.access),
            "wrapperName": .string(block.wrapperName ?? ""),
            "adapters": .list(block.adapters.map(value(of:))),
        ]
    }

    static func value(of adapter: AdapterPlan) -> TemplateValue {
        [
            "sourceName": .string(adapter.sourceName),
            "docLines": .strings(adapter.docLines),
            "sourceLocation": .strings(adapter.sourceLocation),
            "attributes": .strings(adapter.attributes),
            "signature": .string(adapter.signature),
            "body": .string(adapter.body),
        ]
    }

    static func value(of delegate: DelegatePlan) -> TemplateValue {
        [
            "availability": .strings([delegate.availability]),
            "ownerType": .string(delegate.ownerType),
            "function": .list([value(of: delegate.function)]),
            "protocolType": .string(delegate.protocolType),
            "adapterName": .string(delegate.adapterName),
            "className": .string(delegate.className),
            "classDoc": .strings(delegate.classDoc),
            "classHead": .string(delegate.classHead),
            "handle": .string(delegate.handle),
            "handleType": .string(delegate.handleType),
            "previousType": .string(delegate.previousType ?? ""),
            "methods": .list(
                delegate.methods.map {
                    [
                        "declaration": .string($0.declaration), "methodLine": .string($0.line.map(String.init) ?? ""),
                        "body": .string($0.body),
                    ]
                }),
        ]
    }
}
