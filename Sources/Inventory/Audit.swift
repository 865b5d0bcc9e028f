import DeclParser
import Generator

/// `bridgegen audit`: every call in app code to a legacy callback API that a `.bridge` file
/// bridges — the migration's burn-down. A call counts when it hands the API a closure (trailing,
/// labelled, or several trailing) or a function for its completion; a call of the async adapter
/// (the same base name, no closure) does not.
public struct Audit {
    /// One legacy API that has an adapter.
    public struct API: Equatable {
        /// `charge(amount:currency:completion:)`
        public var legacyName: String
        var baseName: String
        /// Every parameter's label, in order (`nil` for `_`).
        var labels: [String?]
        var completionIndex: Int
        /// `PaymentsClient.charge(amount:currency:)`
        public var adapterName: String
        var isStream: Bool
        /// A stream that can fail (`AsyncThrowingStream`): iterated with `for try await`.
        var isThrowingStream = false
        /// A type's method: the suggestion keeps the type (`SwiftyStoreKit.completeTransactions(…)`).
        var isStatic = false
        /// Where the adapter is declared: `Payments.bridge:12`.
        var origin: String
    }

    public struct Call: Equatable {
        public var path: String
        public var line: Int
        public var column: Int
        public var api: API
    }

    public var apis: [API] = []

    public init() {}

    /// Reads the APIs of a `.bridge` file; its errors are returned, formatted, for the caller.
    public mutating func addBridge(path: String, bytes: [UInt8]) -> [String] {
        let (syntax, parseDiagnostics) = Parser.parse(bytes)
        let (model, diagnostics) = Analyzer.analyse(syntax)
        let errors = (parseDiagnostics + diagnostics).filter { $0.severity == .error }
        guard errors.isEmpty, let model else { return errors.map { $0.formatted(path: path) } }
        for block in model.blocks {
            for adapter in block.adapters {
                guard let call = adapter.call else { continue }
                let arguments = call.legacyCall.arguments
                guard let completion = arguments.firstIndex(where: { if case .completion = $0 { true } else { false } }) else {
                    continue
                }
                let labels = arguments.map { argument -> String? in
                    switch argument {
                    case .forwarded(let label, _, _, _), .completion(let label, _), .outcome(let label, _, _):
                        return label.map { $0.filter { $0 != "`" } }
                    }
                }
                let legacy = adapter.sourceName.split(separator: ".").last.map(String.init) ?? adapter.sourceName
                apis.append(
                    API(
                        legacyName: legacy, baseName: call.legacyCall.name.filter { $0 != "`" }, labels: labels,
                        completionIndex: completion, adapterName: adapter.adapterName, isStream: adapter.stream != nil,
                        isThrowingStream: adapter.stream?.isThrowing ?? false, isStatic: adapter.isStatic,
                        // The `func` line, below the annotations (outside try on OpenCombine).
                        origin: "\(path):\(adapter.signatureLine ?? adapter.location.line)"))
            }
        }
        return []
    }

    /// The legacy calls in one Swift file of the app (nothing for a file bridgegen generated).
    public func calls(in bytes: [UInt8], path: String) -> [Call] {
        let head = String(decoding: bytes.prefix(200), as: UTF8.self).prefix { $0 != "\n" }
        if head.contains(GeneratedFile.marker) { return [] }
        let names = Set(apis.map(\.baseName))
        let tokens = SourceTokens.of(bytes)
        var calls: [Call] = []
        for index in tokens.indices {
            guard let word = tokens[index].word, names.contains(word) else { continue }
            if index > 0, let previous = tokens[index - 1].word, ["func", "var", "let", "case"].contains(previous) { continue }
            // Awaited: the adapter's own call (`try await uploader.upload(data) { progress in … }`,
            // its trailing closure the adapter's `progress`), not the legacy method.
            if Self.isAwaited(tokens, index) { continue }
            guard let shape = CallShape(tokens, at: index + 1, allowsTrailingClosure: !Self.inStatementHeader(tokens, index))
            else { continue }
            // Of the overloads the call fits, the one it leaves the fewest arguments out of
            // (OpenCombine's `sink { … }` is `sink(receiveValue:)`, not the two-closure `sink`).
            guard let api = apis.filter({ $0.baseName == word && shape.calls($0) }).min(by: { $0.labels.count < $1.labels.count })
            else { continue }
            calls.append(Call(path: path, line: tokens[index].line, column: tokens[index].column, api: api))
        }
        return calls
    }

    /// Whether the call at `index` is the operand of an `await`: back along its member chain
    /// (`try await self.uploader.upload`), within its statement.
    static func isAwaited(_ tokens: [SkimToken], _ index: Int) -> Bool {
        var cursor = index
        while cursor > 0 {
            // A chain continues over a line break only where the line starts with `.`.
            if tokens[cursor].startsLine && !tokens[cursor].isPunctuation(".") { return false }
            cursor -= 1
            let token = tokens[cursor]
            if token.word == "await" { return true }
            guard token.word != nil || token.isPunctuation(".") || token.isPunctuation("?") || token.isPunctuation("!") else { return false }
        }
        return false
    }

