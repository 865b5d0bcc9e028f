import FixtureSDK
import Foundation
import Synchronization
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The generated adapters (the goldens) called against the fixture SDK: every shape returns its
/// value, throws the SDK's error, and turns odd results into bridgegen's typed errors.
@Suite struct CompletionShapeTests {
    @Test(arguments: [CallbackMode.immediately, .onAnotherThread])
    func resultSuccessAndFailure(mode: CallbackMode) async throws {
        let client = PaymentsClient()
        client.mode = mode
        let receipt = try await client.charge(amount: 5, currency: "EUR")
        #expect(receipt.id == "5 EUR")
        client.outcome = .failure
        await #expect(throws: FixtureError.failed) { _ = try await client.charge(amount: 5, currency: "EUR") }
    }

    @Test func resultThatCannotFail() async throws {
        #expect(try await PaymentsClient().settle() == 3)
    }

    @Test func resultOfVoidWithTypedError() async throws {
        let client = PaymentsClient()
        try await client.void()
        client.outcome = .failure
        await #expect(throws: PaymentsError.declined) { _ = try await client.void() }
    }

    @Test(arguments: [CallbackMode.immediately, .onAnotherThread])
    func optionalPair(mode: CallbackMode) async throws {
        let client = PaymentsClient()
        client.mode = mode
        #expect(try await client.receipt(id: "r1").id == "r1")

        client.outcome = .failure
        await #expect(throws: FixtureError.failed) { _ = try await client.receipt(id: "r1") }

        // Both nil is a typed error naming the adapter, never a crash or a hang.
        client.outcome = .nothing
        await #expect(throws: BridgegenError.noResult(adapter: "PaymentsClient.receipt(id:)")) {
            _ = try await client.receipt(id: "r1")
        }

