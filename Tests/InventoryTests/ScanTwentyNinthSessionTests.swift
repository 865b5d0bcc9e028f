@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the twenty-ninth session taught (decision 144): batch 76 on first contact.
@Suite struct ScanTwentyNinthSessionTests: ScanTesting {
    static let emptyResult = """
        public typealias FrolloSDKCompletionHandler = (EmptyResult<Error>) -> Void
        public enum EmptyResult<Failure> {
            case success
            case failure(Failure)
        }

        """

    /// Frollo's `updateUser(securityCode:completion:)`: "This should be called whenever details …
    /// are altered" tells the app when to call the method; it says nothing of its closure.
    @Test func aSentenceAboutCallingThisMethodSaysNothingOfItsClosure() {
        let read = { (text: String) in
            DocumentedFrequency.read(text.split(separator: "\n").map(String.init), callback: "completion", otherParameters: [])
        }
        #expect(read("Updates the user. This should be called whenever details or statistics about a user are altered.") == nil)
        #expect(read("This method must be called whenever the token changes.") == nil)
        #expect(read("This function may be called repeatedly.") == nil)
        #expect(read("The handler is called whenever the user changes.")?.kind == .many)
    }

    /// One declaration whose inferred stream finds no event in the enum its typealias names: the
    /// error is reported at the typealias, but it is that declaration's. Before, the typealias was
    /// commented out and the 101 other methods that name it (Frollo's `FrolloSDKCompletionHandler`)
    /// were "not bridgeable: no completion handler found".
    @Test func anErrorOneDeclarationCausesAtASharedTypealiasRefusesThatDeclarationOnly() throws {
        let text = scan(
            Self.emptyResult + """
                public class Users {
                    public func refreshUser(completion: FrolloSDKCompletionHandler? = nil) {}
                    /// Watches the user: the handler is called whenever the user changes.
                    public func watchUser(completion: @escaping FrolloSDKCompletionHandler) {}
                }
                """
        ).text
        #expect(text.contains("\npublic typealias FrolloSDKCompletionHandler = (EmptyResult<Error>) -> Void\n"), "\(text)")
        #expect(text.contains("\n    public func refreshUser(completion: FrolloSDKCompletionHandler? = nil)\n"), "\(text)")
        #expect(text.contains("// public func watchUser(completion: @escaping FrolloSDKCompletionHandler)"), "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func refreshUser() async throws {"), "\(generated)")
    }

    /// generate names the declaration whose reading found an error at another line.
    @Test func anErrorAtATypealiasNamesTheDeclarationThatCausedIt() {
        let source = Self.emptyResult + """
            extension Users {
                public func refreshUser(completion: FrolloSDKCompletionHandler? = nil)
                @stream
                public func watchUser(completion: @escaping FrolloSDKCompletionHandler)
            }
            """
        let (file, parseDiagnostics) = Parser.parse(Array(source.utf8))
        #expect(parseDiagnostics.isEmpty, "\(parseDiagnostics)")
        let (_, diagnostics) = Analyzer.analyse(file)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1 && errors[0].location.line == 1, "\(errors)")
        #expect(errors.first?.notes.last?.message == "while reading 'watchUser(completion:)'")
        #expect(errors.first?.notes.last?.location?.line == 9)
    }
}
