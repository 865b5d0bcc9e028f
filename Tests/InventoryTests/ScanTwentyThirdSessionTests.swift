@testable import Inventory
import Testing

/// What the twenty-third session's full score over 448 oracles taught (decision 137).
@Suite struct ScanTwentyThirdSessionTests: ScanTesting {
    /// SwiftObserver's `ObservationTransformer`: a closure named `receive`, or `receive` and what
    /// it gets (`receiveNew`, `receiveMapped`), gets an observation's messages, each of them: a
    /// stream. Not one named for the outcome it ends with (`receiveCompletion`, `receiveResponse`).
    @Test func aClosureNamedToReceiveGetsEachMessage() {
        let text = scan(
            """
            public final class ObservationTransformer<Transformed> {
                public func receive(_ receive: @escaping (Transformed) -> Void) {}
                public func new(receiveNew: @escaping (Transformed) -> Void) {}
                public func fetch(receiveResponse: @escaping (Transformed) -> Void) {}
                public func check(ids: [String], completion receiveEligibility: @escaping ([String: Int]) -> Void) {}
            }
            """
        ).text
        // A label that names the outcome wins over the parameter's name (RevenueCat's).
        #expect(!text.contains("'completion' is called for each event"), "\(text)")
        #expect(text.contains("// scan: @stream because 'receive' is called for each event\n    @stream\n"), "\(text)")
        #expect(text.contains("// scan: @stream because 'receiveNew' is called for each event\n    @stream\n"), "\(text)")
        #expect(!text.contains("@stream because 'receiveResponse'"), "\(text)")
    }

    /// Drops: a static callback property forwards to the shared object's of the same name. The
    /// two were one declaration to scan (as the branches of an `#if` are), the static one kept, and
    /// the instance's stream was lost; a static member is now another declaration.
    @Test func aStaticPropertyOfTheSameNameLeavesTheInstancesStream() {
        let text = scan(
            """
            public final class Drops {
                public typealias DropHandler = (Drop) -> Void
                static var shared = Drops()
                public static var didShowDrop: DropHandler? {
                    get { shared.didShowDrop }
                    set { shared.didShowDrop = newValue }
                }
                public var didShowDrop: DropHandler?
                public func show(_ drop: Drop) { didShowDrop?(drop) }
            }
            public struct Drop {}
            """
        ).text
        #expect(text.contains("// scan: 'didShowDrop' holds a closure the SDK calls for each event: a stream\n    public var didShowDrop: DropHandler?"), "\(text)")
        #expect(text.contains("    public static var didShowDrop: DropHandler?\n"), "\(text)")
    }

    /// SwiftKueryPostgreSQL hands back Swift-Kuery's `QueryResult`, which it does not declare:
    /// `--dependency` now lends the enums of the modules it depends on too, pasted as the SDK's
    /// own are, so that a command (`commit`) throws `.error` and returns nothing.
    @Test func anEnumOfADependencyIsReadByItsCases() throws {
        let text = scanDriver(
            """
            import Kuery
            public class Connection {
                public func commit(onCompletion: @escaping (QueryResult) -> ()) {}
            }
            """,
            lending: """
            public enum QueryResult {
                case success(Any)
                case resultSet(ResultSet)
                case successNoData
                case error(Error)
            }
            public final class ResultSet {}
            """)
        #expect(text.contains("enum QueryResult {\n    case success(Any)"), "\(text)")
        #expect(text.contains("    @success(.successNoData)\n"), "\(text)")
        let swift = try generate(text)
        #expect(swift.contains("func commit() async throws {"), "\(swift)")
    }

