/// Results whose success is a status: a method that calls its completion with `.success(true)`
/// and never with another success (EosioSwift's `broadcast(completion: (EosioResult<Bool,
/// EosioError>) -> Void)`, "a `Bool` for success"), itself or through other such methods.
extension Scan {
    /// What one body does with its closures' successes: how many calls hand `.success(true)`,
    /// how many another success, and the methods (by name) it hands a closure to, whatever
    /// their receiver (`strongSelf.serializeActionData(completion: completion)`).
    struct SuccessStatuses {
        var literalTrue = 0
        var other = 0
        var handedTo: Set<String> = []
    }

    static func successStatuses(_ closures: [String], in tokens: [SkimToken], body: Range<Int>) -> SuccessStatuses {
        var found = SuccessStatuses()
        for index in body {
            switch closureMention(closures, at: index, in: tokens, body: body) {
            case .call(let arguments)?:
                guard arguments.count == 1, let argument = arguments.first, argument.count >= 4,
                    tokens[argument.lowerBound].isPunctuation("."), tokens[argument.lowerBound + 1].word == "success"
                else { continue }
                let inside = (argument.lowerBound + 3)..<(argument.upperBound - 1)
                if inside.count == 1, tokens[inside.lowerBound].word == "true" { found.literalTrue += 1 } else { found.other += 1 }
            case .other?:
                // Handed on as an argument: `callee(label: completion)`.
                guard index + 1 < body.upperBound, tokens[index + 1].isPunctuation(",") || tokens[index + 1].isPunctuation(")"),
                    let open = openingParenthesis(tokens, of: index, from: body.lowerBound), open > body.lowerBound,
                    let callee = tokens[open - 1].word
                else { continue }
                found.handedTo.insert(callee)
            case nil:
                continue
            }
        }
        return found
    }

    /// The methods (`name(labels:)`, each of its bodies read as one) that succeed only with
    /// `true`: those that call back so, then those that hand their closures only to such
    /// methods (a callee by its name: every method of that name that takes a closure), and call
    /// back with no other success.
    static func succeedingOnlyWithTrue(_ statuses: [String: SuccessStatuses]) -> Set<String> {
        let byName = Dictionary(grouping: statuses.keys) { String($0.prefix { $0 != "(" }) }
        var found = Set(statuses.filter { $0.value.other == 0 && ($0.value.literalTrue > 0 || !$0.value.handedTo.isEmpty) }.keys)
        var changed = true
        while changed {
            let before = found.count
            found = found.filter { method in
                let status = statuses[method]!
                // Its overloads but itself (`sign(prompt:completion:)` hands its completion to
                // `sign(publicKeys:prompt:completion:)`).
                let callees = status.handedTo.map { Set(byName[$0] ?? ["?"]).subtracting([method]) }
                return callees.allSatisfy { $0.isSubset(of: found) } && (status.literalTrue > 0 || callees.contains { !$0.isEmpty })
            }
            changed = found.count != before
        }
        return found
    }
}
