import DeclParser

/// bridgegen's annotations and the Swift attributes it accepts in pasted SDK declarations.
///
/// Every attribute in a `.bridge` file is either one of bridgegen's annotations (validated here),
/// a Swift attribute carried onto the generated declaration (`@available`), or a Swift attribute
/// that only matters to the legacy declaration and is ignored (`@objc`). Anything else is an error,
/// so a misspelt annotation never silently does nothing.
enum Annotations {
    /// Where an annotation may stand.
    struct Places: OptionSet, Hashable {
        let rawValue: Int
        /// On an `extension` block: it applies to each of the block's adapters.
        static let block = Places(rawValue: 1 << 0)
        static let function = Places(rawValue: 1 << 1)
        /// On a `delegate Protocol on Owner` block, its adapter, or a delegate method.
        static let delegateBlock = Places(rawValue: 1 << 2)
        static let delegateAdapter = Places(rawValue: 1 << 3)
        static let delegateMethod = Places(rawValue: 1 << 4)
        /// On a callback property.
        static let property = Places(rawValue: 1 << 5)
    }

    /// One of bridgegen's annotations: where it may stand, the argument labels it takes (`""`
    /// for an unlabeled one), how to write it, and why it means nothing on some forms. The
    /// analysis reads this table; there is no other list of annotation names.
    struct Spec {
        var name: String
        var places: Places
        var labels: [String] = []
        var required = true
        var usage: String = ""
        /// Why it does not apply to a `@stream` adapter (nil: it applies).
        var notOnStream: String? = nil
        /// Why it does not apply to a `@notification` stream (nil: it applies).
        var notOnNotification: String? = nil
        /// A delegate method's role that only one kind of delegate adapter has.
        var delegateKind: DelegateKind? = nil
    }

    enum DelegateKind { case oneShot, stream }