    /// Whether the token is in the header of a `for`, `if`, `while`, `guard` or `switch`, where a
    /// `{` after a call opens the statement's body: Swift allows no trailing closure there.
    static func inStatementHeader(_ tokens: [SkimToken], _ index: Int) -> Bool {
        var cursor = index
        while cursor > 0 {
            cursor -= 1
            let token = tokens[cursor]
            if token.isPunctuation("{") || token.isPunctuation("}") || token.isPunctuation(";") { return false }
            if let word = token.word, ["for", "if", "while", "guard", "switch"].contains(word) { return true }
            if token.startsLine { return false }
        }
        return false
    }

    /// `path:line:col: warning: legacy callback call …` and its note.
    public static func report(_ call: Call) -> String {
        let adapterCall = call.api.isStatic ? call.api.adapterName : call.api.adapterName.split(separator: ".").last.map(String.init) ?? call.api.adapterName
        let use = call.api.isStream
            ? (call.api.isThrowingStream ? "for try await … in \(adapterCall)" : "for await … in \(adapterCall)") : "try await \(adapterCall)"
        return "\(call.path):\(call.line):\(call.column): warning: legacy callback call '\(call.api.legacyName)'; use '\(use)'\n"
            + "\(call.path):\(call.line):\(call.column): note: the adapter '\(call.api.adapterName)' is bridged at \(call.api.origin)"
    }

    /// `audit: 5 legacy callback calls: charge(amount:currency:completion:) 3, refund(id:completion:) 2`
    public static func summary(_ calls: [Call], limit: Int?) -> String {
        var counts: [(String, Int)] = []
        for call in calls {
            if let index = counts.firstIndex(where: { $0.0 == call.api.legacyName }) {
                counts[index].1 += 1
            } else {
                counts.append((call.api.legacyName, 1))
            }
        }
        var text = "audit: \(calls.count) legacy callback call\(calls.count == 1 ? "" : "s")"
        if let limit { text += " (at most \(limit) allowed)" }
        if !counts.isEmpty {
            text += ": " + counts.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        }
        return text
    }
}

/// The arguments of a call as audit needs them: the labels inside the parentheses, which of
/// those are closures, and how many closures trail.
struct CallShape {
    var labels: [String?] = []
    /// A closure passed in the parentheses without a label (`observe({ … })`).
    var unlabeledClosure = false
    var trailing = 0

    /// From the token after the name: `(…)` and/or trailing closures; nil when it is no call.
    init?(_ tokens: [SkimToken], at start: Int, allowsTrailingClosure: Bool = true) {
        var index = start
        var isCall = false
        if index < tokens.count, tokens[index].isPunctuation("("), !tokens[index].startsLine {
            isCall = true
            index += 1
            var depth = 0
            var argumentStart = true
            var label: String?
            while index < tokens.count {
                let token = tokens[index]
                if depth == 0 && argumentStart {
                    if token.isPunctuation(")") { break }
                    if let word = token.word, index + 1 < tokens.count, tokens[index + 1].isPunctuation(":") {
                        label = word
                        index += 2
                    } else {
                        label = nil
                    }
                    labels.append(label)
                    if index < tokens.count, tokens[index].isPunctuation("{"), label == nil { unlabeledClosure = true }
                    argumentStart = false
                    continue
                }
                if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
                if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") {
                    if depth == 0 { break }
                    depth -= 1
                }
                if depth == 0 && token.isPunctuation(",") { argumentStart = true }
                index += 1
            }
            index += 1
        }
        // Trailing closures: `{ … }`, then `label: { … }` for each further one.
        while allowsTrailingClosure, index < tokens.count, tokens[index].isPunctuation("{") {
            if trailing == 0 && !isCall && tokens[index].startsLine { break }
            trailing += 1
            isCall = true
            index = tokens.indexAfterBraces(from: index)
            if index + 2 < tokens.count, tokens[index].word != nil, tokens[index + 1].isPunctuation(":"),
                tokens[index + 2].isPunctuation("{")
            {
                index += 2
            } else {
                break
            }
        }
        if !isCall { return nil }
    }

    /// Whether this call is the API's legacy form: its labels fit the declaration (defaulted
    /// arguments may be left out), and it passes the completion handler.
    func calls(_ api: Audit.API) -> Bool {
        var position = 0
        for label in labels {
            while position < api.labels.count && api.labels[position] != label { position += 1 }
            if position == api.labels.count { return false }
            position += 1
        }
        if labels.count + trailing > api.labels.count { return false }
        let completionLabel = api.labels[api.completionIndex]
        if let completionLabel, labels.contains(completionLabel) { return true }
        if completionLabel == nil && unlabeledClosure { return true }
        // Every argument passed, the completion among them: a function for an unlabelled handler
        // (`task.addCompletionBlock(handle)`). The adapter takes one argument fewer.
        if completionLabel == nil, labels.count + trailing == api.labels.count { return true }
        return trailing > 0 && (completionLabel != nil || labels.count <= api.completionIndex)
    }
}
