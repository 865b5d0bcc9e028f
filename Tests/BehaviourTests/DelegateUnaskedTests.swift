import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// `@start(none)`: the SDK calls its delegate unasked once it is set (a source the system drives),
/// so the adapter only sets the delegate and waits. The delegate is held weakly by the SDK: the
/// adapter keeps it alive while it waits, and clears the slot when it is done.
@Suite struct DelegateUnaskedTests {
    @Test func aStreamGetsWhatTheSourceReportsUntilItDisappears() async throws {
        let source = PowerSource()
        let consumer = Task {
            var levels: [Int] = []
            for await level in source.levels() { levels.append(level) }
            return levels
        }
        #expect(await eventually { source.delegate != nil })
        source.change(to: [80, 79, 78], thenDisappear: true)
        let levels = try await withWatchdog { await consumer.value }
        #expect(levels == [80, 79, 78])
        #expect(source.delegate == nil)
    }

    @Test func aConsumerLeavingClearsTheSlot() async throws {
        let source = PowerSource()
        let consumer = Task { () -> Int? in
            for await level in source.levels() where level == 50 { return level }
            return nil
        }
        #expect(await eventually { source.delegate != nil })
        source.change(to: [60, 50])
        #expect(try await withWatchdog { await consumer.value } == 50)
        #expect(await eventually { source.delegate == nil })
        // What the source reports after the consumer left reaches no one.
        source.change(to: [40])
    }

    @Test func aOneShotReturnsTheNextReport() async throws {
        let source = PowerSource()
        let call = Task { try await source.nextLevel() }
        #expect(await eventually { source.delegate != nil })
        source.change(to: [42])
        #expect(try await withWatchdog { try await call.value } == 42)
        #expect(source.delegate == nil)
    }

    @Test func aOneShotCancelledWhileWaitingThrowsAndClearsTheSlot() async throws {
        let source = PowerSource()
        let call = Task { try await source.nextLevel() }
        #expect(await eventually { source.delegate != nil })
        call.cancel()
        let result = await call.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(source.delegate == nil)
    }
}
