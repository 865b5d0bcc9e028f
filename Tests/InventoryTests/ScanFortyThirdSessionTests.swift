@testable import DeclParser
@testable import Generator
@testable import Inventory
import Testing

/// What the forty-third session taught (decision 167), from the entries two experts, writing
/// blind, agreed bridgegen had wrong (decision 166).
@Suite struct ScanFortyThirdSessionTests: ScanTesting {
    /// OAuth2's `tryToObtainAccessTokenIfNeeded(params:callback:)` sets its error variable to
    /// nil on purpose for "no refresh token" and calls back `(nil, returnedError)`: nil without
    /// an error is an answer ("no token"), not a failure. A variable that is only ever set to an
    /// error (`failure = error`), or a property set to nil, says nothing.
    @Test func anErrorVariableClearedOnPurposeBesideNilIsAnAbsentValue() throws {
        let text = scan(
            """
            public enum OAuth2Error: Error { case noRefreshToken, other }
            public class OAuth2 {
                var lastError: OAuth2Error?
                public func tryToObtainAccessTokenIfNeeded(params: [String: String]? = nil, callback: @escaping ((Token?, OAuth2Error?) -> Void)) {
                    refresh { token, error in
                        if let token { return callback(token, nil) }
                        var returnedError: OAuth2Error? = nil
                        if let error {
                            switch error {
                            case .noRefreshToken: returnedError = nil
                            default: returnedError = error
                            }
                        }
                        callback(nil, returnedError)
                    }
                }
                public func refreshToken(callback: @escaping ((Token?, OAuth2Error?) -> Void)) {
                    refresh { token, error in
                        var failure: OAuth2Error? = nil
                        failure = error ?? .other
                        self.lastError = nil
                        callback(nil, failure)
                    }
                }
            }
            """
        ).text
        #expect(
            text.contains(
                "    // scan: @nullableResult because the library calls completions with (nil, nil): nil without an error is a value (an absent one)\n    @nullableResult\n    public func tryToObtainAccessTokenIfNeeded("),
            "\(text)")
        #expect(
            text.contains(
                "    // scan: nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'\n    public func refreshToken("),
            "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func tryToObtainAccessTokenIfNeeded(params: [String: String]? = nil) async throws -> Token? {"), "\(generated)")
        #expect(generated.contains("func refreshToken() async throws -> Token {"), "\(generated)")
    }

    /// A HUD's `timeoutBlock` (ZLPhotoBrowser's `ZLProgressHUD`), called when it times out: an
    /// end of the object, which comes once, as both experts of decision 166 read it.
    @Test func aTimeoutPropertyIsAnEndThatComesOnce() throws {
        for name in ["timeoutBlock", "onTimeout", "timeoutHandler", "timedOut"] {
            #expect(ClosureRoleNames.namesOnce(property: name), "\(name)")
        }
        #expect(!ClosureRoleNames.namesOnce(property: "timeoutInterval"))
        let text = scan(
            """
            public final class ProgressHUD {
                public var timeoutBlock: (() -> Void)?
                public func show(timeout: Double) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + timeout) { self.timeoutBlock?() }
                }
            }
            """
        ).text
        #expect(
            text.contains("    // scan: @once because 'timeoutBlock' is named for an end, which comes once\n    @once\n    public var timeoutBlock: (() -> Void)?"),
            "\(text)")
        let generated = try generate(text)
        #expect(generated.contains("func timeoutBlockEvent() async throws {"), "\(generated)")
    }
}
