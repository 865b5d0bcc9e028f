import Foundation

/// Imports, typealiases, conditional blocks, extension and delegate blocks and their members.
extension Parser {
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

    /// `#if` … `#endif` around imports and extension blocks. Delegate blocks and typealiases
    /// stay outside (a typealias only names a shape; a delegate class is one per protocol).
    mutating func parseConditional() throws(Abandon) -> ConditionalBlock {
        let start = current.location
        var clauses: [ConditionalBlock.Clause] = []
        var clause = ConditionalBlock.Clause(directive: "if", condition: "", imports: [])
        advance()  // #if
        clause.condition = try conditionText(after: "#if", at: start)
        while true {
            if atEnd {
                throw fail("'#if' without '#endif'", at: start, notes: [.init("end the block with '#endif'")])
            }
            if current.isDirective, case .pound(let word) = current.kind {
                let location = current.location
                if word == "if" {
                    throw fail("'#if' inside '#if' is not supported in a .bridge file", notes: [.init("combine the conditions with '&&' or '||'")])
                }
                if clause.directive == "else" && word != "endif" {
                    // Reported, and read on to `#endif` so that nothing after it is misread.
                    diagnostics.error("'#\(word)' after '#else'", at: location, notes: [.init("'#else' is the last clause; end the block with '#endif'")])
                }
                clauses.append(clause)
                advance()
                clause = ConditionalBlock.Clause(directive: word, condition: "", imports: [])
                switch word {
                case "elseif": clause.condition = try conditionText(after: "#elseif", at: location)
                case "else":
                    if !current.startsLine && !atEnd {
                        throw fail("'#else' takes no condition", notes: [.init("write '#elseif condition' for another condition")])
                    }
                default: return ConditionalBlock(clauses: clauses, location: start)
                }
                continue
            }
            let declarationStart = position
            do {
                switch try parseTopLevel() {
                case .importDecl(let decl)?: clause.imports.append(decl)
                case .extensionDecl(let decl)?: clause.extensions.append(decl)
                case .typeAlias(let alias)?:
                    diagnostics.error(
                        "a typealias cannot be inside '#if' in a .bridge file", at: alias.location,
                        notes: [.init("declare it outside: it only names a closure shape, and a shape the compiler does not use is harmless")])
                case .enumDecl(let decl)?:
                    diagnostics.error(
                        "an enum cannot be inside '#if' in a .bridge file", at: decl.location,
                        notes: [.init("declare it outside: it only names the cases a callback hands over")])
                case .structDecl(let decl)?:
                    diagnostics.error(
                        "a struct cannot be inside '#if' in a .bridge file", at: decl.location,
                        notes: [.init("declare it outside: it only says what a callback's value holds")])
                case .delegateDecl(let decl)?:
                    diagnostics.error(
                        "a delegate block cannot be inside '#if' in a .bridge file", at: decl.location,
                        notes: [.init("keep delegate blocks outside '#if'; give a platform-only delegate a .bridge file of its own")])
                case .conditional?, nil:
                    break
                }
            } catch {
                // On to the block's next directive or declaration, inside the block.
                recoverAtTopLevel(startedAt: declarationStart)
            }
        }
    }

    /// The rest of the directive's line, as written. A missing condition is reported, and the
    /// block is read on, so that its `#endif` is not reported as a stray one.
    mutating func conditionText(after directive: String, at location: SourceLocation) throws(Abandon) -> String {
        guard !current.startsLine, !atEnd else {
            diagnostics.error("'\(directive)' needs a condition", at: location, notes: [.init("for example '\(directive) canImport(FoundationNetworking)'")])
            return ""
        }
        let first = current.location.offset
        var end = current.endOffset
        advance()
        while !current.startsLine && !atEnd { end = advance().endOffset }
        return text(from: first, to: end)
    }

