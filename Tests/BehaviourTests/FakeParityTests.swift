import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing
import TestSupport

/// Every script kind, through a fake and through the real adapter over the fixture terminal
/// misbehaving the same way: the caller sees the same outcome, the SDK the same cancels and
/// stops, and the handler the same reports. `TestDoublesTests` does this for the cancellable
/// `charge`; here for a method the SDK cannot cancel (`@cancel(none)`) and for both kinds of
/// stream with every ending a script can give. Serialized: fake and real report as one adapter.
@Suite(.serialized) struct FakeParityTests {
    struct Observed: Equatable {
        var outcome: String
        var reports: [BridgegenMisuse.Kind]
        var cancels: Int
        var callbacks: Int
    }

    static func observe(
        adapter: String, cancel: Bool, started: @escaping @Sendable () -> Bool, cancels: @escaping @Sendable () -> Int,
        callbacks: @escaping @Sendable () -> Int, _ call: @escaping @Sendable () async throws -> Int
    ) async throws -> Observed {
        let log = MisuseLog.install(for: adapter)
        let task = Task { try await call() }
        if cancel {
            #expect(await eventually { started() })
            task.cancel()
        }
        let outcome: String
        do {
            outcome = "\(try await withWatchdog { try await task.value })"
        } catch {
            outcome = "\(type(of: error)): \(error)"
        }
        // Late and duplicate callbacks arrive on the SDK's thread after the outcome.
        try await Task.sleep(for: .milliseconds(60))
        return Observed(outcome: outcome, reports: log.all.map(\.kind), cancels: cancels(), callbacks: callbacks())
    }

    /// `printReceipt` has no cancel: cancelling the task ends the wait, and neither the real SDK
    /// nor the fake is asked to cancel (so `afterCancellation` never answers either).
    @Test(arguments: 0..<TestDoublesTests.behaviours.count)
    func anUncancellableMethod(_ index: Int) async throws {
        let (name, behavior, step, cancels) = TestDoublesTests.behaviours[index]
        let terminal = Terminal()
        terminal.behavior = behavior
        let real = try await Self.observe(
            adapter: "Terminal.printReceipt(id:)", cancel: cancels, started: { terminal.startCount > 0 },
            cancels: { terminal.cancelCount }, callbacks: { terminal.callbackCount }
        ) { try await terminal.printReceipt(id: 42) }
        let fake = FakeTerminal()
        fake.printReceiptScript.respond(step)
        let faked = try await Self.observe(
            adapter: "Terminal.printReceipt(id:)", cancel: cancels, started: { !fake.printReceiptScript.calls.isEmpty },
            cancels: { fake.printReceiptScript.cancelCount }, callbacks: { fake.printReceiptScript.callbackCount }
        ) { try await fake.printReceipt(id: 42) }
        #expect(faked == real, "\(name)")
        #expect(real.cancels == 0, "\(name): nothing can cancel printing")
    }

    struct StreamObserved: Equatable {
        var values: [String]
        var ending: String
        var reports: [BridgegenMisuse.Kind]
        var stops: Int
    }

    /// Reads two events, then, for an open stream, leaves; otherwise reads to the end. The
    /// stream is made inside: one still referenced after its loop broke has not ended.
    static func consume(
        _ stream: @escaping @Sendable () -> AsyncThrowingStream<String, any Error>, adapter: String, open: Bool,
        stops: @escaping @Sendable () -> Int
    ) async throws -> StreamObserved {
        let log = MisuseLog.install(for: adapter)
        let (values, ending) = try await withWatchdog { () async -> ([String], String) in
            var values: [String] = []
            do {
                for try await value in stream() {
                    values.append(value)
                    if open && values.count == 2 { return (values, "left") }
                }
                return (values, "finished")
            } catch {
                return (values, "\(error)")
            }
        }
        if open { #expect(await eventually { stops() == 1 }) }
        try await Task.sleep(for: .milliseconds(60))
        return StreamObserved(values: values, ending: ending, reports: log.all.map(\.kind), stops: stops())
    }

    static let throwingEndings: [(Terminal.StatusEnding, BridgegenEventsStep<String>.End)] = [
        (.finish, .finish), (.failure, .failure(FixtureError.failed)), (.open, .open), (.moreAfterFinish, .moreAfterFinish(["late"])),
    ]

    @Test(arguments: 0..<throwingEndings.count)
    func aThrowingStream(_ index: Int) async throws {
        let (ending, end) = Self.throwingEndings[index]
        let terminal = Terminal()
        terminal.statusEnding = ending
        let open = ending == .open
        let real = try await Self.consume(
            { terminal.watchStatus() }, adapter: "Terminal.watchStatus()", open: open, stops: { terminal.statusStops })
        let fake = FakeTerminal()
        fake.watchStatusScript.respond(.events(["ready", "busy"], then: end))
        let faked = try await Self.consume(
            { fake.watchStatus() }, adapter: "Terminal.watchStatus()", open: open, stops: { fake.watchStatusScript.stopCount })
        #expect(faked == real, "\(ending)")
        #expect(real.values == ["ready", "busy"])
    }

    /// A plain `(String) -> Void` stream can only end by the SDK letting go of its handler, or
    /// stay open until it is stopped.
    @Test(arguments: [true, false])
    func aPlainStream(open: Bool) async throws {
        let terminal = Terminal()
        terminal.statusEnding = open ? .open : .finish
        @Sendable func throwing(_ stream: AsyncStream<String>) -> AsyncThrowingStream<String, any Error> {
            AsyncThrowingStream { continuation in
                let task = Task {
                    for await value in stream { continuation.yield(value) }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
        let real = try await Self.consume(
            { throwing(terminal.observeStatus()) }, adapter: "Terminal.observeStatus()", open: open, stops: { terminal.statusStops })
        let fake = FakeTerminal()
        fake.observeStatusScript.respond(.events(["ready", "busy"], then: open ? .open : .finish))
        let faked = try await Self.consume(
            { throwing(fake.observeStatus()) }, adapter: "Terminal.observeStatus()", open: open,
            stops: { fake.observeStatusScript.stopCount })
        #expect(faked == real, "open: \(open)")
        #expect(real.values == ["ready", "busy"])
    }
}
