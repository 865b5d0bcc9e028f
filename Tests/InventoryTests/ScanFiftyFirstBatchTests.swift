import Generator
@testable import Inventory
import Testing

/// What batch 51 (EasyClosure, Dodo, moa, Kitura's CredentialsJWT and Health, …) taught on
/// first contact (decision 131).
@Suite struct ScanFiftyFirstBatchTests: ScanTesting {
    /// EasyClosure's `button.on.tap(_ action:)` and `slider.on.valueChange(_ action:)`, on a
    /// `Container where Host: UIButton`: a control's action, run at each tap or change. Before,
    /// `tap`'s `() -> Void` action was taken for work and the others for one-shots.
    @Test func aControlsActionIsAStream() {
        let text = scan(
            """
            import UIKit
            public typealias Action = () -> Void
            public typealias FloatAction = (Float) -> Void
            public class Container<Host: AnyObject> {}
            public extension Container where Host: UIButton {
                func tap(_ action: @escaping Action) {}
            }
            public extension Container where Host: UISlider {
                func valueChange(_ action: @escaping FloatAction) {}
            }
            public extension Container where Host: NSObject {
                func load(_ action: @escaping FloatAction) {}
            }
            """
        ).text
        #expect(text.contains("// scan: @stream because a UI control's 'action', run at each of its events\n    @stream\n    func tap"), "\(text)")
        #expect(text.contains("@stream\n    func valueChange"), "\(text)")
        #expect(!text.contains("@stream\n    func load"), "\(text)")
        #expect(CallbackShape.isWork(name: "action", label: nil, parameterCount: 0, method: "schedule"))
        #expect(!CallbackShape.isWork(name: "action", label: nil, parameterCount: 0, method: "tap"))
    }
}
