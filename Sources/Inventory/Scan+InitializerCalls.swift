/// Initializers that start work and call their one callback when it is done (Lottie's
/// `LottieAnimationView(dotLottieName:…, completion:)`: its body loads the file and calls
/// `completion?(self, nil)` in the loader's closure). Such an initializer's callback is the
/// outcome of the work it starts: a factory can await it (`@once` on the `init`). One that keeps
/// its closure (`self.completionHandler = completionHandler`, Kingfisher's `ImagePrefetcher`,
/// whose `start()` runs later) or only hands it on (to another initializer that may keep it) is
/// no evidence: awaiting it could wait for a call nothing makes.
extension Scan {
    /// By type (its last name), the initializers (`init(labels:)`) whose body calls the one
    /// closure parameter they take, and never assigns it anywhere.
    static func initializersCallingBack(in files: [File]) -> [String: Set<String>] {
        // Overloads of one name are one entry in the starter: each body must call back so.
        var found: [String: Set<String>] = [:]
        var keeping: [String: Set<String>] = [:]
        for file in files {
            let tokens = SourceTokens.of(file.bytes)
            var types: [(name: String, end: Int)] = []
            var index = 0
            while index < tokens.count {
                while let last = types.last, index >= last.end { types.removeLast() }
                if let type = typeDeclaration(tokens, at: index) {
                    types.append(type)
                    index += 1
                    continue
                }
                guard tokens[index].word == "init", index > 0, !tokens[index - 1].isPunctuation("."),
                    let initializer = closureParametersAndBody(tokens, after: index)
                else {
                    index += 1
                    continue
                }
                index = initializer.body.upperBound
                guard let type = types.last?.name, initializer.closures.count == 1, let closure = initializer.closures.first else { continue }
                let name = "init(" + initializer.labels.map { $0 + ":" }.joined() + ")"
                if callsWithoutKeeping(closure, in: tokens, body: initializer.body) {
                    found[type, default: []].insert(name)
                } else {
                    keeping[type, default: []].insert(name)
                }
            }
        }
        return found.reduce(into: [:]) { result, entry in
            result[entry.key] = entry.value.subtracting(keeping[entry.key] ?? [])
        }
    }

    /// Whether a body calls `name` (`name(…)`, `name?(…)`) and never keeps it: not assigned
    /// (`x = name`), appended, called inside a closure that is assigned (Mocker's
    /// `internalCallback = { request, _ in callback(request) }`), nor inside what it hands to
    /// another initializer of its type (ProcedureKit's `self.init { block($0) }`), which keeps it.
    private static func callsWithoutKeeping(_ name: String, in tokens: [SkimToken], body: Range<Int>) -> Bool {
        var calls = false
        // Each open `(` or `{`: whether what it holds is kept (an initializer's arguments, a
        // closure assigned); and whether the `(` just closed was an initializer's.
        var kept: [Bool] = []
        var closedInitializer = false
        for index in body {
            let token = tokens[index]
            let before = index > body.lowerBound ? tokens[index - 1] : nil
            if token.isPunctuation("(") {
                kept.append(before?.word == "init" && index >= body.lowerBound + 2 && tokens[index - 2].isPunctuation("."))
                continue
            }
            if token.isPunctuation("{") {
                let initializerCall = before?.word == "init" && index >= body.lowerBound + 2 && tokens[index - 2].isPunctuation(".")
                kept.append(before?.isPunctuation("=") == true || (before?.isPunctuation(")") == true && closedInitializer) || initializerCall)
                continue
            }
            if token.isPunctuation(")") || token.isPunctuation("}") {
                closedInitializer = token.isPunctuation(")") && kept.last == true
                if !kept.isEmpty { kept.removeLast() }
                continue
            }
            guard token.word == name, before?.isPunctuation(".") != true else { continue }  // not another's member
            if kept.contains(true) || before?.isPunctuation("=") == true || before?.word == "append" { return false }
            if index >= body.lowerBound + 2, tokens[index - 2].word == "append" { return false }
            let next = index + 1 < body.upperBound ? tokens[index + 1] : nil
            let afterQuestion = index + 2 < body.upperBound ? tokens[index + 2] : nil
            if next?.isPunctuation("(") == true || (next?.isPunctuation("?") == true && afterQuestion?.isPunctuation("(") == true) {
                calls = true
            }
        }
        return calls
    }
}
