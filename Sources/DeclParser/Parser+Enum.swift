/// `enum Name<T>: Conformances { case a(T), b; case c(label: Error) … }`, as an SDK declares it.
extension Parser {
    mutating func parseEnum(documentation: [String], start: SourceLocation) throws(Abandon) -> EnumDecl {
        let (name, generics, open) = try parseTypeHead("enum")
        var cases: [EnumCaseDecl] = []
        var braces = 0
        while !(braces == 0 && current.kind == .rightBrace) {
            if atEnd {
                throw fail("expected '}' at end of enum", at: current.location, notes: [.init("to match this '{'", at: open.location)])
            }
            if braces == 0, current.isKeyword("case") {
                advance()
                repeat {
                    cases.append(try parseEnumCase())
                } while consume(.comma)
                continue
            }
            // Its other members (computed properties, methods, nested types) are skipped.
            if current.kind == .leftBrace { braces += 1 }
            if current.kind == .rightBrace { braces -= 1 }
            advance()
        }
        advance()  // }
        return EnumDecl(documentation: documentation, name: name, genericParameters: generics, cases: cases, location: start)
    }

    /// `name`, `name(Type, label: Type)`, `name = rawValue`.
    mutating func parseEnumCase() throws(Abandon) -> EnumCaseDecl {
        let name = try expectIdentifier("a case name")
        var payload: [TupleTypeElement] = []
        if consume(.leftParen) {
            while current.kind != .rightParen {
                var label: String?
                if case .identifier(let word, _) = current.kind, peek().kind == .colon {
                    label = word
                    advance()
                    advance()
                } else if case .identifier("_", false) = current.kind, case .identifier = peek().kind, peek(2).kind == .colon {
                    // `case failure(_ err: CheckinOperationError)` (Kumulos): no label, a name.
                    advance()
                    advance()
                    advance()
                }
                payload.append(TupleTypeElement(label: label, type: try parseType()))
                // A default value of an associated value is not the adapter's business.
                if consume(.equal) {
                    while current.kind != .comma && current.kind != .rightParen && !atEnd { advance() }
                }
                if !consume(.comma) { break }
            }
            _ = try expect(.rightParen, "after the case's associated values")
        }
        if consume(.equal) { advance() }  // a raw value
        return EnumCaseDecl(name: name, payload: payload)
    }
}

/// `struct Name<T>: Conformances { enum … ; let status: Status<T> … }`: what a struct a callback
/// hands over is made of. Its methods are not bridged from here, so one is an error.
extension Parser {
    mutating func parseStruct(documentation: [String], start: SourceLocation) throws(Abandon) -> StructDecl {
        let (name, generics, open) = try parseTypeHead("struct")
        var enums: [EnumDecl] = []
        var properties: [ContextDecl] = []
        while current.kind != .rightBrace {
            if atEnd {
                throw fail("expected '}' at end of struct", at: current.location, notes: [.init("to match this '{'", at: open.location)])
            }
            switch try parseMember() {
            case .enumDecl(let decl)?: enums.append(decl)
            case .context(let decl)? where decl.kind == .property: properties.append(decl)
            case .function(let function)?:
                throw fail(
                    "a struct in a .bridge file says only what its values hold; its methods are not bridged from here",
                    at: function.location, notes: [.init("describe its legacy methods in 'extension \(name.name) { … }'")])
            case .typeAlias?, .context?, nil: continue
            }
        }
        advance()  // }
        return StructDecl(
            documentation: documentation, name: name, genericParameters: generics, enums: enums, properties: properties, location: start)
    }
}

extension Parser {
    /// `keyword Name<T>: Conformances where … {`: the name, the generic parameters and the
    /// opening brace. Conformances and a where clause say nothing of the cases or properties.
    mutating func parseTypeHead(_ keyword: String) throws(Abandon) -> (Identifier, [GenericParameter], Span) {
        advance()  // the keyword
        let name = try expectIdentifier("a name after '\(keyword)'")
        let generics = try parseGenericParameters()
        while current.kind != .leftBrace && !atEnd && !(current.startsLine && startsTopLevelDeclaration(current)) {
            advance()
        }
        return (name, generics, try expect(.leftBrace, "to open the \(keyword) body"))
    }
}
