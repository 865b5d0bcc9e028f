import DeclParser
import Generator

/// The starter file's text, and the check that it generates: any declaration bridgegen refuses
/// is commented out with the error as its reason, until the file generates without errors.
struct StarterFile {
    var modules: [String]
    /// Names the SDK declares that Foundation or the standard library also has, with the SDK's
    /// module (`Progress` → `SwiftSMTP.Progress`): in a callback's declaration, where the adapter
    /// repeats them beside `import Foundation`, they would be ambiguous.
    var qualifiedNames: [String: String] = [:]
    /// The SDK sources' other imports, as lines (an `#if` block for a conditional one).
    var imports: [String] = []
    var typeAliases: [SourceMember]
    /// Those of `typeAliases` pasted from the modules the SDK depends on (last, in their order).
    var borrowedAliases: [SourceMember] = []
    /// The SDK's enums that callbacks get, pasted after the typealiases (nested ones in an
    /// extension block of their type).
    var enums: [SDKEnum] = []
    /// Of those, the ones the modules the SDK depends on declare (`--dependency`), by name.
    var borrowedEnums: Set<String> = []
    var blocks: [StarterBlock]
    var delegates: [SourceType]
    /// By delegate protocol: the methods that take its object as an argument.
    var delegateTakers: [String: [String]] = [:]
    /// The SDK's public global variables: a default value that reads one is shared mutable
    /// state to Swift 6, which an SDK built in Swift 5 mode does not see.
    var globalVariables: Set<String> = []
    /// The types with closures but no callback, each kind named at the end (Scan.Unbridged).
    var unbridged = Scan.Unbridged()
    /// Public declarations with closures that the library's comments say are for its own use
    /// (`InternalUse`): named at the end.
    var internalUse: [(type: String, methods: [String])] = []
    /// Free functions whose closures are not callbacks (Swifter's `ul(_:_:)`, which runs its
    /// closure per item): named at the end, as a type's are.
    var freeFunctions: [String] = []
    /// Closure properties an app sets (`source.onMessage = { … }`): named at the end.

    static let maximumPasses = 5

    func validated(counting result: inout Scan.Result) -> String {
        var blocks = self.blocks
        var refusedAliases: Set<String> = []
        var text = ""
        // The analyser judges every declaration in one pass; another pass is needed only when
        // commenting one out changes another's meaning (a typealias others name).
        guard let generator = try? GeneratorPipeline.standard() else { return "" }
        for _ in 0..<Self.maximumPasses {
            var owners: [(lines: ClosedRange<Int>, block: Int, entry: Int)] = []
            var aliasOwners: [(lines: ClosedRange<Int>, text: String)] = []
            text = render(blocks, refusedAliases: refusedAliases, owners: &owners, aliasOwners: &aliasOwners)
            let errors = generator.errors(in: Array(text.utf8))
            result.passes += 1
            if errors.isEmpty { break }
            var refusedAny = false
            for error in errors {
                let line = error.location.line
                if let alias = aliasOwners.first(where: { $0.lines.contains(line) }), !refusedAliases.contains(alias.text) {
                    refusedAliases.insert(alias.text)
                    refusedAny = true
                    continue
                }
                // A parse error can surface on the line after a declaration the .bridge language
                // cannot read: it belongs to the last declaration that starts before it.
                guard let owner = owners.first(where: { $0.lines.contains(line) }) ?? owners.last(where: { $0.lines.lowerBound <= line }),
                    blocks[owner.block].entries[owner.entry].refusal == nil
                else { continue }
                // A closure type of another module is why (the outside try saw only generate's "no
                // completion handler found" where docs/migrating.md promises scan's word).
                if let alias = blocks[owner.block].entries[owner.entry].annotations.first(where: { $0.why.hasSuffix(StarterBlock.unseenClosure) }) {
                    blocks[owner.block].entries[owner.entry].refusal = alias.why
                    blocks[owner.block].entries[owner.entry].refusalNote = "generate says: " + error.message
                } else {
                    blocks[owner.block].entries[owner.entry].refusal = error.message
                    blocks[owner.block].entries[owner.entry].refusalNote = error.notes.first?.message
                }
                refusedAny = true
            }
            if !refusedAny { break }
        }
        // (And the types whose only callbacks are refused: the outside try counted three, not two.)
        // (A type's blocks under several `#if`s are one type.)
        result.types = Set(blocks.filter { !$0.isFreeFunctions }.map(\.type)).count + delegates.count
            + Set(unbridged.refused.map(\.type)).subtracting(blocks.map(\.type)).count
        result.freeFunctions = blocks.filter(\.isFreeFunctions).flatMap(\.entries).filter { $0.role == .callback }.count
        // An initializer that keeps a callback is counted apart: no hand edit makes it async.
        result.initializers = blocks.flatMap(\.entries).filter(\.initializerWithCallback).count
            + unbridged.initializersOnly.map(\.methods.count).reduce(0, +)
        for entry in blocks.flatMap(\.entries) where entry.role == .callback {
            result.apis += 1
            if entry.refusal != nil || entry.annotations.contains(where: { $0.why.hasSuffix(StarterBlock.unseenClosure) }) {
                result.notBridgeable += 1
            } else if entry.annotations.allSatisfy({ $0.annotation.isEmpty }) {
                // Notes only (what was assumed): nothing inferred, bridged as written.
                result.asWritten += 1
            } else {
                result.inferred += 1
            }
        }
        // Callbacks refused with a reason (a chained half of an outcome): named at the end.
        // (In a block with other callbacks they are written in place, marked `@context`.)
        let refused = blocks.flatMap(\.entries).filter(\.refusedCallback).count + unbridged.refused.map(\.methods.count).reduce(0, +)
        result.apis += delegates.count + refused
        result.notBridgeable += delegates.count + refused
        return text
    }

