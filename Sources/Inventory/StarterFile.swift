import DeclParser
import Generator

/// One type's block in the starter file: its callback APIs (with inferred annotations), its
/// typealiases (closure shapes hide behind them) and its other members as context.
struct StarterBlock {
    struct Entry {
        enum Role { case callback, context, typeAlias }
        var member: SourceMember
        var role: Role
        /// Inferred annotations, each with the comment that says why.
        var annotations: [(annotation: String, why: String)] = []
        /// Set when bridgegen cannot take it: the declaration is commented out with this reason.
        var refusal: String?
        /// A context method with a closure parameter: marked `@context`, or bridgegen would try
        /// to bridge it (it takes a closure that is not a callback: a body, a transform).
        var marksContext = false
        /// An initializer that keeps a callback: listed as context, with why it is not bridged.
        var initializerWithCallback = false
    }

    var type: String
    /// The `#if` condition the SDK declares the type (or extension) under, if any.
    var condition: String?
    /// How the block names the type when its bare name would be ambiguous (`Swifter.Process`).
    var spelledType: String?
    /// Type names of Foundation, Dispatch and the standard library that SDKs declare again.
    static let shadowedNames: Set<String> = [
        "Process", "Notification", "Operation", "OperationQueue", "Timer", "Thread", "Host", "Port", "Stream",
        "InputStream", "OutputStream", "Task", "Result", "Error", "Expression", "Predicate", "Data", "Date", "URL",
        "Locale", "Calendar", "Bundle", "Progress", "Scanner", "Unit", "Measurement", "Decimal", "UUID", "Lock",
        "Condition", "FileHandle", "Pipe", "NotificationCenter", "Selector", "Codable", "Range", "Set", "Dictionary",
    ]
    /// An extension's `where` clause, kept: its members exist only under it.
    var whereClause: String?
    /// The SDK's file-level closure typealiases, by name, as the closure types they stand for.
    var topLevelAliases: [String: FunctionTypeSyntax] = [:]
    var entries: [Entry] = []

    var hasCallbacks: Bool { entries.contains { $0.role == .callback } }

    /// Names of observer-like methods: they call back many times while their token lives.
    static let observerPrefixes = ["observe", "subscribe", "listen", "watch", "monitor", "addObserver", "addListener", "startUpdating"]

    mutating func add(_ member: SourceMember, tokens: TokenMethods) {
        switch member.kind {
        case .typeAlias:
            entries.append(Entry(member: member, role: .typeAlias))
        case .initializer, .property, .subscript:
            var entry = Entry(member: member, role: .context)
            // An initializer that keeps a closure (`@escaping`, or an optional one) calls back
            // later; an extension cannot make it async, so the starter says what to do instead.
            entry.initializerWithCallback = member.kind == .initializer && initializerKeepsCallback(member)
            entries.append(entry)
        case .function:
            let (file, diagnostics) = Parser.parse(Array(("extension T {\n" + member.text + "\n}\n").utf8))
            guard case .extensionDecl(let decl)? = file.declarations.first, case .function(let function)? = decl.members.first
            else {
                // Not Swift the .bridge language can hold (an operator, say): a callback only if
                // its text shows one.
                if member.text.contains("->") && member.text.contains("(") && Self.mentionsCallback(member.text) {
                    var entry = Entry(member: member, role: .callback)
                    entry.refusal = diagnostics.first?.message ?? "not a declaration bridgegen reads"
                    entries.append(entry)
                }
                return
            }
            guard takesCallback(function) && !isOperatorWithHooks(function, tokens: tokens) && !isFactory(function) else {
                var entry = Entry(member: member, role: .context)
                let aliases = closureAliases
                entry.marksContext = function.parameters.contains {
                    if case .function = $0.type.strippingAttributes.kind { return true }
                    if case .named(let components) = $0.type.strippingAttributes.unwrappingOptional.kind,
                        let last = components.last, aliases[last.name.name] != nil
                    {
                        return true
                    }
                    return $0.type.description.contains("->") || Self.endsLikeCallback($0.name.name)
                }
                entries.append(entry)
                return
            }
            var entry = Entry(member: member, role: .callback)
            // A builder-style method returns `Self`: the block's own type.
            let returnedType = function.returnType.map { $0.description == "Self" ? type : $0.description }
            if let returned = function.returnType, !returned.isVoid, let returnedType, let stop = tokens.stopMethod(of: returnedType) {
                let cancel = stop == "cancel" ? "@cancel(token)" : "@cancel(token: \(stop)())"
                let named = returned.description == returnedType ? returnedType : "\(returned.description) (\(returnedType))"
                entry.annotations.append((cancel, "the returned \(named) has \(stop)()"))
                if Self.observerPrefixes.contains(where: { function.name.name.hasPrefix($0) }) {
                    entry.annotations.insert(
                        ("@stream", "'\(function.name.name)' returns a token and calls back until it is stopped"), at: 0)
                }
            } else if (function.returnType?.isVoid ?? true) && Self.registersEventHandler(function) {
                entry.annotations.append(("@stream", "'\(function.name.name)' registers a handler the SDK calls for each event"))
            }
            entries.append(entry)
        }
    }

