@testable import Generator
import DeclParser
import Testing

/// The plan stage's value is the whole file as printed, every line with the `.bridge` line it
/// maps to: what is printed and where it maps, read before anything is rendered.
@Suite struct PlanTests {
    static func plan(_ source: String, settings: Settings = Settings()) throws -> FilePlan {
        let (syntax, _) = Parser.parse(Array(source.utf8))
        let model = try #require(Analyzer.analyse(syntax).0)
        var planner = Planner(templates: try Planner.templates())
        planner.settings = settings
        return try planner.plan(model, sourceFile: "P.bridge")
    }

    /// The printed text from the line that starts with `first` (trimmed) up to and including the
    /// line that is `last` at the same indentation, with each line's `.bridge` line.
    static func section(_ plan: FilePlan, from first: String) -> [(text: String, bridgeLine: Int?)] {
        let lines = plan.mappedLines
        guard let start = lines.firstIndex(where: { $0.text.drop(while: { $0 == " " }).hasPrefix(first) }) else { return [] }
        let indentation = lines[start].text.prefix { $0 == " " }
        var end = start
        while end + 1 < lines.count, !(lines[end].text == indentation + "}" || lines[end].text == indentation + "})") { end += 1 }
        return Array(lines[start...end])
    }

    /// The `.bridge` line of the first printed line that starts with `prefix` (trimmed).
    static func bridgeLine(of prefix: String, in plan: FilePlan) -> Int?? {
        plan.mappedLines.first { $0.text.drop(while: { $0 == " " }).hasPrefix(prefix) }.map(\.bridgeLine)
    }

    @Test func namesEachAdapterAndItsBodyInInputOrder() throws {
        let plan = try Self.plan(
            """
            import PaymentsSDK

            extension PaymentsClient {
                @cancel(token)
                func charge(amount: Int, completion: @escaping (Result<Receipt, Error>) -> Void) -> Operation
                @stream(bufferingNewest: 1)
                func observeBalance(_ handler: @escaping (Int) -> Void)
            }
            """)
        #expect(plan.sourceFile == "P.bridge")
        #expect(plan.code.lines.filter { $0.hasPrefix("import") } == ["import BridgegenRuntime", "import PaymentsSDK"])
        // Mapped as the build plugin renders it: the declaration's lines, the call setup on the
        // `@cancel` annotation (its expression derives from it), bridgegen's own lines unmapped.
        #expect(
            plan.code.rendered(sourceFile: "\"P.bridge\"").map(\.text).joined(separator: "\n").contains(
                """
                    /// Bridged from `PaymentsClient.charge(amount:completion:)`.
                    #sourceLocation(file:"P.bridge",line:4)
                    @discardableResult
                    nonisolated(nonsending) func charge(amount: Int) async throws -> Receipt {
                        #sourceLocation(file:"P.bridge",line:2)
                        let call = BridgegenCall<Receipt, Operation>(
                            "PaymentsClient.charge(amount:)",
                            cancel: { token in token.cancel() }
                        )
                        #sourceLocation()
                        return try await call.run { continuation in
                            #sourceLocation(file:"P.bridge",line:5)
                            self.charge(
                                amount: amount,
                                completion: { result in
                                    #sourceLocation()
                                    continuation.resume(with: result)
                                }
                            )
                        }
                    }
                """))
        let stream = Self.section(plan, from: "func observeBalance")
        #expect(
            stream.map(\.text) == [
                "    func observeBalance() -> _Concurrency.AsyncStream<Int> {",
                "        BridgegenStream<Int, Swift.Void>.events(",
                "            \"PaymentsClient.observeBalance()\",",
                "            buffering: .newest(1)",
                "        ) { events in",
                "            self.observeBalance({ value in",
                "                events.yield(value)",
                "            })",
                "        }",
                "    }",
            ])
        #expect(stream.map(\.bridgeLine) == [7, 7, 8, 9, 10, 7, nil, nil, nil, nil])
    }

    /// A signature keeps the `.bridge` declaration's line breaks, so each of its lines maps to
    /// the line its text came from: one long line stays one line; a declaration broken over
    /// lines is broken the same way, between `name(` and `) async throws`.
    @Test func signaturesKeepTheBridgeLineBreaks() throws {
        let long = (1...6).map { "parameterNumber\($0): String" }.joined(separator: ", ")
        let oneLine = try Self.plan("extension A {\n    func load(\(long), completion: @escaping (Error?) -> Void)\n}\n")
        #expect(Self.section(oneLine, from: "nonisolated(nonsending) func load").first?.text == "    nonisolated(nonsending) func load(\(long)) async throws {")
        let broken = try Self.plan(
            """
            extension A {
                func load(
                    first: String, second: String,
                    third: String,
                    completion: @escaping (Error?) -> Void
                )
            }

            """)
        let signature = Self.section(broken, from: "nonisolated(nonsending) func load").prefix(4)
        #expect(
            signature.map(\.text) == [
                "    nonisolated(nonsending) func load(", "        first: String, second: String,", "        third: String",
                "    ) async throws {",
            ])
        // `func load(` on line 2, so the parameters land on lines 3 and 4.
        #expect(signature.map(\.bridgeLine) == [2, 3, 4, 5])
    }
}

