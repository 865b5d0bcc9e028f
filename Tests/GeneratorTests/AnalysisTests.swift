@testable import Generator
import DeclParser
import Testing

@Suite struct NamingTests {
    @Test(arguments: [
        ("getReceiptAsynchronously", "receipt"), ("fetchDataWithCompletionHandler", "fetchData"),
        ("loadWithCompletion", "load"), ("renewWithReply", "renew"), ("pingWithBlock", "ping"),
        ("signOutWithCompletionBlock", "signOut"), ("sendWithReplyTo", "send"), ("getURLForKey", "urlForKey"),
        ("get", "get"), ("getaway", "getaway"), ("WithCompletion", "WithCompletion"), ("charge", "charge"),
        ("getHTTPHeaders", "httpHeaders"), ("sendMessageAsync", "sendMessage"), ("getMeAsync", "me"), ("Async", "Async"),
        ("loadURLAsync", "loadURLAsync"),
    ])
    func asyncNames(legacy: String, expected: String) {
        #expect(Naming.asyncBaseName(for: legacy) == expected)
    }

    @Test func nonASCIINames() {
        #expect(Naming.asyncBaseName(for: "getÉtatAsynchronously") == "état")
    }

    @Test func callReferences() {
        #expect(Analyzer.callReference("cancel()")! == ("cancel", [], false))
        #expect(Analyzer.callReference("cancelRequest(_:)")! == ("cancelRequest", ["_"], true))
        #expect(Analyzer.callReference("stop(id:reason:)")! == ("stop", ["id", "reason"], true))
        for invalid in ["", "cancel", "cancel(", "1x()", "a(b)", "a(:)", "a(b:c)", "a b()"] {
            #expect(Analyzer.callReference(invalid) == nil, "\(invalid)")
        }
    }

    /// A token type's last component.
    @Test func lastComponentsOfQualifiedNames() {
        for name in ["", "A", "A.B", "Foundation.Operation", "A.", "A..", ".", "..B", "A.B.C", "Modül.Tøken", "A.\u{301}B"] {
            #expect(Analyzer.lastComponent(name) == String(name.split(separator: ".").last ?? Substring(name)), "\(name)")
        }
    }

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
        // A leading digit of any script is refused.
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

    /// An adapter with the Swift name of a member of the type: an async one takes over that
    /// member's calls in async code; one that returns a stream makes every call that does not say
    /// which type it wants ambiguous (MySQLNIO's `query(_:_:onMetadata:)` beside its own).
    @Test func anAdapterNamedAsAMemberIsAWarningThatSaysWhatBreaks() {
        let (_, streamed) = analyse(
            """
            @stream @event(onRow)
            func query(_ sql: String, onRow: @escaping (String) -> Void, onMetadata: @escaping (Int) throws -> Void)
            @context func query(_ sql: String, onMetadata: @escaping (Int) throws -> Void) -> [String]
            """)
        #expect(streamed.map(\.message) == ["the stream function 'query(_:onMetadata:)' has the same name as 'query(_:onMetadata:)' of the type"])
        #expect(streamed.first?.notes.first?.message == "'query(_:onMetadata:)' is declared here; a call of either that does not say which type it wants is ambiguous")
        let (_, awaited) = analyse(
            """
            func fetch(_ id: String, completion: @escaping (String?, Error?) -> Void)
            func fetch(_ id: String) -> String
            """)
        #expect(awaited.map(\.message) == ["the async function 'fetch(_:)' has the same name as 'fetch(_:)' of the type"])
        #expect(awaited.first?.notes.first?.message == "'fetch(_:)' is declared here; calls of it in async code would call the adapter")
    }

