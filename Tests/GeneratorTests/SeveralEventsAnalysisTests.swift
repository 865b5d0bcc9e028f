import DeclParser
@testable import Generator
import Testing

/// `@event(a, b, …)`: a stream's several event closures, each a case of one enum bridgegen
/// declares (docs/language.md, "What each closure is"); and what it refuses, at the line.
@Suite struct SeveralEventsAnalysisTests {
    func output(_ declarations: String) throws -> GeneratorPipeline.Output {
        let source = "import Foundation\n\nextension Link {\n" + declarations + "\n}\n"
        return try GeneratorPipeline.standard().generate(source: Array(source.utf8), path: "L.bridge", displayName: "L.bridge")
    }

    func errors(_ declarations: String) throws -> [String] {
        try output(declarations).reports.filter { $0.diagnostic.severity == .error }.map(\.formatted)
    }

    @Test func caseNamesDropTheWordsEveryCallbackHas() {
        #expect(Analyzer.eventCaseName("onLoading") == "loading")
        #expect(Analyzer.eventCaseName("keyDownHandler") == "keyDown")
        #expect(Analyzer.eventCaseName("receivedMessage") == "receivedMessage")
        #expect(Analyzer.eventCaseName("once") == "once")
        #expect(Analyzer.eventCaseName("Handler") == "handler")
        #expect(Analyzer.eventEnumName(typeName: "Store<Item>", adapterBaseName: "`watch`") == "StoreWatchEvent")
        #expect(Analyzer.eventEnumName(typeName: "SensorLink", adapterBaseName: "connectEvents") == "SensorLinkConnectEvent")
        #expect(Analyzer.eventEnumName(typeName: "Link", adapterBaseName: "events") == "LinkEventsEvent")
        #expect(Analyzer.eventEnumName(typeName: "HotKey", adapterBaseName: "init") == "HotKeyEvent")
    }

