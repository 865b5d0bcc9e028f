import Foundation
import Generator
import TestSupport
import Testing

/// Every piece of generated code that repeats `.bridge` text — copied (types, labels, default
/// values, annotation expressions, pasted delegate methods) or derived from it (the SDK call,
/// the extended type, the delegate's property, the result type) — is mapped back with
/// `#sourceLocation`. A mistake in it that only the compiler sees is reported at its `.bridge`
/// line, and at its `.bridge` column where docs/language.md ("Compiler errors") says the column
/// is kept; never inside the generated file.
@Suite struct SourceLocationTests {
    /// One mistake per position. `«…»` marks the text the compiler reports (the marks are
    /// removed before generating; `«text#name»` names a text that is marked twice);
    /// `keepsColumn` says whether its column is kept.
    static let mistakes: [(marked: String, message: String, keepsColumn: Bool)] = [
        // A misspelt parameter type on the second line of a wrapped declaration.
        ("«Strng»", "cannot find type 'Strng'", true),
        // A misspelt parameter type in a long declaration written on one line.
        ("«Strin»", "cannot find type 'Strin'", false),
        // A misspelt type inside the completion's parameter list, on a line of its own.
        ("«Recept»", "cannot find type 'Recept'", false),
        // An extended type the SDK does not have (misspelt, or declared on another platform).
        ("«Transfrs»", "cannot find type 'Transfrs'", true),
        // A label the SDK's method does not have: the call bridgegen derives from it fails.
        ("«refund»(identifier", "incorrect argument label", false),
        // Annotation expressions: a method the token lacks, a function that does not exist.
        ("«halt()»", "halt", false),
        ("«missing»", "missing", false),
        // A default value of the wrong type.
        ("«42»", "default argument", false),
        // A wrapper's base type.
        ("«Jurnal»", "cannot find type 'Jurnal'", false),
        // A delegate block: the owner's property, and a type in a pasted delegate method.
        ("«delegat»", "delegat", false),
        ("«Coordinat»", "cannot find type 'Coordinat'", true),
        // `@cancel(token)` on a token without `cancel()`: the stop call derives from it, in a
        // one-shot's call setup and in a stream's `stop:`.
        ("«token#oneShot»", "has no member 'cancel'", false),
        ("«token#stream»", "has no member 'cancel'", false),
        // A stream: its element type, and the SDK call it derives (a name the SDK does not have
        // here names the adapter itself, which takes no handler).
        ("«Integer»", "cannot find type 'Integer'", false),
        ("«observ»", "argument passed to call that takes no arguments", false),
        // An SDK enum pasted with a case missing: the switch over its cases is its code.
        ("«enum»", "switch must be exhaustive", false),
        // `@failure(returned)` on a method whose result is no future: the wait on it.
        ("@«failure#returned»(returned)", "has no member 'whenComplete'", false),
    ]

    static let source = """
        import FixtureSDK
        import Foundation

        extension PaymentsClient {
            func charge(
                amount: Int,
                currency: «Strng»,
                completion: @escaping (Result<Receipt, Error>) -> Void
            )

            func getReceiptAsynchronously(id: String, completionHandler: @escaping (
                «Recept»?, Error?
            ) -> Void)

            func «refund»(identifier: String, completion: @escaping (Error?) -> Void)
        }

        extension Converter {
            func convert(pair: (Int, label: String), matrix: [[Double]], lookup: [String: Int?], kind: any Codable.Type, both: (any Equatable & Sendable)?, transform: @escaping (Int) throws -> «Strin», completion: @escaping (Swift.Result<[Int?], Swift.Error>) -> Void)
        }

        extension Transfers {
            @cancel(token: «halt()»)
            func upload(_ data: Data, completion: @escaping (Data?, Error?) -> Void) -> FixtureRequest

            @mapError(«missing»)
            func send(amount: Int, completion: @escaping (Result<Int, Error>) -> Void) -> Operation

            func subscribe(topic: String = «42», completion: @escaping (Error?) -> Void) -> FixtureRequest?

            @cancel(«token#oneShot»)
            func startSync(completion: @escaping (Error?) -> Void) -> Int
        }

        extension Transfers {
            @«failure#returned»(returned)
            @asyncName(syncOrFail)
            @cancel(none)
            func startSync(completion: @escaping (Error?) -> Void) -> Int

            @stream
            @asyncName(syncEvents)
            @cancel(«token#stream»)
            func startSync(completion: @escaping (Error?) -> Void) -> Int
        }

        extension «Transfrs» {
            func ping(completion: @escaping () -> Void)
        }

        @bridge(wrapper: PingAdapter)
        extension «Jurnal» {
            func close(completion: @escaping () -> Void)
        }

        @delegateProperty(«delegat»)
        delegate LocatorDelegate on Locator {
            @start(requestLocation())
            func fixOfLocator() async throws -> Coordinate

            @success(location)
            func locator(_ locator: Locator, didFind location: «Coordinat»)

            func locator(_ locator: Locator, didFailWithError error: Error)

            func locatorDidChangeAuthorization(_ locator: Locator)
        }

        extension Sensor {
            @stream
            @cancel(token)
            func observe(_ handler: @escaping («Integer») -> Void) -> SensorToken

            @stream
            @cancel(token)
            func «observ»Readings(_ handler: @escaping (Int?, Error?) -> Void) -> SensorToken
        }

        «enum» PurgeEvent {
            case completed
        }

        extension PhotoLibrary {
            func purge(_ observer: @escaping (PurgeEvent) -> Void)
        }

        """

