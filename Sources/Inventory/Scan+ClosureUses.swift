/// What methods' bodies do with their closure parameters, read through `SourceTokens` (so a
/// comment or a string that names a closure is no use of it).
struct ClosureUses {
    /// By type (its last name), `method(labels:)|parameter`: a closure never named in its body
    /// (ScrollStackController's `setRowHidden(index:isHidden:animated:completion:)`, which takes a
    /// completion and drops it), or named only to hand it to a method of the same type that drops
    /// it (Material's `ChipBar.select(at:completion:)`, whose fileprivate
    /// `animate(to:isTriggeredByUserInteraction:completion:)` never calls it, while `TabBar`'s of
    /// the same name does): nothing calls it, and an adapter would wait for ever.
    /// Each with the method it is handed to, or "" where the body never names it.
    var unused: [String: [String: String]] = [:]
    /// Methods (by name) whose bodies call each closure parameter with a value or with nil and an
    /// error, never with nil and no error, themselves or through another such method (Sword's
    /// `getMessage(_:from:then:)`: `completion(nil, error)` under `if let error`, else
    /// `completion(Message(…), nil)`; `TextChannel.getMessage(_:then:)` hands its completion to
    /// that). What the library's helpers do elsewhere (Sword's `request`, which calls back with
    /// `(nil, nil)` for a 204) does not reach their callers.
    var neverNilWithoutError: Set<String> = []
    /// By method name, the positions of its completion's values that a success may hand over as
    /// nil (Scan.absentValuePositions, Scan.undecodedValuePositions).
    var absentValues: [String: Set<Int>] = [:]
    /// Methods (by name) a body of which calls a closure with nothing but nils.
    var callBackWithNothing: Set<String> = []
    /// Methods (`name(labels:)`) that succeed only with `.success(true)` (Scan.succeedingOnlyWithTrue).
    var succeedOnlyWithTrue: Set<String> = []
    /// By type (its last name), `method(labels:)`: the methods of the type it hands a closure
    /// parameter to (Scan.handOvers).
    var handOvers: [String: [String: Set<String>]] = [:]
    /// Closure parameters a public method's body stores on another object under their own name
    /// (PusherPlatform's `subscribe(using:onOpen:…)`: `subscriptionDelegate.onOpen = onOpen`),
    /// with the file and what the method returns (its first word): where the method keeps what
    /// its caller passed, that object's plumbing.
    var storedUnderOwnName: [String: (file: String, returns: String)] = [:]
    /// By type (its last name), `method(labels:)|parameter` of a public method: a closure it
    /// calls only in its own body, before it returns (Scan.isCalledOnlyInline).
    var calledOnlyInline: [String: Set<String>] = [:]
    /// By type (its last name), the name of every function the sources declare in it or its
    /// extensions, at any access level.
    var functionNames: [String: Set<String>] = [:]
}

