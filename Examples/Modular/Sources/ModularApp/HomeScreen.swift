import AccountsBridge
import BridgegenRuntime
import Foundation
import LegacyAccounts
import LegacyMaps
import MapsBridge

/// Where the app sends every bridgegen report, from the adapters of every module: installed once
/// at launch.
public enum AppLog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var reports: [BridgegenMisuse] = []

    public static func install() {
        BridgegenMisuse.handler = { report in lock.withLock { reports.append(report) } }
    }

    public static var received: [BridgegenMisuse] { lock.withLock { reports } }
}

/// A screen that needs both SDKs: the user's account (AccountsBridge), then where they live
/// (MapsBridge). Errors from either module's adapters are one `BridgegenError`.
@MainActor public final class HomeScreen {
    public enum State: Equatable, Sendable {
        case loading
        case located(name: String, at: Coordinate)
        case failed(String)
    }

    private let accounts: any AsyncAccountsClient
    private let maps: Geocoder
    public private(set) var state = State.loading

    public init(accounts: any AsyncAccountsClient, maps: Geocoder) {
        self.accounts = accounts
        self.maps = maps
    }

    public func load(accountID: String) async {
        do {
            let account = try await accounts.fetchAccount(id: accountID)
            state = .located(name: account.name, at: try await maps.geocode(address: account.homeAddress))
        } catch BridgegenError.noResult(let adapter) {
            state = .failed("no answer from \(adapter)")
        } catch BridgegenError.callbackDropped(let adapter) {
            state = .failed("\(adapter) dropped its callback")
        } catch BridgegenError.timedOut(let adapter, _) {
            state = .failed("\(adapter) timed out")
        } catch {
            state = .failed("\(error)")
        }
    }
}