    /// A stream adapter with the name of the bridged method called without its defaulted
    /// arguments (`start(completion handler: … = nil)` beside the stream `start()`): an existing
    /// `checker.start()` would call the adapter and drop the stream. Said. An async one-shot so
    /// named is stopped by the compiler in async code; one whose callback has no default cannot
    /// be called so.
    @Test func aStreamNamedAsItsMethodWithoutDefaultsIsAWarning() {
        let (_, diagnostics) = analyse(
            """
            @stream @cancel(stop())
            func start(completion handler: ((Int) -> Void)? = nil)
            func stop()
            func refresh(completion handler: ((Int) -> Void)? = nil)
            @stream @cancel(none)
            func watch(_ id: String, timeout: Int = 3, handler: @escaping (Int) -> Void)
            """)
        #expect(diagnostics.map(\.message) == ["the stream function 'start()' has the name of 'start(completion:)' called without its defaulted arguments"])
        #expect(diagnostics.first?.notes.first?.message == "an existing call 'start()' would call the adapter, and drop the stream, which ends what it starts")
    }

    /// A completion that does not escape is called before the method returns (Kitura-redis): the
    /// adapter would block where it is awaited, which a warning at the parameter
    /// says; `@blocking` moves the call to the object's queue, and takes nothing it cannot keep.
    @Test func aCompletionThatDoesNotEscapeIsAWarning() {
        let (model, diagnostics) = analyse("func get(_ key: String, callback: (String?, Error?) -> Void)")
        #expect(model != nil)
        #expect(diagnostics.map(\.message) == [
            "'callback' does not escape: 'get(_:callback:)' calls it before it returns, so the adapter blocks where it is awaited (the main actor, or a thread of the cooperative pool) for the whole call"
        ])
        #expect(diagnostics.first?.notes.first?.message == "if the SDK is synchronous, write '@blocking': the adapter calls it on the object's serial queue")
        let (_, escaping) = analyse("func get(_ key: String, callback: @escaping (String?, Error?) -> Void)")
        #expect(escaping.isEmpty)
        let (blocking, none) = analyse("@blocking func get(_ key: String, callback: (String?, Error?) -> Void)")
        #expect(none.isEmpty)
        #expect(blocking?.blocks.first?.adapters.first?.options.blocking != nil)
    }

    /// A leading `get` goes (SE-0297) unless what is left names another method of the block:
    /// Kitura-redis's `getSet` (GETSET) beside `set` (SET) would become a second `set`, which
    /// `try await redis.set(k, value: v)` picked.
    @Test func aLeadingGetStaysWhenTheRestNamesAnotherMethod() throws {
        let (model, diagnostics) = analyse(
            """
            func getSet(_ key: String, value: String, callback: @escaping (String?, Error?) -> Void)
            func set(_ key: String, value: String, callback: @escaping (Bool, Error?) -> Void)
            func getReceipt(callback: @escaping (String?, Error?) -> Void)
            """)
        #expect(diagnostics.isEmpty)
        let names = try #require(model?.blocks.first?.adapters).map(\.adapterName)
        #expect(names == ["T.getSet(_:value:)", "T.set(_:value:)", "T.receipt()"], "\(names)")
    }

    /// A value closure and an error closure told apart by their types (decision 112): GrowthBook's
    /// `successResult:`/`errorResult:`, Okta's `onStatusChange:`/`onError:`. Not a piece of many
    /// (grpc-swift's `onResponsePart:`), nor an `update:` beside a `completion:` that only fails:
    /// refused, at the declaration.
    @Test func aValueAndAnErrorClosureByTheirTypes() throws {
        for (declaration, value) in [
            ("func get(url: String, successResult: @escaping (Data) -> Void, errorResult: @escaping (Error) -> Void)", "Data"),
            ("func verify(code: String, onStatusChange: @escaping (_ status: Int) -> Void, onError: @escaping (_ error: Error) -> Void)", "Int"),
        ] {
            #expect(try #require(adapter(declaration)).resultType == value)
        }
        for declaration in [
            "func invoke(onError: @escaping (Error) -> Void, onResponsePart: @escaping (Data) -> Void)",
            "func check(update: @escaping (Int) -> Void, completion: @escaping (Error) -> Void)",
        ] {
            let (model, diagnostics) = analyse(declaration)
            #expect(model?.blocks.first?.adapters.isEmpty != false && diagnostics.contains { $0.severity == .error }, "\(declaration)")
        }
    }

    /// Harness's `DestructionResult` (`success`, `failure(reason: String)`): a failure case
    /// that carries no error cannot be thrown, and its reason is no value, so the enum is the
    /// value, whole (was: `String?`, the reason returned as if it were the success's value).
    /// With an error in it, the same names make an outcome.
    @Test func aFailureCaseWithoutAnErrorMakesTheEnumAValue() throws {
        let whole = try #require(
            adapter(
                "func destroy(completion: @escaping (_ result: DestructionResult) -> Void)",
                typealiases: "enum DestructionResult {\n    case success\n    case failure(reason: String)\n}"))
        #expect(whole.resultType == "DestructionResult")
        let outcome = try #require(
            adapter(
                "func destroy(completion: @escaping (_ result: Outcome) -> Void)",
                typealiases: "enum Outcome {\n    case success\n    case failure(Error)\n}"))
        #expect(outcome.resultType == "Void")
        // Nor with nothing in it (Gigya's `GigyaBiometricResult`): its failure was a success.
        let bare = try #require(
            adapter(
                "func optIn(completion: @escaping (GigyaBiometricResult) -> Void)",
                typealiases: "enum GigyaBiometricResult {\n    case success\n    case failure\n}"))
        #expect(bare.resultType == "GigyaBiometricResult")
    }

    /// A stream of errors (`onError`, called for each one): the errors are the events, not the
    /// end of them; elsewhere an optional error ends the stream.
    @Test func aStreamOfErrorsYieldsThem() throws {
        let errors = try #require(adapter("@stream func onError(_ callback: @escaping (Error?, Int?) -> Void)"))
        #expect(errors.resultType == "(Error?, Int?)")
        #expect(errors.stream?.isThrowing == false)
        let values = try #require(adapter("@stream func onValue(_ callback: @escaping (Error?, Int?) -> Void)"))
        #expect(values.resultType == "Int")
        #expect(values.stream?.isThrowing == true)
    }

    /// The object the method returns handed back first (HealthKitReporter's `sampleQuery(…,
    /// resultsHandler: (Query?, [Sample], Error?) -> Void) -> SampleQuery`; decision 116): left
    /// out of the value, on a one-shot and on a stream. Not when nothing else is left, nor an
    /// argument of another type.
    @Test func theReturnedObjectHandedBackIsNoValue() throws {
        let sample = try #require(
            adapter("@cancel(none) func sampleQuery(type: String, resultsHandler: @escaping (_ query: Query?, _ samples: [Int], _ error: Error?) -> Void) -> SampleQuery"))
        #expect(sample.resultType == "[Int]")
        let observer = try #require(adapter("@stream @cancel(none) func observe(type: String, updateHandler: @escaping (ObserverQuery?, String?, Error?) -> Void) -> ObserverQuery"))
        #expect(observer.resultType == "String")
        let alone = try #require(adapter("@cancel(none) func start(completion: @escaping (Job?, Error?) -> Void) -> Job"))
        #expect(alone.resultType == "Job")
        let other = try #require(adapter("@cancel(none) func load(completion: @escaping (Photo?, [Int], Error?) -> Void) -> SampleQuery"))
        #expect(other.resultType == "(Photo, [Int])")
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
        // A method named for the failure throws its one error (Kitura-net's `failed(callback:)`,
        // BrightFutures' `onFailure`); an event about a thing that failed hands it over.
        ("func failed(callback: @escaping (Error) -> Void)", "Void"),
        ("func onFailure(_ callback: @escaping (Error) -> Void)", "Void"),
        ("func clientConnectionFailed(callback: @escaping (Error) -> Void)", "Error"),
        // A promise's halves (khanlou/Promise): fulfilled is the value, rejected the failure.
        ("func then(_ onFulfilled: @escaping (Int) -> Void, _ onRejected: @escaping (Error) -> Void)", "Int"),
        // The caller's object, then the receiver, handed back beside the change (hyperoslo/Cache).
        ("func addObserver<O: AnyObject>(_ observer: O, closure: @escaping (O, T, String) -> Void)", "String"),
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
            found.call?.completion.parameters == [
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

    /// As Swift imports async methods: every one with a result is `@discardableResult`
    /// (test/IDE/print_clang_objc_async.swift prints the implicit attribute).
    @Test func discardableResultForEveryAdapterWithAValue() throws {
        #expect(try #require(adapter("func f(completion: ((Int?, Error?) -> Void)? = nil)")).discardableResult)
        #expect(try !#require(adapter("func f(completion: ((Error?) -> Void)? = nil)")).discardableResult)
        #expect(try #require(adapter("func f(completion: @escaping (Int) -> Void)")).discardableResult)
        #expect(try !#require(adapter("func f(completion: @escaping () -> Void)")).discardableResult)
    }

    /// SE-0297's name rules as the compiler applies them (lib/Basic/StringExtras.cpp and
    /// test/ClangImporter/objc_async.swift).
    @Test func completionLabelsFoldIntoTheNameBeforeThem() throws {
        let second = try #require(adapter("func server(_ name: String, restartWithCompletionHandler block: @escaping () -> Void)"))
        #expect(second.adapterName == "T.serverRestart(_:)")
        let third = try #require(
            adapter("func server(_ name: String, atPriority priority: Double, restartWithCompletionHandler block: @escaping () -> Void)"))
        #expect(third.adapterName == "T.serverRestart(_:atPriority:)")
        #expect(third.parameters.map(\.label) == [nil, "atPriority"])
        // A base-name suffix goes only when the completion is the first parameter.
        #expect(try #require(adapter("func loadWithCompletion(_ completion: @escaping () -> Void)")).name == "load")
        #expect(try #require(adapter("func loadWithCompletion(id: Int, completion: @escaping () -> Void)")).name == "loadWithCompletion")
    }

    /// A member that bridges, so that a block is not reported as having nothing to bridge.
    let bridged = "func other(completion: @escaping () -> Void)"

    /// `_Nullable_result`, `swift_async_name` with labels, `swift_private` and `swift_async(none)`.
    @Test func clangAsyncAttributesHaveAnnotations() throws {
        let nullable = try #require(adapter("@nullableResult func f(completion: @escaping (String?, Error?) -> Void)"))
        #expect(nullable.resultType == "String?")
        let named = try #require(adapter("@asyncName(customize(with:)) func customize(withString s: String, completion: @escaping (String) -> Void)"))
        #expect(named.adapterName == "T.customize(with:)")
        let unlabelled = try #require(adapter("@asyncName(best(_:)) func poor(x: Int, completion: @escaping (Int) -> Void)"))
        #expect(unlabelled.adapterName == "T.best(_:)")
        #expect(try #require(adapter("@swiftPrivate func leap(completion: @escaping () -> Void)")).name == "__leap")
        let (model, diagnostics) = analyse("@context func dance(completion: @escaping () -> Void)\n" + bridged)
        #expect(diagnostics.isEmpty)
        #expect(model?.blocks.first?.adapters.map(\.name) == ["other"])
    }

    @Test func nullableResultPositions() throws {
        let some = try #require(adapter("@nullableResult(1) func f(completion: @escaping (String?, Int?, Error?) -> Void)"))
        #expect(some.resultType == "(String?, Int)")
        for position in ["3", "4", "0", "x"] {
            let (_, diagnostics) = analyse("@nullableResult(\(position)) func f(completion: @escaping (String?, Int?, Error?) -> Void)")
            #expect(diagnostics.map(\.severity) == [.error], "\(position)")
        }
    }

    @Test func gettersAreProperties() throws {
        let getter = try #require(adapter("@asyncName(getter: dog) func getDog(completion: @escaping (String) -> Void)"))
        #expect(getter.isGetter && getter.adapterName == "T.dog" && !getter.discardableResult)
        #expect(try #require(adapter("@asyncName(getter:dog()) func getDog(completion: @escaping (String) -> Void)")).name == "dog")
        let refused = [
            "@asyncName(getter: dog) func getDog(id: Int, completion: @escaping (String) -> Void)",
            "@asyncName(getter: dog) func getDog<T>(completion: @escaping (T) -> Void)",
            "@asyncName(getter: dog) @stream @cancel(none) func getDog(completion: @escaping (String) -> Void)",
            "@asyncName(getter: dog(x:)) func getDog(completion: @escaping (String) -> Void)",
            "@asyncName(dog, getter: dog) func getDog(completion: @escaping (String) -> Void)",
        ]
        for member in refused {
            let (_, diagnostics) = analyse(member)
            #expect(diagnostics.map(\.severity) == [.error], "\(member)")
        }
    }

    @Test func untilAnnotations() throws {
        let oneShot = try #require(adapter("@until({ v, _ in v > 1 }, progress: previews) func f(completion: @escaping (Int, Error?) -> Void)"))
        #expect(oneShot.call?.until == UntilCondition(predicate: "{ v, _ in v > 1 }", line: 3, inclusive: false, progress: "previews"))
        #expect(oneShot.adapterName == "T.f(previews:)")
        // The model holds the element type and that the caller may pass a stream; the planner spells it.
        #expect(oneShot.parameters.last?.type == "Int" && oneShot.parameters.last?.progressStream == .optional)
        let stream = try #require(adapter("@stream @cancel(none) @until(isLast, inclusive: true) func f(handler: @escaping (Int) -> Void)"))
        #expect(stream.call?.until?.inclusive == true && stream.call?.until?.predicate == "isLast")
        // Later lines move left together; the first starts inside the annotation.
        #expect(Analyzer.dedented("{ a in\n        a &&\n          b\n    }") == "{ a in\n    a &&\n      b\n}")
        let refused = [
            "@until func f(completion: @escaping (Int) -> Void)",
            "@until(inclusive: true) func f(completion: @escaping (Int) -> Void)",
            "@until(p, inclusive: true) func f(completion: @escaping (Int) -> Void)",
            "@stream @cancel(none) @until(p, progress: x) func f(handler: @escaping (Int) -> Void)",
            "@until(p, progress: id) func f(id: Int, completion: @escaping (Int) -> Void)",
            "@until(p, progress: x) @asyncName(getter: g) func f(completion: @escaping (Int) -> Void)",
            "@stream @cancel(none) @until(p, inclusive: maybe) func f(handler: @escaping (Int) -> Void)",
        ]
        for member in refused {
            let (_, diagnostics) = analyse(member)
            #expect(diagnostics.contains { $0.severity == .error }, "\(member)")
        }
    }

    @Test func asyncNameLabelsMustMatchTheParameters() {
        let (_, diagnostics) = analyse("@asyncName(g(a:b:)) func f(x: Int, completion: @escaping () -> Void)")
        #expect(diagnostics.map(\.message) == ["'@asyncName' gives 2 argument label(s), but the async function has 1 parameter(s)"])
        #expect(diagnostics.first?.severity == .error)
    }

    /// A block whose declarations are all marked `@context` is kept on purpose: no warning
    /// (language.md); one of context members only still says it bridges nothing.
    @Test func aBlockOfContextDeclarationsIsNoMistake() {
        let (_, marked) = analyse("@context func completeWithResult(on completion: @escaping (Int) -> ())")
        #expect(marked.isEmpty, "\(marked)")
        let (_, bare) = analyse("var name: String { get }")
        #expect(bare.map(\.message) == ["extension block declares nothing to bridge"])
    }

    /// ImportName.cpp: "More than one nullable NSError parameter. Don't import as throwing."
    @Test func twoOptionalErrorsAreValues() throws {
        let (model, diagnostics) = analyse("func compare(completion: @escaping (Error?, Error?) -> Void)")
        #expect(model?.blocks.first?.adapters.first?.resultType == "(Error?, Error?)")
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.notes.first?.message.contains("@asyncError(thrown: N)") == true)
    }

    /// A closure that does not escape runs inside the call (a body behind a nested typealias):
    /// the method is context, as scan lists it, not a callback API to bridge.
    @Test func aNonEscapingClosureIsContext() throws {
        let aliases = "extension T {\n    typealias Body = (Int) -> Void\n}"
        let (model, diagnostics) = analyse("func perform(_ body: T.Body)\n" + bridged, typealiases: aliases)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(model?.blocks.flatMap(\.adapters).map(\.adapterName) == ["T.other()"])
        // Escaping, it is a callback again.
        let (escaping, _) = analyse("func perform(_ body: @escaping T.Body)", typealiases: aliases)
        #expect(escaping?.blocks.flatMap(\.adapters).map(\.adapterName) == ["T.perform()"])
    }

    /// An SDK overloads a method in a constrained extension (`where Error == Never`), or
    /// declares it in exclusive `#if` branches: to Swift those are different declarations, and
    /// so are their adapters. Twice in one block is still refused.
    @Test func overloadsInOtherExtensionsAreNotDuplicates() {
        let observe = "    func observeValues(_ action: @escaping (Int) -> Void)\n"
        for source in [
            "extension S {\n\(observe)}\nextension S where E == Never {\n\(observe)}\n",
            "#if os(Linux)\nextension S {\n\(observe)}\n#else\nextension S {\n\(observe)}\n#endif\n",
        ] {
            let (file, _) = Parser.parse(Array(source.utf8))
            let (model, diagnostics) = Analyzer.analyse(file)
            #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
            #expect(model?.blocks.count == 2)
        }
        let (file, _) = Parser.parse(Array("extension S {\n\(observe)\(observe)}\n".utf8))
        #expect(Analyzer.analyse(file).1.map(\.message) == ["'S.observeValues()' would be generated twice"])
    }

    /// A returned id that the adapter ignores (Optimizely's `-> Int?`): the note names the
    /// receiver's method that takes it back, and a `@stream` is not told to add `@stream`.
    @Test func anIgnoredIDsWarningNamesAMethodThatTakesItBack() {
        let (_, diagnostics) = analyse("@stream\nfunc addListener(listener: @escaping (String) -> Void) -> Int?")
        #expect(diagnostics.map(\.message) == ["'addListener(listener:)' returns 'Int?', which the adapter ignores: ending the stream cannot remove the SDK's registration"])
        #expect(diagnostics.first?.notes.map(\.message) == [
            "if a method of the receiver takes it back, say which: '@cancel(using: removeMethod(_:))', or '@cancel(removeMethod(label: $token))'",
            "annotate '@cancel(none)' to keep it ignored without this warning",
        ])
        let (_, oneShot) = analyse("func load(completion: @escaping (String) -> Void) -> Request")
        #expect(oneShot.first?.notes.last?.message.hasPrefix("if it calls back more than once") == true, "\(oneShot.map(\.notes))")
    }

    /// A returned `Bool` (Hackle's `handleRichNotification(request:contentHandler:) -> Bool`)
    /// is no handle to cancel with: the warning says what a false one does to the call, and
    /// `@cancel(none)` keeps it quiet.
    @Test func anIgnoredBoolsWarningSaysAFalseOneHangsTheCall() {
        let (_, diagnostics) = analyse("func handle(request: String, contentHandler: @escaping (String) -> Void) -> Bool")
        #expect(diagnostics.map(\.message) == [
            "'handle(request:contentHandler:)' returns 'Bool', which the adapter ignores: if false means it will not call back, the call waits until it is cancelled"
        ])
        #expect(diagnostics.first?.notes.first?.message == "if it can return false, bridge a method of yours that calls it and calls back at once when it returns false")
        let (_, quiet) = analyse("@cancel(none)\nfunc handle(request: String, contentHandler: @escaping (String) -> Void) -> Bool")
        #expect(quiet.isEmpty, "\(quiet)")
    }

    /// A handler that receives a closure it may call only during the callback (RxSwift's
    /// `scheduleRecursive`) is refused at its line: the adapter cannot return that closure. One
    /// that escapes (ReSwift's `AsyncActionCreator`, handed `actionCreatorCallback`) is work the
    /// SDK asks the app to do: refused too, as scan leaves it out (CallbackShape).
    @Test func aHandlerPassingANonEscapingClosureIsRefused() {
        let (_, diagnostics) = analyse("func schedule<S>(_ state: S, action: @escaping (_ state: S, _ recurse: (S) -> Void) -> Void) -> Int")
        #expect(diagnostics.map(\.message) == ["completion handler 'action' passes a closure that does not escape ('(S) -> Void'); it cannot be returned from the adapter"])
        let (_, escaping) = analyse("func schedule(action: @escaping (@escaping () -> Void) -> Void)")
        #expect(escaping.map(\.message) == ["completion handler 'action' is handed a closure to call ('@escaping () -> Void'): it is work the SDK asks your code to do, not an outcome"])
        #expect(escaping.first?.notes.map(\.message) == ["mark the method '@context', and call it with a closure of yours that does the work and calls what it is handed"])
    }

    /// SDKs spell their own typealiases with the module's name (`Networking.Completion`): an
    /// imported module's prefix names the alias declared without it. Not imported, the note says
    /// how to declare it (a typealias name cannot contain a dot).
    @Test func moduleQualifiedAliasesResolveThroughTheImports() throws {
        let aliases = "import Networking\ntypealias Completion = (Result<Int, Error>) -> Void"
        let qualified = try #require(adapter("func load(completion: @escaping Networking.Completion)", typealiases: aliases))
        #expect(qualified.resultType == "Int")
        let (_, unresolved) = analyse("func load(completion: @escaping Other.Completion)", typealiases: aliases)
        #expect(unresolved.map(\.message) == ["no completion handler found in 'load(completion:)'"])
        #expect(
            unresolved.first?.notes.last?.message
                == "if 'Other.Completion' is a typealias of the SDK, declare it in this file: 'typealias Completion = (…) -> Void' "
                + "with 'import Other' if Other is the module, or inside 'extension Other { … }' if it is a type")
    }

    /// An initializer cannot become async through an extension: the user is told what to write.
    @Test func initializersWithCompletionHandlersAreWarnedAbout() {
        let (_, warned) = analyse("init(url: String, completion: @escaping (Error?) -> Void)\n" + bridged)
        #expect(warned.map(\.message) == ["'init(url:completion:)' takes completion handler 'completion' and is not bridged"])
        #expect(warned.first?.severity == .warning)
        let (_, quiet) = analyse("@context init(url: String, completion: @escaping (Error?) -> Void)\n" + bridged)
        #expect(quiet.isEmpty)
        let (_, plain) = analyse("init(url: String)\n" + bridged)
        #expect(plain.isEmpty)
        // Whatever the handler is called: any closure the initializer keeps is a callback.
        let (_, results) = analyse("init(query: String, resultsHandler: @escaping ([String]) -> Void)\n" + bridged)
        #expect(results.map(\.message) == ["'init(query:resultsHandler:)' takes completion handler 'resultsHandler' and is not bridged"])
        let (_, optional) = analyse("init(query: String, onChange: (([String]) -> Void)? = nil)\n" + bridged)
        #expect(optional.count == 1)
        // A closure that runs inside the initializer (a configuration block) is not a callback.
        let (_, configure) = analyse("init(configure: (inout Int) -> Void)\n" + bridged)
        #expect(configure.isEmpty)
        // Nor is a predicate or a transform it keeps, as scan judges them (CallbackShape).
        let (_, predicate) = analyse("init(isOfflineError: @escaping (Error) -> Bool)\n" + bridged)
        #expect(predicate.isEmpty, "\(predicate.map(\.message))")
        let (_, modifier) = analyse("init(modifier: @escaping (inout String) -> Void)\n" + bridged)
        #expect(modifier.isEmpty, "\(modifier.map(\.message))")
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
            ("func f(handler: SDKHandler)", "no completion handler found"),
            ("func f(completion: @escaping (Int) -> Int)", "must return Void"),
            ("func f(a: @escaping (Error?) -> Void, completionHandler: @escaping () -> Void, reply: @escaping () -> Void)", "ambiguous"),
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

/// Which pasted members become adapters: callback properties of an object do (streams), static
/// ones and work closures do not.
@Suite struct MemberKindTests {
    func adapters(_ members: String) throws -> [Adapter] {
        let (file, parseDiagnostics) = Parser.parse(Array(("extension T {\n" + members + "\n}\n").utf8))
        #expect(parseDiagnostics.isEmpty, "\(parseDiagnostics)")
        let (model, diagnostics) = Analyzer.analyse(file)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.map { $0.formatted(path: "t") })")
        return try #require(model).blocks.flatMap(\.adapters)
    }

    @Test func callbackPropertiesOfAnObjectAreStreams() throws {
        let found = try adapters(
            """
            var onMessage: ((String) -> Void)?
            static var onAnyMessage: ((String) -> Void)?
            let onConstant: ((String) -> Void)?
            var title: String
            var handler: (T, Int, Int) -> Void
            var OnPublish: ((Int32) -> Void)?
            var URLChanged: ((String) -> Void)?
            """)
        // Perfect-Mosquitto's upper-camel `OnPublish` is named as `onPublish` is; an acronym lowered.
        #expect(found.map(\.adapterName) == ["T.messageEvents()", "T.handlerEvents()", "T.publishEvents()", "T.urlChangedEvents()"])
        #expect(found.map(\.resultType) == ["String", "(Int, Int)", "Int32", "String"])
        #expect(found.allSatisfy { $0.stream?.isThrowing == false })
    }

    @Test func workClosuresAreNotCallbacks() throws {
        let found = try adapters(
            """
            func schedule(_ action: @escaping () -> Void)
            func execute(_ task: @escaping () -> Void)
            func observeCompleted(_ action: @escaping () -> Void)
            """)
        // `observeCompleted(_ action:)` reports an event: its closure is a callback.
        #expect(found.map(\.adapterName) == ["T.observeCompleted()"])
    }
}

