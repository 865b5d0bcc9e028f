import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// Streams whose SDK registration is itself `async` (the AsyncRegistrations golden): a channel
/// like Appwrite's `Realtime`, whose objects are not `Sendable` and whose subscription's
/// `close()` is `async throws`, and an actor like Supabase's `AuthClient`. The registration runs
/// in a task of its own; however the stream ends, the token is stopped exactly once, now or as
/// soon as the registration returns it.
@Suite struct AsyncRegistrationTests {
    /// The event sent inside `subscribe` comes first; leaving closes the subscription once.
    @Test func eventsFlowUntilTheConsumerLeavesThenTheSubscriptionClosesOnce() async throws {
        let channel = LiveChannel()
        channel.greets = true
        var payloads: [String] = []
        for try await event in channel.events(topic: "photos") {
            payloads.append(event.payload)
            if payloads == ["hello"] {
                channel.send("a")
                channel.send("b")
            }
            if payloads.count == 3 { break }
        }
        #expect(payloads == ["hello", "a", "b"])
        #expect(await eventually { channel.subscriptions.first?.closeCount == 1 && channel.subscriberCount == 0 })
        try await Task.sleep(for: .milliseconds(20))
        #expect(channel.subscriptions.map(\.closeCount) == [1])
        #expect(channel.subscribeCalls == 1)
    }

    /// A registration that throws fails the stream with its error; there is nothing to close.
    @Test func aRefusedRegistrationFailsTheStream() async throws {
        let channel = LiveChannel()
        channel.refusesRegistrations = true
        var received = 0
        do {
            for try await _ in channel.events(topic: "photos") { received += 1 }
            Issue.record("the stream ended without the registration's error")
        } catch {
            #expect(error as? LiveError == .refused)
        }
        #expect(received == 0)
        #expect(channel.subscriptions.isEmpty && channel.subscriberCount == 0)
    }

    /// The consumer leaves while `subscribe` is still waiting for its socket: the subscription
    /// it returns later is closed at once, so no callback stays registered.
    @Test func aConsumerThatLeavesDuringTheRegistrationStillClosesItsToken() async throws {
        let channel = LiveChannel()
        channel.holdsRegistrations = true
        let log = MisuseLog.install(for: "LiveChannel.events(topic:")
        do {
            let stream = channel.events(topic: "photos")
            #expect(await eventually { channel.heldRegistrations == 1 })
            withExtendedLifetime(stream) {}
        }
        channel.holdsRegistrations = false
        #expect(await eventually { channel.subscriptions.first?.closeCount == 1 && channel.subscriberCount == 0 })
        try await Task.sleep(for: .milliseconds(20))
        #expect(channel.subscriptions.map(\.closeCount) == [1])
        // The consumer left: what the registration does after that is no SDK bug.
        #expect(log.all.isEmpty, "\(log.all)")
    }

    /// A task already cancelled when it asks registers nothing: `subscribe` is never called.
    @Test func anAlreadyCancelledTaskRegistersNothing() async throws {
        nonisolated(unsafe) let channel = LiveChannel()
        let consumer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var received = 0
            do {
                for try await _ in channel.events(topic: "photos") { received += 1 }
            } catch {
                return (received, error is CancellationError)
            }
            return (received, false)
        }
        let (received, threwCancellation) = await consumer.value
        #expect(received == 0 && threwCancellation)
        try await Task.sleep(for: .milliseconds(20))
        #expect(channel.subscribeCalls == 0)
    }

    /// A stop that throws (the socket already gone) is the SDK's to handle: the error is dropped,
    /// the stop was made once, and the callback is gone.
    @Test func aStopThatThrowsIsMadeOnceAndItsErrorDropped() async throws {
        let channel = LiveChannel()
        channel.greets = true
        channel.closeFails = true
        for try await _ in channel.events(topic: "photos") { break }
        #expect(await eventually { channel.subscriptions.first?.closeCount == 1 && channel.subscriberCount == 0 })
    }

    /// An actor's registration that cannot fail, with an opaque token: the current state first,
    /// then each change; leaving removes the listener once.
    @Test func anActorsRegistrationStreamsItsChanges() async throws {
        let store = SessionStore(user: "ann")
        var seen: [String] = []
        for await (event, user) in store.changes() {
            seen.append("\(event):\(user ?? "-")")
            if event == .initial { await store.signIn("bob") }
            if seen.count == 2 { break }
        }
        #expect(seen == ["initial:ann", "signedIn:bob"])
        #expect(await eventually { store.madeRegistrations.first?.removeCount == 1 })
        var listeners = await store.listenerCount
        for _ in 0..<1000 where listeners != 0 {
            try await Task.sleep(for: .milliseconds(5))
            listeners = await store.listenerCount
        }
        #expect(listeners == 0)
        #expect(store.madeRegistrations.map(\.removeCount) == [1])
    }
}
