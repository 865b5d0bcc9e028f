import DeclParser
import Parallel
import Text

/// Turns a parsed `.bridge` file into the adapter model, or diagnostics saying why it cannot.
///
/// Each declaration is analysed on its own, so one bad declaration does not hide problems in the
/// others; a file with any error produces no model (the caller writes nothing).
public struct Analyzer: Sendable {
    var diagnostics = DiagnosticBag()
    var resolver = TypeResolver()

    public init() {}

    /// Keep legacy base names instead of SE-0297's (`@asyncName` still overrides).
    var keepsLegacyNames = false

    public static func analyse(_ file: SourceFile, keepingLegacyNames: Bool = false) -> (BridgeModel?, [Diagnostic]) {
        var analyzer = Analyzer()
        analyzer.keepsLegacyNames = keepingLegacyNames
        let model = analyzer.analyse(file)
        return (analyzer.diagnostics.hasErrors ? nil : model, analyzer.diagnostics.diagnostics)
    }

    /// One extension block analysed on its own: the block, each adapter's signature key and
    /// where it was declared (in the block's order), and what was found wrong.
    struct BlockResult: Sendable {
        var block: AdapterBlock?
        var declared: GeneratedKeys.List
        var diagnostics: [Diagnostic]
    }

    mutating func analyse(_ file: SourceFile) -> BridgeModel {
        declareTypeAliases(file)
        // Extension blocks depend on nothing but the typealiases, so they are analysed
        // independently (on several cores for a big file); adapters generated twice across
        // blocks are found afterwards, in declaration order.
        // Positions, not copies: copying each block out of the file is serial work that
        // retains every field of every block.
        let extensions = file.declarations.indices.filter {
            if case .extensionDecl = file.declarations[$0] { return true }
            return false
        }
        var blank = self
        blank.diagnostics = DiagnosticBag()
        let start = blank  // What each block's analysis starts from: the typealiases, no findings.
        var analysed = Parallel.map(extensions) { index -> BlockResult in
            var analyzer = start
            var declared = GeneratedKeys.List()
            var block: AdapterBlock?
            if case .extensionDecl(let decl) = file.declarations[index] {  // Always: `extensions` holds blocks.
                block = analyzer.analyseBlock(decl, declared: &declared)
            }
            return BlockResult(block: block, declared: declared, diagnostics: analyzer.diagnostics.diagnostics)
        }
        var nextResult = 0

        var imports: [String] = []
        var blocks: [AdapterBlock] = []
        var delegates: [DelegateAdapter] = []
        var seen = GeneratedKeys(expecting: analysed.reduce(0) { $0 + $1.declared.count })
        for index in file.declarations.indices {
            switch file.declarations[index] {
            case .importDecl(let decl):
                imports.append(importLine(decl))
            case .typeAlias(let alias):
                checkAttributes(alias.attributes, allowed: [])
            case .extensionDecl:
                guard nextResult < analysed.count else { continue }
                defer { nextResult += 1 }
                diagnostics.append(contentsOf: analysed[nextResult].diagnostics)
                // Taken, not copied: the block is then the only reference to its adapters, and
                // dropping a duplicate does not copy every other adapter.
                if let block = analysed[nextResult].block.take() {
                    blocks.append(dropDuplicates(of: block, declared: analysed[nextResult].declared, seen: &seen))
                }
            case .delegateDecl(let decl):
                if let adapter = analyseDelegate(decl, seen: &seen) { delegates.append(adapter) }
            }
        }
        return BridgeModel(imports: imports, blocks: blocks, delegates: delegates)
    }

    /// The block without the adapters an earlier adapter (of this block or an earlier one)
    /// already generates, each reported.
    /// `declared` holds each adapter's key and location, in the order of `block.adapters`.
    mutating func dropDuplicates(
        of block: consuming AdapterBlock, declared: GeneratedKeys.List, seen: inout GeneratedKeys
    ) -> AdapterBlock {
        var duplicates: [(index: Int, first: SourceLocation)] = []
        seen.check(declared) { index, first in duplicates.append((index, first)) }
        guard !duplicates.isEmpty else { return block }
        var block = block
        for (index, first) in duplicates {
            reportGeneratedTwice(block.adapters[index].adapterName, at: declared.entries[index].location, first: first)
        }
        for (index, _) in duplicates.reversed() { block.adapters.remove(at: index) }
        return block
    }

