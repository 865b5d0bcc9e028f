import Foundation

/// Functions: their names, parameter clauses, default values, generic parameters and where clauses.
extension Parser {
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
            parameters.append(try parseParameter(position: parameters.count + 1))
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

    /// A parameter with no name (`_: AnyAction.Type`, supabase's `onPostgresChange(_:schema:…)`,
    /// which only picks an overload by the type) gets `argumentN`, N its position: the adapter
    /// declares it so and hands it on.
    mutating func parseParameter(position: Int) throws(Abandon) -> Parameter {
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
            if current.kind != .colon {
                throw fail(
                    "'_' must be followed by a parameter name", at: firstToken.location,
                    notes: [.init("write '_ name: Type'")])
            }
            name = Identifier("argument\(position)", at: firstToken.location, escaped: false)
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
        return text(from: start.location.offset, to: end).replacingNewlinesWithSpaces
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
    /// `1_000` → `1000`.
    var replacingUnderscores: String { filter { $0 != "_" } }

    /// A default value written over several lines, on one (it is repeated in a signature).
    var replacingNewlinesWithSpaces: String {
        split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }
}
