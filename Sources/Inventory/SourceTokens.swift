import DeclParser

/// One token of Swift source, as much as scan and audit need: words, punctuation, and string
/// literals as single opaque tokens. Comments are dropped.
struct SkimToken: Equatable {
    enum Kind: Equatable {
        /// An identifier or keyword, `#if`-style directives included (`#if`).
        case word(String)
        /// One punctuation character, or `->` and `...`; operators come one character at a time.
        case punctuation(String)
        /// A string literal of any form (its contents are never looked at).
        case string
    }

    var kind: Kind
    /// Byte offsets of the token in the file.
    var start: Int
    var end: Int
    var line: Int
    var column: Int
    /// A line break separates it from the previous token.
    var startsLine: Bool
    /// The `///` or `/** */` documentation just before it (a declaration's first token has its).
    var documentation: [String] = []

    var word: String? {
        if case .word(let word) = kind { return word }
        return nil
    }

    func isPunctuation(_ text: String) -> Bool { kind == .punctuation(text) }
}

extension Array where Element == SkimToken {
    /// The index after the `}` that matches the `{` at `index` (or the end).
    func indexAfterBraces(from index: Int) -> Int {
        var depth = 0
        var cursor = index
        while cursor < count {
            if self[cursor].isPunctuation("{") { depth += 1 }
            if self[cursor].isPunctuation("}") {
                depth -= 1
                if depth == 0 { return cursor + 1 }
            }
            cursor += 1
        }
        return cursor
    }
}

/// The tokens of an SDK's Swift source, read by the `.bridge` language's own lexer
/// (`Lexer(reading: .swift)`: literals are opaque, nothing is an error), so that a brace or a
/// `func` inside a comment or a string is never taken for code. `scan` and `audit` only need
/// words, punctuation and strings, with where each stands.
enum SourceTokens {
    static func of(_ bytes: [UInt8]) -> [SkimToken] {
        var lexer = Lexer(bytes: bytes, reading: .swift)
        return lexer.tokenize().compactMap { token in
            let kind: SkimToken.Kind
            switch token.kind {
            case .endOfFile: return nil
            case .identifier(let name, _): kind = .word(name)
            case .integer(let text), .float(let text): kind = .word(text)
            case .pound(let word): kind = word.isEmpty ? .punctuation("#") : .word("#" + word)
            case .string: kind = .string
            case .operator(let text): kind = .punctuation(text)
            default: kind = .punctuation(token.kind.spelling)
            }
            return SkimToken(
                kind: kind, start: token.location.offset, end: token.endOffset, line: token.location.line,
                column: token.location.column, startsLine: token.startsLine, documentation: token.documentation)
        }
    }
}
