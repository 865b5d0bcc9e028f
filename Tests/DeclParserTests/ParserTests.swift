import DeclParser
import Testing

@Suite struct LexerTests {
    func kinds(_ text: String) -> [TokenKind] {
        var lexer = Lexer(text)
        return lexer.tokenize().map(\.kind)
    }

    @Test func punctuationAndIdentifiers() {
        #expect(
            kinds("func f(_ a: [Int]?) -> Void") == [
                .identifier("func", escaped: false), .identifier("f", escaped: false), .leftParen,
                .identifier("_", escaped: false), .identifier("a", escaped: false), .colon, .leftBracket,
                .identifier("Int", escaped: false), .rightBracket, .question, .rightParen, .arrow,
                .identifier("Void", escaped: false), .endOfFile,
            ])
    }

    @Test func genericClosersAreNeverMerged() {
        #expect(kinds(">>").filter { $0 == .rightAngle }.count == 2)
    }

    @Test func documentationAttachesToTheNextToken() {
        var lexer = Lexer("/// one\n/** two\n * three */\n// plain\nfunc")
        let tokens = lexer.tokenize()
        #expect(tokens[0].documentation == ["one", "two", "three"])
    }

    @Test func locationsCountLinesAndColumnsWithCRLFAndBOM() {
        var lexer = Lexer(bytes: [0xEF, 0xBB, 0xBF] + Array("a\r\n  b".utf8))
        let tokens = lexer.tokenize()
        #expect(tokens[0].location.line == 1 && tokens[0].location.column == 1)
        #expect(tokens[1].location.line == 2 && tokens[1].location.column == 3)
    }

    @Test func stringsBackticksAndErrors() {
        #expect(kinds(#""a\"b""#).first == .string("a\"b"))
        #expect(kinds("`default`").first == .identifier("default", escaped: true))
        var lexer = Lexer("a \\ b /* open")
        _ = lexer.tokenize()
        #expect(lexer.diagnostics.diagnostics.map(\.message) == ["unexpected character '\\' in declaration", "unterminated '/*' comment"])
    }

    /// A multi-line literal pasted from an SDK (RevenueCat's, LineSDK's and CoreStore's
    /// `@available(*, deprecated, message: """` …): its value as Swift reads it, the closing
    /// delimiter's indentation off each line; what follows is lexed as usual.
    @Test func aMultilineStringIsReadAsSwiftReadsIt() {
        let text = "message: \"\"\"\n        The ID is a constant.\n          Indented.\n        \"\"\") func"
        #expect(kinds(text) == [.identifier("message", escaped: false), .colon, .string("The ID is a constant.\n  Indented."), .rightParen, .identifier("func", escaped: false), .endOfFile])
        var lexer = Lexer("a(\"\"\"\n  open\n")
        _ = lexer.tokenize()
        #expect(lexer.diagnostics.diagnostics.map(\.message) == ["unterminated multi-line string literal"])
    }

    /// An interpolation (a default value pasted from SlackKit, `latest: String =
    /// "\\(Date().timeIntervalSince1970)"`) is no error: the literal is kept as written, nested
    /// parentheses and strings included, and what follows it is lexed as usual.
    @Test func anInterpolatedStringIsKeptAsWritten() {
        var lexer = Lexer(#"= "\(Date().timeIntervalSince1970)" , "a \("b)") c" x"#)
        let tokens = lexer.tokenize()
        #expect(lexer.diagnostics.diagnostics.isEmpty)
        #expect(
            tokens.map(\.kind) == [
                .equal, .interpolatedString(#""\(Date().timeIntervalSince1970)""#), .comma,
                .interpolatedString(#""a \("b)") c""#), .identifier("x", escaped: false), .endOfFile,
            ])
        #expect(TokenKind.interpolatedString(#""\(a)""#).spelling == "string literal")
    }

    /// Swift source whose string literal ends with a backslash at the end of the input (the scan
    /// fuzzer's crash: the token ended past the input, and scan's slice of it trapped).
    @Test func aStringEndingInABackslashAtTheEndStaysInTheInput() {
        for text in ["let a = \"x\\", "let b = \"\"\"\n\\", "let c = #\"x\\#"] {
            let bytes = Array(text.utf8)
            var lexer = Lexer(bytes: bytes, reading: .swift)
            let tokens = lexer.tokenize()
            #expect(tokens.allSatisfy { $0.endOffset <= bytes.count }, "\(text)")
        }
    }

    /// A stray character is reported where it is and skipped like a token: what follows it on
    /// its line does not start the line.
    @Test func strayCharactersAreSkippedLikeTokens() {
        var lexer = Lexer("a \u{01} b\n\u{01}c\n  \\ d\ne")
        let tokens = lexer.tokenize()
        #expect(tokens.map(\.kind.spelling) == ["a", "b", "c", "d", "e", "end of file"])
        #expect(tokens.map(\.startsLine) == [true, false, false, false, true, false])
        #expect(lexer.diagnostics.diagnostics.map(\.location) == [
            SourceLocation(line: 1, column: 3, offset: 2), SourceLocation(line: 2, column: 1, offset: 6),
            SourceLocation(line: 3, column: 3, offset: 11),
        ])
    }

    @Test func manyStrayCharactersDoNotRecurse() {
        var lexer = Lexer(String(repeating: "\\", count: 200_000))
        let tokens = lexer.tokenize()
        #expect(tokens.count == 1)
        #expect(lexer.diagnostics.diagnostics.count == 200_000)
    }
}