        // Both set: the error wins.
        client.outcome = .both
        await #expect(throws: FixtureError.failed) { _ = try await client.receipt(id: "r1") }
    }

    @Test func customErrorType() async throws {
        let client = PaymentsClient()
        #expect(try await client.capture(id: "c").id == "c")
        client.outcome = .failure
        await #expect(throws: PaymentsError.declined) { _ = try await client.capture(id: "c") }
    }

    @Test func errorOnlyAndNoArguments() async throws {
        let client = PaymentsClient()
        try await client.refund(id: "x")
        try await client.ping()
        client.outcome = .failure
        await #expect(throws: FixtureError.failed) { _ = try await client.refund(id: "x") }
    }

    @Test func valuesWithoutError() async throws {
        let client = PaymentsClient()
        #expect(try await client.balance() == Balance(cents: 4200))
        #expect(try await client.lastReceipt()?.id == "last")
        client.outcome = .nothing
        #expect(try await client.lastReceipt() == nil)
        // `@failure(nil)`: the same call, where nil is the failure.
        client.outcome = .value
        let receipt = try await client.requiredReceipt()
        #expect(receipt.id == "last")
        client.outcome = .nothing
        await #expect(throws: BridgegenError.noResult(adapter: "PaymentsClient.requiredReceipt()")) { _ = try await client.requiredReceipt() }
        let (amount, currency) = try await client.limits()
        #expect(amount == 100 && currency == "EUR")
    }

    /// `(() throws -> Receipt) -> Void`: the value the closure returns, or the error it throws.
    @Test func anOutcomeHandedAsAThrowingClosure() async throws {
        let client = PaymentsClient()
        #expect(try await client.confirm(id: "c").id == "c")
        client.outcome = .failure
        await #expect(throws: FixtureError.failed) { _ = try await client.confirm(id: "c") }
    }

    @Test func severalOptionalsWithError() async throws {
        let client = PaymentsClient()
        let (data, status) = try await client.statement(month: 3)
        #expect(data == Data([3]) && status.code == 200)
        client.outcome = .nothing
        await #expect(throws: BridgegenError.noResult(adapter: "PaymentsClient.statement(month:)")) {
            _ = try await client.statement(month: 3)
        }
    }

    @Test func failureFlags() async throws {
        let client = PaymentsClient()
        try await client.verify(token: "t")
        client.outcome = .failure
        await #expect(throws: FixtureError.failed) { _ = try await client.verify(token: "t") }
        // The flag says failure but no error came: a typed error.
        client.outcome = .nothing
        await #expect(throws: BridgegenError.failureFlag(adapter: "PaymentsClient.verify(token:)")) {
            _ = try await client.verify(token: "t")
        }

        client.outcome = .value
        #expect(try await client.authorize(amount: 1) == Data([1]))
        client.outcome = .failure
        await #expect(throws: BridgegenError.failureFlag(adapter: "PaymentsClient.authorize(amount:)")) {
            _ = try await client.authorize(amount: 1)
        }
    }

    /// `@asyncError(message: 1)`: nil succeeds, a text throws `failureStatus` carrying it; a
    /// text after the nil is reported, never a second resume.
    @Test func aFailureMessageThrowsItsText() async throws {
        let client = PaymentsClient()
        try await client.cancelPayout(id: "r")
        client.outcome = .failure
        await #expect(throws: BridgegenError.failureStatus(adapter: "PaymentsClient.cancelPayout(id:)", status: "PAYOUT NOT CANCELLED: r")) {
            try await client.cancelPayout(id: "r")
        }
        let log = MisuseLog.install(for: "PaymentsClient.cancelPayout")
        client.outcome = .both
        try await client.cancelPayout(id: "r")
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// `@asyncError(thrown: 2)` on the SDK's error named otherwise: thrown as it is; `(nil, nil)`
    /// is no result; the error after the value is reported.
    @Test func anErrorNamedOtherwiseIsThrown() async throws {
        let client = PaymentsClient()
        #expect(try await client.approve(amount: 5) == "approved 5")
        client.outcome = .failure
        await #expect(throws: DeclineReason.insufficientFunds) { _ = try await client.approve(amount: 5) }
        client.outcome = .nothing
        await #expect(throws: BridgegenError.self) { _ = try await client.approve(amount: 5) }
        let log = MisuseLog.install(for: "PaymentsClient.approve")
        client.outcome = .both
        _ = try await client.approve(amount: 5)
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// `@asyncError(message: 3)` on a `String`: empty succeeds (with `@nullableResult`, nils too),
    /// any other text throws `failureStatus` carrying it; a text after the values is reported.
    @Test func aFailureTextEmptyOnSuccessThrowsWhenItIsNot() async throws {
        let client = PaymentsClient()
        let answer = try await client.unregister(device: "d")
        #expect(answer.0 == "unregistered d" && answer.1 == 200)
        client.outcome = .nothing
        let nothing = try await client.unregister(device: "d")
        #expect(nothing.0 == nil && nothing.1 == nil)
        client.outcome = .failure
        await #expect(throws: BridgegenError.failureStatus(adapter: "PaymentsClient.unregister(device:)", status: "DEVICE NOT FOUND: d")) {
            _ = try await client.unregister(device: "d")
        }
        let log = MisuseLog.install(for: "PaymentsClient.unregister")
        client.outcome = .both
        _ = try await client.unregister(device: "d")
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// `@asyncError(message: 2)` on the SDK's own error that is no `Error`: thrown described;
    /// `(nil, nil)` is no result; the error after a receipt is reported, never a second resume.
    @Test func anErrorThatIsNoErrorThrowsItsDescription() async throws {
        let client = PaymentsClient()
        #expect(try await client.post(entry: "e") == "posted e")
        client.outcome = .failure
        await #expect(throws: BridgegenError.failureStatus(adapter: "PaymentsClient.post(entry:)", status: "locked(account: \"e\")")) {
            _ = try await client.post(entry: "e")
        }
        client.outcome = .nothing
        await #expect(throws: BridgegenError.noResult(adapter: "PaymentsClient.post(entry:)")) { _ = try await client.post(entry: "e") }
        let log = MisuseLog.install(for: "PaymentsClient.post")
        client.outcome = .both
        #expect(try await client.post(entry: "e") == "posted e")
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// `@asyncError(thrown: 2.error)`: the reply beside the model carries the failure, thrown as
    /// it is; the model is the value, nil with no failure no result; a failure after the model is
    /// reported, never a second resume.
    @Test func aFailureCarriedBesideTheValueIsThrown() async throws {
        let client = PaymentsClient()
        #expect(try await client.products(near: "p") == ["p 1", "p 2"])
        client.outcome = .failure
        await #expect(throws: FixtureError.failed) { _ = try await client.products(near: "p") }
        client.outcome = .nothing
        await #expect(throws: BridgegenError.noResult(adapter: "PaymentsClient.products(near:)")) { _ = try await client.products(near: "p") }
        let log = MisuseLog.install(for: "PaymentsClient.products")
        client.outcome = .both
        #expect(try await client.products(near: "p") == ["p 1"])
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// `@asyncError(thrown: 2.error) @nullableResult(1)`: the same, where nil without a failure
    /// is a success with no model (Uber's models decoded by `try?`).
    @Test func aValueBesideACarriedFailureMayBeAbsent() async throws {
        let client = PaymentsClient()
        #expect(try await client.productsIfDecoded(near: "p") == ["p 1", "p 2"])
        client.outcome = .nothing
        #expect(try await client.productsIfDecoded(near: "p") == nil)
        client.outcome = .failure
        await #expect(throws: FixtureError.failed) { _ = try await client.productsIfDecoded(near: "p") }
    }

    /// `@asyncError(zeroArgument: 1)` on a `Result<Bool, Error>` (EosioSwift's "a `Bool` for
    /// success") and on an SDK's own result: true returns, false throws `failureFlag`, the
    /// failure is thrown, and a failure after the success is reported, not delivered.
    @Test func aResultWhoseSuccessIsAStatusReturnsNothing() async throws {
        let client = PaymentsClient()
        try await client.clear(id: "c")
        try await client.release(id: "r")
        client.outcome = .nothing
        await #expect(throws: BridgegenError.failureFlag(adapter: "PaymentsClient.clear(id:)")) { try await client.clear(id: "c") }
        await #expect(throws: BridgegenError.failureFlag(adapter: "PaymentsClient.release(id:)")) { try await client.release(id: "r") }
        client.outcome = .failure
        await #expect(throws: FixtureError.failed) { try await client.clear(id: "c") }
        await #expect(throws: FixtureError.failed) { try await client.release(id: "r") }
        let log = MisuseLog.install(for: "PaymentsClient.clear")
        client.outcome = .both
        try await client.clear(id: "c")
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// `@asyncError(message: 1.problem)`: an answer alone whose failure is no `Error`, thrown
    /// described; a nil answer, or one without a problem, is success.
    @Test func aCarriedFailureThatIsNoErrorThrowsItsDescription() async throws {
        let client = PaymentsClient()
        try await client.archive(id: "a")
        client.outcome = .nothing
        try await client.archive(id: "a")
        client.outcome = .failure
        await #expect(throws: BridgegenError.failureStatus(adapter: "PaymentsClient.archive(id:)", status: "problem: locked a")) {
            try await client.archive(id: "a")
        }
    }

    /// `@asyncError(thrown: 1, unless: .none)`: the error enum's case that says it went well
    /// succeeds, any other is thrown; a failure after the success is reported, never resumed.
    @Test func anErrorWhoseCaseSaysItWentWellSucceeds() async throws {
        let client = PaymentsClient()
        try await client.settle(batch: "b")
        client.outcome = .failure
        await #expect(throws: PaymentsClient.SessionError.refused(code: 5)) { try await client.settle(batch: "b") }
        let log = MisuseLog.install(for: "PaymentsClient.settle")
        client.outcome = .both
        try await client.settle(batch: "b")
        #expect(await eventually { log.all.map(\.kind) == [.duplicateCallback] })
    }

    /// `@success(returned)`: false, returned, says the completion will not come: the call
    /// returns false at once; true once the completion has come, before the return or after.
    @Test func aReturnedFlagSaysWhetherTheCompletionWillCome() async throws {
        let client = PaymentsClient()
        client.mode = .onAnotherThread
        #expect(try await client.handle(notification: "n"))
        client.outcome = .nothing
        #expect(try await !client.handle(notification: "n"))
        client.outcome = .both
        #expect(try await client.handle(notification: "n"))
        // With a value: nil when it will not come.
        client.outcome = .value
        #expect(try await client.fetch(push: "abc") == 3)
        client.outcome = .nothing
        #expect(try await client.fetch(push: "abc") == nil)
    }

    @Test func throwingStartCall() async throws {
        let feed = Feed()
        #expect(try await feed.open(path: "abc") == 3)
        await #expect(throws: FixtureError.startRefused) { _ = try await feed.open(path: "") }
    }

    @Test func passThroughClosuresAndPositions() async throws {
        let catalog = Catalog()
        #expect(try await catalog.lookup(sku: "s") == "s")
        #expect(try await catalog.search("q") == ["q"])
        // The SDK calls a pass-through closure on its own thread: the adapter takes it
        // `@Sendable`, so what it collects is behind a lock.
        let progress = Mutex<[Double]>([])
        let data = try await catalog.download(id: "d", progress: { value in progress.withLock { $0.append(value) } }, onCancel: {})
        #expect(data == Data("d".utf8) && progress.withLock { $0 } == [0.5])
        try await catalog.sync()
        try await catalog.refresh()
    }

    @Test func genericsStaticsAndTypealiases() async throws {
        let feed = Feed()
        #expect(try await feed.decode([Int].self, from: Data("[1,2]".utf8)) == [1, 2])
        #expect(try await feed.first(of: [4, 5]) == 4)
        #expect(try await feed.entries(limit: 2) == ["e", "e"])
        #expect(try await Feed.shared() == "shared")
        try await Feed.configure(verbose: true)
        #expect(try await Catalog().item(named: "n").id == "n")
    }

    @MainActor
    @Test func mainActorCompletionAndNonSendableResults() async throws {
        let feed = Feed()
        #expect(try await feed.render() == "pixels")
        // A non-Sendable result reaches main-actor code: the adapter runs on its caller's actor.
        let receipt: Receipt = try await PaymentsClient().receipt(id: "main")
        #expect(receipt.id == "main")
    }

    @Test func wrapperAndNaming() async throws {
        let adapter = PaymentsAdapter(LegacyPayments())
        #expect(try await adapter.authorize(amount: 2).id == "auth 2")
        #expect(try await PaymentsAdapter.version() == "1.0")
        let account = Account()
        #expect(try await account.profile() == "profile")
        #expect(try await account.urlForKey("k").path == "/k")
        try await account.signOut()
        try await account.save()
        #expect(try await account.tokens() == ["t"])
        #expect(try await account.default() == "default")
    }

    /// A variadic list reaches the SDK whole, through the method's array form (decision 109);
    /// the outcome is read as any other.
    @Test func variadicParameters() async throws {
        let converter = Converter()
        #expect(try await converter.join("a", "b", "c", separator: "-") == "a-b-c")
        #expect(try await converter.join(separator: "-") == "")
        converter.outcome = .failure
        await #expect(throws: FixtureError.self) { try await converter.join("a", separator: "-") }
        #expect(converter.startCount == 3)
        converter.outcome = .value
        #expect(try await converter.sum(1, 2, 3) == 6)
    }

    @Test func inoutParameters() async throws {
        var samples = [1, 2]
        #expect(try await Converter().measure(samples: &samples) == 3)
        #expect(samples == [1, 2, 1])
    }
}

/// An API that names `URLRequest`, bridged from one `.bridge` file that imports
/// FoundationNetworking under `#if canImport(…)` (Linux) and compiles without it elsewhere.
@Suite struct ConditionalImportTests {
    @Test func aRequestTypeFromAPlatformModule() async throws {
        let request = URLRequest(url: try #require(URL(string: "https://example.com/a")))
        let body = try await withWatchdog { try await URLFetcher().send(request) }
        #expect(String(decoding: body, as: UTF8.self) == "https://example.com/a")
    }

    #if os(Linux)
        /// An adapter generated under `#if os(Linux)`, as its `.bridge` block stands.
        @Test func anAdapterOfOnePlatform() async throws {
            let body = try await withWatchdog { try await URLFetcher().fetch("a/b") }
            #expect(String(decoding: body, as: UTF8.self) == "a/b")
        }
    #endif
}

/// A value and an error as one tuple (`(([Photo]?, Error?)) -> Void`, the TupleCompletion
/// golden): the value, the error thrown, nil with no error the end (`@nullableResult`).
@Suite struct TupleCompletionTests {
    @Test func theTuplesValuesAreTheOutcome() async throws {
        let library = PhotoLibrary()
        #expect(try await withWatchdog { try await library.nextPage() }?.map(\.id) == ["a", "b"])
        library.outcome = .nothing
        #expect(try await withWatchdog { try await library.nextPage() } == nil)
        library.outcome = .failure
        await #expect(throws: PhotoError.notFound) { try await withWatchdog { try await library.nextPage() } }
        library.outcome = .both
        await #expect(throws: PhotoError.notFound) { try await withWatchdog { try await library.nextPage() } }
    }
}
