import AccountsBridge
import BridgegenRuntime
import LegacyAccounts
import LegacyMaps
import MapsBridge
import ModularApp
import Testing

/// One runtime for the whole app: the app's unqualified `catch BridgegenError` matches what the
/// adapters of both bridged modules throw, and what the fakes generated into this test target
/// throw; one handler receives every module's reports.
@MainActor @Suite(.serialized) struct HomeScreenTests {
    init() { AppLog.install() }

    @Test func bothModulesAdaptersWork() async {
        let screen = HomeScreen(accounts: AccountsClient(), maps: Geocoder())
        await screen.load(accountID: "7")
        #expect(screen.state == .located(name: "Ada", at: Coordinate(latitude: 51.5, longitude: 0.13)))
    }

    /// A `(nil, nil)` from the accounts SDK and a geocode that never answers: each module's
    /// adapter throws, and the app's one `catch BridgegenError…` matches both.
    @Test func theAppCatchesEitherModulesErrors() async {
        let silent = AccountsClient()
        silent.behaviour = .answersNothing
        let first = HomeScreen(accounts: silent, maps: Geocoder())
        await first.load(accountID: "7")
        #expect(first.state == .failed("no answer from AccountsClient.fetchAccount(id:)"))

        let lost = Geocoder()
        lost.answers = false
        let second = HomeScreen(accounts: AccountsClient(), maps: lost)
        await second.load(accountID: "7")
        #expect(second.state == .failed("Geocoder.geocode(address:) timed out"))
    }

    /// A fake generated into this test target throws the runtime's own error type: the app's
    /// `catch` matches it exactly as it matches the real adapter's.
    @Test func theFakesErrorsAreTheAppsErrors() async {
        let fake = FakeAccountsClient()
        fake.fetchAccountScript.respond(.releasedUncalled)
        let screen = HomeScreen(accounts: fake, maps: Geocoder())
        await screen.load(accountID: "7")
        #expect(screen.state == .failed("AccountsClient.fetchAccount(id:) dropped its callback"))
    }

    /// The one handler gets the reports of both modules' adapters and of the fake.
    @Test func oneHandlerReceivesEveryModulesReports() async {
        let maps = Geocoder()
        maps.answersTwice = true
        await HomeScreen(accounts: AccountsClient(), maps: maps).load(accountID: "1")
        let twice = AccountsClient()
        twice.behaviour = .answersTwice
        await HomeScreen(accounts: twice, maps: Geocoder()).load(accountID: "1")
        let fake = FakeAccountsClient()
        fake.fetchAccountScript.respond(.twice(Account(name: "A", homeAddress: "x"), then: Account(name: "B", homeAddress: "y")))
        await HomeScreen(accounts: fake, maps: Geocoder()).load(accountID: "2")
        func duplicates(of adapter: String) -> Int {
            AppLog.received.filter { $0.kind == .duplicateCallback && $0.adapter == adapter }.count
        }
        #expect(await eventuallyTrue { duplicates(of: "AccountsClient.fetchAccount(id:)") == 2 && duplicates(of: "Geocoder.geocode(address:)") == 1 })
    }

    func eventuallyTrue(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<3000 where !condition() { try? await Task.sleep(nanoseconds: 1_000_000) }
        return condition()
    }
}
