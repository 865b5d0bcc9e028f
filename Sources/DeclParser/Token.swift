/// The lexical categories of the `.bridge` language, which are Swift's, reduced to what
/// declarations and attributes need.
public enum TokenKind: Hashable, Sendable {
    /// An identifier or keyword; `escaped` when written in backticks (`` `default` ``).
    case identifier(String, escaped: Bool)
    case integer(String)
    case float(String)
    /// A string literal's decoded contents.
    case string(String)
    /// A string literal with an interpolation (`"\(Date().timeIntervalSince1970)"`, a default
    /// value pasted from an SDK), as written, quotes included: it has no value to decode.
    case interpolatedString(String)
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case leftAngle, rightAngle
    case comma, colon, semicolon, dot, equal, arrow, question, exclamation, at, ampersand, ellipsis
    /// Any other operator spelling (`+`, `-`, `==`, `&&`, `<<` …); only seen inside default values.
    case `operator`(String)
    case pound(String)
    case endOfFile
}

public struct Token: Hashable, Sendable {
    public var kind: TokenKind
    public var location: SourceLocation
    /// Byte offset just past the token, to slice raw text.
    public var endOffset: Int
    /// `///` or `/** */` documentation that stood immediately before this token.
    public var documentation: [String]
    /// True when a line break separates this token from the previous one.
    public var startsLine: Bool

    /// `#if`, `#elseif`, `#else` or `#endif`.
    public var isDirective: Bool {
        if case .pound(let word) = kind { return ["if", "elseif", "else", "endif"].contains(word) }
        return false
    }

    public init(kind: TokenKind, location: SourceLocation, endOffset: Int, documentation: [String] = [], startsLine: Bool = false) {
        self.kind = kind
        self.location = location
        self.endOffset = endOffset
        self.documentation = documentation
        self.startsLine = startsLine
    }

    /// The identifier's text when this token is one (keywords included).
    public var identifier: String? {
        if case .identifier(let name, _) = kind { return name }
        return nil
    }

    /// True for an unescaped identifier token spelled `word` (how keywords are matched).
    public func isKeyword(_ word: String) -> Bool {
        if case .identifier(let name, false) = kind { return name == word }
        return false
    }
}

extension TokenKind {
    /// How the token is spelled in diagnostics ("expected ')' but found '{'").
    public var spelling: String {
        switch self {
        case .identifier(let name, let escaped): return escaped ? "`\(name)`" : name
        case .integer(let text), .float(let text): return text
        case .string, .interpolatedString: return "string literal"
        case .leftParen: return "("
        case .rightParen: return ")"
        case .leftBracket: return "["
        case .rightBracket: return "]"
        case .leftBrace: return "{"
        case .rightBrace: return "}"
        case .leftAngle: return "<"
        case .rightAngle: return ">"
        case .comma: return ","
        case .colon: return ":"
        case .semicolon: return ";"
        case .dot: return "."
        case .equal: return "="
        case .arrow: return "->"
        case .question: return "?"
        case .exclamation: return "!"
        case .at: return "@"
        case .ampersand: return "&"
        case .ellipsis: return "..."
        case .operator(let text): return text
        case .pound(let text): return "#" + text
        case .endOfFile: return "end of file"
        }
    }
}