    /// A global variable of the SDK that a default value of a declaration reads (`on:
    /// DispatchQueue? = conf.Q.return`): the starter then imports the SDK `@preconcurrency`, as
    /// Swift 6 code must to read an SDK's globals that predate its checks.
    func globalReadByDefault(_ blocks: [StarterBlock]) -> String? {
        guard !globalVariables.isEmpty else { return nil }
        for entry in blocks.flatMap(\.entries) where entry.refusal == nil && entry.role != .typeAlias {
            let words = entry.member.text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "=") })
            for (index, word) in words.enumerated() where word == "=" && index + 1 < words.count {
                if globalVariables.contains(String(words[index + 1])) { return String(words[index + 1]) }
            }
        }
        return nil
    }

    private func render(
        _ blocks: [StarterBlock], refusedAliases: Set<String>, owners: inout [(lines: ClosedRange<Int>, block: Int, entry: Int)],
        aliasOwners: inout [(lines: ClosedRange<Int>, text: String)]
    ) -> String {
        var lines: [String] = [
            "// A starter .bridge file written by `bridgegen scan`: the SDK's callback APIs as declared,",
            "// with the annotations scan could infer (each says why) and, commented out, what bridgegen",
            "// cannot take as written (each says why). Review it, then generate. docs/migrating.md",
            "",
            "import Foundation",
        ]
        if let global = globalReadByDefault(blocks) {
            lines.append("// @preconcurrency: default values read the SDK's global '\(global)', shared mutable state to Swift 6.")
        }
        let prefix = globalReadByDefault(blocks) == nil ? "" : "@preconcurrency "
        lines += modules.isEmpty ? ["// import <the SDK's module>"] : modules.map { prefix + "import \($0)" }
        // Plain imports first, then `#if` blocks, as the .bridge language and swift-format want.
        // One entry per line: the line numbers say which declaration an error belongs to.
        lines += (imports.filter { !$0.hasPrefix("#if") } + imports.filter { $0.hasPrefix("#if") })
            .flatMap { $0.split(separator: "\n").map(String.init) }
        if !typeAliases.isEmpty { lines.append("") }
        // Refused ones are left out: a typealias the .bridge language cannot read only hides shapes.
        for alias in typeAliases where !refusedAliases.contains(alias.text) {
            if alias.text == borrowedAliases.first?.text {
                lines.append("// The closure typealiases of the modules the SDK depends on that its declarations use:")
            }
            let first = lines.count + 1
            lines += Self.indented(alias, by: "")
            aliasOwners.append((first...lines.count, alias.text))
        }
        for item in enums {
            lines.append("")
            if borrowedEnums.contains(item.name), item.name == enums.first(where: { borrowedEnums.contains($0.name) })?.name {
                lines.append("// The enums of the modules the SDK depends on that its callbacks get, read by their cases:")
            }
            let parent = item.name.split(separator: ".").dropLast().joined(separator: ".")
            if parent.isEmpty {
                lines += item.declaration
            } else {
                lines.append("extension \(parent) {")
                lines += item.declaration.map { "    " + $0 }
                lines.append("}")
            }
        }
        for (blockIndex, block) in blocks.enumerated() {
            lines.append("")
            if let condition = block.condition { lines.append("#if \(CompilationCondition.simplified(condition))") }
            // The SDK's free functions stand at the top level, each one's own block.
            let indent = block.isFreeFunctions ? "" : "    "
            // A block whose every callback is refused bridges nothing: commented out whole, so
            // that the starter generates without a warning (outside try).
            let bridgesNothing = !block.isFreeFunctions && block.entries.contains { $0.refusal != nil && $0.role != .context }
                && !block.entries.contains { $0.refusal == nil && ($0.role != .context || $0.marksContext || $0.initializerWithCallback) }
            let blockStart = lines.count
            if let holder = block.reachedThrough {
                let (owner, property) = (holder.split(separator: ".").dropLast().joined(separator: "."), holder.split(separator: ".").last ?? "")
                lines.append(
                    block.isValueType
                        ? "// scan: @bridge(through: \(holder)) because \(block.type) is a value: the library reads its callbacks from the one a \(owner) keeps in '\(property)', where the adapters set them"
                        : "// scan: @bridge(through: \(holder)) because what these return runs only once another object runs it, which a \(owner) keeps beside its '\(property)': the adapters extend \(owner)")
                lines.append("@bridge(through: \(holder))")
            }
            if !block.isFreeFunctions {
                lines.append("extension \(block.spelledType ?? block.type)\(block.whereClause.map { " " + $0 } ?? "") {")
            }
            let ordered = block.entries.indices.sorted { Self.rank(block.entries[$0].role) < Self.rank(block.entries[$1].role) }
            var previousRole: StarterBlock.Entry.Role?
            // A context member bridgegen cannot read is left out: it would only check names.
            for index in ordered where !(block.entries[index].role == .context && block.entries[index].refusal != nil) {
                let entry = block.entries[index]
                if entry.role != previousRole {
                    if previousRole != nil { lines.append("") }
                    if entry.role == .context { lines.append(indent + "// Context: the type's other members, checked for name collisions.") }
                } else if entry.role == .callback {
                    lines.append("")
                }
                previousRole = entry.role
                let first = lines.count + 1
                if let refusal = entry.refusal {
                    lines.append(indent + "// Not bridgeable as written: \(Self.oneLine(refusal))")
                    // What generate's note says to do instead (outside try: the refusal alone left
                    // the reader to run generate to learn it).
                    if let note = entry.refusalNote { lines.append(indent + "// note: \(Self.oneLine(note))") }
                    lines += entry.member.text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + "// " + $0 }
                } else {
                    for (annotation, why) in entry.annotations {
                        // A note without an annotation says what scan took the member for.
                        guard !annotation.isEmpty else {
                            lines.append(indent + "// scan: \(why)")
                            continue
                        }
                        lines.append(indent + "// scan: \(annotation) because \(why)")
                        lines.append(indent + annotation)
                    }
                    if entry.marksContext {
                        lines.append(indent + "@context  // " + (entry.contextReason ?? "takes a closure, but not a callback"))
                    }
                    if entry.initializerWithCallback {
                        lines.append(indent + "// Not bridgeable as written: an initializer cannot become async (generate warns here);")
                        lines.append(indent + "// bridge a method of yours that calls it and keeps the object, e.g. 'static func make(…, completion:)'")
                    }
                    let declaration = Self.indented(entry.member, by: indent)
                    let names = qualifiedNames.merging(block.inheritedAliases) { file, _ in file }
                    lines += entry.role == .callback ? declaration.map { Self.qualifying($0, names) } : declaration
                }
                owners.append((first...lines.count, blockIndex, index))
            }
            if !block.isFreeFunctions { lines.append("}") }
            if bridgesNothing {
                for line in blockStart..<lines.count where !lines[line].trimmingCharacters(in: .whitespaces).hasPrefix("//") && !lines[line].isEmpty {
                    let indentation = lines[line].prefix { $0 == " " }
                    lines[line] = indentation + "// " + lines[line].dropFirst(indentation.count)
                }
            }
            if block.condition != nil { lines.append("#endif") }
        }
        for delegate in delegates {
            let methods = delegate.members.filter { $0.kind == .function }.count
            lines += [
                "",
                "// Delegate protocol \(delegate.name) (\(methods) method\(methods == 1 ? "" : "s"), \(delegate.path):\(delegate.line)): bridge its",
                "// results or events with a 'delegate \(delegate.name) on <Owner> { … }' block (docs/language.md, \"Delegates\"):",
                "// '@start(call())' on the adapter, or '@start(none)' when the owner calls its delegate unasked.",
            ]
            // A method that takes the delegate as an argument: one per call, `$delegate`; unless
            // the protocol's methods answer with values, which a delegate block cannot implement.
            let answers = delegate.members.contains { member in
                guard case .function(let function)? = member.declaration, let returned = function.returnType else { return false }
                return !returned.isVoid
            }
            for taker in delegateTakers[delegate.name] ?? [] {
                lines.append(
                    answers
                        ? "// \(taker) takes one per call, but its methods return values: a delegate block cannot implement them."
                        : "// \(taker) takes one per call: write '@start(…, delegate: $delegate)' (the call's own delegate).")
            }
        }
        Self.appendNames(
            unbridged.refused, to: &lines,
            heading: [
                "// Not bridgeable as written: these are callbacks, but an adapter of one alone would mean something",
                "// else than the SDK does (each says why, and what to bridge instead).",
            ])
        Self.appendNames(
            unbridged.closuresOnly, to: &lines,
            heading: [
                "// Not bridged: these take closures that are not callbacks (they return a value, take inout, throw,",
                "// are async, are handed a function, build something, are work the SDK runs for you, or are an",
                "// operator's hooks; docs/migrating.md), or hold the handlers the object was made with, or the SDK's",
                "// own async form or stream serves them.",
            ])
        Self.appendNames(
            unbridged.deprecatedOnly, to: &lines,
            heading: [
                "// Not bridged: methods with closures of deprecated types, left for what replaces them (write them",
                "// in a block by hand if your code still calls them).",
            ])
        Self.appendNames(
            unbridged.servedOnly, to: &lines,
            heading: [
                "// Not bridged here: the adapters of the superclass they override, or of the protocol whose",
                "// requirement they implement, call them (`Type → superclass or protocol`).",
            ])
        Self.appendNames(
            unbridged.lentOnly, to: &lines,
            heading: [
                "// Not bridged: these are methods of objects the library only lends to closures that do not escape",
                "// (a connection valid inside them): they are called there, where nothing can be awaited.",
            ])
        Self.appendNames(
            freeFunctions.isEmpty ? [] : [("free functions", freeFunctions)], to: &lines,
            heading: [
                "// Not bridged: free functions whose closures are not callbacks (they return a value, are work the",
                "// library runs, or are run for each item they are given; docs/migrating.md).",
            ])
        Self.appendNames(
            internalUse, to: &lines,
            heading: [
                "// Not bridged: public, but their documentation or their file's header comment says they are for",
                "// the library's internal use (write them in a block by hand if your code does call them).",
            ])
        Self.appendNames(
            unbridged.initializersOnly, to: &lines,
            heading: [
                "// Not bridged: these initializers keep a callback, and an initializer cannot become async; bridge a",
                "// method of yours that calls one and keeps the object, e.g. 'static func make(…, completion:)'.",
            ])
        Self.appendNames(
            unbridged.valueTypeProperties, to: &lines,
            heading: [
                "// Not bridged: callback properties of a struct or an enum. An adapter would set them on its own",
                "// copy, which the SDK never sees: set them on the value before you hand it over.",
            ])
        return lines.joined(separator: "\n") + "\n"
    }

    /// `// Type: a, b, c` per type, wrapped at 100 columns, under a heading.
    static func appendNames(_ names: [(type: String, methods: [String])], to lines: inout [String], heading: [String]) {
        guard !names.isEmpty else { return }
        lines += [""] + heading
        for (type, all) in names {
            // A method with its reason stands on a line of its own.
            for described in all where described.contains(" — ") { lines.append("// \(type): \(described)") }
            let methods = all.filter { !$0.contains(" — ") }
            guard !methods.isEmpty else { continue }
            var line = "// \(type):"
            for (index, method) in methods.enumerated() {
                let piece = " " + method + (index < methods.count - 1 ? "," : "")
                if line.count + piece.count > 100 {
                    lines.append(line)
                    line = "//    "
                }
                line += piece
            }
            lines.append(line)
        }
    }

    static func rank(_ role: StarterBlock.Entry.Role) -> Int {
        switch role {
        case .typeAlias: 0
        case .callback: 1
        case .context: 2
        }
    }

    /// The declaration at `indentation`, its later lines moved with it from its own column.
    static func indented(_ member: SourceMember, by indentation: String) -> [String] {
        let lines = member.text.split(separator: "\n", omittingEmptySubsequences: false)
        let column = member.column - 1
        return [indentation + lines[0]]
            + lines.dropFirst().map { line in
                guard !line.allSatisfy(\.isWhitespace) else { return "" }
                let leading = line.prefix { $0 == " " }.count
                return indentation + line.dropFirst(min(leading, column))
            }
    }

    /// `text` with each name of `names` that stands alone as a type (not after a `.`, not part
    /// of a longer name) spelled as its value.
    static func qualifying(_ text: String, _ names: [String: String]) -> String {
        guard !names.isEmpty else { return text }
        var result = ""
        var word = ""
        var previous: Character = " "
        func flush() {
            result += previous != "." ? names[word] ?? word : word
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            if !word.isEmpty {
                flush()
            }
            result.append(character)
            previous = character
        }
        if !word.isEmpty { flush() }
        return result
    }

    static func oneLine(_ text: String) -> String {
        text.split(separator: "\n").joined(separator: " ")
    }
}
