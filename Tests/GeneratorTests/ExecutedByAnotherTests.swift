import DeclParser
@testable import Generator
import Testing

/// `@start(self.manager.executeQuery($token))` and `@cancel(self.manager.stopQuery($token))`:
/// what the method returns is run, and stopped, by another object the adapter's `self` reaches.
@Suite struct ExecutedByAnotherTests {
    func output(_ block: String) throws -> GeneratorPipeline.Output {
        let source = "import Foundation\n\n" + block + "\n"
        return try GeneratorPipeline.standard().generate(source: Array(source.utf8), path: "Q.bridge", displayName: "Q.bridge")
    }

    @Test func aStartAndAStopFromSelfAreWrittenAsTheyAre() throws {
        let text = try #require(
            try output(
                """
                extension Store {
                    @start(self.runner.run($token))
                    @cancel(self.runner.halt(query: $token))
                    func makeQuery(completion: @escaping (Int?, Error?) -> Void) -> Query?
                }
                """
            ).text)
        #expect(text.contains("cancel: { returnedToken in if let returnedToken { let _ = self.runner.halt(query: returnedToken) } }"), "\(text)")
        #expect(text.contains("start: { token in if let token { let _ = self.runner.run(token) } }"), "\(text)")
    }

    @Test func aStartOnAnotherObjectNeedsSelfAndTheToken() throws {
        for start in ["runner.run($token)", "self.runner.run()"] {
            let errors = try output(
                """
                extension Store {
                    @start(\(start))
                    func makeQuery(completion: @escaping (Int?, Error?) -> Void) -> Query
                }
                """
            ).reports.filter { $0.diagnostic.severity == .error }.map(\.formatted)
            #expect(errors.count == 1 && errors[0].contains("is not a method call on the token"), "\(start): \(errors)")
            #expect(errors.first?.contains("self.manager.execute($token)") == true, "\(errors)")
        }
    }
}