    /// Batch 59 on first contact. Rive's `enableAutoBind(_:)` keeps its callback in a private
    /// property that only `disableAutoBind()` clears: `disable…` ends what `enable…` began, as a
    /// `stop…` does, so the stream stops with it (it was a one-shot, unsaid). Sentry's
    /// `configureScope(_ callback: (Scope) -> Void)` is handed the very scope it is named for: the
    /// caller's code that sets it up, whatever the closure is called (it was a one-shot of Scope).
    @Test func anEnableUndoneByADisableAndAConfigurationHandedWhatItConfigures() {
        let text = scan(
            """
            import Foundation
            public class Instance {}
            public class Scope {}
            open class RiveModel {
                public typealias AutoBindCallback = (Instance) -> Void
                private var autoBindCallback: AutoBindCallback?
                open func enableAutoBind(_ callback: @escaping AutoBindCallback) {
                    autoBindCallback = callback
                }
                open func disableAutoBind() {
                    autoBindCallback = nil
                }
                func bind() { autoBindCallback?(Instance()) }
            }
            public class SentrySDK {
                public static func configureScope(_ callback: @escaping (Scope) -> Void) {}
                public static func configureNetwork(_ callback: @escaping (Error?) -> Void) {}
            }
            """
        ).text
        #expect(text.contains("    @stream(shared)\n    // scan: @cancel(disableAutoBind()) because 'disableAutoBind()' releases it\n    @cancel(disableAutoBind())\n    open func enableAutoBind("), "\(text)")
        #expect(text.contains("    @context  // takes a closure, but not a callback\n    public static func configureScope("), "\(text)")
        #expect(text.contains("    public static func configureNetwork(_ callback: @escaping (Error?) -> Void)\n"), "\(text)")
    }

    /// what3words' `W3WAutoSuggestHelper.update(text:options:completion:)` hands its work to a
    /// debouncer that keeps the first call's job: a one-shot there may wait for ever, or get a
    /// later call's results. Said (it was a one-shot unsaid; the oracle says none).
    @Test func aMethodThatDebouncesSaysItsCallbackMayNeverCome() {
        let text = scan(
            """
            public final class Debouncer<T> {
                init(delay: Double, _ job: @escaping (T) -> Void) {}
                func execute(_ value: T) {}
            }
            public final class AutoSuggestHelper {
                var debouncer: Debouncer<String>?
                public func update(text: String, completion: @escaping ([String], Error?) -> ()) {
                    if debouncer == nil {
                        debouncer = Debouncer<String>(delay: 0.3) { text in completion([text], nil) }
                    }
                    debouncer?.execute(text)
                }
                public func select(row: Int, completion: @escaping (String?, Error?) -> ()) {
                    completion("a", nil)
                }
            }
            """
        ).text
        #expect(text.contains("    // scan: 'update' hands its work to a debouncer or a throttler: a later call may take this one's place, and 'completion' may never come, or come for the later call's results; if so, mark 'update' '@context'\n    public func update("), "\(text)")
        #expect(!text.contains("'select' hands its work"), "\(text)")
    }

    /// ApplozicSwift's `block(conversation:withCompletion: (Error?, Bool) -> Void)` calls back
    /// with `(nil, true)` and `(error, false)`: the flag after the error says whether it
    /// succeeded, `@asyncError(zeroArgument: 2)`, also for the protocol's requirement it
    /// implements, whose adapter serves it. Unread, the same shape is said.
    @Test func aFlagAfterTheErrorIsTheFailureWhenTheBodySaysSo() {
        let text = scan(
            """
            public protocol ConversationListModel {
                func block(conversation: String, withCompletion: @escaping (Error?, Bool) -> Void)
            }
            public final class ConversationList: ConversationListModel {
                public func block(conversation: String, withCompletion: @escaping (Error?, Bool) -> Void) {
                    Service.blockUser(conversation) { error in
                        guard let error = error else {
                            withCompletion(nil, true)
                            return
                        }
                        withCompletion(error, false)
                    }
                }
                public func mute(conversation: String, withCompletion: @escaping (Error?, Bool) -> Void) {}
            }
            enum Service { static func blockUser(_ id: String, _ done: @escaping (Error?) -> Void) {} }
            """
        ).text
        #expect(text.contains("    @asyncError(zeroArgument: 2)\n    func block("), "\(text)")
        #expect(text.contains("if it says whether the call succeeded (false with the error), write '@asyncError(zeroArgument: 2)'\n    public func mute("), "\(text)")
    }

