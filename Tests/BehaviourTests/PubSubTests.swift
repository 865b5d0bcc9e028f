import BridgegenRuntime
import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// RediStack-style pub/sub bridged as a stream (the PubSub golden): every message, the end when
/// the subscription ends, the failure when it does not take, and the consumer's leaving undoes
/// the subscription once.
@Suite struct PubSubTests {
    @Test func messagesUntilTheConsumerLeavesWhichUnsubscribesOnce() async throws {
        let client = PubSubClient()
        let received = Locked([String]())
        let consumer = Task {
            for try await (channel, message) in client.subscribe(to: ["news"]) {
                received.withLock { $0.append(channel + ":" + message) }
                if received.withLock({ $0.count }) == 2 { break }
            }
        }
        #expect(await eventually { client.subscribedChannels == ["news"] })
        client.publish("a", to: "news")
        client.publish("b", to: "news")
        try await consumer.value
        #expect(received.withLock { $0 } == ["news:a", "news:b"])
        #expect(await eventually { client.unsubscribeCount == 1 && client.subscribedChannels.isEmpty })
        try await Task.sleep(for: .milliseconds(20))
        #expect(client.unsubscribeCount == 1)
    }

    @Test func theSubscriptionsEndEndsTheStream() async throws {
        let client = PubSubClient()
        let count = Locked(0)
        let consumer = Task {
            for try await _ in client.subscribe(to: ["news"]) { count.withLock { $0 += 1 } }
        }
        #expect(await eventually { client.subscribedChannels == ["news"] })
        client.publish("a", to: "news")
        #expect(await eventually { count.withLock { $0 } == 1 })
        client.unsubscribe(from: ["news"])
        try await withWatchdog { try await consumer.value }
    }

    @Test func aSubscriptionThatDoesNotTakeFailsTheStream() async throws {
        let client = PubSubClient()
        client.refusesSubscriptions = true
        await #expect(throws: PhotoError.notFound) {
            try await withWatchdog {
                for try await _ in client.subscribe(to: ["news"]) {}
            }
        }
    }

    /// `@stream(results)` (mqtt-nio's listeners): each Result is an event, a failure too, and the
    /// listening goes on after it; the consumer leaving removes the listener by its name.
    @Test func aListenersFailureIsOneEventNotTheEnd() async throws {
        let client = PubSubClient()
        let consumer = Task {
            var received: [String] = []
            for await result in client.addMessageListener(named: "log") {
                switch result {
                case .success(let message): received.append(message)
                case .failure: received.append("failure")
                }
                if received.count == 3 { break }
            }
            return received
        }
        #expect(await eventually { client.messageListenerNames == ["log"] })
        client.deliver(.success("a"))
        client.deliver(.failure(PhotoError.notFound))
        client.deliver(.success("b"))
        #expect(try await withWatchdog { await consumer.value } == ["a", "failure", "b"])
        #expect(await eventually { client.messageListenerNames.isEmpty })
    }

    /// Pusher's `bind(eventName:eventCallback:) -> String`: events until the consumer leaves,
    /// which unbinds the returned id under the method's own event name, once.
    @Test func theConsumerLeavingUnbindsTheReturnedIdUnderItsName() async throws {
        let client = PubSubClient()
        let other = client.bind(eventName: "news") { _ in }
        let consumer = Task {
            var received: [String] = []
            for await data in client.bind(eventName: "news") {
                received.append(data)
                if received.count == 2 { break }
            }
            return received
        }
        #expect(await eventually { client.boundIDs.count == 2 })
        client.trigger(eventName: "news", data: "a")
        client.trigger(eventName: "news", data: "b")
        #expect(try await withWatchdog { await consumer.value } == ["a", "b"])
        #expect(await eventually { client.unbinds.count == 1 })
        #expect(client.unbinds == ["news/id2"])
        #expect(client.boundIDs == [other])
    }
}