extension ShapeTests {
    /// The outside try of the twenty-seventh session pasted a request's chained halves, which
    /// scan comments out, back by hand: generate made `success()`, which never ends after a
    /// failure. It refuses them now, at each half, with what to bridge instead; a half bridged
    /// as a stream, or with no other half in the block, is left alone.
    @Test func aChainedHalfOfAnOutcomeIsRefused() {
        let (_, diagnostics) = analyse(
            """
            @discardableResult func success(_ handler: @escaping (Data) -> Void) -> Self
            @discardableResult func failure(_ handler: @escaping (Error) -> Void) -> T
            func resume()
            """)
        #expect(diagnostics.map(\.message) == [
            "'success(_:)' sets only the value of the request's outcome, and 'failure' the other half: an adapter of it alone would not end when the other comes",
            "'failure(_:)' sets only the failure of the request's outcome, and 'success' the other half: an adapter of it alone would not end when the other comes",
        ])
        #expect(diagnostics.allSatisfy { $0.severity == .error })
        #expect(diagnostics.first?.notes.first?.message == "name the failure half on it, '@failure(failure(_:))' (by its full name): one adapter sets both and awaits whichever comes")
        #expect(diagnostics.last?.notes.first?.message == "name it on the success half, '@failure(failure(_:))': one adapter sets both and awaits whichever comes")
        let (alone, none) = analyse("@discardableResult func success(_ handler: @escaping (Data) -> Void) -> Self")
        #expect(none.allSatisfy { $0.severity != .error } && alone?.blocks.first?.adapters.count == 1, "\(none)")
    }
}