extension Scan {
    /// Every method with a body and a closure parameter whose type is written (`(…) -> Void`), in
    /// every file; a protocol's requirements have none. Not a stub (an empty body, one line, a
    /// `fatalError`) that a subclass or a conformer fills in: it says nothing of either kind
    /// (one line that names a closure says how it calls back, not whether it is used).
    /// Methods of one type and signature are read as one (`#if` branches): each must say the
    /// same; an override that uses a closure speaks for the methods of its signature in the
    /// classes it inherits from (`superclasses`: a class's name to its superclass's, bare), not
    /// for another type's (SuprSend's `Push.didReceive(_:withContentHandler:)` drops its
    /// handler, whatever its `UNNotificationServiceExtension` subclass's override does).
    static func closureUses(in files: [File], superclasses: [String: String] = [:]) -> ClosureUses {
        // `Type.method(labels:)|parameter`: those a body names other than to hand them on, those
        // it never names, those it only hands to methods of its own type (`Type.callee(labels:)|parameter`).
        var used: Set<String> = []
        var unused: Set<String> = []
        var handedOn: [String: Set<String>] = [:]
        // By `method(labels:)|parameter`: the types whose overrides of it use the closure.
        var usedByOverrides: [String: Set<String>] = [:]
        // By `Type.method(labels:)`: the internal name of each closure parameter by its label.
        var closureLabels: [String: [String: String]] = [:]
        // By method name: those one of whose bodies may hand on nil and no error; the methods
        // the others hand their closures to.
        var handsNil: Set<String> = []
        var handedTo: [String: Set<String>] = [:]
        var absentValues: [String: Set<Int>] = [:]
        // By method name, at any access: Scan.undecodedValuePositions; and the methods a public
        // one hands its closures to, whose undecoded values its callers get (Uber's
        // `fetchCurrentRide`, which hands its completion to the private `apiCallForRideResponse`).
        var undecoded: [String: Set<Int>] = [:]
        var publicHandOvers: [String: Set<String>] = [:]
        var withNothing: Set<String> = []
        var statuses: [String: SuccessStatuses] = [:]
        var handOvers: [String: [String: Set<String>]] = [:]
        var storedUnderOwnName: [String: (file: String, returns: String)] = [:]
        var calledOnlyInline: [String: Set<String>] = [:]
        var functionNames: [String: Set<String>] = [:]
        for file in files {
            let fileName = String(file.path.split(separator: "/").last ?? Substring(file.path))
            let tokens = SourceTokens.of(file.bytes)
            var types: [(name: String, end: Int)] = []
            // Whether each of `types` is declared public (`public extension`, `open class`).
            var publicTypes: [Bool] = []
            var index = 0
            while index < tokens.count {
                while let last = types.last, index >= last.end {
                    types.removeLast()
                    publicTypes.removeLast()
                }
                if let type = typeDeclaration(tokens, at: index) {
                    types.append(type)
                    publicTypes.append(!modifierWords(tokens, func: index).isDisjoint(with: ["public", "open"]))
                    index += 1
                    continue
                }
                if tokens[index].word == "func", index + 1 < tokens.count, let name = tokens[index + 1].word {
                    functionNames[types.last?.name ?? "", default: []].insert(name)
                }
                guard tokens[index].word == "func", index + 1 < tokens.count, let name = tokens[index + 1].word,
                    let method = closureParametersAndBody(tokens, after: index + 1)
                else {
                    index += 1
                    continue
                }
                let modifiers = modifierWords(tokens, func: index)
                let isOverride = modifiers.contains("override")
                // A private method is no stub another file fills in: one line that does something
                // says as much as more (an empty body is a placeholder).
                let isPrivate = modifiers.contains("private") || modifiers.contains("fileprivate")
                index = method.body.upperBound
                let body = tokens[method.body]
                let lines = Set(body.map(\.line))
                guard !body.contains(where: { $0.word == "fatalError" }) else { continue }
                let signature = name + "(" + method.labels.map { $0 + ":" }.joined() + ")"
                let owner = (types.last?.name ?? "") + "."
                closureLabels[owner + signature, default: [:]].merge(method.closureLabels) { first, _ in first }
                // What a public method's body does (one of a public type with no access word of its
                // own, Ballcap's); not an internal helper of the same name (AWS AppSync's `send`).
                let isPublic = !modifiers.isDisjoint(with: ["public", "open"])
                    || (modifiers.isDisjoint(with: ["private", "fileprivate", "internal"]) && publicTypes.last == true)
                let undecodedHere = undecodedValuePositions(method.closures, in: tokens, body: method.body)
                if !undecodedHere.isEmpty { undecoded[name, default: []].formUnion(undecodedHere) }
                let absent = isPublic ? absentValuePositions(method.closures, in: tokens, body: method.body).union(undecodedHere) : []
                if !absent.isEmpty { absentValues[name, default: []].formUnion(absent) }
                if isPublic, callsBackWithNothing(method.closures, in: tokens, body: method.body) { withNothing.insert(name) }
                let status = successStatuses(method.closures, in: tokens, body: method.body)
                let labelled = name + "(" + method.labels.map { $0 + ":" }.joined() + ")"
                statuses[labelled, default: .init()].literalTrue += status.literalTrue
                statuses[labelled, default: .init()].other += status.other
                statuses[labelled, default: .init()].handedTo.formUnion(status.handedTo)
                if isPublic {
                    // The word after the `->` before the body's brace, if any.
                    var cursor = method.body.lowerBound - 2
                    while cursor > 0, !tokens[cursor].isPunctuation("->"), !tokens[cursor].isPunctuation(")") { cursor -= 1 }
                    let returns = tokens[cursor].isPunctuation("->") ? tokens[cursor + 1].word ?? "" : ""
                    for name in storedOnAnother(method.closures, in: tokens, body: method.body) where storedUnderOwnName[name] == nil {
                        storedUnderOwnName[name] = (fileName, returns)
                    }
                }
                // Not a body of one line, a stub's or a default's (`{ completion(.success(Card())) }`).
                if isPublic, lines.count > 1 {
                    for parameter in method.closures where isCalledOnlyInline(parameter, in: tokens, body: method.body) {
                        calledOnlyInline[types.last?.name ?? "", default: []].insert(signature + "|" + parameter)
                    }
                }
                let handed = Self.handOvers(of: method.closures, in: tokens, body: method.body)
                if !handed.isEmpty { handOvers[types.last?.name ?? "", default: [:]][signature, default: []].formUnion(handed) }
                if isPublic, !handed.isEmpty { publicHandOvers[name, default: []].formUnion(handed) }
                for parameter in method.closures {
                    let key = owner + signature + "|" + parameter
                    switch uses(of: parameter, in: tokens, body: method.body) {
                    case nil where lines.count > 1 || (isPrivate && !body.isEmpty): unused.insert(key)
                    case nil: break
                    case let callees?:
                        if let callees {
                            handedOn[key, default: []].formUnion(callees.map { owner + $0 })
                        } else {
                            used.insert(key)
                            if isOverride { usedByOverrides[signature + "|" + parameter, default: []].insert(types.last?.name ?? "") }
                        }
                    }
                }
                // A body of one line says how it calls back when it names a closure (Sword's
                // `Guild.getEmbed(then:)`, which hands its completion to `getGuildEmbed`).
                guard !method.valued.isEmpty, lines.count > 1 || body.contains(where: { method.valued.contains($0.word ?? "") }) else { continue }
                if let callees = handsOn(method.valued, in: tokens, body: method.body) {
                    handedTo[name, default: []].formUnion(callees)
                } else {
                    handsNil.insert(name)
                }
            }
        }
        for (name, callees) in publicHandOvers {
            for callee in callees.map({ String($0.prefix { $0 != "(" }) }) where callee != name {
                absentValues[name, default: []].formUnion(undecoded[callee] ?? [])
            }
        }
        absentValues = absentValues.filter { !$0.value.isEmpty }
        // Those that call their closures themselves, then those that hand them only to those.
        var never = Set(handedTo.keys).subtracting(handsNil)
        var changed = true
        while changed {
            let before = never.count
            never = never.filter { name in handedTo[name, default: []].subtracting([name]).isSubset(of: never) }
            changed = never.count != before
        }
        return ClosureUses(
            unused: droppedClosures(
                unused: unused.subtracting(used), handedOn: handedOn.filter { !used.contains($0.key) }, closureLabels: closureLabels,
                usedByOverrides: usedByOverrides, superclasses: superclasses),
            neverNilWithoutError: never, absentValues: absentValues, callBackWithNothing: withNothing,
            succeedOnlyWithTrue: succeedingOnlyWithTrue(statuses), handOvers: handOvers,
            storedUnderOwnName: storedUnderOwnName, calledOnlyInline: calledOnlyInline, functionNames: functionNames)
    }

