import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing

/// Overloads that differ only in a generic constraint: each adapter calls the SDK overload with
/// the same constraint, and Swift picks the more specific adapter, as for the SDK's methods.
@Suite struct GenericOverloadTests {
    @Test func theMoreSpecificOverloadWins() async throws {
        let store = RecordStore()
        let article = try await store.load(Article.self, id: "a")
        let profile = try await store.load(Profile.self, id: "p")
        #expect(article == Article(id: "a", source: "network"))
        #expect(profile == Profile(id: "p", source: "cache"))
        let refreshed = try await store.refresh(Profile.self, id: "q")
        #expect(refreshed.source == "cache")
        store.outcome = .failure
        await #expect(throws: FixtureError.failed) { try await store.load(Article.self, id: "x") }
    }
}
