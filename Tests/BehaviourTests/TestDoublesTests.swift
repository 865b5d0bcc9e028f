import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing
import TestSupport

/// A fake runs its script through the same runtime as the real adapter: for every kind of
/// script, the fake and the real adapter over an SDK behaving the same way give the same
/// result, the same error and the same reports. Serialized: both report as the same adapter.
@Suite(.serialized) struct TestDoublesTests {
    /// The same behaviour, as the fixture SDK's knob and as a script step.
    static let behaviours: [(String, Terminal.Behavior, BridgegenCallbackStep<Int>, cancels: Bool)] = [
        ("value", .value(after: 0.01), .value(42, after: 0.01), false),
        ("error", .error(after: 0), .error(FixtureError.failed), false),
        ("twice", .twice, .twice(42, then: 43), false),
        ("synchronously", .synchronously, .synchronously(42), false),
        ("after cancellation", .afterCancellation, .afterCancellation(42), true),
        ("never", .never, .never, true),
        ("released uncalled", .releasedUncalled, .releasedUncalled, false),
        ("start throws", .startThrows, .startThrows(FixtureError.startRefused), false),
    ]

    /// Steps run in order, the last repeating: a failure then a success is a retried success.
    @Test func aRetriedSuccessAndRecordedCalls() async throws {
        let fake = FakeTerminal()
        fake.chargeScript.respond(.error(FixtureError.failed), .value(7))
        #expect(try await fake.charge(amount: 5) == 7)
        #expect(fake.chargeScript.calls == [5, 5] && fake.chargeScript.callbackCount == 2)
        #expect(try await fake.charge(amount: 6) == 7)
    }

    /// The adapter's timeout applies to the fake: a script that never answers times out.
    @Test func theTimeoutApplies() async throws {
        let fake = FakeTerminal()
        fake.chargeScript.respond(.never)
        await #expect(throws: BridgegenError.timedOut(adapter: "Terminal.charge(amount:)", seconds: 5)) {
            try await withWatchdog { try await fake.charge(amount: 1) }
        }
        #expect(await eventually { fake.chargeScript.cancelCount == 1 })
    }

    /// A delegate adapter's fake is scripted like any method, with the block's timeout.
    @Test func delegateAdaptersAreScriptedToo() async throws {
        let fake = FakeCardReader()
        fake.readCardScript.respond(.value("4242", after: 0.01))
        #expect(try await fake.readCard() == "4242")
        let real = try await CardReader().readCard()
        #expect(real == "4242")
    }

    /// A delegate adapter that cancels its SDK (`@cancel(stopReading())`) asks its fake to cancel
    /// too, as every other adapter's fake does: the delegate adapter is one adapter model.
    @Test func aDelegateAdaptersFakeIsAskedToCancel() async throws {
        let fake = FakeCardReader()
        fake.readCardScript.respond(.never)
        let task = Task { try await fake.readCard() }
        #expect(await eventually { fake.readCardScript.calls.count == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await withWatchdog { try await task.value } }
        #expect(await eventually { fake.readCardScript.cancelCount == 1 })
    }

    @Test func anUnscriptedCallThrowsAndSaysSo() async {
        let fake = FakeTerminal()
        await #expect(throws: BridgegenUnscriptedCall.self) { try await fake.serialNumber }
    }

    @Test func streamsAndPropertiesAreScripted() async throws {
        let fake = FakeTerminal()
        fake.observeStatusScript.respond(.events(["ready", "busy"], then: .moreAfterFinish(["late"])))
        let log = MisuseLog.install(for: "Terminal.observeStatus()")
        var statuses: [String] = []
        for await status in fake.observeStatus() { statuses.append(status) }
        #expect(statuses == ["ready", "busy"])
        #expect(await eventually { log.all.map(\.kind) == [.eventAfterFinish] })
        // An open stream is stopped once when the consumer leaves.
        let open = FakeTerminal()
        open.observeStatusScript.respond(.events(["ready"], then: .open))
        for await _ in open.observeStatus() { break }
        #expect(await eventually { open.observeStatusScript.stopCount == 1 })
        try await Task.sleep(for: .milliseconds(20))
        #expect(open.observeStatusScript.stopCount == 1)
        fake.serialNumberScript.respond(.value("F-1"))
        #expect(try await fake.serialNumber == "F-1")
    }

    /// A variadic list is recorded as the array it is in the adapter; a closure as a value.
    @Test func aVariadicListAndAClosureAreRecorded() async throws {
        let fake = FakeTerminal()
        fake.runScript.respond(.value("done"))
        #expect(try await fake.run("a", "b", transform: { $0.uppercased() }) == "done")
        #expect(fake.runScript.calls.map(\.steps) == [["a", "b"]])
        #expect(fake.runScript.calls.first?.transform("x") == "X")
        #expect(try await UncheckedTerminal(Terminal()).run("a", "b", transform: { $0 + "!" }) == "a!;b!")
    }
}

/// The real SDK object behind the protocol, for calls from a task (the fixture is thread-safe).
struct UncheckedTerminal: AsyncTerminal, @unchecked Sendable {
    let base: Terminal
    init(_ base: Terminal) { self.base = base }
    nonisolated(nonsending) func charge(amount: Int) async throws -> Int { try await base.charge(amount: amount) }
    nonisolated(nonsending) func printReceipt(id: Int) async throws -> Int { try await base.printReceipt(id: id) }
    func observeStatus() -> AsyncStream<String> { base.observeStatus() }
    func watchStatus() -> AsyncThrowingStream<String, any Error> { base.watchStatus() }
    nonisolated(nonsending) var serialNumber: String { get async throws { try await base.serialNumber } }
    nonisolated(nonsending) func run(_ steps: String..., transform: @escaping @Sendable (String) -> String) async throws -> String {
        // Swift cannot pass the list on; the adapter's array form (decision 109) can.
        let run = unsafeBitCast(
            base.run(_:transform:) as nonisolated(nonsending) (String..., @escaping @Sendable (String) -> String) async throws -> String,
            to: (nonisolated(nonsending) ([String], @escaping @Sendable (String) -> String) async throws -> String).self)
        return try await run(steps, transform)
    }
}
