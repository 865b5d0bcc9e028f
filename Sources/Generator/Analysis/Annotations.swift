import DeclParser

/// bridgegen's annotations and the Swift attributes it accepts in pasted SDK declarations.
///
/// Every attribute in a `.bridge` file is either one of bridgegen's annotations (validated here),
/// a Swift attribute carried onto the generated declaration (`@available`), or a Swift attribute
/// that only matters to the legacy declaration and is ignored (`@objc`). Anything else is an error,
/// so a misspelt annotation never silently does nothing.
enum Annotations {
    static let blockAnnotations: Set<String> = ["bridge", "timeout", "mapError", "MainActor", "retry"]
    static let functionAnnotations: Set<String> = [
        "asyncName", "completion", "asyncError", "cancel", "start", "timeout", "mapError", "MainActor", "progressStream",
        "stream", "retry", "notification", "nullableResult", "swiftPrivate", "context", "until",
    ]
    /// Swift attributes copied onto the generated declaration.
    static let carried: Set<String> = ["available"]
    /// Swift attributes that describe the legacy declaration only.
    static let ignored: Set<String> = [
        "objc", "objcMembers", "nonobjc", "discardableResult", "inlinable", "usableFromInline", "preconcurrency",
        "warn_unqualified_access", "frozen", "backDeployed", "_spi", "_disfavoredOverload", "Sendable",
    ]

    static var allKnown: [String] {
        (blockAnnotations.union(functionAnnotations).union(carried).union(ignored)).sorted()
    }

    /// A diagnostic for an attribute bridgegen does not know, with the closest known spelling.
    static func unknown(_ attribute: Attribute, allowedHere: Set<String>) -> Diagnostic {
        let name = attribute.name.name
        if name == "retry" {
            return .error(
                "'@retry' applies to completion-handler adapters and their extension blocks", at: attribute.location,
                notes: [.init("retry the call where you await it, or bridge a completion-handler method instead")])
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
    }
}