    static let registry: [Spec] = [
        Spec(
            name: "bridge", places: [.block, .delegateBlock], labels: ["access", "wrapper", "through"],
            usage: "'@bridge(access: public)', '@bridge(wrapper: TypeName)' or '@bridge(through: Holder.property)'"),
        Spec(
            name: "timeout", places: [.block, .function, .delegateBlock], labels: ["seconds"], usage: "'@timeout(seconds: 30)'",
            notOnStream: "a stream ends when its consumer stops listening",
            notOnNotification: "a stream ends when its consumer stops listening"),
        Spec(
            name: "mapError", places: [.block, .function, .delegateBlock], labels: [""],
            usage: "'@mapError(functionName)' naming a function (any Error) -> any Error",
            notOnNotification: "a notification stream cannot fail"),
        Spec(name: "MainActor", places: [.block, .function, .delegateBlock]),
        Spec(
            name: "blocking", places: [.block, .function],
            usage: "'@blocking' on a method that calls its completion before it returns (a synchronous SDK)",
            notOnStream: "the SDK calls a stream's closures after its registration returns",
            notOnNotification: "notifications are posted, not returned"),
        Spec(
            name: "retry", places: [.block, .function],
            labels: ["", "attempts", "delay", "backoff", "multiplier", "maxDelay", "jitter", "deadline", "when", "on"],
            usage: "'@retry(attempts: 3, delay: 0.5, when: isTransient)' or '@retry(attempts: 3, delay: 1, on: [PaymentError.offline])'",
            notOnStream: "a stream is not repeated; its consumer decides whether to listen again",
            notOnNotification: "a stream is not repeated"),
        Spec(
            name: "asyncName", places: [.function, .delegateAdapter], labels: ["", "getter"],
            usage: "'@asyncName(newName)', with its labels '@asyncName(newName(label:_:))', or for a property '@asyncName(getter: name)'",
            notOnNotification: "the function is named as declared"),
        Spec(
            name: "completion", places: .function, labels: [""], usage: "'@completion(parameterName)'",
            notOnNotification: "there is no completion handler"),
        Spec(
            name: "asyncError", places: .function, labels: ["zeroArgument", "nonzeroArgument", "thrown", "message", "unless"],
            usage: "'@asyncError(zeroArgument: N)', '@asyncError(nonzeroArgument: N)', '@asyncError(thrown: N)' or '@asyncError(message: N)' (N counts the completion's parameters from 1; 'N.error' names the member of one that carries the failure; 'thrown: 1, unless: .none' names the case of a failure-only callback's error that is success)",
            notOnNotification: "there is no completion handler"),
        Spec(
            name: "cancel", places: [.function, .delegateAdapter], labels: ["", "token", "using", "waitForCompletion"],
            usage: "'@cancel(token)', '@cancel(token: method())', '@cancel(using: cancelMethod(_:))', '@cancel(receiverMethod())' or '@cancel(none)'",
            notOnNotification: "the observer is removed when the stream ends"),
        Spec(
            name: "start", places: [.function, .delegateAdapter], labels: [""], usage: "'@start(resume())', '@start(self.manager.execute($token))' or '@start(none)'",
            notOnStream: "streams start when they are created", notOnNotification: "the observer is added when the function is called"),
        Spec(
            name: "progressStream", places: .function, labels: [""],
            usage: "'@progressStream(parameterName)' naming a '(Value) -> Void' progress closure",
            notOnStream: "the stream itself carries the events", notOnNotification: "the stream itself carries the values"),
        Spec(
            name: "progress", places: .function, labels: [""],
            usage: "'@progress(closureName)' naming a closure that reports progress on the way (an optional per-page update beside the completion that hands the whole outcome), or, on a stream, a closure of the caller's that is no event of it",
            notOnNotification: "there is no closure"),
        Spec(
            name: "stream", places: [.function, .delegateAdapter], labels: ["", "bufferingNewest", "bufferingOldest", "replay"],
            required: false,
            usage: "'@stream', '@stream(bufferingNewest: 1)', '@stream(bufferingOldest: 100)', '@stream(shared)', '@stream(shared, replay: 1)' or '@stream(results)'"),
        Spec(
            name: "notification", places: .function, labels: ["", "object", "queue", "map", "center"],
            usage: "'@notification(.nameOfNotification, object: sender, map: Element.init(notification:))'"),
        Spec(
            name: "lent", places: .function, labels: [""],
            usage: "'@lent(TypeName)' naming the type of an object the SDK lends to the callback only (a connection valid inside it)",
            notOnNotification: "there is no callback"),
        Spec(name: "once", places: .property, usage: "'@once' on a callback property the SDK calls once, or on an initializer that calls its completion once"),
        Spec(name: "nullableResult", places: .function),
        Spec(name: "swiftPrivate", places: .function),
        Spec(name: "context", places: .function),
        Spec(name: "until", places: .function, labels: ["", "inclusive", "progress"]),
        Spec(name: "delegateProperty", places: .delegateBlock, labels: [""], usage: "'@delegateProperty(name)' naming the owner's delegate property"),
        Spec(name: "onBusy", places: .delegateBlock, labels: [""], usage: "'@onBusy(fail)' or '@onBusy(cancelPrevious)'"),
        Spec(name: "restoreDelegate", places: .delegateBlock),
        // The roles: on a delegate method, what its call means; on a function, which closure
        // parameter plays the role (docs/language.md, "What each closure is").
        Spec(
            name: "success", places: [.delegateMethod, .function], labels: [""], required: false,
            usage: "'@success(closureName)' naming the closure that delivers the value", delegateKind: .oneShot),
        Spec(
            name: "userCancel", places: [.delegateMethod, .function], labels: ["", "returning"], required: false,
            usage: "'@userCancel(closureName)' naming the closure called when the user cancels", delegateKind: .oneShot),
        Spec(
            name: "event", places: [.delegateMethod, .function], labels: [""], required: false,
            usage: "'@event(closureName)' naming the closure called for each event", delegateKind: .stream),
        Spec(
            name: "finish", places: [.delegateMethod, .function], labels: [""], required: false,
            usage: "'@finish(closureName)' naming the closure that says the events are over, or '@finish(returned)' for the returned future",
            delegateKind: .stream),
        Spec(
            name: "failure", places: [.delegateMethod, .function], labels: ["", "status"], required: false,
            usage: "'@failure(closureName)' naming the closure that reports the error"),
        Spec(name: "ignore", places: .delegateMethod),
    ]

    static let specs: [String: Spec] = Dictionary(uniqueKeysWithValues: registry.map { ($0.name, $0) })

    /// The annotations that may stand at `places`.
    static func names(at places: Places) -> Set<String> {
        Set(registry.filter { !$0.places.isDisjoint(with: places) }.map(\.name))
    }

    static let blockAnnotations = names(at: .block)
    static let functionAnnotations = names(at: .function)

    /// Swift attributes copied onto the generated declaration.
    static let carried: Set<String> = ["available"]
    /// Swift attributes that describe the legacy declaration only.
    static let ignored: Set<String> = [
        "objc", "objcMembers", "nonobjc", "discardableResult", "inlinable", "usableFromInline", "preconcurrency",
        "warn_unqualified_access", "frozen", "backDeployed", "_spi", "_disfavoredOverload", "Sendable",
    ]

