@testable import Analysis
import DeclParser
import Testing
import Text

@Suite struct NamingTests {
    @Test(arguments: [
        ("getReceiptAsynchronously", "receipt"), ("fetchDataWithCompletionHandler", "fetchData"),
        ("loadWithCompletion", "load"), ("renewWithReply", "renew"), ("pingWithBlock", "ping"),
        ("signOutWithCompletionBlock", "signOut"), ("sendWithReplyTo", "send"), ("getURLForKey", "urlForKey"),
        ("get", "get"), ("getaway", "getaway"), ("WithCompletion", "WithCompletion"), ("charge", "charge"),
        ("getHTTPHeaders", "httpHeaders"),
    ])
    func asyncNames(legacy: String, expected: String) {
        #expect(Naming.asyncBaseName(for: legacy) == expected)
        #expect(Naming.unicodeAsyncBaseName(for: legacy) == expected)
    }

    /// ASCII names take a byte-level path; it must name exactly as the general one does.
    @Test func asciiNamingMatchesTheGeneralRule() {
        let heads = ["", "get", "Get", "getA", "getURL", "getX", "fetch", "g"]
        let middles = ["", "Receipt", "URLForKey", "HTTP", "a", "ID", "X"]
        let tails = ["", "Asynchronously", "WithCompletionHandler", "WithCompletion", "WithReplyTo", "WithBlock", "WithReply"]
        for head in heads {
            for middle in middles {
                for tail in tails {
                    let name = head + middle + tail
                    #expect(Naming.asciiAsyncBaseName(for: name) == Naming.unicodeAsyncBaseName(for: name), "\(name)")
                }
            }
        }
        #expect(Naming.asyncBaseName(for: "getÉtatAsynchronously") == "état")
    }

    /// Cancellation references in ASCII are split on bytes; the split must be the general one's.
    @Test func asciiCallReferencesMatchTheGeneralRule() {
        let pieces = ["", "(", ")", ":", "_", "a", "cancel", "x1", "1x", " ", ",", "()", "(_:)", "(label:)", "::", "\r\n", "a:b:"]
        var checked = 0
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let text = first + second + third
                    let ascii = Analyzer.asciiCallReference(text)
                    let general = Analyzer.unicodeCallReference(text)
                    #expect(ascii?.name == general?.name && ascii?.labels == general?.labels, "\(text)")
                    #expect(ascii?.isReference == general?.isReference, "\(text)")
                    checked += general == nil ? 0 : 1
                }
            }
        }
        #expect(checked >= 50)  // Many valid references among them, not only rejections.
    }

    /// A token type's last component, read on bytes for ASCII names, as splitting would give.
    @Test func lastComponentsOfQualifiedNames() {
        for name in ["", "A", "A.B", "Foundation.Operation", "A.", "A..", ".", "..B", "A.B.C", "Modül.Tøken", "A.\u{301}B"] {
            #expect(Analyzer.lastComponent(name) == String(name.split(separator: ".").last ?? Substring(name)), "\(name)")
        }
    }

    /// Long ASCII names are searched without lowercasing them first; the answer must be the
    /// lowercased search's.
    @Test func completionWordsAreFoundInAnyCase() {
        let words = [
            "completionHandler", "onCOMPLETIONCallbackBlock", "replyHandlerForTheRequest", "ReplyToSenderWithBlock",
            "resultHandlerOfTheOperation", "progressHandlerOfTheUpload", "handler", "Reply", "whenDone", "données",
            "completionHandlerDeLaRéponse",
        ]
        for word in words {
            let lowered = word.lowercased()
            let expected = lowered.contains("completion") || lowered.contains("reply") || Analyzer.completionWords.contains(lowered)
            #expect(Analyzer.looksLikeCompletion(word) == expected, "\(word)")
        }
    }

    @Test func escapingAndValidation() {
        #expect(Naming.escaped("default") == "`default`")
        #expect(Naming.escaped("value") == "value")
        #expect(Naming.isValidIdentifier("café"))
        #expect(!Naming.isValidIdentifier("9lives"))
        #expect(!Naming.isValidIdentifier("a\u{202E}b"))
        #expect(!Naming.isValidIdentifier("a-b"))
        // A leading digit of any script is refused, ASCII ones without the Unicode lookup.
        #expect(!Naming.isValidIdentifier("0"))
        #expect(!Naming.isValidIdentifier("\u{0663}a"))  // ARABIC-INDIC DIGIT THREE
        #expect(!Naming.isValidIdentifier("\u{2167}x"))  // ROMAN NUMERAL EIGHT: a numeric type, not a digit
        #expect(Naming.isValidIdentifier("a9") && Naming.isValidIdentifier("_1") && Naming.isValidIdentifier("Z"))
        #expect(!Naming.isValidIdentifier(""))
    }
}

