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
    /// The base names of the methods the block being analysed declares: a leading `get` is not
    /// dropped when what is left names another of them (Kitura-redis's `getSet` beside `set`).
    var blockMethodNames: Set<String> = []
    /// The full names of the block's methods that return nothing: a stop or start call of the
    /// object itself that returns nothing is a statement (`_ = token.stop()` would warn).
    var blockMethodsReturningNothing: Set<String> = []
    /// The generic parameters of the function being analysed that are errors (`<ErrorType:
    /// Error>`, or `where ErrorType: Error`): smoke-http's `completeWithoutResult(on: (ErrorType?)
    /// -> ())` reports a failure through one, as through an `Error?`.
    var errorGenerics: Set<String> = []

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
            case .enumDecl, .structDecl:
                break
            case .extensionDecl(let decl):
                if let block = analyseBlock(decl, generated: &generated) { blocks.append(block) }
            case .delegateDecl(let decl):
                if let adapter = analyseDelegate(decl, generated: &generated) { delegates.append(adapter) }
            }
        }
        checkEventEnums(&blocks)
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
            case .typeAlias, .enumDecl, .structDecl, .extensionDecl, .delegateDecl: decls = []
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
        func declare(_ decl: EnumDecl, scope: String?) {
            if let existing = resolver.declare(decl, in: scope) {
                diagnostics.error(
                    "enum '\(decl.name.name)' is declared twice", at: decl.name.location,
                    notes: [.init("first declared here", at: existing.name.location)])
            }
        }
        func declareMembers(of decl: ExtensionDecl) {
            let scope = decl.extendedType.qualifiedName ?? decl.extendedType.description
            for member in decl.members {
                switch member {
                case .typeAlias(let alias): declare(alias, scope: scope)
                case .enumDecl(let nested): declare(nested, scope: scope)
                case .function, .context: break
                }
            }
        }
        for declaration in file.declarations {
            switch declaration {
            case .typeAlias(let alias):
                declare(alias, scope: nil)
            case .enumDecl(let decl):
                declare(decl, scope: nil)
            case .structDecl(let decl):
                if let existing = resolver.declare(decl) {
                    diagnostics.error(
                        "struct '\(decl.name.name)' is declared twice", at: decl.name.location,
                        notes: [.init("first declared here", at: existing.name.location)])
                }
                for nested in decl.enums { declare(nested, scope: decl.name.name) }
            case .extensionDecl(let decl):
                declareMembers(of: decl)
            case .conditional(let block):
                block.clauses.flatMap(\.extensions).forEach(declareMembers)
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
