import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing

/// Handlers typed `throws`, errors passed as data, failure-only callbacks and two optional
/// errors, against an SDK that calls them as declared.
@Suite struct ErrorsAsDataTests {
    @Test func throwingHandlersDeliverLikeAnyOther() async throws {
        let sdk = Diagnostics()
        #expect(try await sdk.load() == 7)
        #expect(try await sdk.count() == 3)
        sdk.outcome = .failure
        await #expect(throws: FixtureError.failed) { try await sdk.load() }
        sdk.mode = .onAnotherThread
        #expect(try await sdk.count() == 3)
    }

    /// A non-optional error is the call's value, not its failure.
    @Test func aNonOptionalErrorIsReturned() async throws {
        let error = try await Diagnostics().lastError()
        #expect(error as? FixtureError == .startRefused)
    }

    @Test func aFailureOnlyCallbackThrows() async {
        await #expect(throws: FixtureError.failed) { try await Diagnostics().validate() }
    }

    /// `@asyncError(thrown: 2)`: the second error fails the call, the first is its value.
    @Test func theNamedErrorOfTwoIsTheFailure() async throws {
        let sdk = Diagnostics()
        #expect(try await sdk.sync() as? FixtureError == .startRefused)
        sdk.outcome = .failure
        await #expect(throws: FixtureError.failed) { try await sdk.sync() }
    }

    /// `<Failure: Error>`'s optional is the failure, thrown as the SDK typed it.
    @Test func aGenericErrorIsThrown() async throws {
        struct Wrapped: Error, Equatable { let text: String }
        let sdk = Diagnostics()
        try await sdk.check(typed: { Wrapped(text: "\($0)") })
        sdk.outcome = .failure
        await #expect(throws: Wrapped(text: "\(FixtureError.failed)")) { try await sdk.check(typed: { Wrapped(text: "\($0)") }) }
    }

    @Test func aStreamOfAThrowingHandlerYieldsEveryEvent() async throws {
        let sensor = Sensor()
        let values = try await withWatchdog { () async -> [Int] in
            var values: [Int] = []
            // An events-only stream ends when its consumer leaves.
            for await value in sensor.observeStrictly() {
                values.append(value)
                if values.count == 3 { break }
            }
            return values
        }
        #expect(values == [1, 2, 3])
    }
}