@Suite struct ShapeTests {
    func analyse(_ member: String, typealiases: String = "") -> (BridgeModel?, [Diagnostic]) {
        let source = typealiases + "\nextension T {\n" + member + "\n}\n"
        let (file, parseDiagnostics) = Parser.parse(Array(source.utf8))
        #expect(parseDiagnostics.isEmpty, "\(parseDiagnostics)")
        return Analyzer.analyse(file)
    }

    func adapter(_ member: String, typealiases: String = "") -> Adapter? {
        let (model, diagnostics) = analyse(member, typealiases: typealiases)
        #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.formatted(path: "t") })")
        return model?.blocks.first?.adapters.first
    }

    @Test(arguments: [
        ("func f(completion: @escaping (Result<Int, Error>) -> Void)", "Int"),
        ("func f(completion: @escaping (Result<Void, Error>) -> Void)", "Void"),
        ("func f(completion: @escaping (Int?, Error?) -> Void)", "Int"),
        ("func f(completion: @escaping (Int?) -> Void)", "Int?"),
        ("func f(completion: @escaping (Error?) -> Void)", "Void"),
        ("func f(completion: @escaping () -> Void)", "Void"),
        ("func f(completion: @escaping (Int, String) -> Void)", "(Int, String)"),
        ("func f(completion: @escaping (Int?, String?, NSError?) -> Void)", "(Int, String)"),
        ("@asyncError(zeroArgument: 2) func f(completion: @escaping (Data?, Bool, Error?) -> Void)", "Data"),
        ("func f(completion: ((Int?, Error?) -> Void)? = nil)", "Int"),
        ("func f(completion: @escaping H)", "[String]"),
    ])
    func resultTypes(member: String, expected: String) throws {
        let found = try #require(self.adapter(member, typealiases: "typealias H = ([String]?, Error?) -> Void"))
        #expect(found.resultType == expected)
    }

    /// An adapter's fields live in a shared box (`CopyOnWrite`): a changed copy must not change
    /// the adapter it was copied from, nor the one in the model.
    @Test func adapterCopiesAreValues() throws {
        let (model, _) = analyse("func fetch(id: Int, completion: @escaping (Int?, Error?) -> Void)")
        let original = try #require(model?.blocks.first?.adapters.first)
        var copy = original
        copy.resultType = "String"
        copy.parameters[0].name = "key"
        #expect(original.resultType == "Int")
        #expect(original.parameters[0].name == "id")
        #expect(model?.blocks.first?.adapters.first == original)
        #expect(copy != original)
        copy.resultType = "Int"
        copy.parameters[0].name = "id"
        #expect(copy == original)
        #expect(Set([copy, original]).count == 1)
    }

    @Test func rolesOfTheClosureParameters() throws {
        let found = try #require(self.adapter("@asyncError(nonzeroArgument: 2) func f(completion: @escaping (_ data: Data?, _ status: Int32, _ error: Error?) -> Void)"))
        #expect(
            found.completion.parameters == [
                .init(name: "data", role: .value(unwrap: true)), .init(name: "status", role: .flag(failsWhenZero: false, isBool: false)),
                .init(name: "error", role: .error),
            ])
    }

    @Test func completionSelection() throws {
        let last = try #require(adapter("func f(progress: @escaping (Double) -> Void, done: @escaping (Error?) -> Void)"))
        #expect(last.parameters.map(\.name) == ["progress"])
        let conventional = try #require(adapter("func f(completion: @escaping (Error?) -> Void, progress: @escaping (Double) -> Void)"))
        #expect(conventional.parameters.map(\.name) == ["progress"])
        let annotated = try #require(adapter("@completion(b) func f(a: @escaping (Error?) -> Void, b: @escaping (Int) -> Void)"))
        #expect(annotated.parameters.map(\.name) == ["a"] && annotated.resultType == "Int")
    }

    @Test func discardableResultOnlyForOptionalCompletionWithAValue() throws {
        #expect(try #require(adapter("func f(completion: ((Int?, Error?) -> Void)? = nil)")).discardableResult)
        #expect(try !#require(adapter("func f(completion: ((Error?) -> Void)? = nil)")).discardableResult)
        #expect(try !#require(adapter("func f(completion: @escaping (Int) -> Void)")).discardableResult)
    }

    /// The resolver skips lookups by key length (names of 63 bytes and more share one bit):
    /// aliases of any length, bare, qualified and inside their block, are still seen.
    @Test func aliasesOfEveryNameLengthAreSeen() throws {
        let long = String(repeating: "L", count: 70)
        let longer = String(repeating: "M", count: 90)
        let aliases = """
            typealias \(long) = (Int?, Error?) -> Void
            typealias \(longer) = (String?, Error?) -> Void
            typealias Q = (Bool?, Error?) -> Void
            """
        for (type, expected) in [(long, "Int"), (longer, "String"), ("Q", "Bool")] {
            let found = try #require(adapter("func f(completion: @escaping \(type))", typealiases: aliases))
            #expect(found.resultType == expected)
        }
        let scoped = "typealias Inner = (Data?, Error?) -> Void\nfunc f(completion: @escaping Inner)"
        #expect(try #require(adapter(scoped)).resultType == "Data")
        let qualified = "typealias Inner = (Data?, Error?) -> Void\nfunc f(completion: @escaping T.Inner)"
        #expect(try #require(adapter(qualified)).resultType == "Data")
        let (model, diagnostics) = analyse("func f(completion: @escaping L)", typealiases: aliases)
        #expect(model == nil && diagnostics.map(\.message) == ["no completion handler found in 'f(completion:)'"])
    }

    @Test func genericTypealiasSubstitution() throws {
        let found = try #require(
            adapter("func f(completion: @escaping C<[Int]>)", typealiases: "typealias C<V> = (Result<V, Error>) -> Void"))
        #expect(found.resultType == "[Int]")
    }

    @Test func unbridgeableDeclarationsSayWhy() {
        let cases: [(String, String)] = [
            ("func f(x: Int)", "no completion handler found"),
            ("func f(completion: @escaping (Int) -> Int)", "must return Void"),
            ("func f(a: @escaping (Error?) -> Void, completionHandler: @escaping () -> Void, reply: @escaping () -> Void)", "ambiguous"),
            ("func f() async", "already async"),
            ("mutating func f(completion: @escaping () -> Void)", "mutating"),
            ("@asyncError(zeroArgument: 1) func f(completion: @escaping (String) -> Void)", "Bool or integer"),
            ("@frobnicate func f(completion: @escaping () -> Void)", "unknown annotation"),
        ]
        for (member, message) in cases {
            let (model, diagnostics) = analyse(member)
            #expect(model == nil)
            #expect(diagnostics.contains { $0.message.contains(message) }, "\(member): \(diagnostics.map(\.message))")
        }
    }

    @Test func didYouMean() {
        #expect(Annotations.closest(to: "asyncname", in: ["asyncName", "completion"]) == "asyncName")
        #expect(Annotations.closest(to: "zzz", in: ["asyncName"]) == nil)
    }
}

