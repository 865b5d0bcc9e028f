import BridgegenRuntime
import FixtureSDK
@testable import GoldenAdapters
import Testing

/// The FreeFunctions golden against the fixture's free functions: the adapter calls the SDK's
/// function by name (no object), resumes once whatever the SDK does, and a stream's end disposes
/// what the function returned. Serialized: the fixture's mode is global.
@Suite(.serialized) struct FreeFunctionTests {
    @Test(arguments: [CallbackMode.immediately, .onAnotherThread, .twice, .twiceOnAnotherThread])
    func aFreeFunctionsCompletionIsItsOutcome(mode: CallbackMode) async throws {
        freeFunctionMode = mode
        defer { freeFunctionMode = .immediately }
        #expect(try await fetchPhoto(id: "p") == Photo(id: "p"))
        await #expect(throws: PhotoError.notFound) { try await fetchPhoto(id: "") }
    }

    /// Released without a call: the call ends with the error that says so, not a hang.
    @Test func aFreeFunctionThatDropsItsCompletionEnds() async throws {
        freeFunctionMode = .dropped
        defer { freeFunctionMode = .immediately }
        await #expect(throws: BridgegenError.self) { try await fetchPhoto(id: "p") }
    }

    @Test func aFreeFunctionsStreamEndsByDisposingItsToken() async throws {
        var seen: [Photo] = []
        for await photo in watchPhotos(["a", "b", "c"]) {
            seen.append(photo)
            if seen.count == 2 { break }
        }
        #expect(seen == [Photo(id: "a"), Photo(id: "b")])
        #expect(await eventually { lastWatchSubscription?.disposeCount == 1 })
    }
}