    /// Where each marked text starts (1-based line and column), with the marks removed.
    static func unmarked() -> (text: String, positions: [String: (line: Int, column: Int)]) {
        var text = ""
        var positions: [String: (line: Int, column: Int)] = [:]
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var plain = String(line)
            while let open = plain.range(of: "«"), let close = plain.range(of: "»") {
                let marked = String(plain[open.upperBound..<close.lowerBound])
                positions[marked] = (index + 1, plain.distance(from: plain.startIndex, to: open.lowerBound) + 1)
                plain.replaceSubrange(open.lowerBound..<close.upperBound, with: marked.prefix { $0 != "#" })
            }
            text += (index == 0 ? "" : "\n") + plain
        }
        return (text, positions)
    }

    @Test(.disabled(if: Goldens.recording, "goldens are being rewritten"))
    func everyMistakeIsReportedAtItsBridgeLine() async throws {
        let (text, positions) = Self.unmarked()
        let output = Goldens.generator.generate(
            source: Array(text.utf8), path: "Mistakes.bridge", displayName: "Mistakes.bridge",
            sourcePath: "Sources/App/Mistakes.bridge")
        let generatedText = try #require(output.text, "\(output.reports.map(\.formatted))")
        let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let modules = buildDirectory.appendingPathComponent("Modules")
        let generated = FileManager.default.temporaryDirectory.appendingPathComponent("Mistakes-\(UUID().uuidString).swift")
        try generatedText.write(to: generated, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: generated) }
        let (status, log) = try await runTool([
            "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, "-module-name", "Mistakes", generated.path,
        ])
        #expect(status != 0)
        let errors = log.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        #expect(Self.mistakes.count >= 10)
        for (marked, message, keepsColumn) in Self.mistakes {
            let name = String(marked.drop { $0 != "«" }.dropFirst().prefix { $0 != "»" })
            let (line, column) = try #require(positions[name], "\(name) is not marked in the source")
            let prefix = "Sources/App/Mistakes.bridge:\(line):" + (keepsColumn ? "\(column):" : "")
            #expect(
                errors.contains { $0.hasPrefix(prefix) && $0.contains(message) },
                "\(name): expected an error at \(prefix) saying \(message):\n\(errors.joined(separator: "\n"))")
        }
        // Every error is at the .bridge file: none inside the generated file. One at a line of
        // correct text may only repeat an error reported at its mistake's own line: a statement
        // that repeats both an annotation's expression and a type written below it can put only
        // one of them on its line (docs/language.md, "Compiler errors").
        let mistakeLines = Set(positions.values.map(\.line))
        func message(_ error: String) -> Substring { error.split(separator: ":", maxSplits: 4).last ?? "" }
        let atMistakes = Set(errors.filter { error in
            error.split(separator: ":").dropFirst().first.flatMap { Int($0) }.map(mistakeLines.contains) == true
        }.map(message))
        for error in errors {
            let line = error.split(separator: ":").dropFirst().first.flatMap { Int($0) }
            #expect(
                error.hasPrefix("Sources/App/Mistakes.bridge:")
                    && (line.map(mistakeLines.contains) == true || atMistakes.contains(message(error))),
                "an error away from the mistakes: \(error)\n\(generatedText)")
        }
    }
}