    mutating func reportGeneratedTwice(_ adapterName: String, at location: SourceLocation, first: SourceLocation) {
        diagnostics.error(
            "'\(adapterName)' would be generated twice", at: location,
            notes: [
                .init("an earlier declaration produces the same async function", at: first),
                .init("rename one with '@asyncName(newName)'"),
            ])
    }

    // MARK: - Typealiases and imports

    mutating func declareTypeAliases(_ file: SourceFile) {
        func declare(_ alias: TypeAliasDecl, scope: String?) {
            if let existing = resolver.declare(alias, in: scope) {
                diagnostics.error(
                    "typealias '\(alias.name.name)' is declared twice", at: alias.name.location,
                    notes: [.init("first declared here", at: existing.name.location)])
            }
        }
        // By index, matching in place: iterating copies every declaration (and every member),
        // retaining and releasing each of their fields, for each of a big file's methods.
        for index in file.declarations.indices {
            switch file.declarations[index] {
            case .typeAlias(let alias):
                declare(alias, scope: nil)
            case .extensionDecl(let decl):
                for member in decl.members.indices {
                    guard case .typeAlias(let alias) = decl.members[member] else { continue }
                    declare(alias, scope: decl.extendedType.qualifiedName ?? decl.extendedType.description)
                }
            case .importDecl, .delegateDecl:
                break
            }
        }
        // Report cycles once, at the alias, rather than wherever an alias is used.
        for declaration in file.declarations {
            guard case .typeAlias(let alias) = declaration else { continue }
            do {
                _ = try resolver.resolve(TypeSyntax(.named([TypeNameComponent(name: alias.name)]), at: alias.name.location), scope: nil)
            } catch {
                if case .cycle = error {
                    diagnostics.error(
                        "typealias '\(alias.name.name)' refers to itself", at: alias.name.location,
                        notes: [.init("a typealias must name a type that does not lead back to it")])
                }
            }
        }
    }

    mutating func importLine(_ decl: ImportDecl) -> String {
        var parts: [String] = []
        for attribute in decl.attributes {
            if ["preconcurrency", "_implementationOnly", "testable"].contains(attribute.name.name) {
                parts.append(attribute.text)
            } else {
                diagnostics.append(Annotations.unknown(attribute, allowedHere: ["preconcurrency"]))
            }
        }
        parts.append("import")
        if let kind = decl.kind { parts.append(kind) }
        parts.append(decl.path.map(\.name).joined(separator: "."))
        return parts.joined(separator: " ")
    }

    /// Reports attributes that are neither allowed here nor Swift attributes bridgegen knows.
    /// Returns the ones to carry onto the generated declaration.
    @discardableResult
    mutating func checkAttributes(_ attributes: [Attribute], allowed: WordSet) -> [String] {
        var carried: [String] = []
        // The annotations met so far: a few at most, searched rather than hashed.
        var seen: [(name: String, location: SourceLocation)] = []
        for attribute in attributes {
            let name = attribute.name.name
            if allowed.contains(name) {
                // Which one would win is a guess a reader should not have to make.
                if let first = seen.first(where: { $0.name == name })?.location {
                    diagnostics.error(
                        "'@\(name)' is given twice", at: attribute.location,
                        notes: [
                            .init(
                                name == "bridge"
                                    ? "the first one is here; combine them, as in '@bridge(access: public, wrapper: Name)'"
                                    : "the first one is here; remove one of them", at: first)
                        ])
                } else {
                    seen.append((name, attribute.location))
                }
                continue
            }
            if Annotations.ignored.contains(name) { continue }
            if Annotations.carried.contains(name) {
                carried.append(attribute.text)
                continue
            }
            diagnostics.append(Annotations.unknown(attribute, allowedHere: allowed))
        }
        return carried
    }


