import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
@testable import GoldenFakes
import Testing
import TestSupport

/// Where a fake lives: beside the adapters (`--test-doubles`), or in a test module of its own
/// that imports the app's (`--test-doubles fakes --fakes-import`, GoldenFakes), as apps lay them
/// out. Both run the scripts of the one runtime module.
enum FakeLayout: String, CaseIterable, Sendable {
    case beside, testOnly

    /// A fake terminal of this layout, and its scripts.
    struct Fake: @unchecked Sendable {
        // @unchecked: the fakes and their scripts are thread-safe.
        let client: any AsyncTerminal & Sendable
        let charge: BridgegenScript<Int, Int>
        let printReceipt: BridgegenScript<Int, Int>
        let observeStatus: BridgegenStreamScript<String, Void>
        let watchStatus: BridgegenStreamScript<String, Void>
    }

    func make() -> Fake {
        switch self {
        case .beside:
            let fake = GoldenAdapters.FakeTerminal()
            return Fake(
                client: fake, charge: fake.chargeScript, printReceipt: fake.printReceiptScript,
                observeStatus: fake.observeStatusScript, watchStatus: fake.watchStatusScript)
        case .testOnly:
            let fake = GoldenFakes.FakeTerminal()
            return Fake(
                client: fake, charge: fake.chargeScript, printReceipt: fake.printReceiptScript,
                observeStatus: fake.observeStatusScript, watchStatus: fake.watchStatusScript)
        }
    }
}

/// Every script kind, through a fake of each layout and through the real adapter over the
/// fixture terminal misbehaving the same way: the caller sees the same outcome, the SDK the same
/// cancels, callbacks and stops, and the handler the same reports. For the cancellable `charge`,
/// a method the SDK cannot cancel (`@cancel(none)`), and both kinds of stream with every ending a
/// script can give. Part of the serialized `TestDoublesTests`: every test of the terminal's
/// adapters reads reports of the same adapter names, so none may run beside another.
extension TestDoublesTests {
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

    @Test(arguments: FakeLayout.allCases, 0..<TestDoublesTests.behaviours.count)
    func aCancellableMethod(layout: FakeLayout, _ index: Int) async throws {
        let (name, behavior, step, cancels) = TestDoublesTests.behaviours[index]
        let terminal = Terminal()
        terminal.behavior = behavior
        let real = try await Self.observe(
            adapter: "Terminal.charge(amount:)", cancel: cancels, started: { terminal.startCount > 0 },
            cancels: { terminal.cancelCount }, callbacks: { terminal.callbackCount }
        ) { try await terminal.charge(amount: 42) }
        let fake = layout.make()
        fake.charge.respond(step)
        let faked = try await Self.observe(
            adapter: "Terminal.charge(amount:)", cancel: cancels, started: { !fake.charge.calls.isEmpty },
            cancels: { fake.charge.cancelCount }, callbacks: { fake.charge.callbackCount }
        ) { try await fake.client.charge(amount: 42) }
        #expect(faked == real, "\(layout) \(name)")
        // Callbacks after the outcome was decided are counted as dropped.
        #expect(fake.charge.droppedCount == (["twice": 1, "after cancellation": 1][name] ?? 0), "\(layout) \(name)")
        #expect(fake.charge.calls.allSatisfy { $0 == 42 })
    }

    /// `printReceipt` has no cancel: cancelling the task ends the wait, and neither the real SDK
    /// nor the fake is asked to cancel (so `afterCancellation` never answers either).
    @Test(arguments: FakeLayout.allCases, 0..<TestDoublesTests.behaviours.count)
    func anUncancellableMethod(layout: FakeLayout, _ index: Int) async throws {
        let (name, behavior, step, cancels) = TestDoublesTests.behaviours[index]
        let terminal = Terminal()
        terminal.behavior = behavior
        let real = try await Self.observe(
            adapter: "Terminal.printReceipt(id:)", cancel: cancels, started: { terminal.startCount > 0 },
            cancels: { terminal.cancelCount }, callbacks: { terminal.callbackCount }
        ) { try await terminal.printReceipt(id: 42) }
        let fake = layout.make()
        fake.printReceipt.respond(step)
        let faked = try await Self.observe(
            adapter: "Terminal.printReceipt(id:)", cancel: cancels, started: { !fake.printReceipt.calls.isEmpty },
            cancels: { fake.printReceipt.cancelCount }, callbacks: { fake.printReceipt.callbackCount }
        ) { try await fake.client.printReceipt(id: 42) }
        #expect(faked == real, "\(layout) \(name)")
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

    @Test(arguments: FakeLayout.allCases, 0..<throwingEndings.count)
    func aThrowingStream(layout: FakeLayout, _ index: Int) async throws {
        let (ending, end) = Self.throwingEndings[index]
        let terminal = Terminal()
        terminal.statusEnding = ending
        let open = ending == .open
        let real = try await Self.consume(
            { terminal.watchStatus() }, adapter: "Terminal.watchStatus()", open: open, stops: { terminal.statusStops })
        let fake = layout.make()
        fake.watchStatus.respond(.events(["ready", "busy"], then: end))
        let faked = try await Self.consume(
            { fake.client.watchStatus() }, adapter: "Terminal.watchStatus()", open: open, stops: { fake.watchStatus.stopCount })
        #expect(faked == real, "\(layout) \(ending)")
        #expect(real.values == ["ready", "busy"])
    }

    /// A plain `(String) -> Void` stream can only end by the SDK letting go of its handler, or
    /// stay open until it is stopped.
    @Test(arguments: FakeLayout.allCases, [true, false])
    func aPlainStream(layout: FakeLayout, open: Bool) async throws {
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
        let fake = layout.make()
        fake.observeStatus.respond(.events(["ready", "busy"], then: open ? .open : .finish))
        let faked = try await Self.consume(
            { throwing(fake.client.observeStatus()) }, adapter: "Terminal.observeStatus()", open: open,
            stops: { fake.observeStatus.stopCount })
        #expect(faked == real, "\(layout) open: \(open)")
        #expect(real.values == ["ready", "busy"])
    }
}