@Suite struct ParserTests {
    func parse(_ text: String) -> (SourceFile, [Diagnostic]) {
        Parser.parse(Array(text.utf8))
    }

    /// A typealias with a `where` clause (CoreStore's `SetupResult<T> = Swift.Result<T, E> where
    /// T: StorageInterface`) parses; the constraints are left out of its type.
    @Test func aTypealiasWithAWhereClause() {
        let (file, diagnostics) = parse("typealias SetupResult<T> = Swift.Result<T, CoreStoreError> where T: StorageInterface\n")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        guard case .typeAlias(let alias)? = file.declarations.first else {
            Issue.record("no typealias: \(file.declarations)")
            return
        }
        #expect(alias.type.description == "Swift.Result<T, CoreStoreError>")
    }

    /// An Objective-C selector (`@objc(stopObservingForOwner:)`, LaunchDarkly's) is no argument
    /// list: kept as written.
    @Test func anObjectiveCSelectorIsKeptAsWritten() {
        let (file, diagnostics) = parse(
            "extension Client {\n    @objc(stopObservingForOwner:) public func stopObserving(owner: Owner)\n    @objc(observe:owner:handler:) func observe(_ key: String, owner: Owner, handler: @escaping (Int) -> Void)\n}\n")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        guard case .extensionDecl(let decl)? = file.declarations.first, case .function(let stop)? = decl.members.first else {
            Issue.record("no function: \(file.declarations)")
            return
        }
        #expect(stop.attributes.first?.text == "@objc(stopObservingForOwner:)")
        #expect(decl.members.count == 2)
    }

