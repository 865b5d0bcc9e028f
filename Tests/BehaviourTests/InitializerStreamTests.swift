import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing
import TestSupport

/// An initializer's stream (`@stream` on an `init`): the factory makes the object with
/// bridgegen's handler and returns it with the stream. The object is the caller's; the stream
/// ending stops nothing, and what the object calls after that is dropped and reported as an
/// event after its consumer left (not an SDK bug). Serialized: misuse reports are counted per adapter name.
@Suite(.serialized) struct InitializerStreamTests {
    /// Changes reported from the fixture's thread arrive in order. Once the stream is gone (the
    /// consumer left, and the stream value is released, as with any AsyncStream), nothing of
    /// the watch is stopped: its later calls are dropped as events after the consumer left.
    @Test func aWatchsChangesComeThroughItsStream() async throws {
        let log = MisuseLog.install(for: "FileWatch.")
        let (watch, heard) = try await watchThree()
        #expect(heard == ["created", "modified", "deleted"])
        watch.change(["renamed"])
        #expect(watch.calls == 4)
        #expect(await eventually { log.all.map(\.kind) == [.eventAfterConsumerLeft] }, "\(log.all)")
        #expect(log.all.allSatisfy { !$0.kind.isSDKBug })
        watch.stop()
    }

    /// The watch, and the three changes its stream heard; the stream is released on return.
    func watchThree() async throws -> (FileWatch, [String]) {
        let (watch, changes) = try #require(FileWatch.makeWithEvents(path: "/tmp/a"))
        watch.change(["created", "modified", "deleted"])
        let heard = try await withWatchdog { () async -> [String] in
            var heard: [String] = []
            for await change in changes {
                heard.append(change)
                if heard.count == 3 { break }
            }
            return heard
        }
        return (watch, heard)
    }

    /// Events before iteration starts are kept (the object is made at once, not when the stream
    /// is iterated); an `init?` that fails makes nothing.
    @Test func eventsBeforeIterationAreKeptAndAFailedInitMakesNothing() async throws {
        #expect(FileWatch.makeWithEvents(path: "") == nil)
        let (watch, changes) = try #require(FileWatch.makeWithEvents(path: "/tmp/b"))
        watch.change(["early"])
        let first = try await withWatchdog { () async -> String? in
            for await change in changes { return change }
            return nil
        }
        #expect(first == "early")
        watch.stop()
    }

    /// A throwing initializer throws from the factory; the buffering policy applies to the
    /// stream: a slow consumer gets the newest four levels.
    @Test func aThrowingInitThrowsAndTheBufferKeepsTheNewest() async throws {
        #expect(throws: TapError.noBuffer) { _ = try LevelTap.levels(bufferSize: 0) }
        let (tap, levels) = try LevelTap.levels()
        tap.measure(10)
        let heard = try await withWatchdog { () async -> [Float] in
            var heard: [Float] = []
            for await (left, right) in levels {
                #expect(left == -right)
                heard.append(left)
                if heard.count == 4 { break }
            }
            return heard
        }
        #expect(heard == [6, 7, 8, 9])
    }
}