    /// An operator that returns a new value (`do(onNext:…) -> Observable<Element>`,
    /// `handleEvents(receiveOutput:…)`, `on(event:…) -> Signal<Value, Error>`) whose closures
    /// all have defaults: hooks of the value it returns, which run when that value is used, not
    /// callbacks of this call. A returned token with a stop method keeps it an API
    /// (`subscribe(onNext:…) -> Disposable`).
    func isOperatorWithHooks(_ function: FunctionDecl, tokens: TokenMethods) -> Bool {
        guard let returned = function.returnType, !returned.isVoid else { return false }
        let spelled = returned.description == "Self" ? type : returned.description
        guard tokens.stopMethod(of: spelled) == nil else { return false }
        let closures = function.parameters.filter(isClosure)
        guard !closures.isEmpty, closures.allSatisfy({ $0.defaultValue != nil }) else { return false }
        // A new value of a generic type (or its own), or a set of hooks (`onError:`,
        // `onCompleted:`, …) whatever it returns (RxSwift's `-> Completable`); not one optional
        // completion beside a plain result.
        return returned.description == "Self" || spelled.contains("<") || closures.count >= 2
    }

    /// A static method that makes a value of its own type from a closure
    /// (`SignalProducer.unserialized(_ startHandler:) -> SignalProducer<Value, Error>`): the
    /// value keeps the closure, as an initializer would; nothing of this call calls back.
    func isFactory(_ function: FunctionDecl) -> Bool {
        guard function.modifiers.contains(where: { $0.name == "static" || $0.name == "class" }),
            let returned = function.returnType?.description
        else { return false }
        let bare = String((type.split(separator: ".").last ?? Substring(type)).prefix { $0 != "<" })
        return returned == "Self" || returned == bare || returned.hasPrefix(bare + "<")
    }

    /// A closure parameter: a function type (optional too), or one of the SDK's closure aliases.
    func isClosure(_ parameter: Parameter) -> Bool {
        let type = parameter.type.unwrappingOptional
        if case .function = type.kind { return true }
        if case .named(let components) = type.kind, let last = components.last, closureAliases[last.name.name] != nil { return true }
        return parameter.type.description.contains("->")
    }

    /// A closure named for what it builds or configures (`multipartFormData:`, `configure:`,
    /// `requestModifier:`): the SDK hands it an object to fill in before the work, not a result
    /// after it.
    static func namesConfiguration(_ parameter: Parameter) -> Bool {
        [parameter.name.name, parameter.label?.name ?? ""].contains { name in
            let lowered = name.lowercased()
            return ["formdata", "builder", "configuration", "configure", "setup", "modifier"].contains { lowered.hasSuffix($0) }
        }
    }

    /// `onText(_ callback:)`, `onMessage(_:)`: named `on` and an event, one closure and nothing
    /// else to wait for, so each call of the closure is an event, not the outcome of a call.
    static func registersEventHandler(_ function: FunctionDecl) -> Bool {
        let name = function.name.name
        guard name.count > 2, name.hasPrefix("on"), name.dropFirst(2).first?.isUppercase == true, function.parameters.count == 1
        else { return false }
        // Not a one-time outcome (`onComplete(completion:)`).
        let names = (function.parameters[0].name.name + " " + (function.parameters[0].label?.name ?? "") + " " + name).lowercased()
        return !["complet", "finish", "done", "reply", "result"].contains { names.contains($0) }
    }

