import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing

/// Notification streams (`@notification`, the `Notifications` golden) against real
/// NotificationCenters. Each test uses its own center, or the default center with its own
/// monitor object, and tags its battery notifications, so the probe in the fixture can tell
/// whether a stream's observer is still registered: once it is removed, posting no longer
/// reaches the mapping function.
@Suite(.serialized) struct NotificationTests {
    /// Posts `level` with `tag` until the mapping function stops being called: the observer is
    /// gone. False if it is still there after fifteen seconds: the removal runs on another
    /// thread, which on a loaded machine (load 7 on 2 cores) can wait longer than 2 s to run.
    func observerRemoved(tag: String, center: NotificationCenter) async -> Bool {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let before = NotificationProbe.mapCalls(tag: tag)
            NotificationProbe.postBattery(0.5, tag: tag, to: center)
            if NotificationProbe.mapCalls(tag: tag) == before { return true }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return false
    }

    func collect<T: Sendable>(_ stream: AsyncStream<T>, count: Int) async throws -> [T] {
        try await withWatchdog {
            var values: [T] = []
            for await value in stream {
                values.append(value)
                if values.count == count { break }
            }
            return values
        }
    }

    @Test func notificationsPostedBeforeTheFirstIterationAreKeptInOrder() async throws {
        let center = NotificationCenter()
        let tag = UUID().uuidString
        do {
            let levels = center.batteryLevels()
            for level in [0.1, 0.2, 0.3] { NotificationProbe.postBattery(level, tag: tag, to: center) }
            #expect(try await collect(levels, count: 3) == [0.1, 0.2, 0.3])
        }
        // The loop left and the stream was released: its observer goes.
        #expect(await observerRemoved(tag: tag, center: center))
    }

    @Test func aNilFromTheMappingFunctionSkipsTheNotification() async throws {
        let center = NotificationCenter()
        let tag = UUID().uuidString
        let levels = center.batteryLevels()
        NotificationProbe.postBattery(nil, tag: tag, to: center)
        NotificationProbe.postBattery(0.7, tag: tag, to: center)
        #expect(try await collect(levels, count: 1) == [0.7])
        #expect(NotificationProbe.mapCalls(tag: tag) == 2)
    }

    @Test func postsFromManyThreadsAllArrive() async throws {
        let center = NotificationCenter()
        let tag = UUID().uuidString
        let threads = 8
        let perThread = 250
        do {
            let levels = center.batteryLevels()
            for thread in 0..<threads {
                Thread.detachNewThread {
                    for index in 0..<perThread {
                        NotificationProbe.postBattery(Double(thread * perThread + index), tag: tag, to: center)
                    }
                }
            }
            let values = try await collect(levels, count: threads * perThread)
            #expect(Set(values) == Set((0..<threads * perThread).map(Double.init)))
        }
        #expect(await observerRemoved(tag: tag, center: center))
    }

    @Test func postsAfterTheConsumerLeftAreDroppedAndTheObserverIsRemoved() async throws {
        let center = NotificationCenter()
        let tag = UUID().uuidString
        do {
            let levels = center.batteryLevels()
            NotificationProbe.postBattery(0.1, tag: tag, to: center)
            #expect(try await collect(levels, count: 1) == [0.1])
        }
        // Posts racing with the removal (it runs on another thread) reach a finished stream.
        for _ in 0..<100 { NotificationProbe.postBattery(0.9, tag: tag, to: center) }
        #expect(await observerRemoved(tag: tag, center: center))
    }

    @Test func cancellingTheConsumingTaskEndsTheStreamAndRemovesTheObserver() async throws {
        let center = NotificationCenter()
        let tag = UUID().uuidString
        let levels = center.batteryLevels()
        let task = Task { () -> Int in
            var count = 0
            for await _ in levels { count += 1 }
            return count
        }
        NotificationProbe.postBattery(0.3, tag: tag, to: center)
        #expect(await eventually { NotificationProbe.mapCalls(tag: tag) == 1 })
        task.cancel()
        let count = try await withWatchdog { await task.value }
        #expect(count <= 1)
        #expect(await observerRemoved(tag: tag, center: center))
    }

    @Test func aStreamDroppedUnreadRemovesItsObserver() async throws {
        let center = NotificationCenter()
        let tag = UUID().uuidString
        do {
            let levels = center.batteryLevels()
            NotificationProbe.postBattery(0.3, tag: tag, to: center)
            _ = levels
        }
        #expect(await observerRemoved(tag: tag, center: center))
    }

    @Test func aConsumerAlreadyCancelledNeverObserves() async throws {
        let center = NotificationCenter()
        let tag = UUID().uuidString
        let values = try await withWatchdog { () async -> [Double] in
            withUnsafeCurrentTask { $0?.cancel() }
            let levels = center.batteryLevels()
            NotificationProbe.postBattery(0.4, tag: tag, to: center)
            var values: [Double] = []
            for await value in levels { values.append(value) }
            return values
        }
        #expect(values.isEmpty)
        #expect(NotificationProbe.mapCalls(tag: tag) == 0)
    }

    @Test func notificationsAreDeliveredOnTheGivenQueue() async throws {
        let center = NotificationCenter()
        let tag = UUID().uuidString
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        do {
            let levels = center.batteryLevels(on: queue)
            NotificationProbe.postBattery(0.25, tag: tag, to: center)
            NotificationProbe.postBattery(0.75, tag: tag, to: center)
            #expect(try await collect(levels, count: 2) == [0.25, 0.75])
        }
        #expect(await observerRemoved(tag: tag, center: center))
    }

    @Test func onlyTheGivenSendersNotificationsArriveAndANewestBufferKeepsTheLast() async throws {
        let center = NotificationCenter()
        let watched = ReachabilityMonitor()
        let other = ReachabilityMonitor()
        let updates = center.reachabilityUpdates(of: watched)
        other.post(.cellular, to: center)
        watched.post(.unreachable, to: center)
        watched.post(.wifi, to: center)
        other.post(.unreachable, to: center)
        // `bufferingNewest: 1`: of the two statuses posted before iterating, the newest stays.
        #expect(try await collect(updates, count: 1) == [.wifi])
    }

    @Test func theSDKsOwnTypeObservesTheDefaultCenter() async throws {
        let monitor = ReachabilityMonitor()
        let updates = monitor.statusUpdates()
        let everything = ReachabilityMonitor.anyStatusUpdates()
        monitor.post(.cellular)
        ReachabilityMonitor().post(.unreachable)
        monitor.post(.wifi)
        #expect(try await collect(updates, count: 2) == [.cellular, .wifi])
        #expect(try await collect(everything, count: 3) == [.cellular, .unreachable, .wifi])
    }

    @Test func nothingIsKeptAliveAfterTheStreamEnds() async throws {
        weak var weakCenter: NotificationCenter?
        weak var weakMonitor: ReachabilityMonitor?
        let values = try await { () async throws -> [ReachabilityStatus] in
            let center = NotificationCenter()
            let monitor = ReachabilityMonitor()
            weakCenter = center
            weakMonitor = monitor
            let updates = center.reachabilityUpdates(of: monitor)
            monitor.post(.wifi, to: center)
            return try await collect(updates, count: 1)
        }()
        #expect(values == [.wifi])
        #expect(await eventually { weakCenter == nil && weakMonitor == nil })
    }
}
