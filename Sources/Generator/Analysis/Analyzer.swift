import DeclParser
import Foundation

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
    /// The access level of blocks that do not say (`@bridge(access:)`).
    var defaultAccess = AccessLevel.internal
    /// Properties the file declares as context that cannot be assigned, by `Owner.name`: a
    /// delegate block that would set one is an error at the `.bridge` line, not in the output.
    var readOnlyProperties: [String: SourceLocation] = [:]

    public static func analyse(
        _ file: SourceFile, keepingLegacyNames: Bool = false, defaultAccess: AccessLevel = .internal
    ) -> (BridgeModel?, [Diagnostic]) {
        var analyzer = Analyzer()
        analyzer.keepsLegacyNames = keepingLegacyNames
        analyzer.defaultAccess = defaultAccess
        let model = analyzer.analyse(file)
        return (analyzer.diagnostics.hasErrors ? nil : model, analyzer.diagnostics.diagnostics)
    }

    mutating func analyse(_ file: SourceFile) -> BridgeModel {
        declareTypeAliases(file)
        collectReadOnlyProperties(file)
        var imports: [String] = []
        var conditionalImports: [String] = []
        var blocks: [AdapterBlock] = []
        var delegates: [Adapter] = []
        // Each async function generated so far, by signature (`Type.name(label:_:)`), and where.
        var generated: [String: SourceLocation] = [:]
        for declaration in file.declarations {
            switch declaration {
            case .importDecl(let decl):
                imports.append(importLine(decl))
            case .conditional(let block):
                if block.clauses.contains(where: { !$0.imports.isEmpty }) {
                    conditionalImports.append(conditionalImportLines(block))
                }
                // Each extension under the condition its clause holds in: `#elseif b` after
                // `#if a` holds when `!(a) && b`.
                var earlier: [String] = []
                for clause in block.clauses {
                    let own = clause.condition.isEmpty ? [] : ["(\(clause.condition))"]
                    let condition = (earlier.map { "!\($0)" } + own).joined(separator: " && ")
                    for decl in clause.extensions {
                        let simplified = CompilationCondition.simplified(condition)
                        guard var adapterBlock = analyseBlock(decl, condition: simplified, generated: &generated) else { continue }
                        adapterBlock.condition = simplified
                        blocks.append(adapterBlock)
                    }
                    earlier += own
                }
            case .typeAlias(let alias):
                checkAttributes(alias.attributes, allowed: [])
            case .extensionDecl(let decl):
                if let block = analyseBlock(decl, generated: &generated) { blocks.append(block) }
            case .delegateDecl(let decl):
                if let adapter = analyseDelegate(decl, generated: &generated) { delegates.append(adapter) }
            }
        }
        // After the plain imports, as swift-format orders them.
        return BridgeModel(imports: imports + conditionalImports, blocks: blocks, delegates: delegates)
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

    mutating func collectReadOnlyProperties(_ file: SourceFile) {
        for case .extensionDecl(let decl) in file.declarations {
            for case .context(let member) in decl.members where member.kind == .property && !member.isSettable {
                readOnlyProperties["\(decl.extendedType.description).\(member.name)"] = member.location
            }
        }
    }

    mutating func declareTypeAliases(_ file: SourceFile) {
        for declaration in file.declarations {
            let decls: [ImportDecl]
            switch declaration {
            case .importDecl(let decl): decls = [decl]
            case .conditional(let block): decls = block.clauses.flatMap(\.imports)
            case .typeAlias, .extensionDecl, .delegateDecl: decls = []
            }
            for decl in decls where decl.kind == nil { resolver.modules.insert(decl.path.map(\.name).joined(separator: ".")) }
        }
        func declare(_ alias: TypeAliasDecl, scope: String?) {
            if let existing = resolver.declare(alias, in: scope) {
                diagnostics.error(
                    "typealias '\(alias.name.name)' is declared twice", at: alias.name.location,
                    notes: [.init("first declared here", at: existing.name.location)])
            }
        }
        for declaration in file.declarations {
            switch declaration {
            case .typeAlias(let alias):
                declare(alias, scope: nil)
            case .extensionDecl(let decl):
                for case .typeAlias(let alias) in decl.members {
                    declare(alias, scope: decl.extendedType.qualifiedName ?? decl.extendedType.description)
                }
            case .conditional(let block):
                for decl in block.clauses.flatMap(\.extensions) {
                    for case .typeAlias(let alias) in decl.members {
                        declare(alias, scope: decl.extendedType.qualifiedName ?? decl.extendedType.description)
                    }
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

    /// `#if` … `#endif` with its imports, as one piece of the file's imports.
    /// `#if` … `#endif` with the imports of its clauses, as one piece of the file's imports.
    mutating func conditionalImportLines(_ block: ConditionalBlock) -> String {
        var lines: [String] = []
        for clause in block.clauses {
            lines.append("#\(clause.directive)" + (clause.condition.isEmpty ? "" : " " + clause.condition))
            // Indented, as swift-format indents conditional compilation blocks.
            lines += clause.imports.map { "    " + importLine($0) }
        }
        lines.append("#endif")
        return lines.joined(separator: "\n")
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
    mutating func checkAttributes(_ attributes: [Attribute], allowed: Set<String>) -> [String] {
        var carried: [String] = []
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
        access: AccessLevel, wrapper: String?
    ) {
        var access = defaultAccess
        var wrapperName: String?
        for attribute in attributes where attribute.name.name == "bridge" {
            let usage = allowsWrapper ? Annotations.usage("bridge") : "'@bridge(access: public)'"
            guard
                let arguments = Annotations.arguments(
                    of: attribute, accepted: allowsWrapper ? ["access", "wrapper"] : ["access"], required: true, usage: usage,
                    into: &diagnostics)
            else { continue }
            if let argument = arguments["access"] {
                if case .identifier(let name) = argument.value, let level = AccessLevel(rawValue: name) {
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

    /// A method pasted with the type's other members that bridgegen leaves alone: no parameter
    /// is (or is named like) a completion handler, and it carries none of bridgegen's annotations.
    /// A parameter named like a completion whose type is unknown is not context: it is most
    /// likely an SDK typealias not declared in the file, and gets a diagnostic saying so.
    func isContext(_ function: FunctionDecl, scope: String) -> Bool {
        // `@context` keeps a callback method unbridged on purpose (clang's `swift_async(none)`).
        if function.attributes.contains(where: { $0.name.name == "context" }) { return true }
        // A closure that does not escape runs before the method returns (a body, a transform):
        // nothing to wait for, so it is context unless it is named like a completion handler.
        // scan decides the same way, so the two agree on what a starter file bridges.
        // A closure the SDK runs as work (an executor's job, a disposal action) is not a callback.
        return !function.attributes.contains { Annotations.functionAnnotations.contains($0.name.name) }
            && !function.parameters.contains {
                (isClosure($0.type, scope: scope) && isEscaping($0.type, scope: scope)
                    && !CallbackShape.isWork(
                        name: $0.name.name, label: $0.label?.name, parameterCount: closureArity($0.type, scope: scope),
                        method: function.name.name, returns: function.returnType?.description))
                    || Self.looksLikeCompletion($0.name.name) || Self.looksLikeCompletion($0.label?.name)
            }
    }

    /// An initializer cannot be `async` through an adapter (an extension cannot add a designated
    /// initializer, and the object it makes is the SDK's to keep): say what to write instead.
    mutating func warnIfInitializerTakesCompletion(_ member: ContextDecl, scope: String) {
        guard member.kind == .initializer, !member.attributeNames.contains("context"),
            // A closure it keeps (escaping, or optional, which is escaping too) that hands the app
            // results is a callback, whatever it is called (`resultsHandler:`); a non-escaping
            // one runs inside the call, and a predicate or transform is configuration
            // (`isOfflineError: (Error) -> Bool`), as scan judges them (CallbackShape).
            let handler = member.parameters.last(where: {
                isClosure($0.type, scope: scope) && deliversResults($0.type, scope: scope)
                    && (isEscaping($0.type, scope: scope) || Self.looksLikeCompletion($0.name.name)
                        || Self.looksLikeCompletion($0.label?.name))
            })
        else { return }
        diagnostics.append(
            Diagnostic(
                .warning, "'\(member.name)' takes completion handler '\(handler.name.name)' and is not bridged", at: member.location,
                notes: [
                    .init(
                        "bridge a method instead: add one to the SDK type in your code, e.g. 'static func make(…, completion:)' that calls this initializer and keeps the object, and paste that here"
                    ),
                    .init("or annotate '@context' to keep it as context without this warning"),
                ]))
    }

    /// bridgegen's annotations are for methods; on a property, an initializer or a subscript
    /// they would silently do nothing (`@stream var onMessage`: a callback property has no
    /// adapter form).
    mutating func refuseAnnotations(on member: ContextDecl) {
        // `@MainActor` is the SDK's own isolation on a pasted member too.
        let annotations = member.attributeNames.filter { !["context", "MainActor"].contains($0) && Annotations.specs[$0] != nil }
        guard let name = annotations.first else { return }
        let what = member.kind == .property ? "a property" : member.kind == .initializer ? "an initializer" : "a subscript"
        diagnostics.error(
            "'@\(name)' applies to a method that takes a callback; '\(member.name)' is \(what)", at: member.location,
            notes: [
                .init(
                    member.kind == .property
                        ? "a callback property ('x.\(member.name) = { … }') has no adapter form: bridge a method of yours that sets it and calls back, or remove '@\(name)'"
                        : "remove '@\(name)'")
            ])
    }

    /// An async function with the same Swift name as a member of the type would break every
    /// existing call of that member in async code (Swift prefers the async overload there).
    mutating func warnIfCollides(
        _ adapter: Adapter, with context: [(name: String, location: SourceLocation)], at location: SourceLocation
    ) {
        let baseName = adapter.name.filter { $0 != "`" }
        let fullName = adapter.adapterName
        for member in context where member.name == fullName || (member.name == baseName && adapter.parameters.isEmpty) {
            diagnostics.append(
                Diagnostic(
                    .warning, "the async function '\(fullName)' has the same name as '\(member.name)' of the type",
                    at: location,
                    notes: [
                        .init("'\(member.name)' is declared here; calls of it in async code would call the adapter", at: member.location),
                        .init("give the adapter another name with '@asyncName(newName)'"),
                    ]))
        }
    }

    /// The block's adapters, each checked against `generated` (the signatures generated so far,
    /// where): one that an earlier adapter already generates is reported and left out.
    /// `generated`: the adapters of the file so far, to refuse one generated twice. Overloads in
    /// extensions of other `where` clauses (`where Error == Never`), or under exclusive `#if`
    /// branches, are different declarations to Swift, as the SDK's own are.
    mutating func analyseBlock(
        _ decl: ExtensionDecl, condition: String? = nil, generated: inout [String: SourceLocation]
    ) -> AdapterBlock? {
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

        let options = readOptions(decl.attributes, inheriting: AdapterOptions())
        var adapters: [Adapter] = []
        let owner = wrapperName ?? typeName
        // The type's other members, pasted as context: not bridged, checked for collisions.
        var context: [(name: String, location: SourceLocation)] = []
        var bridgeable: [FunctionDecl] = []
        var properties: [ContextDecl] = []
        for member in decl.members {
            switch member {
            case .context(let member) where isCallbackProperty(member, scope: scope):
                context.append((member.name, member.location))
                properties.append(member)
            case .context(let member):
                context.append((member.name, member.location))
                warnIfInitializerTakesCompletion(member, scope: scope)
                refuseAnnotations(on: member)
            case .function(let function) where isContext(function, scope: scope):
                context.append((function.fullName, function.location))
            case .function(let function): bridgeable.append(function)
            case .typeAlias: break
            }
        }
        for function in bridgeable {
            guard var adapter = analyseFunction(function, typeName: typeName, scope: scope, access: access, block: options) else { continue }
            warnIfCollides(adapter, with: context, at: function.name.location)
            adapter.adapterName = owner + "." + adapter.adapterName
            let key = owner + " where " + decl.requirements.map(\.description).sorted().joined(separator: ", ")
                + " #if " + (condition ?? "") + "." + adapter.signatureKey
            if let first = generated[key] {
                reportGeneratedTwice(adapter.adapterName, at: function.name.location, first: first)
                continue
            }
            generated[key] = function.name.location
            adapters.append(adapter)
        }
        for property in properties {
            guard var adapter = analyseProperty(property, typeName: typeName, scope: scope, access: access, block: options)
            else { continue }
            adapter.adapterName = owner + "." + adapter.adapterName
            let key = owner + " where " + decl.requirements.map(\.description).sorted().joined(separator: ", ")
                + " #if " + (condition ?? "") + "." + adapter.signatureKey
            if let first = generated[key] {
                reportGeneratedTwice(adapter.adapterName, at: property.location, first: first)
                continue
            }
            generated[key] = property.location
            adapters.append(adapter)
        }
        // In input order: methods and callback properties as the block declares them.
        adapters.sort { $0.location.offset < $1.location.offset }
        // A block of typealiases serves name resolution; one with nothing at all is a mistake.
        if bridgeable.isEmpty && properties.isEmpty && !decl.members.contains(where: { if case .typeAlias = $0 { true } else { false } }) {
            diagnostics.append(
                Diagnostic(
                    .warning, "extension block declares nothing to bridge", at: decl.location,
                    notes: [
                        .init("bridgegen bridges methods that take a completion handler; the block's other members are context")
                    ]))
        }
        return AdapterBlock(
            documentation: decl.documentation, extendedType: typeName, requirements: decl.requirements.map(\.description),
            access: access, wrapperName: wrapperName, attributes: carried, adapters: adapters, location: decl.location,
            extendedTypeLine: decl.extendedType.location.line)
    }
}

/// `#if` conditions as the generator and scan write them.
public enum CompilationCondition {
    /// Without parentheses around the whole (`(a && b)` → `a && b`); `(a) || (b)` keeps them.
    public static func simplified(_ condition: String) -> String {
        var text = condition.trimmingCharacters(in: .whitespaces)
        while text.hasPrefix("("), text.hasSuffix(")"), closingParenthesis(of: text) == text.index(before: text.endIndex) {
            text = String(text.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        }
        return text
    }

    /// The `)` that closes the `(` the text starts with.
    static func closingParenthesis(of text: String) -> String.Index? {
        var depth = 0
        for index in text.indices {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}
