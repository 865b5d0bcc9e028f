// Module DeclParser — the parse stage: `.bridge` text → `SourceFile` (a syntax tree whose every
// node carries its source location) and diagnostics. It knows Swift's declaration grammar and
// bridgegen's few additions (`delegate … on …`), and nothing about adapters.

import Foundation

/// Recursive-descent parser for `.bridge` files.
///
/// The grammar is a subset of Swift's declaration grammar (see docs/language.md). The parser
/// reports a problem, skips to the next declaration and carries on, so one run lists every
/// independent mistake. Nesting is bounded (`maximumNestingDepth`) so hostile input produces a
/// diagnostic instead of a stack overflow.
public struct Parser {
    public static let maximumNestingDepth = 128

    let source: [UInt8]
    var tokens: [Token]
    var position = 0
    var depth = 0
    public internal(set) var diagnostics = DiagnosticBag()

    public init(bytes: [UInt8]) {
        var lexer = Lexer(bytes: bytes)
        self.tokens = lexer.tokenize()
        self.source = bytes
        self.diagnostics = lexer.diagnostics
    }

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Parses a whole file. The result is usable (for further diagnostics) even when errors were reported.
    public static func parse(_ bytes: [UInt8]) -> (SourceFile, [Diagnostic]) {
        var parser = Parser(bytes: bytes)
        let file = parser.parseFile()
        return (file, parser.diagnostics.diagnostics)
    }

    // MARK: - Token access

    var current: Token { tokens[position] }

    func peek(_ ahead: Int = 1) -> Token {
        tokens[min(position + ahead, tokens.count - 1)]
    }

    var atEnd: Bool { current.kind == .endOfFile }

    /// Where a consumed token was: all that productions keep of it.
    struct Span {
        var location: SourceLocation
        var endOffset: Int
    }

    @discardableResult
    mutating func advance() -> Span {
        let span = Span(location: current.location, endOffset: current.endOffset)
        if position < tokens.count - 1 { position += 1 }
        return span
    }

    mutating func consume(_ kind: TokenKind) -> Bool {
        if current.kind == kind {
            advance()
            return true
        }
        return false
    }

    mutating func consumeKeyword(_ word: String) -> Bool {
        if current.isKeyword(word) {
            advance()
            return true
        }
        return false
    }

    /// Thrown to abandon the declaration being parsed after its diagnostic has been recorded.
    struct Abandon: Error {}

    mutating func fail(_ message: String, at location: SourceLocation? = nil, notes: [Diagnostic.Note] = []) -> Abandon {
        diagnostics.error(message, at: location ?? current.location, notes: notes)
        return Abandon()
    }

    mutating func expect(_ kind: TokenKind, _ context: String, notes: [Diagnostic.Note] = []) throws(Abandon) -> Span {
        guard current.kind == kind else {
            throw fail("expected '\(kind.spelling)' \(context), found '\(current.kind.spelling)'", notes: notes)
        }
        return advance()
    }

    mutating func expectIdentifier(_ what: String) throws(Abandon) -> Identifier {
        guard case .identifier(let name, let escaped) = current.kind else {
            throw fail("expected \(what), found '\(current.kind.spelling)'")
        }
        let token = advance()
        return Identifier(name, at: token.location, escaped: escaped)
    }

    /// Guards recursion; every recursive production calls this first.
    mutating func enterNesting() throws(Abandon) {
        depth += 1
        if depth > Self.maximumNestingDepth {
            throw fail(
                "declaration is nested too deeply (more than \(Self.maximumNestingDepth) levels)",
                notes: [.init("simplify the type; bridgegen accepts at most \(Self.maximumNestingDepth) nested brackets")])
        }
    }

    mutating func leaveNesting() { depth -= 1 }

    /// Source text between two byte offsets, as written.
    func text(from start: Int, to end: Int) -> String {
        String(decoding: source[start..<end], as: UTF8.self)
    }

    // MARK: - File

    public mutating func parseFile() -> SourceFile {
        var declarations: [TopLevelDecl] = []
        while !atEnd {
            let start = position
            do {
                if let declaration = try parseTopLevel() { declarations.append(declaration) }
            } catch {
                depth = 0
                recoverAtTopLevel(startedAt: start)
            }
        }
        return SourceFile(declarations: declarations)
    }

