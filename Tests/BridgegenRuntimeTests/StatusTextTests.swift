@testable import BridgegenRuntime
import Foundation
import Testing

/// What a `failureStatus` says of the SDK's report (decision 145): a class that says nothing of
/// itself (Uber's `UberError`, printed by Swift as its type's name alone) by its stored
/// properties; anything else as Swift prints it.
@Suite struct StatusTextTests {
    class SDKError {
        let status: Int
        let code: String?
        let title: String?
        init(status: Int, code: String?, title: String?) {
            self.status = status
            self.code = code
            self.title = title
        }
    }
    final class ClientError: SDKError {
        let meta: [String: Int] = ["surge": 2]
    }
    final class Described: CustomStringConvertible {
        var description: String { "described" }
    }
    struct Locked { let account: String }

    @Test func aClassThatSaysNothingOfItselfIsShownByItsStoredProperties() {
        let text = BridgegenError.statusText(ClientError(status: 409, code: "surge", title: nil))
        #expect(text == "ClientError(status: 409, code: \"surge\", title: nil, meta: [\"surge\": 2])")
    }

    @Test func anythingElseIsShownAsSwiftPrintsIt() {
        #expect(BridgegenError.statusText(Described()) == "described")
        #expect(BridgegenError.statusText(Locked(account: "a")) == "Locked(account: \"a\")")
        #expect(BridgegenError.statusText("PAYOUT NOT CANCELLED") == "PAYOUT NOT CANCELLED")
        #expect(BridgegenError.statusText(7 as Int32) == "7")
        #expect(BridgegenError.statusText(NSObject()).hasPrefix("<NSObject"))
    }
}
