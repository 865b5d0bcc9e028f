import BridgegenRuntime
import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// Streams of several event closures (the SeveralEvents golden): a BTKit-style link whose
/// `connected`, `heartbeat` and `disconnected` closures become one stream of an enum, in the
/// order the SDK called them, and an inbox whose event closures sit beside a failure and an end.
/// Serialized: the misuse handler is global.
@Suite(.serialized) struct SeveralEventsTests {
    /// The element as text, so that a run is one comparable list.
    static func text(_ event: DeviceLinkConnectEvent) -> String {
        switch event {
        case .connected(let again): again ? "reconnected" : "connected"
        case .heartbeat(let beat): "beat \(beat)"
        case .disconnected(let error): error.map { "dropped: \($0)" } ?? "disconnected"
        }
    }

    static func text(_ event: InboxFeedWatchEvent) -> String {
        switch event {
        case .loading: "loading"
        case .count(let count): "count \(count)"
        }
    }

    /// Every closure's calls, interleaved as the link made them, and the disconnection is one
    /// event among them: the link reconnects by itself. Leaving invalidates the token once.
    @Test func everyClosuresEventsInOrderUntilTheConsumerLeaves() async {
        let link = DeviceLink()
        let observer = NSObject()
        var seen: [String] = []
        for await event in link.connect(for: observer, uuid: "sensor") {
            seen.append(Self.text(event))
            if seen.count == 8 { break }
        }
        #expect(
            seen == [
                "connected", "beat 1", "beat 2", "dropped: dropped", "reconnected", "beat 11", "beat 12", "disconnected",
            ])
        #expect(await eventually { link.invalidations == 1 && !link.isRegistered })
        try? await Task.sleep(for: .milliseconds(20))
        #expect(link.invalidations == 1)
        withExtendedLifetime(observer) {}
    }

    /// A `connected` called inside `connect`, before the token is back, is still the first
    /// element: nothing the SDK says during registration is lost.
    @Test func anEventDuringTheRegistrationIsTheFirstElement() async {
        let link = DeviceLink()
        link.connectsAtOnce = true
        link.connections = 1
        let observer = NSObject()
        var seen: [String] = []
        for await event in link.connect(for: observer, uuid: "sensor") {
            seen.append(Self.text(event))
            if seen.count == 4 { break }
        }
        #expect(seen == ["connected", "beat 1", "beat 2", "disconnected"])
        #expect(await eventually { link.invalidations == 1 })
        withExtendedLifetime(observer) {}
    }

    /// A heartbeat after the invalidation is no element: it is reported as after the consumer
    /// left, once, and nothing else is.
    @Test func aHeartbeatAfterTheInvalidationIsReportedNotYielded() async {
        let log = MisuseLog.install(for: "DeviceLink.connect")
        let link = DeviceLink()
        link.beatsAfterInvalidate = true
        link.connections = 1
        let observer = NSObject()
        var seen: [String] = []
        for await event in link.connect(for: observer, uuid: "sensor") {
            seen.append(Self.text(event))
            if seen.count == 2 { break }
        }
        #expect(seen == ["connected", "beat 1"])
        #expect(await eventually { log.all.contains { $0.kind == .eventAfterConsumerLeft } })
        // The step in flight at the stop may be reported too; never more than the link sent
        // after the two elements, and never as anything but after the consumer left.
        #expect(log.all.allSatisfy { $0.kind == .eventAfterConsumerLeft })
        #expect(log.all.count <= link.sent - 2)
        withExtendedLifetime(observer) {}
    }

    /// The event closures' calls, then the end closure ends the stream; the end stops the SDK
    /// once, as every stream's end does.
    @Test func eventsUntilTheEnd() async throws {
        let inbox = InboxFeed()
        var seen: [String] = []
        for try await event in inbox.watch() { seen.append(Self.text(event)) }
        #expect(seen == ["loading", "count 3", "count 2", "count 5"])
        #expect(await eventually { inbox.stopCount == 1 })
    }

    /// The failure closure fails the stream after the events before it; an end after the
    /// failure, and a count after that, are reports, not elements.
    @Test func theFailureFailsTheStreamAndLateCallsAreReported() async throws {
        let log = MisuseLog.install(for: "InboxFeed.watch")
        let inbox = InboxFeed()
        inbox.failure = .dropped
        inbox.endsAfterFailure = true
        inbox.countsAfterEnd = true
        var seen: [String] = []
        await #expect(throws: LinkError.dropped) {
            for try await event in inbox.watch() { seen.append(Self.text(event)) }
        }
        #expect(seen == ["loading", "count 3", "count 2", "count 5"])
        // The second end is a duplicate; the count after it an event after the finish.
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback, .eventAfterFinish] })
    }
}
