import Foundation
import Parallel
import Text

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
        self.init(lexer: Lexer(bytes: bytes), source: bytes)
    }

    init(lexer: Lexer, source: [UInt8]) {
        var lexer = lexer
        self.tokens = lexer.tokenize()
        self.source = source
        self.diagnostics = lexer.diagnostics
    }

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Parses a whole file. The result is usable (for further diagnostics) even when errors were reported.
    ///
    /// A big file is parsed in pieces on all cores (see `parseInPieces`); `pieceSize` is how big
    /// a file must be for that, and roughly how big each piece is.
    public static func parse(_ bytes: [UInt8], pieceSize: Int = 1 << 16) -> (SourceFile, [Diagnostic]) {
        if bytes.count >= 2 * pieceSize, let file = parseInPieces(bytes, pieceSize: pieceSize) { return (file, []) }
        var parser = Parser(bytes: bytes)
        let file = parser.parseFile()
        return (file, parser.diagnostics.diagnostics)
    }

    /// Parses a big file as independent pieces, each starting right after a line that holds
    /// only `}` (the end of a top-level block, in any file that follows the usual layout).
    ///
    /// Speculative, and exact: a piece's lexer starts where the whole-file lexer would be at
    /// the start of a line outside any comment, with no documentation pending — which holds for
    /// every piece when the piece before it ended that way, and each piece checks that of its
    /// own end (an unterminated comment is an error; pending documentation is attached to its
    /// end-of-file token). A split anywhere but between two top-level declarations leaves one
    /// piece with an error (an unclosed or unexpected `}`). So a file whose pieces all parse
    /// without a single diagnostic has exactly the declarations the whole-file parse finds;
    /// otherwise (nil) the file is parsed whole, which also reports its problems in order.
    public static func parseInPieces(_ bytes: [UInt8], pieceSize: Int) -> SourceFile? {
        struct Piece: Sendable {
            var range: Range<Int>
            var line: Int
        }
        var pieces: [Piece] = []
        var start = Lexer.contentStart(of: bytes)
        var line = 1
        while start < bytes.count {
            // Just past the next line break after a line holding only "}".
            let end = endOfClosingLine(in: bytes, from: min(start + pieceSize, bytes.count))
            pieces.append(Piece(range: start..<end, line: line))
            line += lineBreaks(in: bytes, start..<end)
            start = end
        }
        guard pieces.count > 1 else { return nil }
        let parsed = Parallel.map(pieces, minimumPerThread: 1) { piece -> [TopLevelDecl]? in
            var parser = Parser(lexer: Lexer(bytes: bytes, range: piece.range, line: piece.line), source: bytes)
            let file = parser.parseFile()
            guard parser.diagnostics.diagnostics.isEmpty, parser.tokens.last?.documentation.isEmpty ?? false else { return nil }
            return file.declarations
        }
        var declarations: [TopLevelDecl] = []
        for piece in parsed {
            guard let piece else { return nil }
            declarations += piece
        }
        return SourceFile(declarations: declarations)
    }

    /// Where the first line holding only `}` at or after `from` ends (just past its line break),
    /// or the end of `bytes`. Found with `memchr` for each `}`: this runs on one core, before
    /// the pieces are parsed on all of them.
    static func endOfClosingLine(in bytes: [UInt8], from: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var search = max(from - 1, 0)  // A `}` just before `from` ends its line at `from`.
            while search < buffer.count,
                let found = memchr(base + search, Int32(UInt8(ascii: "}")), buffer.count - search)
            {
                let brace = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if brace >= 1 && brace + 1 < buffer.count && buffer[brace - 1] == UInt8(ascii: "\n")
                    && buffer[brace + 1] == UInt8(ascii: "\n") && brace + 1 >= from
                {
                    return brace + 2
                }
                search = brace + 1
            }
            return buffer.count
        }
    }

    /// Line breaks as the lexer counts them: `\n`, `\r\n` and a lone `\r`.
    static func lineBreaks(in bytes: [UInt8], _ range: Range<Int>) -> Int {
        // Without carriage returns (the usual file) only `\n` counts: a loop the compiler
        // vectorizes, where the general one below costs several instructions a byte.
        let plain = bytes.withUnsafeBufferPointer { buffer -> Int? in
            let piece = UnsafeBufferPointer(rebasing: buffer[range])
            guard !piece.isEmpty, memchr(piece.baseAddress!, Int32(UInt8(ascii: "\r")), piece.count) == nil else { return nil }
            var count = 0
            for byte in piece { count &+= byte == UInt8(ascii: "\n") ? 1 : 0 }
            return count
        }
        if let plain { return plain }
        var count = 0
        var previous: UInt8 = 0
        for index in range {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\r") || (byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r")) { count += 1 }
            previous = byte
        }
        return count
    }

    // MARK: - Token access

    /// Borrowed, not copied: the parser asks for the current token's kind several times per
    /// token, and a copy retains and releases its text and documentation each time.
    var current: Token {
        _read { yield tokens[position] }
    }

    func peek(_ ahead: Int = 1) -> Token {
        tokens[min(position + ahead, tokens.count - 1)]
    }

    var atEnd: Bool { current.kind == .endOfFile }

    /// Where a consumed token was: all that productions keep of it (a copy of the whole token
    /// retains and releases its text and documentation, for every token).
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

    static let declarationModifiers: WordSet = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final", "mutating",
        "nonmutating", "nonisolated", "override", "optional", "dynamic", "required", "convenience", "indirect",
    ]

    mutating func parseTopLevel() throws(Abandon) -> TopLevelDecl? {
        if consume(.semicolon) { return nil }
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
            if let modifier = modifiers.first {
                throw fail(
                    "'\(modifier.name)' cannot be applied to a .bridge extension block", at: modifier.location,
                    notes: [.init("set the access level of the generated code with '@bridge(access: \(modifier.name))'")])
            }
            return .extensionDecl(try parseExtension(documentation: documentation, attributes: attributes, start: start))
        case "delegate" where !keywordToken.kind.isEscaped:
            if let modifier = modifiers.first {
                throw fail(
                    "'\(modifier.name)' cannot be applied to a delegate block", at: modifier.location,
                    notes: [.init("set the access level of the generated code with '@bridge(access: \(modifier.name))'")])
            }
            return .delegateDecl(try parseDelegate(documentation: documentation, attributes: attributes, start: start))
        case "func" where !keywordToken.kind.isEscaped:
            throw fail(
                "a function must be declared inside an extension block", at: keywordToken.location,
                notes: [.init("wrap it in 'extension TypeName { … }' naming the type that declares it")])
        case "class", "struct", "enum", "protocol", "actor":
            throw fail(
                "type declarations are not part of the .bridge language", at: keywordToken.location,
                notes: [.init("describe the type's legacy methods in 'extension \(peek().identifier ?? "TypeName") { … }' instead")])
        default:
            throw fail(
                "expected 'import', 'typealias' or 'extension', found '\(keywordToken.kind.spelling)'",
                at: keywordToken.location)
        }
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
        if token.kind == .at { return true }
        guard case .identifier(let word, false) = token.kind else { return false }
        return ["import", "typealias", "extension", "delegate", "func"].contains(word)
            || Self.declarationModifiers.contains(word)
    }

    // MARK: - Attributes and modifiers

    mutating func parseAttributes() throws(Abandon) -> [Attribute] {
        var attributes: [Attribute] = []
        while current.kind == .at {
            attributes.append(try parseAttribute())
        }
        return attributes
    }

    mutating func parseAttribute() throws(Abandon) -> Attribute {
        let at = advance()
        guard case .identifier(let name, _) = current.kind, current.location.offset == at.endOffset else {
            throw fail(
                "expected an attribute name directly after '@'",
                notes: [.init("write annotations like Swift attributes, e.g. '@escaping' or '@asyncName(load)'")])
        }
        let nameToken = advance()
        let identifier = Identifier(name, at: nameToken.location)
        // Arguments only when '(' follows without a space, as in Swift (`@MainActor (Int) -> Void`
        // is an attribute followed by a function type).
        guard current.kind == .leftParen, current.location.offset == nameToken.endOffset else {
            return Attribute(name: identifier, location: at.location, arguments: nil, text: "@" + name)
        }
        let open = advance()
        var arguments: [AttributeArgument] = []
        if current.kind != .rightParen {
            while true {
                arguments.append(try parseAttributeArgument(of: name, openedAt: open.location))
                if consume(.comma) { continue }
                if current.kind == .rightParen { break }
                throw fail(
                    "expected ',' or ')' in arguments of '@\(name)', found '\(current.kind.spelling)'",
                    notes: [.init("the argument list started here", at: open.location)])
            }
        }
        advance()
        var text = TextBuffer(capacity: 64)
        text += "@"
        text += name
        text += "("
        for (index, argument) in arguments.enumerated() {
            if index > 0 { text += ", " }
            argument.appendText(to: &text)
        }
        text += ")"
        return Attribute(name: identifier, location: at.location, arguments: arguments, text: text.string)
    }

    mutating func parseAttributeArgument(of attribute: String, openedAt open: SourceLocation) throws(Abandon)
        -> AttributeArgument
    {
        let start = current.location
        var label: Identifier?
        if case .identifier(let name, _) = current.kind, peek().kind == .colon {
            label = Identifier(name, at: current.location)
            advance()
            advance()
        }
        // The value's tokens are read where they are, not copied out one by one.
        let valueStart = position
        var nesting = 0
        while true {
            switch current.kind {
            case .endOfFile:
                throw fail("unterminated attribute argument list", at: start, notes: [.init("add ')'")])
            case .leftParen, .leftBracket:
                nesting += 1
            case .rightParen, .rightBracket:
                if nesting == 0 {
                    if position == valueStart { throw fail("expected a value for attribute argument") }
                    return AttributeArgument(label: label, value: Self.classify(tokens[valueStart..<position]), location: start)
                }
                nesting -= 1
            case .comma where nesting == 0:
                if position == valueStart { throw fail("expected a value for attribute argument") }
                return AttributeArgument(label: label, value: Self.classify(tokens[valueStart..<position]), location: start)
            case .leftBrace, .rightBrace:
                throw fail(
                    "unexpected '\(current.kind.spelling)' in the arguments of '@\(attribute)'",
                    notes: [.init("the argument list opened here is not closed; add ')'", at: open)])
            default:
                break
            }
            advance()
        }
    }

    static func classify(_ tokens: ArraySlice<Token>) -> AttributeValue {
        let first = tokens.startIndex
        if tokens.count == 1 {
            switch tokens[first].kind {
            case .identifier(let name, _): return .identifier(name)
            case .integer(let text): if let value = Int(text.replacingUnderscores) { return .integer(value) }
            case .float(let text): if let value = Double(text.replacingUnderscores) { return .float(value) }
            case .string(let value): return .string(value)
            default: break
            }
        }
        if tokens.count == 2, tokens[first].kind == .operator("-") {
            if case .integer(let text) = tokens[first + 1].kind, let value = Int("-" + text.replacingUnderscores) {
                return .integer(value)
            }
            if case .float(let text) = tokens[first + 1].kind, let value = Double("-" + text.replacingUnderscores) {
                return .float(value)
            }
        }
        return .expression(normalizedText(tokens))
    }

    /// Joins tokens with a space only where two words would otherwise merge (`iOS 15`),
    /// so expressions print the same whatever the input's spacing.
    static func normalizedText(_ tokens: ArraySlice<Token>) -> String {
        var text = ""
        var previousWasWord = false
        for token in tokens {
            let isWord: Bool
            let spelling: String
            switch token.kind {
            case .identifier, .integer, .float, .pound:
                isWord = true
                spelling = token.kind.spelling
            case .string(let value):
                isWord = true
                spelling = Self.quoted(value)
            case .comma:
                isWord = false
                spelling = ", "
            case .colon:
                isWord = false
                spelling = ":"
            default:
                isWord = false
                spelling = token.kind.spelling
            }
            if isWord && previousWasWord { text += " " }
            text += spelling
            previousWasWord = isWord
        }
        return text
    }

    /// A Swift string literal for `value`.
    public static func quoted(_ value: String) -> String {
        // Most names are plain printable ASCII: nothing to escape (a hot path in generation).
        if value.allUTF8({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"") }) {
            // Written straight into the new string's storage: one allocation.
            if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
                return value.withUTF8Bytes { bytes in
                    String(unsafeUninitializedCapacity: bytes.count + 2) { output in
                        output[0] = UInt8(ascii: "\"")
                        _ = UnsafeMutableBufferPointer(rebasing: output[1...]).initialize(from: bytes)
                        output[bytes.count + 1] = UInt8(ascii: "\"")
                        return bytes.count + 2
                    }
                }
            }
            var text = TextBuffer(capacity: value.utf8.count + 2)
            text += "\""
            text += value
            text += "\""
            return text.string
        }
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\0": text += "\\0"
            default:
                if scalar.value < 0x20 || scalar.isBidiControl {
                    text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }

    mutating func parseModifiers() -> [Identifier] {
        var modifiers: [Identifier] = []
        while case .identifier(let word, false) = current.kind, Self.declarationModifiers.contains(word) {
            // `class` is a modifier only when a declaration keyword follows (`class func`).
            if word == "class", !(peek().isKeyword("func") || peek().isKeyword("var") || Self.isModifierToken(peek())) {
                break
            }
            let token = advance()
            var modifier = Identifier(word, at: token.location)
            // `private(set)`, `nonisolated(unsafe)`
            if current.kind == .leftParen, case .identifier(let detail, _) = peek().kind, peek(2).kind == .rightParen {
                advance()
                advance()
                advance()
                modifier.name += "(\(detail))"
            }
            modifiers.append(modifier)
        }
        return modifiers
    }

    static func isModifierToken(_ token: Token) -> Bool {
        if case .identifier(let word, false) = token.kind { return declarationModifiers.contains(word) }
        return false
    }

    // MARK: - Imports and typealiases

    mutating func parseImport(attributes: [Attribute], start: SourceLocation) throws(Abandon) -> ImportDecl {
        advance()  // import
        var kind: String?
        if let word = current.identifier,
            ["class", "struct", "enum", "protocol", "typealias", "func", "var", "let"].contains(word),
            case .identifier = peek().kind
        {
            kind = word
            advance()
        }
        var path = [try expectIdentifier("a module name after 'import'")]
        while consume(.dot) {
            path.append(try expectIdentifier("a name after '.' in import path"))
        }
        return ImportDecl(attributes: attributes, kind: kind, path: path, location: start)
    }

    mutating func parseTypeAlias(
        documentation: [String], attributes: [Attribute], modifiers: [Identifier], start: SourceLocation
    ) throws(Abandon) -> TypeAliasDecl {
        advance()  // typealias
        let name = try expectIdentifier("a name after 'typealias'")
        let generics = try parseGenericParameters()
        _ = try expect(.equal, "after typealias name", notes: [.init("write 'typealias \(name.name) = SomeType'")])
        let type = try parseType()
        return TypeAliasDecl(
            documentation: documentation, attributes: attributes, modifiers: modifiers, name: name,
            genericParameters: generics, type: type, location: start)
    }

    // MARK: - Extensions and members

    mutating func parseExtension(documentation: [String], attributes: [Attribute], start: SourceLocation) throws(Abandon) -> ExtensionDecl {
        advance()  // extension
        let extendedType = try parseType()
        var requirements: [Requirement] = []
        if current.isKeyword("where") { requirements = try parseWhereClause() }
        if current.kind == .colon {
            throw fail(
                "a .bridge extension cannot declare conformances", at: current.location,
                notes: [.init("remove ': …'; bridgegen only adds methods")])
        }
        let open = try expect(.leftBrace, "to open the extension body")
        let members = try parseMembers(of: "extension", openedAt: open.location)
        return ExtensionDecl(
            documentation: documentation, attributes: attributes, extendedType: extendedType,
            requirements: requirements, members: members, location: start)
    }

    /// `delegate Protocol on Owner { members }`.
    mutating func parseDelegate(documentation: [String], attributes: [Attribute], start: SourceLocation) throws(Abandon)
        -> DelegateDecl
    {
        advance()  // delegate
        let protocolType = try parseType()
        guard current.isKeyword("on") else {
            throw fail(
                "expected 'on' and the type that has the delegate, found '\(current.kind.spelling)'",
                notes: [.init("write 'delegate ProtocolName on OwnerType { … }'")])
        }
        advance()  // on
        let ownerType = try parseType()
        let open = try expect(
            .leftBrace, "to open the delegate body", notes: [.init("write 'delegate ProtocolName on OwnerType { … }'")])
        let members = try parseMembers(of: "delegate block", openedAt: open.location)
        return DelegateDecl(
            documentation: documentation, attributes: attributes, protocolType: protocolType, ownerType: ownerType,
            members: members, location: start)
    }

    /// The members of a block up to its closing '}' (consumed). A member with an error is
    /// reported and skipped, so one mistake does not hide the next.
    mutating func parseMembers(of block: String, openedAt open: SourceLocation) throws(Abandon) -> [Member] {
        var members: [Member] = []
        while current.kind != .rightBrace {
            if atEnd {
                throw fail(
                    "expected '}' at end of \(block)", at: current.location, notes: [.init("to match this '{'", at: open)])
            }
            let memberStart = position
            do {
                if let member = try parseMember() { members.append(member) }
            } catch {
                depth = 0
                recoverInBlock(startedAt: memberStart)
            }
        }
        advance()  // }
        return members
    }

    /// Skips to the next member start, or to the '}' that closes the block (not consumed).
    mutating func recoverInBlock(startedAt start: Int) {
        if position == start && current.kind != .rightBrace { advance() }
        var braces = 0
        while !atEnd {
            switch current.kind {
            case .leftBrace: braces += 1
            case .rightBrace:
                if braces == 0 { return }
                braces -= 1
            default:
                if braces == 0 && current.startsLine && startsMember(current) { return }
            }
            advance()
        }
    }

    func startsMember(_ token: Token) -> Bool {
        if token.kind == .at { return true }
        guard case .identifier(let word, false) = token.kind else { return false }
        return word == "func" || word == "typealias" || Self.declarationModifiers.contains(word)
    }

    mutating func parseMember() throws(Abandon) -> Member? {
        if consume(.semicolon) { return nil }
        let documentation = current.documentation
        let start = current.location
        let attributes = try parseAttributes()
        let modifiers = parseModifiers()
        switch current.identifier {
        case "func" where !current.kind.isEscaped:
            return .function(try parseFunction(documentation: documentation, attributes: attributes, modifiers: modifiers, start: start))
        case "typealias" where !current.kind.isEscaped:
            return .typeAlias(try parseTypeAlias(documentation: documentation, attributes: attributes, modifiers: modifiers, start: start))
        case "var", "let", "subscript":
            throw fail(
                "'\(current.kind.spelling)' declarations cannot be bridged", at: current.location,
                notes: [.init("only methods that take a completion handler become async functions; remove this line")])
        case "init":
            throw fail(
                "initializers cannot be bridged", at: current.location,
                notes: [.init("bridge a method that takes a completion handler; remove this initializer")])
        default:
            throw fail(
                "expected 'func' or 'typealias' in extension body, found '\(current.kind.spelling)'",
                notes: [.init("an extension block holds the SDK's method declarations; imports go at the top of the file")])
        }
    }

    mutating func parseFunction(
        documentation: [String], attributes: [Attribute], modifiers: [Identifier], start: SourceLocation
    ) throws(Abandon) -> FunctionDecl {
        let funcToken = advance()
        guard case .identifier(let name, let escaped) = current.kind else {
            if case .operator = current.kind {
                throw fail("operator functions cannot be bridged", notes: [.init("bridge a named method instead")])
            }
            throw fail("expected a function name after 'func', found '\(current.kind.spelling)'")
        }
        let nameToken = advance()
        let generics = try parseGenericParameters()
        let parameters = try parseParameterClause()
        var isAsync = false
        if consumeKeyword("async") { isAsync = true }
        let throwsClause = try parseThrowsClause()
        if !isAsync, current.isKeyword("async") {
            throw fail("'async' must precede 'throws'", notes: [.init("write 'async throws'")])
        }
        var returnType: TypeSyntax?
        if consume(.arrow) { returnType = try parseType() }
        var requirements: [Requirement] = []
        if current.isKeyword("where") { requirements = try parseWhereClause() }
        if current.kind == .leftBrace {
            throw fail(
                "a .bridge declaration has no body", at: current.location,
                notes: [.init("remove the '{ … }'; bridgegen generates the body")])
        }
        return FunctionDecl(
            documentation: documentation, attributes: attributes, modifiers: modifiers,
            name: Identifier(name, at: nameToken.location, escaped: escaped), genericParameters: generics,
            parameters: parameters, isAsync: isAsync, throwsClause: throwsClause, returnType: returnType,
            requirements: requirements, location: start, funcKeywordLocation: funcToken.location)
    }

    mutating func parseThrowsClause() throws(Abandon) -> ThrowsClause? {
        guard current.isKeyword("throws") || current.isKeyword("rethrows") else { return nil }
        let keyword = current.identifier ?? "throws"
        let token = advance()
        var errorType: TypeSyntax?
        if keyword == "throws", current.kind == .leftParen, current.location.offset == token.endOffset {
            advance()
            errorType = try parseType()
            _ = try expect(.rightParen, "to close 'throws('")
        }
        return ThrowsClause(keyword: keyword, errorType: errorType, location: token.location)
    }

    mutating func parseParameterClause() throws(Abandon) -> [Parameter] {
        let open = try expect(.leftParen, "to open the parameter list")
        var parameters: [Parameter] = []
        if consume(.rightParen) { return parameters }
        while true {
            parameters.append(try parseParameter())
            if consume(.comma) {
                if current.kind == .rightParen { break }  // trailing comma
                continue
            }
            if current.kind == .rightParen { break }
            throw fail(
                "expected ',' or ')' in parameter list, found '\(current.kind.spelling)'",
                notes: [.init("the parameter list started here", at: open.location)])
        }
        advance()
        return parameters
    }

    mutating func parseParameter() throws(Abandon) -> Parameter {
        let start = current.location
        guard case .identifier(let first, let firstEscaped) = current.kind else {
            throw fail("expected a parameter name, found '\(current.kind.spelling)'")
        }
        let firstToken = advance()
        var label: Identifier? = first == "_" && !firstEscaped ? nil : Identifier(first, at: firstToken.location, escaped: firstEscaped)
        var name = Identifier(first, at: firstToken.location, escaped: firstEscaped)
        if case .identifier(let second, let secondEscaped) = current.kind {
            let secondToken = advance()
            name = Identifier(second, at: secondToken.location, escaped: secondEscaped)
        } else if label == nil {
            throw fail(
                "'_' must be followed by a parameter name", at: firstToken.location,
                notes: [.init("write '_ name: Type'")])
        }
        if current.kind != .colon {
            throw fail(
                "expected ':' and a type after parameter '\(name.name)', found '\(current.kind.spelling)'",
                notes: [.init("every parameter needs a type, as in Swift: '\(name.name): Type'")])
        }
        advance()
        let type = try parseType()
        var isVariadic = false
        if consume(.ellipsis) { isVariadic = true }
        var defaultValue: String?
        if consume(.equal) { defaultValue = try parseDefaultValue() }
        if label?.name == name.name && label?.location == name.location {
            label = Identifier(name.name, at: name.location, escaped: name.escaped)
        }
        return Parameter(
            label: label, name: name, type: type, isVariadic: isVariadic, defaultValue: defaultValue, location: start)
    }

    /// Takes the default value's tokens up to the next ',' or ')' outside brackets and keeps
    /// their source text verbatim: it is Swift code the generated function repeats.
    mutating func parseDefaultValue() throws(Abandon) -> String {
        let start = current
        var nesting: [TokenKind] = []
        var end = start.location.offset
        loop: while true {
            switch current.kind {
            case .endOfFile:
                throw fail("unterminated default value", at: start.location)
            case .leftParen, .leftBracket, .leftBrace:
                nesting.append(current.kind)
                if nesting.count > Self.maximumNestingDepth {
                    throw fail("default value is nested too deeply")
                }
            case .rightParen, .rightBracket, .rightBrace:
                if nesting.isEmpty {
                    if current.kind == .rightParen { break loop }
                    throw fail("unbalanced '\(current.kind.spelling)' in default value")
                }
                nesting.removeLast()
            case .comma where nesting.isEmpty:
                break loop
            default:
                break
            }
            end = current.endOffset
            advance()
        }
        if end == start.location.offset {
            throw fail("expected a default value after '='", at: start.location)
        }
        let written = text(from: start.location.offset, to: end)
        // One line of ASCII (`nil`, `[]`, `.default`): running from a token's first byte to a
        // token's last, it has nothing to join or trim — and Foundation's trimming is thousands
        // of instructions.
        if written.allUTF8({ $0 < 0x80 && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }) { return written }
        return written.replacingNewlinesWithSpaces
    }

    // MARK: - Generics

    mutating func parseGenericParameters() throws(Abandon) -> [GenericParameter] {
        guard current.kind == .leftAngle else { return [] }
        let open = advance()
        var parameters: [GenericParameter] = []
        while true {
            let name = try expectIdentifier("a generic parameter name")
            var constraint: TypeSyntax?
            if consume(.colon) { constraint = try parseType() }
            parameters.append(GenericParameter(name: name, constraint: constraint))
            if consume(.comma) { continue }
            if consume(.rightAngle) { return parameters }
            throw fail(
                "expected ',' or '>' in generic parameter list, found '\(current.kind.spelling)'",
                notes: [.init("the list started here", at: open.location)])
        }
    }

    mutating func parseWhereClause() throws(Abandon) -> [Requirement] {
        advance()  // where
        var requirements: [Requirement] = []
        while true {
            let left = try parseType()
            let relation: Requirement.Relation
            if consume(.colon) {
                relation = .conformance
            } else if current.kind == .operator("==") {
                advance()
                relation = .sameType
            } else {
                throw fail("expected ':' or '==' in where clause, found '\(current.kind.spelling)'")
            }
            let right = try parseType()
            requirements.append(Requirement(left: left, relation: relation, right: right))
            if !consume(.comma) { return requirements }
        }
    }
}

extension TokenKind {
    var isEscaped: Bool {
        if case .identifier(_, true) = self { return true }
        return false
    }
}

extension String {
    /// `1_000` → `1000`. On bytes, and only when there is one: Foundation's
    /// `replacingOccurrences` costs thousands of instructions, and every number in an attribute
    /// goes through here.
    var replacingUnderscores: String {
        guard utf8.contains(UInt8(ascii: "_")) else { return self }
        return String(decoding: utf8.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
    }

    var replacingNewlinesWithSpaces: String {
        split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }
}

extension Unicode.Scalar {
    /// Characters that reorder how text is displayed (the "Trojan Source" attack): never emitted raw.
    public var isBidiControl: Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
