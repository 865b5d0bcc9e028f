import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing
import TestSupport

/// A callback property's streams puts the property back from another thread, after the
/// consumer has gone on: the next stream may set it first. Each setting is ordered against the
/// property's other ones, so a late put-back never undoes a newer handler.
@Suite struct CallbackPropertyStressTests {
    /// `@once` one-shots back to back, each started as soon as the one before returned, over a
    /// setter that takes a random time under 3 ms to clear (so settings made at nearly the same time land
    /// in either order; a put-back not ordered against the next setting lost handlers here):
    /// every one hears the SDK's call; at the end the property is empty again and nothing of its
    /// bookkeeping is left.
    @Test func consecutiveOneShotsEachHearTheSDK() async throws {
        let misuse = MisuseLog.install(for: "PhotoFeed.syncEndEvent")
        let feed = PhotoFeed()
        feed.slowSetters = true
        for round in 0..<400 {
            let heard = BridgegenLocked<Int?>(nil)
            let oneShot = Task {
                let count = try? await feed.syncEndEvent()
                heard.withLock { $0 = count }
            }
            // Sent again until heard: one sent before the one-shot set the property is lost. (A
            // handler undone waits forever; the default minute is for a machine whose other
            // tests keep every thread busy.)
            let wasHeard = await eventually {
                feed.endSync(count: round, error: nil)
                return heard.withLock { $0 } != nil
            }
            #expect(wasHeard, "round \(round): the one-shot's handler was undone before the SDK called it")
            oneShot.cancel()
            await oneShot.value
            if !wasHeard { break }
        }
        feed.slowSetters = false
        Fixture.drain()
        #expect(await eventually { feed.onSyncEnd == nil })
        let owner = ObjectIdentifier(feed)
        #expect(await eventually { BridgegenPropertyTable.shared.withLock { !$0.keys.contains { $0.owner == owner } } })
        // The calls sent again reach a one-shot that has returned: reported as such, nothing else.
        #expect(misuse.all.allSatisfy { [.eventAfterFinish, .eventAfterConsumerLeft].contains($0.kind) }, "\(misuse.all)")
    }
}