    /// `@bridge(access: …)` and, on extension blocks, `@bridge(wrapper: …)`.
    mutating func readBridgeAttribute(_ attributes: [Attribute], allowsWrapper: Bool) -> (
        access: String?, wrapper: String?
    ) {
        var access: String?
        var wrapperName: String?
        for attribute in attributes where attribute.name.name == "bridge" {
            let usage = allowsWrapper ? "'@bridge(access: public)' or '@bridge(wrapper: TypeName)'" : "'@bridge(access: public)'"
            guard
                let arguments = Annotations.arguments(
                    of: attribute, accepted: allowsWrapper ? ["access", "wrapper"] : ["access"], required: true, usage: usage,
                    into: &diagnostics)
            else { continue }
            if let argument = arguments["access"] {
                if case .identifier(let level) = argument.value, Self.accessLevels.contains(level) {
                    access = level
                } else {
                    diagnostics.error(
                        "'\(argument.value.text)' is not an access level for generated code", at: argument.location,
                        notes: [.init("use one of: internal, package, public")])
                }
            }
            if let argument = arguments["wrapper"] {
                if case .identifier(let name) = argument.value, Naming.isValidIdentifier(name),
                    !Naming.reservedWords.contains(name)
                {
                    wrapperName = name
                } else {
                    diagnostics.error(
                        "wrapper name '\(argument.value.text)' is not a valid Swift type name", at: argument.location,
                        notes: [.init("write a plain identifier, e.g. '@bridge(wrapper: LegacyPaymentsAdapter)'")])
                }
            }
        }
        return (access, wrapperName)
    }

    // MARK: - Blocks

    static let accessLevels: WordSet = ["public", "package", "internal"]

    /// `declared` receives each adapter's signature key and location, in order. Adapters
    /// generated twice, in this block or across blocks, are dropped afterwards (`dropDuplicates`).
    mutating func analyseBlock(_ decl: ExtensionDecl, declared: inout GeneratedKeys.List) -> AdapterBlock? {
        let carried = checkAttributes(decl.attributes, allowed: Annotations.blockAnnotations)
        let (access, wrapperName) = readBridgeAttribute(decl.attributes, allowsWrapper: true)

        let typeName = decl.extendedType.description
        let scope = decl.extendedType.qualifiedName ?? typeName
        switch decl.extendedType.kind {
        case .named:
            break
        default:
            diagnostics.error(
                "cannot bridge methods of '\(typeName)'", at: decl.extendedType.location,
                notes: [.init("extend a named type: 'extension TypeName { … }'")])
            return nil
        }

        let options = readOptions(decl.attributes, inheriting: BlockOptions())
        var adapters: [Adapter] = []
        adapters.reserveCapacity(decl.members.count)
        let owner = wrapperName ?? typeName
        for case .function(let function) in decl.members {
            guard var adapter = analyseFunction(function, typeName: typeName, scope: scope, block: options) else { continue }
            declared.append(at: function.name.location) { key in
                key += owner
                key += "."
                adapter.appendSignatureKey(to: &key)
            }
            // Completed before it moves into the array: its box is not shared yet, so this
            // changes it in place.
            var qualified = TextBuffer(capacity: owner.utf8.count + adapter.adapterName.utf8.count + 1)
            qualified += owner
            qualified += "."
            qualified += adapter.adapterName
            adapter.adapterName = qualified.string
            adapters.append(adapter)
        }
        if decl.members.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .warning, "extension block declares nothing to bridge", at: decl.location,
                    notes: [.init("add the legacy methods to bridge, or remove the block")]))
        }
        return AdapterBlock(
            documentation: decl.documentation, extendedType: typeName, requirements: decl.requirements.map(\.description),
            access: access, wrapperName: wrapperName, attributes: carried, adapters: adapters, location: decl.location)
    }
}

extension Adapter {
    /// Two adapters with equal keys would be the same Swift declaration.
    func appendSignatureKey(to key: inout TextBuffer) {
        if self.isStatic { key += "static " }
        Self.appendSwiftName(self.name, self.parameters, to: &key)
    }

    /// `base(label:_:)`: how Swift names a function with these parameters.
    static func appendSwiftName(_ base: String, _ parameters: [AdapterParameter], to text: inout TextBuffer) {
        text += base
        text += "("
        for parameter in parameters {
            text += parameter.label ?? "_"
            text += ":"
        }
        text += ")"
    }
}
