@testable import Inventory
import Testing

/// What the forty-first session taught (decision 158).
@Suite struct ScanFortyFirstSessionTests: ScanTesting {
    /// Martin's `PacketWriter` has three `write`s that take a completion, and async `write`s
    /// that wrap two of them in a continuation. Each async member is the SDK's own form of the
    /// overload its call's labels can call, and of no other: the extension's
    /// `write(_:completionHandler:)` still gets an adapter. (Read by name only, the first wrapper
    /// found stood for every `write`, and none was bridged.)
    @Test func aSameNamedWrapperIsTheAsyncFormOfTheOverloadItsCallCalls() {
        let text = scan(
            """
            public struct Packet {}
            public struct Reply {}
            public struct ChannelError: Error {}
            public protocol Channel {
                func send(_ packet: Packet, timeout: Double, completion: ((Result<Reply, ChannelError>) -> Void)?)
                func post(_ packet: Packet, posted: ((Result<Void, ChannelError>) -> Void)?)
            }
            extension Channel {
                public func send(_ packet: Packet, completion: ((Result<Reply, ChannelError>) -> Void)?) {
                    send(packet, timeout: 30, completion: completion)
                }
            }
            extension Channel {
                public func post(packet: Packet) async throws {
                    try await withCheckedThrowingContinuation { continuation in
                        post(packet, posted: { result in
                            continuation.resume(with: result)
                        })
                    }
                }
                public func send(packet: Packet, timeout: Double = 30) async throws -> Reply {
                    try await withCheckedThrowingContinuation { continuation in
                        send(packet, timeout: timeout) { result in
                            continuation.resume(with: result)
                        }
                    }
                }
            }
            """
        ).text
        #expect(
            text.contains("    @context  // the SDK's own async form 'send()' wraps it: that is the one to call\n    func send(_ packet: Packet, timeout:"),
            "\(text)")
        #expect(
            text.contains("    @context  // the SDK's own async form 'post()' wraps it: that is the one to call\n    func post(_ packet:"), "\(text)")
        #expect(text.contains("\n    public func send(_ packet: Packet, completion:"), "\(text)")
        #expect(!text.contains("@context  // the SDK's own async form 'send()' wraps it: that is the one to call\n    public func send(_ packet: Packet, completion:"))
    }

    /// The labels of a wrapped call, read off its line: a trailing closure, a closure argument
    /// whose body is below, and a call that goes on past the line (unread: nil).
    @Test func theLabelsOfAWrappedCall() {
        func labels(_ call: Substring) -> [String]? {
            Scan.argumentLabels(ofCallAt: call.firstIndex(where: { $0 == "(" || $0 == "{" })!, in: call)
        }
        #expect(labels("start(bootstrap: bootstrap, printToConsole) { error in") == ["bootstrap", "_", "{"])
        #expect(labels("write(iq, timeout: timeout, errorDecoder: errorDecoder, completionHandler: { result in") == ["_", "timeout", "errorDecoder", "completionHandler"])
        #expect(labels("calculateDiskStorageSize { result in") == ["{"])
        #expect(labels("fetch(id: id, name: \"a, b\", options: make(x, y)) {") == ["id", "name", "options", "{"])
        #expect(labels("fetch(id: id, map: { $0 }, completion: { value in") == ["id", "map", "completion"])
        #expect(labels("fetch(") == nil)
        #expect(labels("fetch(id: id,") == nil)
    }

    /// CollectionKit's `BasicProvider` declares `open var tapHandler: TapHandler?` above
    /// `public typealias TapHandler = (TapContext) -> Void`: the property is a callback property
    /// all the same (it was read before the alias, and the type dropped as having no callbacks).
    @Test func aCallbackPropertyOfAnAliasDeclaredBelowIt() {
        let text = scan(
            """
            open class Provider<Data> {
                open var tapHandler: TapHandler?
                public typealias TapHandler = (TapContext) -> Void
                public struct TapContext {
                    public let index: Int
                }
                func didTap(at index: Int) { tapHandler?(TapContext(index: index)) }
            }
            """
        ).text
        #expect(
            text.contains("    // scan: a stream assumed: nothing in the name 'tapHandler' says an event; if the SDK calls it once, write '@once'; if it is work or a setting the SDK runs, mark it '@context'\n    open var tapHandler: TapHandler?"),
            "\(text)")
        #expect(text.contains("    public typealias TapHandler = (TapContext) -> Void\n"), "\(text)")
    }

    /// Sheeeeeeeeet's `CollectionItem` takes its `itemSelectionAction: ItemAction` (an alias of
    /// a closure) in its initializer and keeps it in the non-optional property of that name: the
    /// object's own handler, as when the initializer's parameter is a closure written out.
    @Test func anInitializersClosureBehindAnAliasIsTheObjectsOwnHandler() {
        let text = scan(
            """
            public typealias ItemAction = (Int) -> Void
            open class Item {
                public init(title: String, itemSelectionAction: @escaping ItemAction) {
                    self.itemSelectionAction = itemSelectionAction
                }
                public var itemSelectionAction: ItemAction
                public var onHighlight: ((Int) -> Void)?
                func tap() { itemSelectionAction(1); onHighlight?(1) }
            }
            """
        ).text
        #expect(
            text.contains("    @context  // the initializer takes it: the object's own handler, not events to listen to\n    public var itemSelectionAction: ItemAction"),
            "\(text)")
        #expect(text.contains("// scan: 'onHighlight' holds a closure the SDK calls for each event: a stream\n    public var onHighlight"), "\(text)")
    }

    /// CollectionKit's `BasicProvider.init(…, tapHandler: TapHandler? = nil)` only fills in the
    /// `tapHandler` property, bridged as a stream: the initializer is context with that said, not
    /// an initializer generate warns about. One that also takes a closure it does not keep in
    /// such a property is named as before.
    @Test func anInitializerThatFillsInAStreamedPropertyIsContext() {
        let text = scan(
            """
            open class Provider {
                public typealias TapHandler = (Int) -> Void
                open var tapHandler: TapHandler?
                public init(identifier: String? = nil, tapHandler: TapHandler? = nil) {
                    self.tapHandler = tapHandler
                }
                public init(reloaded: @escaping () -> Void, tapHandler: TapHandler? = nil) {
                    self.tapHandler = tapHandler
                }
                func tap(_ index: Int) { tapHandler?(index) }
            }
            """
        ).text
        #expect(
            text.contains(
                "    @context  // it keeps 'tapHandler' in the property of that name, whose stream is above: pass nil and iterate that\n    public init(identifier:"
            ), "\(text)")
        #expect(
            text.contains(
                "    // Not bridgeable as written: an initializer cannot become async (generate warns here);\n    // bridge a method of yours that calls it and keeps the object, e.g. 'static func make(…, completion:)'\n    public init(reloaded:"
            ), "\(text)")
    }

    /// alerts-and-pickers' controls keep a closure and register an Objective-C action that
    /// calls it (`addTarget(self, action: #selector(…), for: .touchUpInside)`, or a tap gesture
    /// over several lines): a control calls its action for every event, so each is a stream
    /// (decision 161). A property's initializer below a method (`lazy var picker = { $0.addTarget
    /// (…) }`) is not that method's, and another type's method of the same name is not it.
    @Test func aMethodThatRegistersAControlsActionIsAStream() {
        let text = scan(
            """
            import UIKit
            open class Button: UIButton {
                public typealias Action = (Button) -> Void
                fileprivate var actionOnTouch: Action?
                public func action(_ closure: @escaping Action) {
                    if actionOnTouch == nil {
                        addTarget(self, action: #selector(Button.touched), for: .touchUpInside)
                    }
                    actionOnTouch = closure
                }
                @objc func touched() { actionOnTouch?(self) }
            }
            open class Label: UILabel {
                public typealias Action = (Label) -> Void
                fileprivate var actionOnTouch: Action?
                public func action(_ closure: @escaping Action) {
                    let gesture = UITapGestureRecognizer(
                        target: self,
                        action: #selector(Label.touched))
                    addGestureRecognizer(gesture)
                    actionOnTouch = closure
                }
                @objc func touched() { actionOnTouch?(self) }
            }
            open class Picker: UIViewController {
                fileprivate var done: ((Date) -> Void)?
                public func pick(_ done: @escaping (Date) -> Void) { self.done = done }
                lazy var picker: UIDatePicker = {
                    $0.addTarget(self, action: #selector(Picker.changed), for: .valueChanged)
                    return $0
                }(UIDatePicker())
                @objc func changed() { done?(Date()) }
            }
            open class Sheet {
                public func action(_ closure: @escaping (Int) -> Void) {}
            }
            """
        ).text
        let stream = "// scan: @stream because 'action' registers a control's action ('addTarget'), which the control calls for each event, and with it 'closure'\n    @stream\n"
        #expect(text.components(separatedBy: stream).count == 3, "\(text)")
        #expect(!text.contains("@stream because 'pick' registers"), "\(text)")
        #expect(text.contains("extension Sheet {\n    // scan: one-shot assumed"), "\(text)")
    }

    /// `scan --access internal` reads the sources as the app's own (a library copied into the
    /// app): internal members are the app's to call, `private` and `fileprivate` ones are not,
    /// even beside internal ones. `private(set)` restricts only the setter.
    @Test func aPrivateMemberIsNotTheAppsEvenWhenInternalOnesAre() {
        var scan = Scan()
        scan.modules = ["Store"]
        scan.includesInternal = true
        let source = """
            final class Control {
                fileprivate var actionOnTouch: ((Int) -> Void)?
                private var onHidden: ((Int) -> Void)?
                var onChange: ((Int) -> Void)?
                private(set) var onReset: ((Int) -> Void)?
                func fire() { actionOnTouch?(1); onHidden?(1); onChange?(1); onReset?(1) }
            }
            """
        let text = scan.run([Scan.File(path: "Sources/Store/Store.swift", bytes: Array(source.utf8))]).text
        #expect(text.contains("    var onChange: ((Int) -> Void)?"), "\(text)")
        #expect(text.contains("    private(set) var onReset: ((Int) -> Void)?"), "\(text)")
        #expect(!text.contains("actionOnTouch"), "\(text)")
        #expect(!text.contains("onHidden"), "\(text)")
    }

    /// alerts-and-pickers' `addTwoTextFields(…textFieldOne: TextField.Config?, …)`: a closure
    /// typed by an alias named for configuration is the caller's set-up code (decision 164).
    /// `LocaleStore.fetch`'s enum fails with a tuple, no error: said (a generic `Failure` is an
    /// error).
    @Test func aConfigurationAliasIsWorkAndAFailureWithoutAnErrorIsSaid() {
        let text = scan(
            """
            import UIKit
            open class Field: UITextField {
                public typealias Config = (Field) -> Void
            }
            public extension UIViewController {
                func addFields(first: Field.Config?, second: Field.Config?) {}
                func showSheet(completion: @escaping () -> Void) {}
            }
            public struct Store {
                public enum FetchResults {
                    case success(response: [String])
                    case error(error: (title: String?, message: String?))
                }
                public static func fetch(completionHandler: @escaping (FetchResults) -> ()) {}
            }
            """
        ).text
        #expect(text.contains("    @context  // takes a closure, but not a callback\n    func addFields("), "\(text)")
        #expect(
            text.contains(
                "// scan: as written, the value is the whole Store.FetchResults, a failure among its values: '.error' carries (title: String?, message: String?), no error generate can throw; check its cases, or bridge a method of yours that throws\n"
            ), "\(text)")
    }
}
