import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing

/// The adapters named and typed as Swift imports SE-0297's rows behave like any other adapter:
/// async properties, nullable results and two errors as values included.
@Suite struct SE0297BehaviourTests {
    let server = SlowServer()

    @Test func asyncPropertiesAreReadWithAwait() async throws {
        #expect(try await server.doggo == "Rex")
        #expect(try await server.catto == nil)
        #expect(try await server.fromNullableHandler == "from nullable")
        #expect(try await SlowServer.shared == "shared")
        try await server.touch
        await #expect(throws: SlowServerError.unplugged) { try await server.status }
    }

    /// A property read in a cancelled task throws `CancellationError`, as a function call does.
    @Test func aPropertyReadInACancelledTaskThrowsCancellation() async {
        let server = self.server
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await server.doggo
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    /// `@nullableResult`: nil with a nil error is the result, not a dropped-value error.
    @Test func aNilResultIsAValue() async throws {
        #expect(try await server.fortune() == nil)
        let (question, answer) = try await server.findQAndA()
        #expect(question == nil && answer == "42")
    }

    /// Two optional errors are both values: neither fails the call.
    @Test func twoErrorsAreValues() async throws {
        let (first, second) = try await server.compare()
        #expect(first == nil && second == nil)
    }

    @Test func foldedAndCustomNamesCallTheirMethods() async throws {
        try await server.serverRestart("a")
        try await server.serverRestart("a", atPriority: 1)
        #expect(try await server.bestName("abc") == 1)
        #expect(try await server.customize(with: "s") == "s")
        #expect(try await server.__leap(3) == "3")
        #expect(try await server.magicNumber(withSeed: 21) == 42)
        #expect(try await server.fetchShareParticipant(withUserRecordID: "7") == "participant 7")
        let (signed, signature) = try await server.sign(Data([1]), using: "pass")
        #expect(signed == Data([1]) && signature == Data("pass".utf8))
        #expect(try await server.pendingNotificationRequests() == ["a", "b"])
    }
}
