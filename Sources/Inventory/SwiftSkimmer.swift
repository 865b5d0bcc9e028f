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

/// Splits Swift source into `SkimToken`s. It knows every way Swift hides text that is not code
/// — line and nested block comments, string literals with interpolation, multi-line strings and
/// raw strings (`#"…"#`) — so that a brace or a `func` inside them is never taken for code.
struct SwiftSkimmer {
    let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var sawLineBreak = true
    private(set) var tokens: [SkimToken] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func tokens(of bytes: [UInt8]) -> [SkimToken] {
        var skimmer = SwiftSkimmer(bytes)
        skimmer.run()
        return skimmer.tokens
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func newline() {
        line += 1
        lineStart = index
        sawLineBreak = true
    }

    private mutating func emit(_ kind: SkimToken.Kind, from start: Int, line startLine: Int, column: Int) {
        tokens.append(SkimToken(kind: kind, start: start, end: index, line: startLine, column: column, startsLine: sawLineBreak))
        sawLineBreak = false
    }

    mutating func run() {
        while let byte = peek() {
            let start = index
            let startLine = line
            let column = index - lineStart + 1
            switch byte {
            case UInt8(ascii: "\n"):
                index += 1
                newline()
            case UInt8(ascii: "\r"):
                index += 1
                if peek() == UInt8(ascii: "\n") { index += 1 }
                newline()
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while let next = peek(), next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r") { index += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                skipString(hashes: 0)
                emit(.string, from: start, line: startLine, column: column)
            case UInt8(ascii: "#"):
                var hashes = 0
                while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                if peek(hashes) == UInt8(ascii: "\"") {
                    index += hashes
                    skipString(hashes: hashes)
                    emit(.string, from: start, line: startLine, column: column)
                } else if let next = peek(1), Self.isIdentifierStart(next) {
                    index += 1
                    while let next = peek(), Self.isIdentifierContinuation(next) { index += 1 }
                    emit(.word(String(decoding: bytes[start..<index], as: UTF8.self)), from: start, line: startLine, column: column)
                } else {
                    index += 1
                    emit(.punctuation("#"), from: start, line: startLine, column: column)
                }
            case UInt8(ascii: "`"):
                index += 1
                while let next = peek(), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") { index += 1 }
                let name = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
                if peek() == UInt8(ascii: "`") { index += 1 }
                emit(.word(name), from: start, line: startLine, column: column)
            case _ where Self.isIdentifierStart(byte) || byte == UInt8(ascii: "$"):
                index += 1
                while let next = peek(), Self.isIdentifierContinuation(next) { index += 1 }
                emit(.word(String(decoding: bytes[start..<index], as: UTF8.self)), from: start, line: startLine, column: column)
            case _ where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"):
                while let next = peek(), Self.isIdentifierContinuation(next) || next == UInt8(ascii: ".") && peek(1).map(Self.isDigit) == true {
                    index += 1
                }
                emit(.word(String(decoding: bytes[start..<index], as: UTF8.self)), from: start, line: startLine, column: column)
            case UInt8(ascii: "-") where peek(1) == UInt8(ascii: ">"):
                index += 2
                emit(.punctuation("->"), from: start, line: startLine, column: column)
            case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                // `==`, `!=`, `<=`, `>=` stay whole: a lone `=` starts an initial value.
                index += peek(1) == UInt8(ascii: "=") ? 2 : 1
                emit(.punctuation(String(decoding: bytes[start..<index], as: UTF8.self)), from: start, line: startLine, column: column)
            case UInt8(ascii: ".") where peek(1) == UInt8(ascii: ".") && peek(2) == UInt8(ascii: "."):
                index += 3
                emit(.punctuation("..."), from: start, line: startLine, column: column)
            default:
                index += 1
                emit(.punctuation(String(UnicodeScalar(byte))), from: start, line: startLine, column: column)
            }
        }
    }

    private mutating func skipBlockComment() {
        index += 2
        var depth = 1
        while depth > 0, let byte = peek() {
            if byte == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if byte == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
            } else {
                index += 1
                if byte == UInt8(ascii: "\n") { newline() }
            }
        }
    }

    /// From the opening quote: a `"…"` or `"""…"""` literal with `hashes` `#` around it, whose
    /// interpolations (`\(…)`, `\#(…)` in a raw string) may hold any code, strings included.
    private mutating func skipString(hashes: Int) {
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        while let byte = peek() {
            if byte == UInt8(ascii: "\\") && (0..<hashes).allSatisfy({ peek(1 + $0) == UInt8(ascii: "#") }) {
                index += 1 + hashes
                if peek() == UInt8(ascii: "(") {
                    skipInterpolation()
                } else {
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
                skipString(hashes: 0)
            case UInt8(ascii: "\n"):
                index += 1
                newline()
            default:
                index += 1
            }
        }
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isIdentifierContinuation(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }
}