@Suite struct GeneratedKeysTests {
    static func at(_ line: Int) -> DeclParser.SourceLocation { DeclParser.SourceLocation(line: line, column: 1, offset: 0) }

    /// The duplicates `check` reports for `list`: each key's index and first location.
    static func duplicates(_ list: GeneratedKeys.List, in keys: inout GeneratedKeys) -> [Int: DeclParser.SourceLocation] {
        var found: [Int: DeclParser.SourceLocation] = [:]
        keys.check(list) { found[$0] = $1 }
        return found
    }

    /// The first location of each key, across lists and through the table's growth, whatever
    /// the hashes: equal hashes of different keys are different keys, and a key's own hash
    /// finds it.
    @Test func firstLocationsThroughGrowthAndCollidingHashes() {
        var keys = GeneratedKeys()
        func list(_ range: Range<Int>, line: (Int) -> Int) -> GeneratedKeys.List {
            var list = GeneratedKeys.List()
            for index in range {
                // Every tenth key shares one hash; the rest are hashed as the analysis hashes them.
                let text = "Type.f\(index)(x:)"
                if index % 10 == 0 {
                    list.append(text, hash: 42, at: Self.at(line(index)))
                } else {
                    list.append(at: Self.at(line(index))) { $0 += text }
                }
            }
            return list
        }
        for block in 0..<10 {
            #expect(Self.duplicates(list(block * 100..<(block + 1) * 100) { $0 }, in: &keys).isEmpty)
        }
        let again = Self.duplicates(list(0..<1_000) { _ in 5_000 }, in: &keys)
        #expect(again.count == 1_000)
        for index in 0..<1_000 { #expect(again[index] == Self.at(index), "key \(index) was first at line \(index)") }
        var other = GeneratedKeys.List()
        other.append("Type.f0(y:)", hash: 42, at: Self.at(1))
        #expect(Self.duplicates(other, in: &keys).isEmpty)
    }

    /// Within one list, a key repeated is reported at its second place, and only the first is
    /// remembered; a key made from a string (delegates) is the same key as one written into a
    /// block's buffer.
    @Test func repeatsWithinAListAndStringKeys() {
        var keys = GeneratedKeys(expecting: 1)
        var list = GeneratedKeys.List()
        list.append(at: Self.at(1)) { $0 += "Client.load(id:)" }
        list.append(at: Self.at(2)) { $0 += "Client.save(id:)" }
        list.append(at: Self.at(3)) { $0 += "Client.load(id:)" }
        #expect(Self.duplicates(list, in: &keys) == [2: Self.at(1)])
        #expect(Self.duplicates(GeneratedKeys.List("Client.load(id:)", at: Self.at(4)), in: &keys) == [0: Self.at(1)])
        #expect(Self.duplicates(GeneratedKeys.List("Client.load(id:_:)", at: Self.at(5)), in: &keys).isEmpty)
    }
}