    /// A closure parameter that returns nothing (directly, optional, or through one of the
    /// SDK's closure typealiases), or one named like a completion handler. A closure that returns
    /// a value is a transform or a synchronous body (`read { db in … }`), not a callback; an
    /// `async` method has nothing to bridge.
    func takesCallback(_ function: FunctionDecl) -> Bool {
        // `async` methods have nothing to bridge; `_underscored` ones are not meant for apps.
        if function.isAsync || function.name.name.hasPrefix("_") { return false }
        // A delegate method the type implements for another SDK, named after its first,
        // unlabelled parameter's type (`urlSession(_ session: URLSession, …, completionHandler:)`):
        // the other SDK calls it, the app does not.
        if let first = function.parameters.first, first.label == nil,
            case .named(let components) = first.type.strippingAttributes.kind, let type = components.last?.name.name,
            Naming.lowercasingFirstWord(type) == function.name.name
        {
            return false
        }
        let closureAliases = self.closureAliases
        return function.parameters.contains { Self.isCallback($0, aliases: closureAliases) }
    }

    /// A callback parameter: it outlives the call (`@escaping`, or an optional closure; a
    /// non-escaping closure runs before the method returns: `create(table:) { t in … }`) and
    /// hands the app a result or an event, directly or through one of the SDK's closure aliases.
    static func isCallback(_ parameter: Parameter, aliases closureAliases: [String: FunctionTypeSyntax]) -> Bool {
        if namesConfiguration(parameter) { return false }
        var escapes = parameter.type.description.contains("@escaping")
        var type = parameter.type.strippingAttributes
        if case .optional(let wrapped) = type.kind {
            type = wrapped.strippingAttributes
            escapes = true
        }
        guard escapes else { return false }
        if case .function(let closure) = type.kind { return deliversResults(closure) }
        guard case .named(let components) = type.kind, let last = components.last else { return false }
        if let closure = closureAliases[last.name.name] { return deliversResults(closure) }
        // A type the sources do not declare (another module's alias): a callback only by its
        // spelling — a type named like one (`Networking.Completion`, `ProgressBlock`) or a
        // parameter whose name ends like one (`completionHandler`, `onReply`). Not one that
        // merely mentions it: `callbackQueue: DispatchQueue?` is the queue, not the callback.
        return endsLikeCallback(last.name.name) || endsLikeCallback(parameter.name.name)
            || endsLikeCallback(parameter.label?.name ?? "")
    }

    /// An initializer that keeps a callback (by the same shapes as a method's): listed with what
    /// to do instead. One that keeps a predicate or a transform (`isOfflineError: (Error) -> Bool`)
    /// is plain context.
    func initializerKeepsCallback(_ member: SourceMember) -> Bool {
        let (file, _) = Parser.parse(Array(("extension T {\n" + member.text + "\n}\n").utf8))
        guard case .extensionDecl(let decl)? = file.declarations.first, case .context(let initializer)? = decl.members.first else {
            return member.text.contains("@escaping") || member.text.contains("Void)?")
        }
        let aliases = closureAliases
        return initializer.parameters.contains { Self.isCallback($0, aliases: aliases) }
    }

    /// The closure typealiases the block's declarations may name: the SDK's file-level ones and
    /// the type's own.
    var closureAliases: [String: FunctionTypeSyntax] {
        var aliases = topLevelAliases
        for entry in entries where entry.role == .typeAlias {
            aliases[entry.member.name] = Self.closureType(ofAlias: entry.member.text)
        }
        return aliases
    }

    /// A closure that hands the app a result or an event (docs/migrating.md lists what is not).
    static func deliversResults(_ closure: FunctionTypeSyntax) -> Bool {
        CallbackShape.deliversResults(closure)
    }

    /// The closure type a typealias declaration (`public typealias Handler = (Int) -> Void`)
    /// stands for; nil for another type.
    static func closureType(ofAlias text: String) -> FunctionTypeSyntax? {
        let (file, _) = Parser.parse(Array(text.utf8))
        guard case .typeAlias(let alias)? = file.declarations.first else { return nil }
        var type = alias.type.strippingAttributes
        if case .optional(let wrapped) = type.kind { type = wrapped.strippingAttributes }
        guard case .function(let closure) = type.kind else { return nil }
        return closure
    }

    static func mentionsCallback(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return ["completion", "handler", "callback", "reply"].contains { lowered.contains($0) }
    }

    static func endsLikeCallback(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return ["completion", "handler", "callback", "reply", "block", "closure"].contains { lowered.hasSuffix($0) }
    }

    /// Protocols that report results or events to an owner: named like delegates, with methods.
    static func isDelegateProtocol(_ type: SourceType) -> Bool {
        (type.name.hasSuffix("Delegate") || type.name.hasSuffix("Observer") || type.name.hasSuffix("Listener"))
            && type.members.contains { $0.kind == .function }
    }
}

