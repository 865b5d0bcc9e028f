@testable import Inventory
import Testing

/// A callback typed by an associated type of its protocol, even one whose default is a closure
/// (ReSwift's `StoreType.DispatchCallback = (State) -> Void`), is what each conforming type sets
/// it to: refused with that reason, not as a type "not declared in these sources" that
/// `--dependency` would find.
@Suite struct ScanAssociatedClosureTests: ScanTesting {
    @Test func aCallbackOfAnAssociatedTypeIsTheConformersToSay() {
        let result = scan(
            """
            public protocol StoreType {
                associatedtype State
                associatedtype DispatchCallback = (State) -> Void
                func dispatch(_ action: Int, callback: DispatchCallback?)
            }
            """
        )
        let text = result.text
        #expect(text.contains("""
                // Not bridgeable as written: 'DispatchCallback' is an associated type of StoreType, which each conforming type sets: bridge the method of a conforming type that declares it a closure; else generate cannot see the closure
            """), "\(text)")
        #expect(!text.contains("not declared in these sources"), "\(text)")
        #expect(text.contains("    // func dispatch(_ action: Int, callback: DispatchCallback?)\n"), "\(text)")
        #expect(result.notBridgeable == 1, "\(result)")
    }
}
