@testable import DeclParser
@testable import Generator
import Testing

/// A handler that answers whether to go on (decision 171): accepted on a stream, refused on a
/// one-shot with the note that says so, and a stream that keeps one as a parameter is warned.
@Suite struct GoingOnAnalysisTests {
    func analyse(_ member: String) -> (BridgeModel?, [Diagnostic]) {
        let (file, parseDiagnostics) = Parser.parse(Array(("extension T {\n" + member + "\n}\n").utf8))
        #expect(parseDiagnostics.isEmpty, "\(parseDiagnostics)")
        return Analyzer.analyse(file)
    }

    @Test func aStreamsHandlerMayAnswerBool() {
        let (model, diagnostics) = analyse("@stream func observe(with handler: @escaping (Int) -> Bool)")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(model?.blocks.first?.adapters.first?.call?.completion.answersWhetherOpen == true)
        let (void, _) = analyse("@stream func observe(with handler: @escaping (Int) -> Void)")
        #expect(void?.blocks.first?.adapters.first?.call?.completion.answersWhetherOpen == false)
    }

    @Test func aOneShotsCompletionMustReturnVoid() {
        let (model, diagnostics) = analyse("func load(completion: @escaping (Int) -> Bool)")
        #expect(model == nil || model?.blocks.first?.adapters.isEmpty == true)
        #expect(diagnostics.map(\.message) == ["completion handler 'completion' returns 'Bool'; a completion handler must return Void"])
        #expect(diagnostics.first?.notes.last?.message.hasPrefix("a handler of events that returns 'Bool' for whether to go on is a stream's") == true)
    }

    @Test func aStreamThatKeepsAnAnsweringClosureIsWarned() {
        let (_, diagnostics) = analyse(
            "@stream func contents(atPath path: String, fetchedData: @escaping (Int64, String) -> Bool, completionHandler: @escaping (Error?) -> Void)")
        #expect(
            diagnostics.map(\.message) == [
                "'fetchedData' gets values and returns 'Bool', but stays a parameter of the stream 'contents(atPath:fetchedData:completionHandler:)'"
            ])
        let (_, named) = analyse(
            "@stream @event(fetchedData) @finish(completionHandler) func contents(atPath path: String, fetchedData: @escaping (Int64, String) -> Bool, completionHandler: @escaping (Error?) -> Void)")
        #expect(named.isEmpty, "\(named)")
    }
}