    mutating func parseTypeAlias(
        documentation: [String], attributes: [Attribute], modifiers: [Identifier], start: SourceLocation
    ) throws(Abandon) -> TypeAliasDecl {
        advance()  // typealias
        let name = try expectIdentifier("a name after 'typealias'")
        let generics = try parseGenericParameters()
        _ = try expect(.equal, "after typealias name", notes: [.init("write 'typealias \(name.name) = SomeType'")])
        let type = try parseType()
        // `typealias SetupResult<T> = Swift.Result<T, CoreStoreError> where T: StorageInterface`
        // (CoreStore): the constraints say nothing of the shape; read and left out.
        if current.isKeyword("where") { _ = try parseWhereClause() }
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

    /// The rest of a context member (a type, a default value, `{ get set }`, `async throws`):
    /// everything up to the next member on a new line or the block's closing '}'.
    mutating func skipRestOfMember() {
        recoverInBlock(startedAt: -1)
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
        return ["func", "typealias", "enum", "var", "let", "init", "subscript"].contains(word) || Self.declarationModifiers.contains(word)
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
        case "enum" where !current.kind.isEscaped:
            return .enumDecl(try parseEnum(documentation: documentation, start: start))
        case "var" where !current.kind.isEscaped, "let" where !current.kind.isEscaped:
            let isConstant = current.identifier == "let"
            advance()
            let name = try expectIdentifier("a property name")
            // The declared type, read when it parses (a callback property's closure type); the
            // rest of the member (a value, accessors) is skipped either way.
            var type: TypeSyntax?
            if consume(.colon) {
                // A type this grammar does not read (`some View`) is not an error here: the
                // property is context, and its diagnostics are dropped with the attempt.
                let (before, reported) = (position, diagnostics)
                type = try? parseType()
                if type == nil { (position, diagnostics) = (before, reported) }
            }
            let rest = position
            skipRestOfMember()
            // `{ get }` without `set` cannot be assigned either.
            let accessors = tokens[rest..<position]
            let getOnly = accessors.contains { $0.kind == .leftBrace } && !accessors.contains { $0.identifier == "set" }
            // Accessors without a value or observers: nothing is stored (`var result: T? { get }`).
            let isComputed = accessors.contains { $0.kind == .leftBrace } && !accessors.contains { $0.kind == .equal }
                && !accessors.contains { $0.identifier == "willSet" || $0.identifier == "didSet" }
            // `public private(set) var onAny`: only the SDK assigns it (an app outside its module
            // cannot, under `internal(set)` or `package(set)` either).
            let setterHidden = modifiers.contains { ["private(set)", "fileprivate(set)", "internal(set)", "package(set)"].contains($0.name) }
            return .context(
                ContextDecl(
                    kind: .property, name: name.name, attributeNames: attributes.map(\.name.name), location: start,
                    isSettable: !isConstant && !getOnly && !setterHidden, type: type, attributes: attributes, documentation: documentation,
                    nameLocation: name.location, isStatic: modifiers.contains { $0.name == "static" || $0.name == "class" },
                    isComputed: isComputed))
        case "init" where !current.kind.isEscaped, "subscript" where !current.kind.isEscaped:
            let keyword = current.identifier ?? ""
            let keywordToken = advance()
            let isFailable = consume(.question) || consume(.exclamation)
            let generics = try parseGenericParameters()
            let parameters = try parseParameterClause()
            let labels = parameters.map { ($0.label?.name ?? "_") + ":" }.joined()
            // An initializer's effects, for `@stream` on it: read as a function's, or left with
            // the rest of the member when this grammar does not read them.
            let isAsync = consumeKeyword("async")
            let (before, reported) = (position, diagnostics)
            var throwsClause: ThrowsClause?
            do { throwsClause = try parseThrowsClause() } catch { (position, diagnostics) = (before, reported) }
            skipRestOfMember()
            var declaration = ContextDecl(
                kind: keyword == "init" ? .initializer : .subscript, name: keyword + "(" + labels + ")",
                parameters: parameters, attributeNames: attributes.map(\.name.name), location: start, attributes: attributes,
                documentation: documentation)
            if keyword == "init" {
                declaration.isFailable = isFailable
                declaration.function = FunctionDecl(
                    documentation: documentation, attributes: attributes, modifiers: modifiers,
                    name: Identifier("init", at: keywordToken.location), genericParameters: generics, parameters: parameters,
                    isAsync: isAsync, throwsClause: throwsClause, returnType: nil, requirements: [], location: start,
                    funcKeywordLocation: keywordToken.location)
            }
            return .context(declaration)
        default:
            throw fail(
                "expected 'func' or 'typealias' in extension body, found '\(current.kind.spelling)'",
                notes: [.init("an extension block holds the SDK's method declarations; imports go at the top of the file")])
        }
    }
}