    /// An SDK's enum, pasted as the SDK declares it: its cases are kept (several on a line,
    /// labelled associated values, raw values), everything else in its body is skipped.
    @Test func enumsKeepTheirCases() throws {
        let (file, diagnostics) = parse(
            """
            public enum Event<Element>: CustomStringConvertible where Element: Sendable {
                case next(Element)
                case error(Swift.Error), completed
                indirect case nested(event: Event<Element>, count: Int = 0)
                case raw = 3
                public var description: String {
                    switch self { case .next: "next"; default: "other" }
                }
                static func make() -> Event { .completed }
            }
            extension Owner {
                enum Inner { case a }
            }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard case .enumDecl(let decl) = file.declarations.first, case .extensionDecl(let owner) = file.declarations.last,
            case .enumDecl(let inner) = owner.members.first
        else {
            Issue.record("\(file.declarations)")
            return
        }
        #expect(decl.name.name == "Event" && decl.genericParameters.map(\.name.name) == ["Element"])
        #expect(decl.cases.map(\.name.name) == ["next", "error", "completed", "nested", "raw"])
        #expect(decl.cases[1].payload.map(\.type.description) == ["Swift.Error"])
        #expect(decl.cases[3].payload.map(\.label) == ["event", "count"])
        #expect(inner.cases.map(\.name.name) == ["a"])
    }

    /// An associated value written with no label and a name (Kumulos's `CheckinOutcome<T>`:
    /// `case failure(_ err: CheckinOperationError)`) has no label.
    @Test func anUnlabeledNamedAssociatedValueHasNoLabel() throws {
        let (file, diagnostics) = parse(
            """
            public enum CheckinOutcome<T> {
                case failure(_ err: CheckinOperationError)
                case success(_ result: T, note: String)
            }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard case .enumDecl(let decl) = file.declarations.first else {
            Issue.record("\(file.declarations)")
            return
        }
        #expect(decl.cases[0].payload.map(\.label) == [nil])
        #expect(decl.cases[0].payload.map(\.type.description) == ["CheckinOperationError"])
        #expect(decl.cases[1].payload.map(\.label) == [nil, "note"])
    }

    /// A struct keeps its nested enums and its properties, each marked stored or computed;
    /// a method in it is an error that says where methods go.
    @Test func structsKeepTheirEnumsAndProperties() throws {
        let (file, diagnostics) = parse(
            """
            public struct Response<Result: Codable>: Sendable {
                public enum Status<T> { case success(T); case failure(Error) }
                public let status: Status<Result>
                public var result: Result? { get }
                public var error: Error? { status.error }
                var observed: Int = 0 { didSet { } }
                static let shared: Int
                init(status: Status<Result>)
            }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard case .structDecl(let decl)? = file.declarations.first else {
            Issue.record("\(file.declarations)")
            return
        }
        #expect(decl.name.name == "Response" && decl.genericParameters.map(\.name.name) == ["Result"])
        #expect(decl.enums.map(\.name.name) == ["Status"])
        #expect(decl.properties.map(\.name) == ["status", "result", "error", "observed", "shared"])
        #expect(decl.storedProperties.map(\.name) == ["status", "observed"])
        #expect(decl.storedProperties.first?.type?.description == "Status<Result>")

        let (_, refused) = parse("struct S {\n    func load(completion: @escaping () -> Void)\n}")
        #expect(refused.map(\.message).first?.contains("its methods are not bridged from here") == true)
        #expect(refused.first?.location.line == 2)
    }

    func onlyFunction(_ text: String) throws -> FunctionDecl {
        let (file, diagnostics) = parse("extension T {\n" + text + "\n}")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard case .extensionDecl(let decl)? = file.declarations.first, case .function(let function)? = decl.members.first else {
            throw ParseFailure()
        }
        return function
    }

    struct ParseFailure: Error {}

    @Test func functionWithEverything() throws {
        let function = try onlyFunction(
            "@available(iOS 15, *) public static func load<T: Decodable>(_ type: T.Type, into box: inout [T], retry: Int = max(1, 2), completion: ((Result<T, Error>) -> Void)? = nil) throws -> Operation where T: Sendable"
        )
        #expect(function.fullName == "load(_:into:retry:completion:)")
        #expect(function.attributes.map(\.text) == ["@available(iOS 15, *)"])
        #expect(function.modifiers.map(\.name) == ["public", "static"])
        #expect(function.genericParameters.map(\.description) == ["T: Decodable"])
        #expect(function.parameters.map(\.type.description) == ["T.Type", "inout [T]", "Int", "((Result<T, Error>) -> Void)?"])
        #expect(function.parameters[2].defaultValue == "max(1, 2)")
        #expect(function.parameters[3].defaultValue == "nil")
        #expect(function.throwsClause?.keyword == "throws")
        #expect(function.returnType?.description == "Operation")
        #expect(function.requirements.map(\.description) == ["T: Sendable"])
    }

    /// A parameter with no name (supabase's `onPostgresChange(_: AnyAction.Type, …)`, which only
    /// picks an overload by the type), as Swift allows: named `argumentN` by its position, for
    /// the adapter to declare and hand on. `_` followed by anything else is still an error.
    @Test func anUnnamedParameterIsNamedByItsPosition() throws {
        let function = try onlyFunction("func on(_: AnyAction.Type, schema: String, _: Int, callback: @escaping (AnyAction) -> Void)")
        #expect(function.fullName == "on(_:schema:_:callback:)")
        #expect(function.parameters.map(\.name.name) == ["argument1", "schema", "argument3", "callback"])
        #expect(function.parameters[0].label == nil)
        let (_, diagnostics) = parse("extension A {\n    func on(_ , x: Int)\n}\n")
        #expect(diagnostics.map(\.message).contains("'_' must be followed by a parameter name"), "\(diagnostics)")
    }

    @Test func typesPrintCanonically() throws {
        let function = try onlyFunction(
            "func f(a: [String:[Int?]], b: (Int,label:String), c: any P&Q, d: (@escaping @Sendable (Data?) async throws(E) -> Void)?, e: Swift.Result<A.B<C>, Never>, f: ((Int))?)"
        )
        #expect(
            function.parameters.map(\.type.description) == [
                "[String: [Int?]]", "(Int, label: String)", "any P & Q", "(@escaping @Sendable (Data?) async throws(E) -> Void)?",
                "Swift.Result<A.B<C>, Never>", "Int?",
            ])
    }

    @Test func locationsPointAtTokens() throws {
        let function = try onlyFunction("    func load(completion: @escaping () -> Void)")
        #expect(function.name.location.line == 2 && function.name.location.column == 10)
        #expect(function.parameters[0].type.location.column == 27)
    }

    @Test func recoversAndReportsIndependentErrors() {
        let (file, diagnostics) = parse("extension T {\n func a(x) \n func b(completion: () -> Void)\n}\nextension U { func c(completion: () -> Void) }")
        #expect(diagnostics.count == 1)
        guard case .extensionDecl(let first) = file.declarations[0], case .extensionDecl(let second) = file.declarations[1] else {
            Issue.record("expected two blocks")
            return
        }
        #expect(first.members.count == 1 && second.members.count == 1)
    }

    @Test func deepNestingIsADiagnosticNotAStackOverflow() {
        let deep = String(repeating: "(", count: 100_000) + "Int" + String(repeating: ")", count: 100_000)
        let generic = String(repeating: "A<", count: 100_000) + "Int" + String(repeating: ">", count: 100_000)
        for type in [deep, generic, String(repeating: "[", count: 100_000)] {
            let (_, diagnostics) = parse("extension T { func f(completion: \(type)) }")
            #expect(diagnostics.contains { $0.message.contains("nested too deeply") })
        }
    }

    @Test func attributesKeepTheirArguments() {
        let (file, _) = parse("@bridge(access: public, wrapper: X) @cancel(using: cancelRequest(_:)) extension T {}")
        guard case .extensionDecl(let decl) = file.declarations[0] else { return }
        #expect(decl.attributes[0].arguments?.map(\.text) == ["access: public", "wrapper: X"])
        #expect(decl.attributes[1].arguments?.first?.value == .expression("cancelRequest(_:)"))
    }

    /// A closure argument keeps its text exactly, commas, parentheses, comments and line breaks
    /// (CRLF becomes LF), and the next argument still parses.
    @Test func closureArgumentsKeepTheirText() throws {
        let source = "@until({ a, b in\r\n    // why\r\n    f(a, b) == [1, 2]\r\n}, inclusive: true)\nfunc g(c: @escaping (Int, Int) -> Void)"
        let function = try onlyFunction(source)
        let arguments = try #require(function.attributes.first?.arguments)
        #expect(arguments[0].value == .closure("{ a, b in\n    // why\n    f(a, b) == [1, 2]\n}"))
        #expect(arguments[0].location.line == 2)
        #expect(arguments[1].text == "inclusive: true")
    }

    /// A brace on a declaration's line means the argument list was never closed.
    @Test func anUnclosedArgumentListBeforeABodyIsReportedThere() {
        let (_, diagnostics) = parse("@until(x\nextension T {\n}")
        #expect(diagnostics.first?.message == "unexpected '{' in the arguments of '@until'")
    }

    /// Type specifiers are kept, in order; a declaration keyword where a type belongs is an error.
    @Test func typeSpecifiersAndKeywordsInTypes() throws {
        let function = try onlyFunction(
            "func f(a: inout Int, b: sending [String], c: borrowing Data, d: consuming __owned T, e: __shared U, i: isolated (any Actor)? = #isolation, completion: @escaping (Error?) -> Void)")
        #expect(
            function.parameters.map(\.type.description) == [
                "inout Int", "sending [String]", "borrowing Data", "consuming __owned T", "__shared U", "isolated (any Actor)?",
                "@escaping (Error?) -> Void",
            ])
        for keyword in ["func", "var", "let", "typealias", "extension", "import"] {
            let (_, diagnostics) = parse("extension T { func f(a: \(keyword), completion: @escaping () -> Void) }")
            #expect(diagnostics.first?.message == "expected a type, found keyword '\(keyword)'")
        }
        // Escaped, a keyword is a name like any other.
        #expect(try onlyFunction("func f(a: `var`, completion: @escaping () -> Void)").parameters[0].type.description == "`var`")
    }

    /// Default values are kept as written, on one line: line breaks inside become one space and
    /// each line's surrounding white space goes (Unicode spaces included, as Foundation trims).
    @Test func defaultValuesAreKeptOnOneLine() throws {
        let function = try onlyFunction(
            "func f(a: Int = max(1,  2), b: [Int] = [\n    1,\r\n  2\t\n], c: String = \"é\", d: Int = \u{A0}x, completion: @escaping () -> Void)")
        #expect(function.parameters.map(\.defaultValue) == ["max(1,  2)", "[ 1, 2 ]", "\"é\"", "x", nil])
    }

    @Test func anInterpolatedDefaultValueIsKeptAsWritten() throws {
        let function = try onlyFunction(#"func f(latest: String = "\(Date().timeIntervalSince1970)", completion: @escaping () -> Void)"#)
        #expect(function.parameters[0].defaultValue == #""\(Date().timeIntervalSince1970)""#)
    }

    @Test func attributeArgumentsWithoutValuesAreErrors() {
        for source in ["@a(x, ) extension T {}", "@a(,) extension T {}", "@a(label: ) extension T {}"] {
            #expect(parse(source).1.first?.message == "expected a value for attribute argument", "\(source)")
        }
        #expect(parse("@a(f(x)").1.first?.message == "unterminated attribute argument list")
        // Nested brackets and commas belong to the value.
        let (file, diagnostics) = parse("@a(f(x, [y, z]), -1) extension T {}")
        guard case .extensionDecl(let decl) = file.declarations.first else { return }
        #expect(diagnostics.isEmpty)
        #expect(decl.attributes[0].arguments?.map(\.value) == [.expression("f(x, [y, z])"), .integer(-1)])
    }

    /// Numbers are read as Swift writes them, digit separators included.
    @Test func attributeNumbersDropDigitSeparators() {
        let (file, _) = parse("@a(1_000, -2_5, 1_0.5, -0.2_5, 42, 7.5) extension T {}")
        guard case .extensionDecl(let decl) = file.declarations[0] else { return }
        #expect(
            decl.attributes[0].arguments?.map(\.value) == [
                .integer(1000), .integer(-25), .float(10.5), .float(-0.25), .integer(42), .float(7.5),
            ])
    }

    @Test func diagnosticFormat() {
        let diagnostic = Diagnostic.error("bad", at: SourceLocation(line: 3, column: 7, offset: 0), notes: [.init("fix it")])
        #expect(diagnostic.formatted(path: "a.bridge") == "a.bridge:3:7: error: bad\na.bridge:3:7: note: fix it")
    }

    @Test func quotedEscapesEverythingDangerous() {
        #expect(SwiftLiteral.quoted("a\"b\\c\nd\u{202E}") == #""a\"b\\c\nd\u{202E}""#)
        #expect(SwiftLiteral.quoted("Type.name(label:_:)") == "\"Type.name(label:_:)\"")
        #expect(SwiftLiteral.quoted("") == "\"\"")
        #expect(SwiftLiteral.quoted(String(repeating: "x", count: 40)) == "\"" + String(repeating: "x", count: 40) + "\"")
    }
}

/// A type's other members, pasted with its callback API, are kept as context.
@Suite struct ContextMemberTests {
    @Test func propertiesInitializersAndSubscriptsAreContext() throws {
        var parser = Parser(
            """
            extension Request {
                public static let shared: Request
                weak var delegate: RequestDelegate? { get set }
                public private(set) var state: State {
                    get
                }
                var count = 0
                public init?(id: Int, _ name: String)
                subscript(index: Int) -> Header { get }
                func load(completion: @escaping () -> Void)
            }
            """)
        let file = parser.parseFile()
        #expect(parser.diagnostics.diagnostics.isEmpty, "\(parser.diagnostics.diagnostics)")
        guard case .extensionDecl(let block)? = file.declarations.first else {
            Issue.record("expected an extension")
            return
        }
        let context = block.members.compactMap { member -> String? in
            if case .context(let decl) = member { return "\(decl.kind.rawValue) \(decl.name) \(decl.location.line)" }
            return nil
        }
        #expect(
            context == [
                "property shared 2", "property delegate 3", "property state 4", "property count 7",
                "initializer init(id:_:) 8", "subscript subscript(index:) 9",
            ])
        #expect(block.members.count == 7)
    }
}

/// SDKs write a type attribute that takes no arguments right against the type that follows it.
@Suite struct TypeAttributeSpellingTests {
    @Test func escapingAgainstItsFunctionType() throws {
        let (file, diagnostics) = Parser.parse(Array("extension P {\n    func pipe(to: @escaping(Result<Int>) -> Void)\n}\n".utf8))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard case .extensionDecl(let decl)? = file.declarations.first, case .function(let function)? = decl.members.first else {
            Issue.record("no function parsed")
            return
        }
        let type = try #require(function.parameters.first?.type)
        #expect(type.attributes.map(\.name.name) == ["escaping"])
        guard case .function(let closure) = type.strippingAttributes.kind else {
            Issue.record("not a function type: \(type)")
            return
        }
        #expect(closure.parameters.count == 1 && closure.result.isVoid)
    }
}
