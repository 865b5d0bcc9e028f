import DeclParser
import Generator

/// What a method's name and its closures' types say, before any evidence from the library's
/// code: an observer's name, a listener's registration, a value closure beside an error
/// closure, a system delegate call, a collection iterated, a hook, an addition.
extension StarterBlock {
    /// The system objects whose delegate calls SDKs ask apps to forward, with the system's
    /// completion handler: the first argument of such a method.
    static let systemDelegators: Set<String> = [
        "UIApplication", "NSApplication", "UNUserNotificationCenter", "URLSession", "WKWebView", "UIScene", "UIWindowScene",
    ]

    /// Names of observer-like methods: they call back many times while their token lives.
    static let observerPrefixes = [
        "observe", "subscribe", "listen", "watch", "monitor", "addObserver", "addListener", "startUpdating", "startWith",
    ]

    /// An observer-like method: named so (`observe…`, `addObserver`), adding one of a kind
    /// (hyperoslo/Cache's `addStorageObserver`, an `addMessageListener`), or adding a handler
    /// for an event (ConfigCat's `Hooks.addOnFlagEvaluated(handler:)`).
    static func namesObserver(_ method: String) -> Bool {
        observerPrefixes.contains(where: method.hasPrefix)
            || (method.hasPrefix("add") && ["Observer", "Listener", "Notification"].contains(where: method.hasSuffix))
            || (method.hasPrefix("addOn") && method.dropFirst(5).first?.isUppercase == true)
    }

    /// Of two closures, the one that takes a value and the one that takes one error and nothing
    /// else, by the rule generate gives them their roles by (ClosureRoleNames.valueAndError); an
    /// error is a type named `Error` or `…Error`.
    static func valueAndErrorClosures(_ callbacks: [Parameter], closureTypes: [FunctionTypeSyntax?]) -> (value: Parameter, error: Parameter)? {
        guard
            let pair = ClosureRoleNames.valueAndError(
                names: callbacks.map { ($0.name.name, $0.label?.name) }, arguments: closureTypes.map { $0?.parameters.map(\.type) },
                isError: { type in
                    let name = type.strippingAttributes.description
                    return ["Error", "NSError", "any Error", "Swift.Error", "any Swift.Error"].contains(name) || (name.hasSuffix("Error") && !name.hasSuffix("?"))
                })
        else { return nil }
        return (callbacks[pair.value], callbacks[pair.failure])
    }

    /// `register…Listener`, `add…Listener`, `set…Observer`, `add…EventHandler`: one listener
    /// registered, not a call.
    static func registersListener(_ method: String) -> Bool {
        ["register", "add", "set"].contains(where: method.hasPrefix) && ["Listener", "Observer", "EventHandler"].contains(where: method.hasSuffix)
    }

    /// The parameter whose elements the method's one closure gets: a generic `T: Sequence` (or
    /// `Collection`) the caller passes, and a closure of `T.Element` (or `T.Iterator.Element`).
    static func iteratedCollection(_ function: FunctionDecl) -> String? {
        let sequences = function.genericParameters.filter { parameter in
            ["Sequence", "Collection"].contains { parameter.constraint?.description.hasSuffix($0) == true }
        }.map(\.name.name)
        for name in sequences {
            guard let collection = function.parameters.first(where: { $0.type.strippingAttributes.description == name }) else { continue }
            let element = [name + ".Element", name + ".Iterator.Element"]
            let iterates = function.parameters.contains { parameter in
                guard case .function(let closure) = parameter.type.strippingAttributes.unwrappingOptional.strippingAttributes.kind else {
                    return false
                }
                return closure.parameters.count == 1 && element.contains(closure.parameters[0].type.strippingAttributes.description)
            }
            if iterates { return collection.name.name }
        }
        return nil
    }

    /// `willConnect`, `onWillCancel`, `addWillExecuteBlockObserver`: named for what is about to
    /// happen. A hook the library runs before it goes on, and often waits for (ProcedureKit's
    /// will-execute observers, Swift-ActionCableClient's `willConnect`), not an event to listen to.
    static func namesHook(_ name: String) -> Bool {
        ["will", "onWill", "addWill"].contains { prefix in
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true
        }
    }

    /// `addHandler`, `addRoute`: a method that adds something of the caller's to the object.
    static func namesAddition(_ method: String) -> Bool {
        method.hasPrefix("add") && method.dropFirst(3).first?.isUppercase == true
    }
}