    /// The outside try's driver over a core module of its own: without `--dependency`, a method
    /// whose closure type is the core's typealias is refused with scan's word (which
    /// docs/migrating.md promises), not only generate's "no completion handler found"; an
    /// undeclared `…Outcome` is named as a `…Result` is. With it, the enum comes under its own
    /// heading, and a query whose one case carries rows is told the annotations that return them.
    @Test func aDriverOverACoreModuleSaysWhatTheDependencyLends() {
        let driver = """
            import KueryCore
            public final class Connection {
                public func commit(onCompletion: @escaping (QueryOutcome) -> Void) {}
                public func rollback(onCompletion: @escaping OutcomeHandler) {}
                public func run(_ sql: String, onCompletion: @escaping (QueryOutcome) -> Void) {}
            }
            """
        let without = scanDriver(driver, lending: nil)
        #expect(without.contains("    // Not bridgeable as written: 'OutcomeHandler' is not declared in these sources: scan again with '--dependency'"), "\(without)")
        #expect(without.contains("    // scan: 'QueryOutcome' is not declared in these sources: as written, it is the value, whole; if it is an enum with a failure case, scan again with '--dependency'"), "\(without)")
        let with = scanDriver(
            driver,
            lending: """
                public enum QueryOutcome {
                    case rows([[String: String]])
                    case done
                    case failed(Error)
                }
                public typealias OutcomeHandler = (QueryOutcome) -> Void
                """)
        #expect(with.contains("// The enums of the modules the SDK depends on that its callbacks get, read by their cases:\nenum QueryOutcome {"), "\(with)")
        #expect(with.contains("if only '.rows' carries the answer, write '@success(.rows) @finish(.done)' (the value is then optional, nil for .done)\n    public func run("), "\(with)")
        #expect(!with.contains("Not bridgeable"), "\(with)")
    }

    /// Batch 60 on first contact: Instructions' `CoachMarkTransitionManager.animate(_:animations:
    /// completion:)` only keeps its animations and their completion in properties, which the
    /// library reads after the delegate call it is used in returns: a one-shot of it would wait
    /// for a call this one never starts (it was one, unsaid). A registration that only keeps its
    /// handler stays a callback.
    @Test func aMethodThatOnlyKeepsItsWorkAndCompletionIsNoCallback() {
        let text = scan(
            """
            public final class TransitionManager {
                var animations: ((Int) -> Void)?
                var completion: ((Bool) -> Void)?
                var handler: ((String) -> Void)?
                public func animate(_ duration: Double,
                                    animations: @escaping (Int) -> Void,
                                    completion: ((Bool) -> Void)? = nil) {
                    self.animations = animations
                    self.completion = completion
                }
                public func onMessage(_ handler: @escaping (String) -> Void) {
                    self.handler = handler
                }
                func run() { handler?("a") }
            }
            """
        ).text
        #expect(text.contains("@context  // only keeps the work it is given and its completion, for a later call of the library to run: nothing this call starts calls them\n    public func animate("), "\(text)")
        #expect(!text.contains("@context  // only keeps the work it is given and its completion, for a later call of the library to run: nothing this call starts calls them\n    public func onMessage("), "\(text)")
    }
}

extension ScanTwentyThirdSessionTests {
    /// A driver module `Driver` scanned alone or with the sources of the core module it depends
    /// on (`--dependency`).
    func scanDriver(_ driver: String, lending dependency: String?) -> String {
        var scan = Scan()
        scan.modules = ["Driver"]
        scan.dependencyFiles = dependency.map { [Scan.File(path: "Sources/Core/Core.swift", bytes: Array($0.utf8))] } ?? []
        return scan.run([Scan.File(path: "Sources/Driver/Driver.swift", bytes: Array(driver.utf8))]).text
    }
}
