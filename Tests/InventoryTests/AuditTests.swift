@testable import Inventory
import Testing

let auditBridge = """
    import PaymentsSDK

    extension PaymentsClient {
        func charge(amount: Int, currency: String, completion: @escaping (Receipt?, Error?) -> Void)

        func refund(id: String, reason: String = "", completion: @escaping (Error?) -> Void)

        @stream
        @cancel(none)
        func observeBalance(_ handler: @escaping (Int) -> Void)

        func upload(_ data: Data, progress: @escaping (Double) -> Void, completion: @escaping (Error?) -> Void)
    }
    """

/// Every way app code calls a callback API, one per line, and the calls that must not count.
/// The comment on each line says whether audit reports it.
let auditApp = #"""
    import PaymentsSDK

    func legacy(client: PaymentsClient?, handle: @escaping (Receipt?, Error?) -> Void, onCents: @escaping (Int) -> Void) async throws {
        client?.charge(amount: 1, currency: "EUR") { receipt, error in }  // trailing
        client!.charge(amount: 2, currency: "EUR", completion: { _, _ in })  // labelled
        client?.charge(amount: 3, currency: "EUR", completion: handle)  // a function
        client?.refund(id: "r") { error in }  // a defaulted argument left out
        client?.refund(id: "r", reason: "dup", completion: { _ in })  // labelled, all arguments
        client?.observeBalance { cents in }  // a stream's callback
        client?.observeBalance({ cents in })  // in parentheses
        client?.upload(data) { progress in } completion: { error in }  // multiple trailing closures
        client?
            .charge(amount: 4, currency: "EUR") { _, _ in }  // on the next line
        client?.observeBalance(onCents)  // a function for an unlabelled handler
        _ = try await client?.charge(amount: 5, currency: "EUR")  // the adapter: not counted
        for await _ in client!.observeBalance() {}  // the stream adapter: not counted
        try await client?.refund(id: "r")  // not counted
        try await client?.upload(data) { progress in }  // the adapter, its progress trailing: not counted
        let text = "client.charge(amount: 6, currency: \"EUR\") { _, _ in }"  // in a string: not counted
        // client.charge(amount: 7, currency: "EUR") { _, _ in }   in a comment: not counted
        _ = text
    }

    func charge(amount: Int, currency: String, completion: () -> Void) {}  // a declaration: not counted
    """#

@Suite struct AuditTests {
    func audit() -> (Audit, [Audit.Call]) {
        var audit = Audit()
        #expect(audit.addBridge(path: "Payments.bridge", bytes: Array(auditBridge.utf8)).isEmpty)
        return (audit, audit.calls(in: Array(auditApp.utf8), path: "App.swift"))
    }

    @Test func everyCallFormIsFoundLineByLine() {
        let (_, calls) = audit()
        let found = calls.map { "\($0.line):\($0.column) \($0.api.legacyName)" }
        #expect(
            found == [
                "4:13 charge(amount:currency:completion:)", "5:13 charge(amount:currency:completion:)",
                "6:13 charge(amount:currency:completion:)", "7:13 refund(id:reason:completion:)",
                "8:13 refund(id:reason:completion:)", "9:13 observeBalance(_:)", "10:13 observeBalance(_:)",
                "11:13 upload(_:progress:completion:)", "13:10 charge(amount:currency:completion:)", "14:13 observeBalance(_:)",
            ])
    }

    /// OpenCombine's two `sink`s (outside try): `sink { … }` is the one-closure overload, whose
    /// stream cannot fail, not the two-closure one listed first.
    @Test func aCallIsTheOverloadItLeavesTheFewestArgumentsOutOf() {
        var audit = Audit()
        let bridge = """
            import Combine

            extension Feed {
                @stream
                @cancel(none)
                func sink(receiveCompletion: @escaping (Error?) -> Void, receiveValue: @escaping (Int) -> Void)

                @stream
                @cancel(none)
                @asyncName(values)
                func sink(receiveValue: @escaping (Int) -> Void)
            }
            """
        #expect(audit.addBridge(path: "Feed.bridge", bytes: Array(bridge.utf8)).isEmpty)
        let app = """
            func use(feed: Feed) {
                feed.sink { value in }
                feed.sink(receiveCompletion: { _ in }) { value in }
            }
            """
        let calls = audit.calls(in: Array(app.utf8), path: "App.swift")
        #expect(calls.map(\.api.legacyName) == ["sink(receiveValue:)", "sink(receiveCompletion:receiveValue:)"])
        #expect(calls.first.map(Audit.report)?.contains("use 'for await … in values()'") == true)
        #expect(calls.last.map(Audit.report)?.contains("use 'for try await … in sink()'") == true)
    }

    @Test func reportsNameTheAdapterAndTheSummaryCounts() {
        let (_, calls) = audit()
        #expect(
            Audit.report(calls[0])
                == "App.swift:4:13: warning: legacy callback call 'charge(amount:currency:completion:)'; use 'try await charge(amount:currency:)'\n"
                + "App.swift:4:13: note: the adapter 'PaymentsClient.charge(amount:currency:)' is bridged at Payments.bridge:4")
        // A stream that cannot fail is iterated without `try`.
        #expect(Audit.report(calls[5]).contains("use 'for await … in observeBalance()'"))
        // The note names the declaration's `func` line, not its first annotation's.
        #expect(Audit.report(calls[5]).hasSuffix("is bridged at Payments.bridge:10"), "\(Audit.report(calls[5]))")
        #expect(
            Audit.summary(calls, limit: 10)
                == "audit: 10 legacy callback calls (at most 10 allowed): charge(amount:currency:completion:) 4, observeBalance(_:) 3, refund(id:reason:completion:) 2, upload(_:progress:completion:) 1"
        )
        #expect(Audit.summary([], limit: nil) == "audit: 0 legacy callback calls")
    }

    /// A type's method (SwiftyStoreKit's `completeTransactions(atomically:completion:)`, from
    /// the eighteenth session's outside try): the suggestion keeps the type, as the call must.
    @Test func aStaticMethodsSuggestionKeepsItsType() {
        var audit = Audit()
        let bridge = """
            extension SwiftyStoreKit {
                @stream
                @cancel(none)
                static func completeTransactions(atomically: Bool = true, completion: @escaping ([Int]) -> Void)
            }
            """
        #expect(audit.addBridge(path: "Store.bridge", bytes: Array(bridge.utf8)).isEmpty)
        let calls = audit.calls(in: Array("SwiftyStoreKit.completeTransactions { purchases in }\n".utf8), path: "App.swift")
        #expect(calls.count == 1)
        #expect(
            calls.first.map(Audit.report)?.contains("use 'for await … in SwiftyStoreKit.completeTransactions(atomically:)'") == true,
            "\(calls.map(Audit.report))")
    }

    @Test func generatedFilesAreNotAudited() {
        let (audit, _) = audit()
        let generated = "// Generated by bridgegen from Payments.bridge. Do not edit.\n" + auditApp
        #expect(audit.calls(in: Array(generated.utf8), path: "G.swift").isEmpty)
    }

    @Test func brokenBridgeFilesAreReported() {
        var audit = Audit()
        let errors = audit.addBridge(path: "B.bridge", bytes: Array("extension X {\n    func f(completion: @escaping (Int) -> Void\n}\n".utf8))
        #expect(errors.first?.hasPrefix("B.bridge:") == true)
    }
}