/// One test per construct: what the plan prints for it and which `.bridge` line each line maps
/// to when the build plugin renders it.
@Suite struct PlanConstructTests {
    static func plan(_ source: String, settings: Settings = Settings()) throws -> FilePlan {
        try PlanTests.plan(source, settings: settings)
    }

    static func bridgeLine(of prefix: String, in plan: FilePlan) -> Int?? {
        plan.mappedLines.first { $0.text.drop(while: { $0 == " " }).hasPrefix(prefix) }.map(\.bridgeLine)
    }

    /// The first line names the input and marks the file; the imports follow in module order,
    /// with the runtime's; the version check names the runtime's API version.
    @Test func fileHeaderImportsAndVersionCheck() throws {
        let plan = try Self.plan("import Zed\nimport Alpha\n\nextension A {\n    func f(completion: @escaping () -> Void)\n}\n")
        let lines = plan.code.lines
        #expect(lines[0] == "// Generated by bridgegen from P.bridge. Do not edit: change P.bridge and regenerate.")
        #expect(Array(lines[2...4]) == ["import BridgegenRuntime", "import Zed", "import Alpha"])
        #expect(lines.contains("private typealias BridgegenRuntimeVersionCheck = BridgegenRuntime.BridgegenRuntimeVersion_\(GeneratedFile.runtimeVersion)"))
        #expect(plan.mappedLines.prefix(10).allSatisfy { $0.bridgeLine == nil })
    }

    /// An extension's doc lines and attributes are one statement with its head: the head lands
    /// on the extended type's line; the members start unmapped.
    @Test func anExtensionHeadLandsOnItsType() throws {
        let plan = try Self.plan("import S\n\n/// Docs.\n@available(iOS 15, *)\nextension A {\n    func f(completion: @escaping () -> Void)\n}\n")
        #expect(Self.bridgeLine(of: "extension A {", in: plan) == 5)
        #expect(Self.bridgeLine(of: "/// Bridged from `A.f(completion:)`.", in: plan) == .some(nil))
        #expect(plan.code.rendered(sourceFile: "\"P.bridge\"").map(\.text).contains("#sourceLocation(file:\"P.bridge\",line:2)"))
    }

    /// A wrapper struct's `base` and initializer repeat the legacy type: both land on its line.
    @Test func aWrapperRepeatsItsBaseType() throws {
        let plan = try Self.plan(
            "import S\n\n@bridge(wrapper: AAdapter)\nextension A {\n    func f(completion: @escaping () -> Void)\n}\n")
        #expect(Self.bridgeLine(of: "let base: A", in: plan) == 4)
        #expect(Self.bridgeLine(of: "init(_ base: A) {", in: plan) == 4)
        #expect(Self.bridgeLine(of: "self.base = base", in: plan) == .some(nil))
        #expect(Self.bridgeLine(of: "struct AAdapter {", in: plan) == .some(nil))
    }

    /// A block under `#if` stands one level deeper, and its lines still map.
    @Test func aConditionalBlockIsIndentedAndMapped() throws {
        let plan = try Self.plan("import S\n\n#if os(Linux)\nextension A {\n    func f(completion: @escaping () -> Void)\n}\n#endif\n")
        let lines = plan.code.lines
        #expect(lines.contains("#if os(Linux)") && lines.contains("#endif"))
        #expect(lines.contains("    extension A {") && lines.contains("        nonisolated(nonsending) func f() async throws {"))
        #expect(Self.bridgeLine(of: "nonisolated(nonsending) func f()", in: plan) == 5)
    }

    /// Annotation expressions land on their annotation's line: `@mapError`, `@retry(when:)`,
    /// `@cancel(using:)`. The call setup is one statement, so of two expressions in it the
    /// first lands (docs/language.md, "Compiler errors").
    @Test func annotationExpressionsLandOnTheirLines() throws {
        let plan = try Self.plan(
            """
            import S

            extension A {
                @mapError(Mapping.map)
                @retry(attempts: 2, delay: 0.1, when: Mapping.isRetryable)
                func f(completion: @escaping (Int?, Error?) -> Void)

                @cancel(using: stop(_:))
                @mapError(Mapping.map)
                func g(completion: @escaping (Int?, Error?) -> Void) -> Int
            }
            """)
        #expect(Self.bridgeLine(of: "mapError: Mapping.map", in: plan) == 4)
        #expect(Self.bridgeLine(of: "var retry = BridgegenRetry(attempts: 2, delay: 0.1, when: Mapping.isRetryable)", in: plan) == 5)
        #expect(Self.bridgeLine(of: "self.f(completion: { value, error in", in: plan) == 6)
        #expect(Self.bridgeLine(of: "cancel: { token in self.stop(token) }", in: plan) == 8)
        #expect(Self.bridgeLine(of: "self.g(completion: { value, error in", in: plan) == 10)
    }

