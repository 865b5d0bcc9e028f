import DeclParser
import Foundation
import Testing

@testable import Generator

/// The annotation registry is the one list of bridgegen's annotations: where each may stand,
/// what it takes, how to write it. The docs and the checks follow from it.
@Suite struct AnnotationRegistryTests {
    static func languageReference() throws -> String {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: repository.appendingPathComponent("docs/language.md"), encoding: .utf8)
    }

    @Test func everyAnnotationIsDocumentedAndEveryDocumentedOneIsKnown() throws {
        let text = try Self.languageReference()
        for spec in Annotations.registry {
            #expect(text.contains("`@\(spec.name)"), "@\(spec.name) is not in docs/language.md")
        }
        // The Annotations table's first column.
        let table = text.components(separatedBy: "## Annotations\n\n")[1].components(separatedBy: "\n\n")[0]
        #expect(table.split(separator: "\n").count > 20)
        for row in table.split(separator: "\n").dropFirst(2) {
            let name = row.dropFirst("| `@".count).prefix { $0.isLetter }
            #expect(Annotations.specs[String(name)] != nil, "docs/language.md documents @\(name), which bridgegen does not know")
        }
    }

    @Test func annotationsWithArgumentsSayHowToWriteThem() {
        for spec in Annotations.registry where !spec.labels.isEmpty && spec.name != "until" {
            #expect(spec.usage.hasPrefix("'@\(spec.name)"), "@\(spec.name): \(spec.usage)")
        }
        #expect(Annotations.registry.count == Annotations.specs.count, "a name is in the registry twice")
    }

    /// Each annotation is accepted where its row says, and refused elsewhere with a note that
    /// says where it belongs.
    @Test func placesDecideWhereAnAnnotationIsAccepted() {
        #expect(Annotations.blockAnnotations.contains("timeout") && Annotations.functionAnnotations.contains("timeout"))
        #expect(!Annotations.blockAnnotations.contains("cancel"))
        let source = """
            @cancel(none)
            extension A {
                func f(completion: @escaping () -> Void)
            }
            """
        let (syntax, _) = Parser.parse(Array(source.utf8))
        let (_, diagnostics) = Analyzer.analyse(syntax)
        #expect(diagnostics.contains { $0.message == "'@cancel' applies to a single function, not to an extension block" })
    }

    /// What a form cannot take comes from the same rows (a stream has no timeout; a
    /// notification stream has no completion handler).
    @Test func formsRefuseWhatTheirRowsSay() {
        for (name, source, message) in [
            ("timeout", "@stream @timeout(seconds: 1) func f(_ h: @escaping (Int) -> Void)", "does not apply to a '@stream' adapter"),
            (
                "completion", "@notification(.x, map: E.init(notification:)) @completion(h) func f() -> AsyncStream<E>",
                "does not apply to a '@notification' stream"
            ),
        ] {
            let (syntax, _) = Parser.parse(Array("extension A {\n    \(source)\n}\n".utf8))
            let (_, diagnostics) = Analyzer.analyse(syntax)
            #expect(diagnostics.contains { $0.message == "'@\(name)' \(message)" }, "\(diagnostics.map(\.message))")
        }
    }
}
