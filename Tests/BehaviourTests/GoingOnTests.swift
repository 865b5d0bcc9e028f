import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import TestSupport
import Testing

/// A stream whose SDK handler answers whether to go on (the GoingOn golden, like Mapbox's
/// `observeDataSource(with:)` and AMSMB2's `fetchedData`): `true` while the stream is consumed,
/// `false` once it has ended, so the SDK stops calling and lets the handler go. Serialized: the
/// misuse handler is global.
@Suite(.serialized) struct GoingOnTests {
    /// While consumed, every frame is answered `true` and yielded; a consumer that leaves gets
    /// the token cancelled once, and the next frame, if one comes first, is answered `false`.
    @Test func aConsumedStreamAnswersTrueAndItsEndStopsTheFeed() async throws {
        let feed = CameraFeed()
        var frames: [Int] = []
        for await frame in feed.observe() {
            frames.append(frame)
            if frames.count == 5 { break }
        }
        #expect(frames == [1, 2, 3, 4, 5])
        #expect(await eventually { !feed.isObserved })
        #expect(await eventually { feed.cancels == 1 })
        #expect(feed.stopsByAnswer <= 1)
    }

    /// An SDK that goes on after `false` is reported, never yielded to an ended stream.
    @Test func framesAfterAFalseAnswerAreReported() async throws {
        let log = MisuseLog.install(for: "CameraFeed.observe")
        let feed = CameraFeed()
        feed.ignoresAnswers = true
        feed.interval = 0.0005
        for await frame in feed.observe() where frame == 3 { break }
        // The cancel stops the feed; frames that raced it are reported, none yielded.
        #expect(await eventually { feed.cancels == 1 && !feed.isObserved })
        #expect(log.all.allSatisfy { $0.kind == .eventAfterConsumerLeft })
    }

    /// Chunks until the completion ends the stream; a consumer that stops early answers the
    /// next chunk `false`, and the reader stops there.
    @Test func chunksEndWithTheCompletionOrStopAtTheFirstFalse() async throws {
        let reader = ChunkReader()
        var read: [String] = []
        for try await data in reader.read(path: "f") { read.append(data) }
        #expect(read == ["a", "b", "c", "d"])
        reader.failure = .radioOff
        read = []
        await #expect(throws: ScanError.radioOff) {
            for try await data in reader.read(path: "f") { read.append(data) }
        }
        #expect(read == ["a", "b", "c", "d"])
        let early = ChunkReader()
        early.chunks = (1...1000).map(String.init)
        early.pause = 0.001
        for try await data in early.read(path: "f") where data == "2" { break }
        #expect(await eventually { early.isDone })
        #expect(early.handedOut < 1000)
    }

    /// Pages until the one handed `isFinished`, which is yielded and ends the stream; a consumer
    /// that stops after the first page answers the next `false`, and no page after it is read.
    @Test func pagesEndWithTheLastOrStopWhenTheConsumerLeaves() async throws {
        let reader = ChunkReader()
        var pages: [[String]] = []
        for try await (page, _) in reader.pages(size: 3) { pages.append(page) }
        #expect(pages == [["a", "b", "c"], ["d"]])
        reader.failure = .radioOff
        await #expect(throws: ScanError.radioOff) {
            for try await _ in reader.pages(size: 3) {}
        }
        // A thousand pages, a millisecond apart: a second or more for the stop to land, which
        // a loaded machine needs (a hundred pages, 0.1 s, was once not enough under CI).
        let early = ChunkReader()
        early.chunks = (1...10_000).map(String.init)
        early.pause = 0.001
        for try await _ in early.pages(size: 10) { break }
        #expect(await eventually { early.isDone })
        #expect(early.handedOut < 10_000)
    }
}