    /// A delegate adapter: its function in an extension of the owner, then its class; the slot
    /// lines land on the `on Owner` line, the start and cancel calls on their annotations, each
    /// delegate method on its pasted declaration.
    @Test func aDelegateAdapterAndItsClass() throws {
        let plan = try Self.plan(
            """
            import S

            delegate LocatorDelegate on Locator {
                @start(requestLocation())
                @cancel(stop())
                func currentLocation() async throws -> Coordinate

                @success(location)
                func locator(_ locator: Locator, didFind location: Coordinate)
            }
            """)
        let lines = plan.code.lines
        #expect(lines.contains("extension Locator {"))
        // Over 100 columns on one line: the inheritance list goes on its own.
        #expect(lines.contains("private final class LocatorCurrentLocationDelegate:"))
        #expect(lines.contains("    Foundation.NSObject, LocatorDelegate, @unchecked Swift.Sendable"))
        #expect(Self.bridgeLine(of: "nonisolated(nonsending) func currentLocation() async throws -> Coordinate {", in: plan) == 6)
        #expect(Self.bridgeLine(of: "if self.delegate is LocatorCurrentLocationDelegate {", in: plan) == 3)
        #expect(Self.bridgeLine(of: "cancel: { _ in self.stop() }", in: plan) == 5)
        #expect(Self.bridgeLine(of: "self.requestLocation()", in: plan) == 4)
        #expect(Self.bridgeLine(of: "func locator(_ locator: Locator, didFind location: Coordinate) {", in: plan) == 9)
        #expect(Self.bridgeLine(of: "continuation?.resume(returning: location)", in: plan) == .some(nil))
    }

    /// A notification stream: the name lands on `@notification` (the statement's anchor).
    @Test func aNotificationStream() throws {
        let plan = try Self.plan(
            """
            import Foundation

            extension Monitor {
                @notification("changed", map: Status.init(notification:))
                func statuses() -> AsyncStream<Status>
            }
            """)
        #expect(Self.bridgeLine(of: "name: Notification.Name(\"changed\")", in: plan) == 4)
        #expect(Self.bridgeLine(of: "func statuses() -> _Concurrency.AsyncStream<Status> {", in: plan) == 5)
        #expect(plan.code.lines.contains { $0.contains("name: Notification.Name(\"changed\")") })
        #expect(plan.code.lines.contains("    /// Observes notification `Notification.Name(\"changed\")`."))
    }

    /// Test doubles: the protocol's requirements and the fake's copy repeat no `.bridge` text
    /// where they differ from it: nothing of them is mapped; the fake runs its script.
    @Test func testDoublesAreNotMapped() throws {
        var settings = Settings()
        settings.testDoubles = .all
        let plan = try Self.plan(
            "import S\n\nextension A {\n    @cancel(token)\n    func f(x: Int, completion: @escaping (Int?, Error?) -> Void) -> Op\n}\n",
            settings: settings)
        let lines = plan.mappedLines
        let protocolStart = try #require(lines.firstIndex { $0.text == "protocol AsyncA {" })
        #expect(lines[protocolStart...].allSatisfy { $0.bridgeLine == nil })
        #expect(plan.code.lines.contains("            try self.fScript.start(x, continuation)"))
        #expect(plan.code.lines.contains("            cancel: { token in token.cancel() }"))
        #expect(plan.code.lines.contains("    /// Runs `fScript` in place of the SDK, as the adapter of `A.f(x:completion:)`."))
    }

    /// The user's templates add lines, printed where they stand, unmapped.
    @Test func templatesAddLinesWhereTheyStand() throws {
        let (syntax, _) = Parser.parse(Array("import S\n\nextension A {\n    func f(completion: @escaping () -> Void)\n}\n".utf8))
        let model = try #require(Analyzer.analyse(syntax).0)
        let templates = try Planner.templates(overrides: [
            Planner.fileHeaderTemplate: ("h", "// License: {{sourceFile}}\n"),
            Planner.adapterHeaderTemplate: ("a", "// MARK: {{adapterName}}\n"),
        ])
        let plan = try Planner(templates: templates).plan(model, sourceFile: "P.bridge")
        #expect(plan.code.lines[1] == "// License: P.bridge")
        #expect(plan.code.lines.contains("    // MARK: A.f()"))
    }
}