    /// The annotation's arguments checked against its row of the registry.
    static func arguments(of attribute: Attribute, into diagnostics: inout DiagnosticBag) -> Arguments? {
        let spec = specs[attribute.name.name]!
        return arguments(of: attribute, accepted: spec.labels, required: spec.required, usage: spec.usage, into: &diagnostics)
    }

    /// `'@timeout(seconds: 30)'`: how to write an annotation, for notes.
    static func usage(_ name: String) -> String { specs[name]?.usage ?? "'@\(name)'" }

    /// A diagnostic for an attribute bridgegen does not know, with the closest known spelling.
    static func unknown(_ attribute: Attribute, allowedHere: Set<String>) -> Diagnostic {
        let name = attribute.name.name
        if name == "retry" {
            return .error(
                "'@retry' applies to completion-handler adapters and their extension blocks", at: attribute.location,
                notes: [.init("retry the call where you await it, or bridge a completion-handler method instead")])
        }
        if name == "once" {
            return .error(
                "'@once' applies to a callback property, or to an initializer that calls its completion once", at: attribute.location,
                notes: [.init("a method is a one-shot without '@stream'; remove '@once'")])
        }
        if functionAnnotations.contains(name) && allowedHere == blockAnnotations {
            return .error(
                "'@\(name)' applies to a single function, not to an extension block", at: attribute.location,
                notes: [.init("move it onto the function it is meant for")])
        }
        if blockAnnotations.contains(name) && allowedHere == functionAnnotations {
            return .error(
                "'@\(name)' applies to an extension block, not to a single function", at: attribute.location,
                notes: [.init("move it onto the 'extension' line")])
        }
        var notes: [Diagnostic.Note] = []
        let candidates = allowedHere.union(carried).union(ignored)
        if let suggestion = closest(to: attribute.name.name, in: candidates) {
            notes.append(.init("did you mean '@\(suggestion)'?"))
        } else {
            notes.append(.init("annotations allowed here: " + allowedHere.sorted().map { "@" + $0 }.joined(separator: ", ")))
        }
        return .error("unknown annotation '@\(attribute.name.name)'", at: attribute.location, notes: notes)
    }

    /// The known name within edit distance 2 (case-insensitive), if any.
    static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let lowered = name.lowercased()
        var best: (String, Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= 2, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The arguments of an annotation checked against the labels it accepts. Reports unknown,
    /// duplicate and missing labels; returns the arguments by label ("" for unlabeled).
    static func arguments(
        of attribute: Attribute, accepted: [String], required: Bool, usage: String, into diagnostics: inout DiagnosticBag
    ) -> Arguments? {
        guard let arguments = attribute.arguments, !arguments.isEmpty else {
            if required {
                diagnostics.error(
                    "'@\(attribute.name.name)' needs arguments", at: attribute.location, notes: [.init("write \(usage)")])
                return nil
            }
            return Arguments()
        }
        var result = Arguments()
        var ok = true
        for argument in arguments {
            let label = argument.label?.name ?? ""
            if !accepted.contains(label) {
                let shown = label.isEmpty ? "an unlabeled argument" : "argument '\(label)'"
                diagnostics.error(
                    "'@\(attribute.name.name)' does not take \(shown)", at: argument.location,
                    notes: [.init("write \(usage)")])
                ok = false
            } else if result[label] != nil {
                diagnostics.error("duplicate argument '\(label)' in '@\(attribute.name.name)'", at: argument.location)
                ok = false
            } else {
                result.entries.append(.init(label: label, argument: argument))
            }
        }
        return ok ? result : nil
    }

    /// An annotation's arguments by label ("" for unlabeled), in the order written (`first` is
    /// the one written first), each label once.
    struct Arguments {
        struct Entry {
            var label: String
            var argument: AttributeArgument
        }

        fileprivate var entries: [Entry] = []

        var count: Int { entries.count }

        /// The first argument written (the only one, where callers ask).
        var first: (key: String, value: AttributeArgument)? { entries.first.map { ($0.label, $0.argument) } }

        subscript(label: String) -> AttributeArgument? {
            for entry in entries where entry.label == label { return entry.argument }
            return nil
        }

        /// Takes out the argument of a label, for one that qualifies another (`unless:`).
        mutating func removeValue(forKey label: String) -> AttributeArgument? {
            guard let index = entries.firstIndex(where: { $0.label == label }) else { return nil }
            return entries.remove(at: index).argument
        }
    }
}