    /// The closure parameters a body assigns to a property of the same name of another object
    /// (`delegate.onOpen = onOpen`; not `self.onOpen = onOpen`, the method's own object).
    private static func storedOnAnother(_ closures: [String], in tokens: [SkimToken], body: Range<Int>) -> [String] {
        var found: [String] = []
        for index in body where index - 2 >= body.lowerBound && index + 2 < body.upperBound {
            guard let name = tokens[index].word, closures.contains(name), tokens[index - 1].isPunctuation("."),
                let owner = tokens[index - 2].word, owner != "self", tokens[index + 1].isPunctuation("="),
                tokens[index + 2].word == name,
                index + 3 >= body.upperBound || !(tokens[index + 3].isPunctuation(".") || tokens[index + 3].isPunctuation("("))
            else { continue }
            found.append(name)
        }
        return found
    }

    /// How one body uses its closure parameters: nil where it may call one with nil and no error,
    /// or hands one on in a way not read here (stored, returned); else the methods it hands them
    /// to as an argument (`self.sword?.getMessage(…, then: completion)`).
    private static func handsOn(_ closures: [String], in tokens: [SkimToken], body: Range<Int>) -> Set<String>? {
        var callees: Set<String> = []
        for index in body {
            switch closureMention(closures, at: index, in: tokens, body: body) {
            case nil: continue
            case .call(let arguments):
                // The value first, the error after it.
                guard arguments.count >= 2 else { continue }
                let value = arguments[0]
                let error = arguments[1]
                let valueIsNil = value.count == 1 && tokens[value.lowerBound].word == "nil"
                if error.count == 1, let word = tokens[error.lowerBound].word, !isNonNil(tokens, error, body: body),
                    let callee = calleeHandingError(word, tokens: tokens, at: error.lowerBound, body: body),
                    valueIsNil || isHandedOnValue(tokens, value, beside: word, at: error.lowerBound, body: body)
                {
                    // The callee's error, or its whole outcome, handed on: nil and no error only
                    // where the callee calls back so (FRAuth's `FRUser.getAccessToken`).
                    callees.insert(callee)
                    continue
                }
                if valueIsNil ? !isNonNil(tokens, error, body: body) : !isNonNil(tokens, value, body: body) { return nil }
            case .other:
                // Handed on as an argument (`then: completion`, `(completion)`, `, completion)`).
                guard index > body.lowerBound, case let previous = tokens[index - 1],
                    previous.isPunctuation(":") || previous.isPunctuation("(") || previous.isPunctuation(","),
                    let callee = calleeOfArgument(tokens, at: index, from: body.lowerBound)
                else { return nil }
                callees.insert(callee)
            }
        }
        return callees
    }