    @Test func overloadsWithTheSameEventsShareOneEnum() throws {
        let text = try #require(
            try output(
                """
                    @stream @event(up, down) @cancel(token: invalidate())
                    func keys(up: @escaping (Int) -> Void, down: @escaping (Int) -> Void) -> Token
                    @stream @event(up, down) @cancel(token: invalidate())
                    func keys(scope: String, up: @escaping (Int) -> Void, down: @escaping (Int) -> Void) -> Token
                """
            ).text)
        #expect(text.components(separatedBy: "enum LinkKeysEvent {").count == 2, "\(text)")
        #expect(text.contains("func keys(scope: String) -> _Concurrency.AsyncStream<LinkKeysEvent>"), "\(text)")
    }

    @Test func overloadsWithOtherEventsUnderOneNameAreRefused() throws {
        let errors = try errors(
            """
                @stream @event(up, down) @cancel(token: invalidate())
                func keys(up: @escaping (Int) -> Void, down: @escaping (Int) -> Void) -> Token
                @stream @event(up, held) @cancel(token: invalidate())
                func keys(scope: String, up: @escaping (Int) -> Void, held: @escaping (Int) -> Void) -> Token
            """)
        #expect(errors.count == 1 && errors[0].contains("L.bridge:6:"), "\(errors)")
        #expect(errors.first?.contains("would be declared as 'LinkKeysEvent'") == true, "\(errors)")
    }

    @Test func twoClosuresOfOneCaseNameAreRefused() throws {
        let errors = try errors(
            """
                @stream @event(onChange, change)
                func watch(onChange: @escaping (Int) -> Void, change: @escaping (String) -> Void)
            """)
        #expect(errors.count == 1 && errors[0].contains("both be the case '.change'"), "\(errors)")
    }

    @Test func aPayloadOfTheMethodsOwnTypeParameterIsRefused() throws {
        let errors = try errors(
            """
                @stream @event(inserted, deleted)
                func watch<T: Record>(inserted: @escaping (T) -> Void, deleted: @escaping (String) -> Void)
            """)
        #expect(errors.count == 1 && errors[0].contains("the method's own type parameter"), "\(errors)")
    }

    @Test func anAnsweringClosureIsNoCase() throws {
        let errors = try errors(
            """
                @stream @event(row, more)
                func watch(row: @escaping (Int) -> Void, more: @escaping () -> Bool)
            """)
        #expect(errors.count == 1 && errors[0].contains("'more' returns a value or throws"), "\(errors)")
    }

    @Test func severalEventsOnAOneShotAreRefused() throws {
        let errors = try errors(
            """
                @event(up, down)
                func keys(up: @escaping (Int) -> Void, down: @escaping (Int) -> Void)
            """)
        #expect(!errors.isEmpty && errors[0].contains("names a stream's events"), "\(errors)")
    }

    @Test func whatReadsOneCallbacksArgumentsIsRefused() throws {
        for annotation in ["@stream @until({ _ in true })", "@stream @nullableResult", "@stream(results)"] {
            let errors = try errors(
                """
                    \(annotation) @event(up, down)
                    func keys(up: @escaping (Int?) -> Void, down: @escaping (Int) -> Void)
                """)
            #expect(errors.count == 1 && errors[0].contains("several event closures"), "\(annotation): \(errors)")
        }
    }

    /// A stream that keeps, as a parameter, another closure of values: it reports what the
    /// stream does not carry, said with the annotation that carries it, or `@progress(name)`
    /// that says it is the caller's own hook (found trying it from outside: an observer's
    /// `onInsert` and `onModify` stayed parameters of a stream of `onDelete`'s values).
    @Test func aClosureOfValuesKeptBesideTheEventsIsSaid() throws {
        let warned = try output(
            """
                @stream @cancel(token: invalidate())
                func observe(onInsert: @escaping (Int) -> Void, onModify: @escaping (String) -> Void, onDelete: @escaping (Double) -> Void) -> Token
            """
        ).reports.map(\.formatted)
        #expect(warned.count == 2 && warned.allSatisfy { $0.contains("gets values but stays a parameter of the stream") }, "\(warned)")
        #expect(warned.first?.contains("'@event(onInsert, onModify, onDelete)'") == true, "\(warned)")
        let said = try output(
            """
                @stream @progress(onInsert, onModify) @cancel(token: invalidate())
                func observe(onInsert: @escaping (Int) -> Void, onModify: @escaping (String) -> Void, onDelete: @escaping (Double) -> Void) -> Token
            """)
        #expect(said.reports.isEmpty, "\(said.reports.map(\.formatted))")
    }

    /// A generic alias's parameter used as a type's qualifier (`Operation.Data`) is substituted
    /// too: AWSAppSync's `OperationResultHandler<Operation>`. Before, a handler of
    /// `OperationResultHandler<MyQuery>` returned `GraphQLResult<Operation.Data>`, Foundation's
    /// `Operation`, which does not compile; and one of the method's own type parameter hid it
    /// from the check that refuses an event enum of one.
    @Test func aGenericAliasParameterThatQualifiesATypeIsSubstituted() throws {
        let source = """
            import Foundation

            typealias Handler<Operation: GraphQLOperation> = (_ result: GraphQLResult<Operation.Data>?, _ error: Error?) -> Void

            extension Client {
                func fetch(query: MyQuery, resultHandler: @escaping Handler<MyQuery>)
                @stream @event(base, delta) @cancel(token)
                func sync<Q: GraphQLQuery>(query: Q, base: @escaping Handler<Q>, delta: @escaping Handler<Q>) -> Cancellable
            }
            """
        let output = try GeneratorPipeline.standard().generate(source: Array(source.utf8), path: "A.bridge", displayName: "A.bridge")
        let errors = output.reports.filter { $0.diagnostic.severity == .error }.map(\.formatted)
        #expect(errors.count == 1 && errors[0].contains("'base' hands the stream a 'Q'"), "\(errors)")
        let fetch = try GeneratorPipeline.standard().generate(
            source: Array(source.replacingOccurrences(of: "@stream @event(base, delta) @cancel(token)", with: "@context").utf8), path: "A.bridge",
            displayName: "A.bridge")
        #expect(fetch.text?.contains("async throws -> GraphQLResult<MyQuery.Data> {") == true, "\(fetch.reports.map(\.formatted))")
    }
}
