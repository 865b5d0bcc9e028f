import Foundation

/// Attributes (bridgegen's annotations and pasted Swift attributes) and declaration modifiers.
extension Parser {

    mutating func parseAttributes() throws(Abandon) -> [Attribute] {
        var attributes: [Attribute] = []
        while current.kind == .at {
            attributes.append(try parseAttribute())
        }
        return attributes
    }

    static let typeAttributesWithoutArguments: Set<String> = ["escaping", "autoclosure", "Sendable", "noescape"]

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
        // is an attribute followed by a function type); never for the type attributes that take
        // none, which SDKs write against their type (PromiseKit's `@escaping(Result<T>) -> Void`).
        guard current.kind == .leftParen, current.location.offset == nameToken.endOffset,
            !Self.typeAttributesWithoutArguments.contains(name)
        else {
            return Attribute(name: identifier, location: at.location, arguments: nil, text: "@" + name)
        }
        let open = advance()
        // An Objective-C name (`@objc(stopObservingForOwner:)`, LaunchDarkly's): a selector, not
        // arguments; kept as written.
        if name == "objc" {
            var selector = ""
            while current.kind != .rightParen {
                guard current.kind != .endOfFile else { throw fail("unterminated attribute argument list", at: open.location, notes: [.init("add ')'")]) }
                selector += current.kind.spelling
                advance()
            }
            advance()
            return Attribute(name: identifier, location: at.location, arguments: nil, text: "@objc(" + selector + ")")
        }
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
        let text = "@" + name + "(" + arguments.map(\.text).joined(separator: ", ") + ")"
        return Attribute(name: identifier, location: at.location, arguments: arguments, text: text)
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
        let valueStart = position
        var nesting = 0
        // Closures (`@until({ event in … })`) may hold commas, parentheses and line breaks.
        var braces = 0
        while true {
            switch current.kind {
            case .endOfFile:
                throw fail("unterminated attribute argument list", at: start, notes: [.init("add ')'")])
            case .leftParen, .leftBracket:
                nesting += 1
            case .rightParen, .rightBracket:
                if nesting == 0 && braces == 0 {
                    if position == valueStart { throw fail("expected a value for attribute argument") }
                    return AttributeArgument(label: label, value: classify(tokens[valueStart..<position]), location: start)
                }
                nesting = max(0, nesting - 1)
            case .comma where nesting == 0 && braces == 0:
                if position == valueStart { throw fail("expected a value for attribute argument") }
                return AttributeArgument(label: label, value: classify(tokens[valueStart..<position]), location: start)
            case .leftBrace:
                // A brace on a line that declares something opens that declaration's body: the
                // argument list before it was never closed.
                var lineStart = position
                while lineStart > valueStart && !tokens[lineStart].startsLine { lineStart -= 1 }
                if braces == 0, tokens[lineStart].startsLine, let word = tokens[lineStart].identifier,
                    Self.declarationWords.contains(word)
                {
                    throw fail(
                        "unexpected '{' in the arguments of '@\(attribute)'",
                        notes: [.init("the argument list opened here is not closed; add ')'", at: open)])
                }
                braces += 1
            case .rightBrace:
                guard braces > 0 else {
                    throw fail(
                        "unexpected '}' in the arguments of '@\(attribute)'",
                        notes: [.init("the argument list opened here is not closed; add ')'", at: open)])
                }
                braces -= 1
            default:
                break
            }
            advance()
        }
    }

    static let declarationWords: Set<String> = [
        "extension", "delegate", "func", "protocol", "class", "struct", "enum", "typealias", "init", "var", "let",
    ]

    /// A value; one that holds a closure keeps the text as written (line breaks, comments,
    /// spacing), since it is Swift code that is copied into the adapter.
    func classify(_ tokens: ArraySlice<Token>) -> AttributeValue {
        guard let first = tokens.first, let last = tokens.last, tokens.contains(where: { $0.kind == .leftBrace }) else {
            return Self.classify(tokens)
        }
        let raw = String(decoding: source[first.location.offset..<last.endOffset], as: UTF8.self)
        return .closure(raw.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
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
                spelling = SwiftLiteral.quoted(value)
            case .interpolatedString(let written):
                isWord = true
                spelling = written
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

}
