/// Swift's type grammar, as far as SDK declarations use it.
extension Parser {
    static let typeSpecifiers: Set<String> = ["inout", "sending", "borrowing", "consuming", "isolated", "__owned", "__shared"]

    mutating func parseType() throws(Abandon) -> TypeSyntax {
        try enterNesting()
        defer { leaveNesting() }
        let start = current.location

        var specifiers: [String] = []
        while case .identifier(let word, false) = current.kind, Self.typeSpecifiers.contains(word) {
            specifiers.append(word)
            advance()
        }
        var attributes: [Attribute] = []
        while current.kind == .at {
            attributes.append(try parseAttribute())
        }
        if !specifiers.isEmpty || !attributes.isEmpty {
            let base = try parseType()
            return TypeSyntax(.attributed(specifiers: specifiers, attributes: attributes, base), at: start)
        }

        if case .identifier(let word, false) = current.kind, word == "any" || word == "some",
            peek().kind != .dot, peek().kind != .comma, peek().kind != .rightParen
        {
            advance()
            let base = try parsePostfixType()
            return try parseComposition(startingWith: TypeSyntax(.existential(word, base), at: start))
        }
        let first = try parsePostfixType()
        return try parseComposition(startingWith: first)
    }

    mutating func parseComposition(startingWith first: TypeSyntax) throws(Abandon) -> TypeSyntax {
        guard current.kind == .ampersand else { return first }
        var members = [first]
        while consume(.ampersand) {
            members.append(try parsePostfixType())
        }
        return TypeSyntax(.composition(members), at: first.location)
    }

    mutating func parsePostfixType() throws(Abandon) -> TypeSyntax {
        var type = try parsePrimaryType()
        while true {
            // Postfix `?` and `!` must touch the type, as in Swift.
            let touches = current.location.offset == tokens[position - 1].endOffset
            if current.kind == .question && touches {
                advance()
                type = TypeSyntax(.optional(type), at: type.location)
            } else if current.kind == .exclamation && touches {
                advance()
                type = TypeSyntax(.implicitlyUnwrappedOptional(type), at: type.location)
            } else if current.kind == .dot, let word = peek().identifier, word == "Type" || word == "Protocol" {
                advance()
                advance()
                type = TypeSyntax(.metatype(type, word), at: type.location)
            } else {
                return type
            }
        }
    }

    mutating func parsePrimaryType() throws(Abandon) -> TypeSyntax {
        let start = current.location
        switch current.kind {
        case .leftParen:
            return try parseParenthesizedOrFunctionType()
        case .leftBracket:
            advance()
            let element = try parseType()
            if consume(.colon) {
                let value = try parseType()
                _ = try expect(.rightBracket, "to close the dictionary type")
                return TypeSyntax(.dictionary(key: element, value: value), at: start)
            }
            _ = try expect(.rightBracket, "to close the array type")
            return TypeSyntax(.array(element), at: start)
        case .identifier(let name, let escaped):
            if !escaped && ["func", "var", "let", "typealias", "extension", "import"].contains(name) {
                throw fail("expected a type, found keyword '\(name)'")
            }
            var components: [TypeNameComponent] = []
            var nameToken = advance()
            var identifier = Identifier(name, at: nameToken.location, escaped: escaped)
            while true {
                var arguments: [TypeSyntax] = []
                if current.kind == .leftAngle && current.location.offset == nameToken.endOffset {
                    arguments = try parseGenericArguments()
                }
                components.append(TypeNameComponent(name: identifier, genericArguments: arguments))
                guard current.kind == .dot, case .identifier(let next, let nextEscaped) = peek().kind,
                    next != "Type" && next != "Protocol" || nextEscaped
                else { break }
                advance()
                nameToken = advance()
                identifier = Identifier(next, at: nameToken.location, escaped: nextEscaped)
            }
            let type = TypeSyntax(.named(components), at: start)
            if current.kind == .arrow {
                throw fail(
                    "function type parameters must be parenthesized", at: start,
                    notes: [.init("write '(\(type)) -> …'")])
            }
            return type
        default:
            throw fail("expected a type, found '\(current.kind.spelling)'")
        }
    }

    mutating func parseGenericArguments() throws(Abandon) -> [TypeSyntax] {
        let open = advance()
        var arguments: [TypeSyntax] = []
        while true {
            arguments.append(try parseType())
            if consume(.comma) { continue }
            if consume(.rightAngle) { return arguments }
            throw fail(
                "expected ',' or '>' in generic argument list, found '\(current.kind.spelling)'",
                notes: [.init("the argument list started here", at: open.location)])
        }
    }

    /// `(A, b: B)`, `(A)`, `()`, and function types `(A) async throws -> B`.
    mutating func parseParenthesizedOrFunctionType() throws(Abandon) -> TypeSyntax {
        let open = advance()
        var elements: [TupleTypeElement] = []
        if current.kind != .rightParen {
            while true {
                elements.append(try parseTupleElement())
                if consume(.comma) { continue }
                if current.kind == .rightParen { break }
                throw fail(
                    "expected ',' or ')' in type, found '\(current.kind.spelling)'",
                    notes: [.init("the parenthesis opened here", at: open.location)])
            }
        }
        advance()  // )

        var isAsync = false
        if consumeKeyword("async") { isAsync = true }
        let throwsClause = try parseThrowsClause()
        if current.kind == .arrow {
            advance()
            let result = try parseType()
            let function = FunctionTypeSyntax(parameters: elements, isAsync: isAsync, throwsClause: throwsClause, result: result)
            return TypeSyntax(.function(function), at: open.location)
        }
        if isAsync || throwsClause != nil {
            throw fail(
                "expected '->' after 'async'/'throws' in function type",
                notes: [.init("a completion handler returns nothing: write '-> Void'")])
        }
        if elements.count == 1, elements[0].label == nil {
            // `(T)` is just T; keep the parentheses only where they matter for printing.
            return elements[0].type
        }
        return TypeSyntax(.tuple(elements), at: open.location)
    }

    mutating func parseTupleElement() throws(Abandon) -> TupleTypeElement {
        // `label: T` or `_ name: T` (function type parameter names)
        if case .identifier(let first, _) = current.kind {
            if peek().kind == .colon {
                advance()
                advance()
                return TupleTypeElement(label: first, type: try parseType())
            }
            if case .identifier(let second, _) = peek().kind, peek(2).kind == .colon {
                advance()
                advance()
                advance()
                return TupleTypeElement(label: first, secondName: second, type: try parseType())
            }
        }
        let type = try parseType()
        if consume(.ellipsis) {
            throw fail("variadic parameters in function types cannot be bridged", at: type.location)
        }
        return TupleTypeElement(label: nil, type: type)
    }
}