    static let declarationModifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final", "mutating",
        "nonmutating", "nonisolated", "override", "optional", "dynamic", "required", "convenience", "indirect", "weak",
        "unowned", "lazy",
    ]

    mutating func parseTopLevel() throws(Abandon) -> TopLevelDecl? {
        if consume(.semicolon) { return nil }
        if case .pound(let directive) = current.kind, ["if", "elseif", "else", "endif"].contains(directive) {
            guard directive == "if" else {
                throw fail("'#\(directive)' without '#if'", notes: [.init("open the block with '#if condition'")])
            }
            return .conditional(try parseConditional())
        }
        let documentation = current.documentation
        let start = current.location
        let attributes = try parseAttributes()
        let modifiers = parseModifiers()
        let keywordToken = current
        switch keywordToken.identifier {
        case "import" where !keywordToken.kind.isEscaped:
            if let modifier = modifiers.first {
                throw fail("'\(modifier.name)' cannot be applied to an import", at: modifier.location)
            }
            return .importDecl(try parseImport(attributes: attributes, start: start))
        case "typealias" where !keywordToken.kind.isEscaped:
            return .typeAlias(try parseTypeAlias(documentation: documentation, attributes: attributes, modifiers: modifiers, start: start))
        case "extension" where !keywordToken.kind.isEscaped:
            try rejectModifiers(modifiers, on: "a .bridge extension block")
            return .extensionDecl(try parseExtension(documentation: documentation, attributes: attributes, start: start))
        case "delegate" where !keywordToken.kind.isEscaped:
            try rejectModifiers(modifiers, on: "a delegate block")
            return .delegateDecl(try parseDelegate(documentation: documentation, attributes: attributes, start: start))
        case "func" where !keywordToken.kind.isEscaped:
            // One of the SDK's free functions: a block of its own that extends no type. Its
            // `@bridge(access:)` is the block's, as on an extension.
            let function = try parseFunction(
                documentation: documentation, attributes: attributes.filter { $0.name.name != "bridge" }, modifiers: modifiers, start: start)
            var decl = ExtensionDecl(
                documentation: [], attributes: attributes.filter { $0.name.name == "bridge" }, extendedType: TypeSyntax(.named([]), at: start),
                requirements: [], members: [.function(function)], location: start)
            decl.isFreeFunction = true
            return .extensionDecl(decl)
        case "enum" where !keywordToken.kind.isEscaped:
            return .enumDecl(try parseEnum(documentation: documentation, start: start))
        case "struct" where !keywordToken.kind.isEscaped:
            return .structDecl(try parseStruct(documentation: documentation, start: start))
        case "class", "protocol", "actor":
            throw fail(
                "type declarations are not part of the .bridge language", at: keywordToken.location,
                notes: [.init("describe the type's legacy methods in 'extension \(peek().identifier ?? "TypeName") { … }' instead")])
        default:
            throw fail(
                "expected 'import', 'typealias' or 'extension', found '\(keywordToken.kind.spelling)'",
                at: keywordToken.location)
        }
    }

    /// A block's generated code takes its access level from `@bridge(access:)`, not a modifier.
    mutating func rejectModifiers(_ modifiers: [Identifier], on block: String) throws(Abandon) {
        guard let modifier = modifiers.first else { return }
        throw fail(
            "'\(modifier.name)' cannot be applied to \(block)", at: modifier.location,
            notes: [.init("set the access level of the generated code with '@bridge(access: \(modifier.name))'")])
    }

    /// Skips to the next token that can start a top-level declaration at the start of a line.
    mutating func recoverAtTopLevel(startedAt start: Int) {
        if position == start { advance() }
        var braces = 0
        while !atEnd {
            switch current.kind {
            case .leftBrace: braces += 1
            case .rightBrace:
                braces -= 1
                if braces <= 0 {
                    advance()
                    if braces == 0 { return }
                    braces = 0
                    continue
                }
            default:
                if braces == 0 && current.startsLine && startsTopLevelDeclaration(current) { return }
            }
            advance()
        }
    }

    func startsTopLevelDeclaration(_ token: Token) -> Bool {
        if token.kind == .at || token.isDirective { return true }
        guard case .identifier(let word, false) = token.kind else { return false }
        return ["import", "typealias", "enum", "struct", "extension", "delegate", "func"].contains(word)
            || Self.declarationModifiers.contains(word)
    }
}
