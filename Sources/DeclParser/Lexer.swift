/// Splits `.bridge` source into tokens, byte by byte.
///
/// Works on UTF-8 bytes rather than `Character`s: grapheme breaking is the main cost of
/// lexing with `String`, and every delimiter of the language is ASCII. Comments are dropped,
/// documentation comments are attached to the token that follows them, and every problem
/// becomes a diagnostic — the lexer never stops early.
///
/// `scan` reads an SDK's Swift source with the same lexer (`.swift`): function bodies and
/// initial values hold code the `.bridge` language has no tokens for, so there every string
/// literal (multi-line, raw, with interpolations holding code and strings) is one opaque token,
/// and a character that starts no token is an operator, not an error.
public struct Lexer {
    public enum Source: Sendable {
        /// A `.bridge` file: string literals are decoded; a stray character is an error.
        case bridge
        /// Any Swift source: literals are opaque; nothing is an error.
        case swift
    }

    private let source: Source
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var pendingDocs: [String] = []
    private var sawNewline = true
    public private(set) var diagnostics = DiagnosticBag()

    public init(bytes: [UInt8], reading source: Source = .bridge) {
        self.source = source
        self.bytes = bytes
        // A UTF-8 byte order mark is not part of the source.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
    }

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Tokenizes the whole input; the last token is always `.endOfFile`.
    public mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = next()
            tokens.append(token)
            if token.kind == .endOfFile { return tokens }
        }
    }

    private var location: SourceLocation {
        SourceLocation(line: line, column: index - lineStart + 1, offset: index)
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        let i = index + ahead
        return i < bytes.count ? bytes[i] : nil
    }

    private mutating func newline() {
        line += 1
        lineStart = index
        sawNewline = true
    }

    /// Skips white space and comments, collecting documentation comments on the way.
    private mutating func skipTrivia() {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                newline()
            case UInt8(ascii: "\r"):
                index += 1
                if peek() == UInt8(ascii: "\n") { index += 1 }
                newline()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                lineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                blockComment()
            default:
                return
            }
        }
    }

    private mutating func lineComment() {
        let isDoc = peek(2) == UInt8(ascii: "/") && peek(3) != UInt8(ascii: "/")
        let textStart = index + (isDoc ? 3 : 2)
        while let byte = peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") { index += 1 }
        if isDoc {
            // `/// text`: the one space after the slashes is not part of the text (unless a
            // combining mark makes it part of a bigger character).
            var text = text(textStart..<index)
            if text.hasPrefix(" ") { text.removeFirst() }
            pendingDocs.append(text)
        } else {
            // An ordinary comment between documentation and a declaration does not detach it,
            // but one before the documentation starts a new group.
        }
    }

    private mutating func blockComment() {
        let start = location
        let isDoc = peek(2) == UInt8(ascii: "*") && peek(3) != UInt8(ascii: "/") && peek(3) != UInt8(ascii: "*")
        index += 2
        let textStart = index + (isDoc ? 1 : 0)
        var depth = 1
        while depth > 0 {
            guard let byte = peek() else {
                diagnostics.error(
                    "unterminated '/*' comment", at: start,
                    notes: [.init("add '*/' to close the comment")])
                return
            }
            if byte == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if byte == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
            } else if byte == UInt8(ascii: "\n") {
                index += 1
                newline()
            } else if byte == UInt8(ascii: "\r") {
                index += 1
                if peek() == UInt8(ascii: "\n") { index += 1 }
                newline()
            } else {
                index += 1
            }
        }
        guard isDoc else { return }
        let body = String(decoding: bytes[textStart..<(index - 2)], as: UTF8.self)
        pendingDocs.append(contentsOf: Self.docLines(fromBlock: body))
    }

    /// Turns the inside of a `/** … */` comment into plain lines, dropping the leading `*`
    /// decoration most people write and the blank first and last lines.
    static func docLines(fromBlock body: String) -> [String] {
        var lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { line -> String in
                var text = Substring(line)
                while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
                if text.hasPrefix("*") {
                    text.removeFirst()
                    if text.hasPrefix(" ") { text.removeFirst() }
                }
                while let last = text.last, last == " " || last == "\t" { text.removeLast() }
                return String(text)
            }
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines
    }

    private static func isIdentifierHead(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }

    private static func isIdentifierBody(_ byte: UInt8) -> Bool {
        isIdentifierHead(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `/=-+!*%<>&|^~?.`
    private static func isOperatorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
            UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
            UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// Scans one token, reporting and skipping characters that start none.
    private mutating func next() -> Token {
        while true {
            skipTrivia()
            let start = location
            let startsLine = sawNewline
            sawNewline = false
            func make(_ kind: TokenKind) -> Token {
                let docs = pendingDocs
                pendingDocs = []
                return Token(kind: kind, location: start, endOffset: index, documentation: docs, startsLine: startsLine)
            }
            guard let byte = peek() else { return make(.endOfFile) }

            if Self.isIdentifierHead(byte) {
                return make(.identifier(scanIdentifier(), escaped: false))
            }
            if Self.isDigit(byte) {
                return make(scanNumber())
            }
            index += 1
            switch byte {
            case UInt8(ascii: "("): return make(.leftParen)
            case UInt8(ascii: ")"): return make(.rightParen)
            case UInt8(ascii: "["): return make(.leftBracket)
            case UInt8(ascii: "]"): return make(.rightBracket)
            case UInt8(ascii: "{"): return make(.leftBrace)
            case UInt8(ascii: "}"): return make(.rightBrace)
            case UInt8(ascii: ","): return make(.comma)
            case UInt8(ascii: ":"): return make(.colon)
            case UInt8(ascii: ";"): return make(.semicolon)
            case UInt8(ascii: "@"): return make(.at)
            case UInt8(ascii: "\"") where source == .swift:
                index -= 1
                skipSwiftString(hashes: 0)
                return make(.string(""))
            case UInt8(ascii: "#") where source == .swift && (peek() == UInt8(ascii: "#") || peek() == UInt8(ascii: "\"")):
                var hashes = 1
                while peek() == UInt8(ascii: "#") {
                    hashes += 1
                    index += 1
                }
                guard peek() == UInt8(ascii: "\"") else { return make(.operator(String(repeating: "#", count: hashes))) }
                skipSwiftString(hashes: hashes)
                return make(.string(""))
            case UInt8(ascii: "\"") where peek() == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\""):
                // A multi-line literal, as pasted from an SDK (`@available(*, deprecated, message:
                // """` …): its lines without the closing delimiter's indentation, as Swift reads
                // them (escapes are kept as written).
                index -= 1
                skipSwiftString(hashes: 0)
                let literal = bytes[start.offset..<index]
                guard literal.count >= 6, literal.suffix(3).allSatisfy({ $0 == UInt8(ascii: "\"") }) else {
                    diagnostics.error(
                        "unterminated multi-line string literal", at: start,
                        notes: [.init("close it with '\"\"\"' on a line of its own")])
                    return make(.string(""))
                }
                return make(.string(Self.multilineText(String(decoding: literal.dropFirst(3).dropLast(3), as: UTF8.self))))
            case UInt8(ascii: "\""): return make(scanString(start: start))
            case UInt8(ascii: "`"):
                let name = scanIdentifier()
                if name.isEmpty || peek() != UInt8(ascii: "`") {
                    diagnostics.error(
                        "unterminated backtick identifier", at: start,
                        notes: [.init("close the identifier with '`'")])
                    return make(.identifier(name, escaped: true))
                }
                index += 1
                return make(.identifier(name, escaped: true))
            case UInt8(ascii: "#"):
                return make(.pound(scanIdentifier()))
            case UInt8(ascii: "$"):
                return make(.identifier("$" + scanIdentifier(), escaped: false))
            default:
                break
            }
            if Self.isOperatorByte(byte) {
                index -= 1
                return make(scanOperator())
            }
            if source == .swift { return make(.operator(String(decoding: [byte], as: UTF8.self))) }
            // Skipped like a token: what follows it on its line does not start the line.
            diagnostics.error(
                "unexpected character '\(Self.describe(byte))' in declaration", at: start,
                notes: [.init("remove it; .bridge files contain Swift declarations and attributes only")])
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        return "\\u{" + String(byte, radix: 16, uppercase: true) + "}"
    }

    private mutating func scanIdentifier() -> String {
        let start = index
        while let byte = peek(), Self.isIdentifierBody(byte) { index += 1 }
        return text(start..<index)
    }

    /// The source text in `range`.
    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private mutating func scanNumber() -> TokenKind {
        let start = index
        var isFloat = false
        while let byte = peek() {
            if Self.isDigit(byte) || byte == UInt8(ascii: "_") || Self.isIdentifierHead(byte) {
                index += 1
            } else if byte == UInt8(ascii: "."), let after = peek(1), Self.isDigit(after), !isFloat {
                isFloat = true
                index += 1
            } else {
                break
            }
        }
        let spelling = text(start..<index)
        return isFloat ? .float(spelling) : .integer(spelling)
    }

    private mutating func scanOperator() -> TokenKind {
        let start = index
        // Single-character tokens that the grammar treats specially. `<` and `>` are never
        // merged, so `Array<Array<Int>>` closes twice, as in Swift's type grammar.
        switch peek() {
        case UInt8(ascii: "<"):
            index += 1
            return .leftAngle
        case UInt8(ascii: ">"):
            index += 1
            return .rightAngle
        case UInt8(ascii: "?"):
            index += 1
            return .question
        case UInt8(ascii: "."):
            if peek(1) == UInt8(ascii: "."), peek(2) == UInt8(ascii: ".") {
                index += 3
                return .ellipsis
            }
            index += 1
            return .dot
        case UInt8(ascii: "-") where peek(1) == UInt8(ascii: ">"):
            index += 2
            return .arrow
        default:
            break
        }
        while let byte = peek(), Self.isOperatorByte(byte), byte != UInt8(ascii: "."),
            byte != UInt8(ascii: "<"), byte != UInt8(ascii: ">"), byte != UInt8(ascii: "?")
        {
            // A comment start ends the operator.
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") { break }
            index += 1
        }
        let spelling = text(start..<index)
        switch spelling {
        case "=": return .equal
        case "!": return .exclamation
        case "&": return .ampersand
        default: return .operator(spelling)
        }
    }

    private mutating func scanString(start: SourceLocation) -> TokenKind {
        var scalars: [UInt8] = []
        var interpolated = false
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
                diagnostics.error(
                    "unterminated string literal", at: start,
                    notes: [.init("close the string with '\"' on the same line")])
                return .string(String(decoding: scalars, as: UTF8.self))
            }
            index += 1
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                let escapeLocation = SourceLocation(line: line, column: index - lineStart, offset: index - 1)
                guard let escaped = peek() else { continue }
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "0"): scalars.append(0x00)
                case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): scalars.append(escaped)
                case UInt8(ascii: "("):
                    // An interpolation: any code, strings included, to its closing parenthesis.
                    index -= 1
                    skipInterpolation()
                    interpolated = true
                default:
                    diagnostics.error(
                        "unsupported escape sequence '\\\(Self.describe(escaped))' in string literal", at: escapeLocation,
                        notes: [.init("supported escapes are \\n \\t \\r \\0 \\\\ \\\" \\'")])
                }
                continue
            }
            scalars.append(byte)
        }
        guard interpolated else { return .string(String(decoding: scalars, as: UTF8.self)) }
        return .interpolatedString(String(decoding: bytes[start.offset..<index], as: UTF8.self))
    }

    /// The value of a multi-line literal's body (what lies between its delimiters): the lines
    /// after the opening one and before the closing one, each without the closing line's
    /// indentation.
    static func multilineText(_ body: String) -> String {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard lines.count >= 2 else { return body }
        let indentation = lines.removeLast()
        return lines.dropFirst().map { $0.hasPrefix(indentation) ? $0.dropFirst(indentation.count) : $0.drop { $0 == " " || $0 == "\t" } }
            .joined(separator: "\n")
    }

    /// From the opening quote: a `"…"` or `"""…"""` literal with `hashes` `#` around it, whose
    /// interpolations (`\(…)`, `\#(…)` in a raw string) may hold any code, strings included.
    private mutating func skipSwiftString(hashes: Int) {
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        while let byte = peek() {
            if byte == UInt8(ascii: "\\") && (0..<hashes).allSatisfy({ peek(1 + $0) == UInt8(ascii: "#") }) {
                index += 1 + hashes
                if peek() == UInt8(ascii: "(") {
                    skipInterpolation()
                } else if peek() != nil {
                    // The escaped character; none at the end of an unterminated literal (found by
                    // the scan fuzzer: a token then ended past the input).
                    index += 1
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                let closes = (0..<quotes).allSatisfy { peek($0) == UInt8(ascii: "\"") }
                    && (0..<hashes).allSatisfy { peek(quotes + $0) == UInt8(ascii: "#") }
                if closes {
                    index += quotes + hashes
                    return
                }
            }
            if !multiline && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) { return }  // unterminated
            index += 1
            if byte == UInt8(ascii: "\n") { newline() }
        }
    }

    /// `(…)` of an interpolation, nested parentheses and strings included.
    private mutating func skipInterpolation() {
        var depth = 0
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return }
            case UInt8(ascii: "\""):
                skipSwiftString(hashes: 0)
            case UInt8(ascii: "\n"):
                index += 1
                newline()
            default:
                index += 1
            }
        }
    }
}
