import DeclParser
import Generator

/// How the module itself stops a type it does not declare: Mapbox's `Cancelable` (a protocol of
/// MapboxCommon, returned by `onEvery(event:handler:)`, `observeDataSource(with:)`) is kept in
/// `var errorToken: Cancelable?` and stopped with `errorToken?.cancel()`. scan cannot read the
/// type's declaration; the module's own calls show its stop.
extension Scan {
    /// Per type name: the stop-like method (`cancel`, `invalidate`, `stop`, `dispose`,
    /// `unsubscribe`, `remove`) the module calls most on values it declares of that type.
    static func stopsCalledOnValues(in files: [File]) -> [String: String] {
        let stops = ["cancel", "invalidate", "stop", "dispose", "unsubscribe", "remove"]
        var counts: [String: [String: Int]] = [:]
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            // `var token: Cancelable?`, `let token: Cancelable`: the file's names for the type.
            var typeOf: [String: String] = [:]
            for declaration in ["var ", "let "] {
                var rest = text[...]
                while let found = rest.range(of: declaration) {
                    rest = rest[found.upperBound...]
                    let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    let afterName = rest.dropFirst(name.count)
                    guard !name.isEmpty, afterName.hasPrefix(": ") else { continue }
                    let type = afterName.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if !type.isEmpty { typeOf[String(name)] = String(type) }
                }
            }
            guard !typeOf.isEmpty else { continue }
            // `token.cancel()`, `token?.cancel()`.
            for (name, type) in typeOf {
                for stop in stops {
                    let calls = [name + "." + stop + "()", name + "?." + stop + "()"].map { occurrences(of: $0, in: text) }.reduce(0, +)
                    if calls > 0 { counts[type, default: [:]][stop, default: 0] += calls }
                }
            }
        }
        return counts.compactMapValues { byStop in byStop.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key }
    }

    /// How often `word` occurs in `text` as a whole name (not the tail of a longer one:
    /// `token.cancel()` is not in `errorToken.cancel()`).
    private static func occurrences(of word: String, in text: String) -> Int {
        var count = 0
        var rest = text[...]
        while let found = rest.range(of: word) {
            let before = rest[..<found.lowerBound].last
            if !(before.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false) { count += 1 }
            rest = rest[found.upperBound...]
        }
        return count
    }
}

extension StarterBlock {
    /// `@cancel(token)` (or `token: stop()`) for a method that returns a type these sources do not
    /// declare and that the module stops so (Scan.stopsCalledOnValues), where nothing else said
    /// how to stop it: without it the stream ends and the registration stays.
    func foreignStopAnnotation(of function: FunctionDecl, tokens: TokenMethods, given annotations: [(annotation: String, why: String)])
        -> (annotation: String, why: String)?
    {
        guard !annotations.contains(where: { $0.annotation.hasPrefix("@cancel") || $0.annotation.hasPrefix("@start") }),
            let returned = function.returnType, !returned.isVoid
        else { return nil }
        let type = returned.strippingAttributes.unwrappingOptional.description
        let bare = TokenMethods.bareName(Self.withoutSomeOrAny(type))
        // Not one generate knows the stop (and start) of already (`URLSessionDataTask`, `Operation`).
        guard type != "Self", bare != Self.bareTypeName(self.type), !tokens.declares(bare), !Analyzer.cancellableTokens.contains(bare),
            !Analyzer.suspendedTokens.contains(bare), let stop = foreignStops[bare]
        else { return nil }
        return (
            stop == "cancel" ? "@cancel(token)" : "@cancel(token: \(stop)())",
            "the module stops the \(bare)s it keeps with \(stop)(), a type these sources do not declare"
        )
    }
}