/// The starter file's text, and the check that it generates: any declaration bridgegen refuses
/// is commented out with the error as its reason, until the file generates without errors.
struct StarterFile {
    var modules: [String]
    /// The SDK sources' other imports, as lines (an `#if` block for a conditional one).
    var imports: [String] = []
    var typeAliases: [SourceMember]
    var blocks: [StarterBlock]
    var delegates: [SourceType]
    /// The SDK's public global variables: a default value that reads one is shared mutable
    /// state to Swift 6, which an SDK built in Swift 5 mode does not see.
    var globalVariables: Set<String> = []

    func validated(counting result: inout Scan.Result) -> String {
        var blocks = self.blocks
        var refusedAliases: Set<String> = []
        var text = ""
        for _ in 0..<20 {
            var owners: [(lines: ClosedRange<Int>, block: Int, entry: Int)] = []
            var aliasOwners: [(lines: ClosedRange<Int>, text: String)] = []
            text = render(blocks, refusedAliases: refusedAliases, owners: &owners, aliasOwners: &aliasOwners)
            guard let generator = try? GeneratorPipeline.standard() else { break }
            let output = generator.generate(source: Array(text.utf8), path: "Starter.bridge", displayName: "Starter.bridge")
            let errors = output.reports.filter { $0.diagnostic.severity == .error }
            if errors.isEmpty { break }
            var refusedAny = false
            for error in errors {
                let line = error.diagnostic.location.line
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
                blocks[owner.block].entries[owner.entry].refusal = error.diagnostic.message
                refusedAny = true
            }
            if !refusedAny { break }
        }
        result.types = blocks.count + delegates.count
        // An initializer that keeps a callback is counted apart: no hand edit makes it async.
        result.initializers = blocks.flatMap(\.entries).filter(\.initializerWithCallback).count
        for entry in blocks.flatMap(\.entries) where entry.role == .callback {
            result.apis += 1
            if entry.refusal != nil {
                result.notBridgeable += 1
            } else if entry.annotations.isEmpty {
                result.asWritten += 1
            } else {
                result.inferred += 1
            }
        }
        result.apis += delegates.count
        result.notBridgeable += delegates.count
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
            let first = lines.count + 1
            lines += Self.indented(alias, by: "")
            aliasOwners.append((first...lines.count, alias.text))
        }
        for (blockIndex, block) in blocks.enumerated() {
            lines.append("")
            if let condition = block.condition { lines.append("#if \(CompilationCondition.simplified(condition))") }
            lines.append("extension \(block.spelledType ?? block.type)\(block.whereClause.map { " " + $0 } ?? "") {")
            let ordered = block.entries.indices.sorted { Self.rank(block.entries[$0].role) < Self.rank(block.entries[$1].role) }
            var previousRole: StarterBlock.Entry.Role?
            // A context member bridgegen cannot read is left out: it would only check names.
            for index in ordered where !(block.entries[index].role == .context && block.entries[index].refusal != nil) {
                let entry = block.entries[index]
                if entry.role != previousRole {
                    if previousRole != nil { lines.append("") }
                    if entry.role == .context { lines.append("    // Context: the type's other members, checked for name collisions.") }
                } else if entry.role == .callback {
                    lines.append("")
                }
                previousRole = entry.role
                let first = lines.count + 1
                if let refusal = entry.refusal {
                    lines.append("    // Not bridgeable as written: \(Self.oneLine(refusal))")
                    lines += entry.member.text.split(separator: "\n", omittingEmptySubsequences: false).map { "    // " + $0 }
                } else {
                    for (annotation, why) in entry.annotations {
                        lines.append("    // scan: \(annotation) because \(why)")
                        lines.append("    " + annotation)
                    }
                    if entry.marksContext { lines.append("    @context  // takes a closure, but not a callback") }
                    if entry.initializerWithCallback {
                        lines.append("    // Not bridgeable as written: an initializer cannot become async (generate warns here);")
                        lines.append("    // bridge a method of yours that calls it and keeps the object, e.g. 'static func make(…, completion:)'")
                    }
                    lines += Self.indented(entry.member, by: "    ")
                }
                owners.append((first...lines.count, blockIndex, index))
            }
            lines.append("}")
            if block.condition != nil { lines.append("#endif") }
        }
        for delegate in delegates {
            let methods = delegate.members.filter { $0.kind == .function }.count
            lines += [
                "",
                "// Delegate protocol \(delegate.name) (\(methods) methods, \(delegate.path):\(delegate.line)): bridge its",
                "// results or events with a 'delegate \(delegate.name) on <Owner> { … }' block (docs/language.md, \"Delegates\").",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
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

    static func oneLine(_ text: String) -> String {
        text.split(separator: "\n").joined(separator: " ")
    }
}
