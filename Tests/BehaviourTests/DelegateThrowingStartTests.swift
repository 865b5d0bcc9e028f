import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing

/// `@start(try start())`: a start call that throws ends the call or the stream with its error,
/// and leaves nothing registered: the owner's delegate slot is empty afterwards.
@Suite struct DelegateThrowingStartTests {
    @Test func aOneShotThrowsTheStartError() async {
        let scanner = CodeScanner()
        scanner.refuses = true
        await #expect(throws: FixtureError.startRefused) { try await scanner.scanCode() }
        #expect(scanner.delegate == nil)
        #expect(scanner.starts == 1 && scanner.stops == 0)
    }

    @Test func aStreamFailsWithTheStartError() async throws {
        let scanner = CodeScanner()
        scanner.refuses = true
        await #expect(throws: FixtureError.startRefused) {
            try await withWatchdog {
                for try await _ in scanner.scannedCodes() {}
            }
        }
        #expect(scanner.delegate == nil)
        // A later call starts afresh: the failed one left no busy delegate behind.
        scanner.refuses = false
        #expect(try await scanner.scanCode() == "A1")
        #expect(scanner.delegate == nil)
    }

    @Test func aStartThatDoesNotThrowWorksAsUsual() async throws {
        let scanner = CodeScanner()
        scanner.codes = ["A", "B"]
        var codes: [String] = []
        for try await code in scanner.scannedCodes() {
            codes.append(code)
            if codes.count == 2 { break }
        }
        #expect(codes == ["A", "B"])
        #expect(await eventually { scanner.stops == 1 && scanner.delegate == nil })
    }
}