    /// How a body names one of its closure parameters at a token.
    enum ClosureMention {
        /// A call of it (`completion(…)`, `completion?(…)`), with its arguments' ranges.
        case call([Range<Int>])
        /// Anything else: handed on, stored, returned.
        case other
    }

    /// Whether the token at `index` names one of `closures` itself, not a member of something
    /// else (`self.completion`), and how; the body's first token too (`{ callback(store[id],
    /// nil) }`, Kitura-Session's).
    static func closureMention(_ closures: [String], at index: Int, in tokens: [SkimToken], body: Range<Int>) -> ClosureMention? {
        guard let word = tokens[index].word, closures.contains(word), index == body.lowerBound || !tokens[index - 1].isPunctuation(".")
        else { return nil }
        var open = index + 1
        if open < body.upperBound, tokens[open].isPunctuation("?") { open += 1 }
        guard open < body.upperBound, tokens[open].isPunctuation("(") else { return .other }
        return .call(argumentRanges(tokens, open: open, end: body.upperBound))
    }

    /// The ranges of a call's arguments, at its own depth, from its `(` at `open`.
    static func argumentRanges(_ tokens: [SkimToken], open: Int, end: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var depth = 0
        var start = open + 1
        var cursor = open
        while cursor < end {
            let token = tokens[cursor]
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") {
                depth -= 1
                if depth == 0 {
                    if cursor > start { ranges.append(start..<cursor) }
                    break
                }
            }
            if depth == 1, token.isPunctuation(",") {
                ranges.append(start..<cursor)
                start = cursor + 1
            }
            cursor += 1
        }
        return ranges
    }

    /// The name of the call whose argument list holds the token at `index`.
    private static func calleeOfArgument(_ tokens: [SkimToken], at index: Int, from start: Int) -> String? {
        guard let open = openingParenthesis(tokens, of: index, from: start), open > start else { return nil }
        return tokens[open - 1].word
    }

    /// After a method's name: the internal names of its parameters whose type is written as a
    /// closure (and by their labels), every parameter's label (`_` for none), and the range of
    /// its body's tokens (inside the braces); nil for a requirement (no body) or a method with
    /// no such parameter.
    static func closureParametersAndBody(
        _ tokens: [SkimToken], after name: Int
    ) -> (closures: [String], valued: [String], labels: [String], closureLabels: [String: String], body: Range<Int>)? {
        var cursor = name + 1
        // Past generic parameters to the parameter list.
        while cursor < tokens.count, !tokens[cursor].isPunctuation("(") {
            if tokens[cursor].isPunctuation("{") || tokens[cursor].isPunctuation("}") || tokens[cursor].startsLine { return nil }
            cursor += 1
        }
        // Each parameter at depth 1: its internal name is the word before its `:`.
        var closures: [String] = []
        var labels: [String] = []
        var closureLabels: [String: String] = [:]
        var depth = 0
        var parameterName: String?
        var valued: [String] = []
        var isClosure = false
        var getsValues = false
        var previous: SkimToken?
        var beforePrevious: SkimToken?
        var label: String?
        func endParameter() {
            if let label { labels.append(label) }
            if isClosure, let parameterName, parameterName != "_" {
                closures.append(parameterName)
                closureLabels[label ?? parameterName] = parameterName
                if getsValues { valued.append(parameterName) }
            }
            (label, parameterName, isClosure, getsValues) = (nil, nil, false, false)
        }
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") {
                depth -= 1
                if depth == 0 { break }
            }
            if depth == 1, token.isPunctuation(","), parameterName != nil { endParameter() }
            if depth == 1, parameterName == nil, token.isPunctuation(":"), cursor > 0 {
                parameterName = tokens[cursor - 1].word
                // `to chipItem:`: the label first; `completion:`: one name for both.
                label = cursor > 1 ? tokens[cursor - 2].word ?? parameterName : parameterName
            }
            // `@escaping View.DownloadClosure`: a closure of a typealias (Lottie's), which may
            // hand values.
            if parameterName != nil, depth == 1, token.word == "escaping", previous?.isPunctuation("@") == true {
                isClosure = true
                getsValues = true
            }
            if parameterName != nil, token.isPunctuation("->") {
                isClosure = true
                // Not one that gets nothing (`next: @escaping () -> Void`), which says nothing of nil.
                getsValues = getsValues || !(previous?.isPunctuation(")") == true && beforePrevious?.isPunctuation("(") == true)
            }
            (beforePrevious, previous) = (previous, token)
            cursor += 1
        }
        endParameter()
        guard !closures.isEmpty else { return nil }
        // To the body's brace: effects, a result type and a `where` clause may come first; a
        // declaration, an attribute or a closing brace first means there is none.
        let declarationWords: Set<String> = [
            "func", "var", "let", "init", "case", "public", "open", "private", "internal", "fileprivate", "static", "class",
            "struct", "enum", "protocol", "extension", "subscript", "typealias", "override", "mutating",
        ]
        cursor += 1
        while cursor < tokens.count, !tokens[cursor].isPunctuation("{") {
            let token = tokens[cursor]
            if token.isPunctuation("}") || token.isPunctuation(";") || token.isPunctuation("@") { return nil }
            if let word = token.word, declarationWords.contains(word) { return nil }
            cursor += 1
        }
        guard cursor < tokens.count else { return nil }
        let end = tokens.indexAfterBraces(from: cursor)
        return (closures, valued, labels, closureLabels, (cursor + 1)..<max(cursor + 1, end - 1))
    }
}
