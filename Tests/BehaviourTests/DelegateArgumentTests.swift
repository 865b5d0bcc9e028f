import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing

/// A delegate the caller passes with each call (the DelegateArgument golden), against an SDK that
/// holds it weakly, runs calls side by side, finishes and then fails, or never answers.
/// Serialized: the misuse handler is global.
@Suite(.serialized) struct DelegateArgumentTests {
    /// The SDK holds the delegate weakly and answers later: the call keeps it alive while it
    /// waits, and releases it when it ends.
    @Test func theDelegateLivesAsLongAsTheCall() async throws {
        let downloader = Downloader()
        downloader.delay = 0.05
        let data = try await withWatchdog { try await downloader.data(from: "a") }
        #expect(data == Data("a".utf8))
        #expect(await eventually { !downloader.lastDelegateIsAlive })
        downloader.silent = true
        let task = Task { try await downloader.data(from: "held") }
        #expect(await eventually { downloader.started == 2 })
        #expect(downloader.lastDelegateIsAlive)
        task.cancel()
        _ = await task.result
        #expect(await eventually { !downloader.lastDelegateIsAlive })
        downloader.silent = false
        downloader.failing = true
        await #expect(throws: PhotoError.notFound) { try await withWatchdog { try await downloader.data(from: "a") } }
    }

    /// Each call makes its own delegate: calls on one owner run side by side, none is busy.
    @Test func callsRunSideBySide() async throws {
        let downloader = Downloader()
        let results = try await withThrowingTaskGroup(of: Data.self) { group in
            for url in ["a", "bb", "ccc", "dddd"] { group.addTask { try await downloader.data(from: url) } }
            var all: [Data] = []
            for try await data in group { all.append(data) }
            return all
        }
        #expect(Set(results) == Set(["a", "bb", "ccc", "dddd"].map { Data($0.utf8) }))
        #expect(downloader.started == 4)
    }

    /// A failure after the answer is dropped and reported, never a second resume.
    @Test func aFailureAfterTheAnswerIsReported() async throws {
        let log = MisuseLog.install(for: "Downloader.data")
        let downloader = Downloader()
        downloader.finishesTwice = true
        #expect(try await downloader.data(from: "a") == Data("a".utf8))
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// An SDK that never answers: cancelling the task ends the call at once.
    @Test func cancellingAWaitingCallThrowsCancellationError() async throws {
        let downloader = Downloader()
        downloader.silent = true
        let task = Task { try await downloader.data(from: "slow") }
        #expect(await eventually { downloader.started == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await withWatchdog { try await task.value } }
    }

    /// As a stream: the events, then the end; the failure throws; the delegate lives as long as
    /// the stream.
    @Test func aStreamOfTheDelegatesEvents() async throws {
        let downloader = Downloader()
        var sizes: [Int] = []
        for try await bytes in downloader.progress(from: "abc") { sizes.append(bytes) }
        #expect(sizes == [3])
        #expect(await eventually { !downloader.lastDelegateIsAlive })
        downloader.failing = true
        await #expect(throws: PhotoError.notFound) {
            for try await _ in downloader.progress(from: "abc") {}
        }
    }
}
