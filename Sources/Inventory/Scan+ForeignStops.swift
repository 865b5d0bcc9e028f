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
            // `token.cancel()`, `self.token?.cancel()`: the name before each stop call, looked up.
            for stop in stops {
                var rest = text[...]
                while let found = rest.range(of: "." + stop + "()") {
                    var before = rest[..<found.lowerBound]
                    if before.last == "?" { before = before.dropLast() }
                    let name = String(before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
                    let preceding = before.dropLast(name.count).last
                    if let type = typeOf[name], !(preceding.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) {
                        counts[type, default: [:]][stop, default: 0] += 1
                    }
                    rest = rest[found.upperBound...]
                }
            }
        }
        return counts.compactMapValues { byStop in byStop.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key }
    }
}

extension StarterBlock {
    /// `@cancel(token)` (or `token: stop()`) for a method that returns a type these sources do not
    /// declare, whose stop its documentation names or the module calls (Scan.stopsCalledOnValues),
    /// where nothing else said how to stop it: without it the stream ends and the registration stays.
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
            !Analyzer.suspendedTokens.contains(bare)
        else { return nil }
        // What the method's documentation says to call on it (Realm's "call `invalidate()` on the
        // token"), else what the module calls on the values it keeps.
        let (stop, why): (String, String)
        if let documented = Self.stopNamedInDocumentation(function.documentation, returned: type) {
            (stop, why) = (documented, "its documentation says to call \(documented)() on the \(returned) it returns")
        } else if let called = foreignStops[bare] {
            (stop, why) = (called, "the module stops the \(bare)s it keeps with \(called)(), a type these sources do not declare")
        } else {
            return nil
        }
        return (stop == "cancel" ? "@cancel(token)" : "@cancel(token: \(stop)())", why)
    }
}
