import FixtureSDK
import Foundation
@testable import GoldenAdapters
import Testing
import TestSupport

/// Randomized interleavings for notification streams: threads posting while the consumer reads,
/// leaves after a few values, is cancelled at a random moment, was cancelled before it asked, or
/// drops the stream unread. Every trial must end, deliver only what was posted (each post at
/// most once), and leave no observer behind: once the stream has ended, posting no longer
/// reaches the mapping function.
@Suite struct NotificationStressTests {
    enum Consumer: CaseIterable, Sendable {
        case takeSome, cancelAfterDelay, cancelledBeforeStart, dropUnread
    }

    struct Trial: Sendable, CustomStringConvertible {
        var posters: Int
        var postsEach: Int
        var take: Int
        var consumer: Consumer
        var onQueue: Bool
        var cancelDelay: UInt64

        var description: String {
            "notifications posters=\(posters)×\(postsEach) consumer=\(consumer) take=\(take) queue=\(onQueue)"
        }

        /// Taking more values than are posted would wait forever, rightly.
        var canEnd: Bool { consumer != .takeSome || take <= posters * postsEach }

        static func random(using generator: inout some RandomNumberGenerator) -> Trial {
            Trial(
                posters: Int.random(in: 0...3, using: &generator),
                postsEach: Int.random(in: 0...20, using: &generator),
                take: Int.random(in: 0...10, using: &generator),
                consumer: Consumer.allCases.randomElement(using: &generator)!,
                onQueue: Bool.random(using: &generator),
                cancelDelay: UInt64.random(in: 0...1_000_000, using: &generator))
        }
    }

    /// Starts the posting threads; each posts `count` distinct levels.
    static func post(_ trial: Trial, tag: String, to center: NotificationCenter) {
        for poster in 0..<trial.posters {
            Thread.detachNewThread {
                for index in 0..<trial.postsEach {
                    NotificationProbe.postBattery(Double(poster * 1_000 + index), tag: tag, to: center)
                }
            }
        }
    }

    static func run(_ trial: Trial) async -> [Double] {
        let center = NotificationCenter()
        let tag = UUID().uuidString
        let queue: OperationQueue? = trial.onQueue ? OperationQueue() : nil
        let consume = { @Sendable (levels: AsyncStream<Double>, limit: Int) async -> [Double] in
            var values: [Double] = []
            if limit == 0 { return values }
            for await value in levels {
                values.append(value)
                if values.count == limit { break }
            }
            return values
        }
        var values: [Double] = []
        switch trial.consumer {
        case .takeSome:
            let levels = center.batteryLevels(on: queue)
            post(trial, tag: tag, to: center)
            values = await consume(levels, trial.take)
        case .cancelAfterDelay:
            let levels = center.batteryLevels(on: queue)
            let task = Task { await consume(levels, .max) }
            post(trial, tag: tag, to: center)
            try? await Task.sleep(nanoseconds: trial.cancelDelay)
            task.cancel()
            values = await task.value
        case .cancelledBeforeStart:
            values = await Task { () async -> [Double] in
                withUnsafeCurrentTask { $0?.cancel() }
                let levels = center.batteryLevels(on: queue)
                post(trial, tag: tag, to: center)
                return await consume(levels, .max)
            }.value
        case .dropUnread:
            _ = center.batteryLevels(on: queue)
            post(trial, tag: tag, to: center)
        }
        // The observer must be gone: a post no longer reaches the mapping function.
        // The removal is handed to a Dispatch queue: on a busy machine that can take seconds, so
        // the deadline only catches an observer that is never removed.
        var removed = false
        let deadline = Date().addingTimeInterval(30)
        /// Deliveries on the queue run later: wait until it is idle.
        func idle() async {
            while let queue, queue.operationCount > 0, Date() < deadline {
                try? await Task.sleep(nanoseconds: 100_000)
            }
        }
        while !removed && Date() < deadline {
            await idle()
            let before = NotificationProbe.mapCalls(tag: tag)
            NotificationProbe.postBattery(-1, tag: tag, to: center)
            await idle()
            removed = NotificationProbe.mapCalls(tag: tag) == before
            if !removed { try? await Task.sleep(nanoseconds: 200_000) }
        }
        #expect(removed, "\(trial): the observer is still registered")
        return values
    }

    @Test func randomizedNotificationInterleavings() async throws {
        let trials = drawTrials(seed: 0x0B5E_4E5, { Trial.random(using: &$0) }, canEnd: \.canEnd)
        try await runInBatches(trials) { trial in
            let values = await Self.run(trial)
            let posted = Set((0..<trial.posters).flatMap { poster in
                (0..<trial.postsEach).map { Double(poster * 1_000 + $0) }
            })
            #expect(Set(values).count == values.count, "\(trial): a post arrived twice")
            #expect(values.allSatisfy(posted.contains), "\(trial): a value nobody posted arrived")
            switch trial.consumer {
            case .takeSome: #expect(values.count == trial.take, "\(trial): \(values.count) values")
            case .cancelledBeforeStart, .dropUnread: #expect(values.isEmpty, "\(trial)")
            case .cancelAfterDelay: break
            }
        }
    }
}
