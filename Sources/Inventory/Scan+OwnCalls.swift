extension Scan {
    /// The requirements of the module's protocols that the protocol's own extensions call
    /// (Kitura-Credentials' `CredentialsTokenTTL.getProfileAndCacheIfNeeded(…)`, which calls
    /// `generateNewProfile(token:options:completion:)`): the app implements them and the library
    /// calls them, as it calls a requirement of an object it keeps in a property. By protocol,
    /// the requirements' names. Only calls written in an extension of that protocol (bare, or on
    /// `self`), so that a method of the same name elsewhere says nothing.
    static func requirementsCalledByOwnExtensions(_ protocols: [SourceType], in files: [File]) -> [String: Set<String>] {
        var requirements: [String: Set<String>] = [:]
        for type in protocols where type.kind == .protocol {
            requirements[type.name, default: []].formUnion(type.members.filter { $0.kind == .function }.map(\.name))
        }
        var called: [String: Set<String>] = [:]
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            var extended: String?
            var depth = 0
            for line in text.split(separator: "\n") where !line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//") {
                let code = line.components(separatedBy: "//").first ?? ""
                let words = code.split(whereSeparator: { " \t:{<".contains($0) })
                if depth == 0 {
                    extended = words.firstIndex(of: "extension").flatMap { $0 + 1 < words.count ? String(words[$0 + 1]) : nil }
                }
                depth = max(0, depth + code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count)
                guard let extended, depth > 0, let names = requirements[extended] else { continue }
                for name in names where code.contains(name + "(") && !called[extended, default: []].contains(name) {
                    if Self.callsOwn(name, in: code) { called[extended, default: []].insert(name) }
                }
            }
        }
        return called
    }

    /// The protocols' requirements the library calls on some value (`authorizer.fetchAuthValue(`,
    /// `store?.load {`): a property that holds a conformer says the library keeps one, not that
    /// it calls it (the twenty-sixth session's outside try: a `VisitStore` kept, its `load`
    /// never called, and the note said it was).
    static func requirementsCalledOnValues(_ protocols: [SourceType], in files: [File]) -> Set<String> {
        let names = Set(protocols.filter { $0.kind == .protocol }.flatMap(\.members).filter { $0.kind == .function }.map(\.name))
        var called: Set<String> = []
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            for name in names.subtracting(called) {
                var rest = text[...]
                while let range = rest.range(of: "." + name) {
                    rest = rest[range.upperBound...]
                    let next = rest.drop(while: { $0 == " " }).first
                    if rest.first == "(" || (next == "{" && rest.first == " ") {
                        called.insert(name)
                        break
                    }
                }
            }
        }
        return called
    }

    /// `name(` called bare or on `self` in `line`, not declared there (`func name(`).
    private static func callsOwn(_ name: String, in line: String) -> Bool {
        var rest = line[...]
        while let range = rest.range(of: name + "(") {
            let before = rest[..<range.lowerBound]
            rest = rest[range.upperBound...]
            if let last = before.last, last.isLetter || last.isNumber || last == "_" { continue }
            if before.hasSuffix(".") && !before.hasSuffix("self.") { continue }
            if before.split(whereSeparator: { $0 == " " || $0 == "\t" }).last == "func" { continue }
            return true
        }
        return false
    }
}

/// A closure a method keeps in a property (or in one slot of a dictionary property, by `key`).
struct KeptClosure {
    let parameter: String
    let property: String
    var key: String? = nil
    /// Added to a list of handlers (`eventHandlers.append(handler)`), each called for every
    /// event, rather than set in a slot that holds one.
    var appended = false
}

/// Where the library sets a closure property (or one slot of it) to nil: in which method, under
/// which `case`, and by which key.
struct Release {
    let method: String
    let enumCase: String?
    let key: String?
    /// The method called the property before this line (SwiftSpinner's `tapHandler?()` then
    /// `tapHandler = nil`): the slot holds a closure for one call.
    var afterCall = false
}

extension Scan {
    /// The types' instance properties of a closure type, written out or by an alias (Siren's
    /// `private var resultsHandler: ResultsHandler?`), private ones too: where a method may keep
    /// its closure.
    static func closureProperties(of types: [SourceType], aliases: [SourceMember]) -> Set<String> {
        let aliasNames = Set(
            aliases.map(\.name) + types.flatMap(\.members).filter { $0.kind == .typeAlias && $0.text.contains("->") }.map(\.name))
        return Set(types.flatMap { type in
            type.members.filter { member in
                guard member.kind == .property, !member.isStatic else { return false }
                // `: Handler?`, or a list of them, `: [Handler]`.
                let declared = member.text.split(separator: ":", maxSplits: 1).dropFirst().first?
                    .drop(while: { $0 == " " || $0 == "[" }).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return member.text.contains("->") || declared.map { aliasNames.contains(String($0)) } ?? false
            }.map(\.name)
        })
    }

    /// The methods that keep a closure parameter in one of the module's callback properties
    /// (Perfect-ZooKeeper's `connect(to:completion:)`: `onConnect = completion`, which the
    /// session watcher calls on every state change): by method name, the parameter's and the
    /// property's names. The closure is then called as often as the property is.
    static func methodsKeepingClosures(in properties: Set<String>, files: [File]) -> [String: KeptClosure] {
        closuresKept(in: properties, files: files).compactMapValues(\.first)
    }

    /// Every closure each method keeps (PermissionScope's `show(_:cancelled:)`: `onAuthChange =
    /// authChange`, `onCancel = cancelled`), in the order the method keeps them.
    static func closuresKept(in properties: Set<String>, files: [File]) -> [String: [KeptClosure]] {
        var found: [String: [KeptClosure]] = [:]
        // Handed on inside a closure to a method that keeps that (ParseLiveQuery's
        // `addEnterHandler(_ handler:)`: `return addEventHandler { $1.type == .entered ?
        // handler($0, $1.object) : () }`): kept where that method keeps it, read below.
        var forwarded: [(method: String, parameter: String, callee: String)] = []
        for (trimmed, method) in linesInMethods(of: files) {
            guard let method else { continue }
            if let forward = forwardingCall(trimmed, in: method) {
                forwarded.append((method.name, forward.parameter, forward.callee))
                continue
            }
            // `onConnect = completion` or `self.onConnect = completion`, the whole line; or one
            // slot of a dictionary by a parameter (ActiveLabel's `customTapHandlers[type] = handler`).
            let statement = (trimmed.hasPrefix("self.") ? trimmed.dropFirst(5) : trimmed).split(separator: " ")
            // Or added to a list of handlers (ParseLiveQuery's `eventHandlers.append(handler)`).
            if statement.count == 1, statement[0].hasSuffix(")"), let dot = statement[0].range(of: ".append(") {
                let property = String(statement[0][..<dot.lowerBound])
                let parameter = statement[0][dot.upperBound...].dropLast()
                if properties.contains(property), parameter.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !parameter.isEmpty,
                    method.line.contains(parameter + ":"), found[method.name]?.contains(where: { $0.parameter == parameter }) != true
                {
                    found[method.name, default: []].append(KeptClosure(parameter: String(parameter), property: property, appended: true))
                }
                continue
            }
            guard statement.count == 3, statement[1] == "=", statement[2].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                method.line.contains(statement[2] + ":") || method.line.contains(" " + statement[2] + " :")
            else { continue }
            let (property, key) = subscripted(statement[0])
            guard properties.contains(property), key.map({ method.line.contains(" \($0):") }) ?? true,
                found[method.name]?.contains(where: { $0.parameter == statement[2] }) != true
            else { continue }
            found[method.name, default: []].append(KeptClosure(parameter: String(statement[2]), property: property, key: key))
        }
        for forward in forwarded where found[forward.method] == nil && forward.method != forward.callee {
            guard let kept = found[forward.callee], kept.count == 1, kept[0].key == nil else { continue }
            found[forward.method] = [KeptClosure(parameter: forward.parameter, property: kept[0].property, appended: kept[0].appended)]
        }
        return found
    }

    /// `return callee { … parameter(…) … }` (or `callee(…) { … }`), the whole line: the method
    /// hands its closure parameter on, wrapped, to `callee`.
    static func forwardingCall(_ code: Substring, in method: (name: String, line: Substring)) -> (parameter: String, callee: String)? {
        let call = code.hasPrefix("return ") ? code.dropFirst(7) : code
        let callee = call.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !callee.isEmpty, let open = call.firstIndex(of: "{"), call.hasSuffix("}"),
            call[callee.endIndex..<open].allSatisfy({ $0 == " " }) || call[callee.endIndex...].hasPrefix("(")
        else { return nil }
        let inside = call[open...]
        // The method's one closure parameter, called inside.
        let parameters = method.line.split(separator: "(", maxSplits: 1).dropFirst().first?.split(separator: ",") ?? []
        let closures = parameters.filter { $0.contains("->") || $0.contains("Handler") || $0.contains("Callback") || $0.contains("Block") }
        guard closures.count == 1, let colon = closures[0].firstIndex(of: ":") else { return nil }
        let name = closures[0][..<colon].split(separator: " ").last.map(String.init) ?? ""
        guard !name.isEmpty, inside.contains(name + "(") else { return nil }
        return (name, String(callee))
    }

    /// `handlers[type]` as the property and its key; `handler` as itself with no key.
    static func subscripted(_ target: Substring) -> (property: String, key: String?) {
        guard target.hasSuffix("]"), let open = target.firstIndex(of: "[") else { return (String(target), nil) }
        let key = target[target.index(after: open)..<target.index(before: target.endIndex)]
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return (String(target), nil) }
        return (String(target[..<open]), String(key))
    }

    /// Where the library sets each of the properties to nil, by the methods that do (Bluejay's
    /// `disconnectCallback = nil` once it has called it: a slot for one call; Checker's `stop()`
    /// releasing its handler: a registration until then).
    ///
    /// Each release also says which of its method's calls makes it: the `case .mention:` it is
    /// under (ActiveLabel's `removeHandle(for type:)`, a switch over the handler's kind), and the
    /// key of a dictionary slot (`customTapHandlers[type] = nil`).
    static func methodsSettingToNil(_ properties: Set<String>, in files: [File]) -> [String: [Release]] {
        var cleared: [String: [Release]] = [:]
        var caseAbove: String?
        var methodLines: [Substring] = []
        var currentMethod: Substring?
        for (code, method) in linesInMethods(of: files) {
            defer {
                caseAbove = enumCase(labelling: code)
                methodLines.append(code)
            }
            if method?.line != currentMethod {
                currentMethod = method?.line
                methodLines = []
            }
            // `= nil`; or a list of kept closures emptied (Frollo's `requestsToRetry.removeAll()`
            // after calling each, `= []`).
            guard let ending = ["= nil", "= []", "= [:]", ".removeAll()"].first(where: { code.hasSuffix($0) }) else { continue }
            var statement = code.dropLast(ending.count)
            if let colon = statement.firstIndex(of: ":"), statement.hasPrefix("case ") { statement = statement[statement.index(after: colon)...] }
            let last = statement.split(separator: ".").last?.filter { !$0.isWhitespace } ?? ""
            let (target, key) = subscripted(Substring(last))
            guard properties.contains(target) else { continue }
            let labelled = enumCase(labelling: code) ?? caseAbove
            let afterCall = method != nil && key == nil && methodLines.contains { calls($0, target) }
            cleared[target, default: []].append(Release(method: method?.name ?? "", enumCase: labelled, key: key, afterCall: afterCall))
        }
        return cleared
    }

    /// Whether `code` calls `property` (`tapHandler?()`, `self.tapHandler(x)`), not another name
    /// ending so (`setTapHandler(`).
    static func calls(_ code: Substring, _ property: String) -> Bool {
        for call in [property + "?(", property + "("] {
            var rest = code[...]
            while let range = rest.range(of: call) {
                let before = range.lowerBound == code.startIndex ? nil : code[code.index(before: range.lowerBound)]
                if before.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return true }
                rest = rest[range.upperBound...]
            }
        }
        return false
    }

    /// `.mention` of a line `case .mention:` (or `case .mention: handler = nil`), a case with no
    /// payload.
    static func enumCase(labelling code: Substring) -> String? {
        guard code.hasPrefix("case ."), let colon = code.firstIndex(of: ":") else { return nil }
        let name = code[code.index(code.startIndex, offsetBy: 6)..<colon]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return "." + name
    }

    /// A method that ends a registration: `stop`, `stopChecking`, `cancel`, `invalidate`, or
    /// removes a handler (`removeHandle(for:)`, `removeObserver`), or turns off what an `enable…`
    /// turned on (Rive's `disableAutoBind()`, `autoBindCallback = nil`).
    static func namesStop(_ method: String) -> Bool {
        ["stop", "cancel", "invalidate", "unsubscribe", "teardown", "remove", "disable", "unregister"].contains { method.hasPrefix($0) }
    }

    /// Each line of the files' code, trimmed, that is not a comment or part of a `func`'s
    /// signature, with the method it is in: the last `func` above it, its name and its signature
    /// (every line up to the one that opens the body, since a parameter may sit on any of them:
    /// Siren's `wail(performCheck:` breaks before `completion handler:`). Read by lines, as the
    /// bodies' other readings are: enough for the statements they look for.
    static func linesInMethods(of files: [File]) -> [(code: Substring, method: (name: String, line: Substring)?)] {
        var lines: [(code: Substring, method: (name: String, line: Substring)?)] = []
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            var method: (name: String, line: Substring)?
            var signatureIsOpen = false
            for line in text.split(separator: "\n") {
                let code = line.drop(while: { $0 == " " || $0 == "\t" })
                if code.hasPrefix("//") { continue }
                if let range = line.range(of: "func ") {
                    let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    method = name.isEmpty ? nil : (String(name), line)
                    signatureIsOpen = method != nil && !line.contains("{") && !line.contains("}")
                    continue
                }
                if signatureIsOpen, let open = method {
                    method = (open.name, Substring(open.line + " " + code))
                    signatureIsOpen = !line.contains("{") && !line.contains("}")
                    continue
                }
                lines.append((code, method))
            }
        }
        return lines
    }
}

extension Scan {
    /// The methods whose bodies call their completion with a text and with nil (Perfect-LDAP's
    /// `login(info:completion:)`: `completion(nil)` when it succeeded, `completion("LOGIN
    /// FAILED: \(err)")` in its `catch`): the text describes the failure, nil is success. By
    /// `Type.method`.
    static func methodsCallingBackWithMessages(in files: [File]) -> Set<String> {
        var texts: Set<String> = []
        var nils: Set<String> = []
        for (method, arguments) in callbackCalls(in: files) {
            if arguments.hasPrefix("\"") { texts.insert(method) }
            if arguments.hasPrefix("nil)") { nils.insert(method) }
        }
        return texts.intersection(nils)
    }

    /// The methods whose bodies call back with no value and a text (Perfect-HTTPServer's
    /// `HTTP2Client.sendRequest(_:callback: (HTTPResponse?, String?) -> ())`: `callback(nil,
    /// "Header encoding exception \(error)")`): the text says why it failed. By `Type.method`.
    static func methodsCallingBackWithNoValueAndMessage(in files: [File]) -> Set<String> {
        Set(callbackCalls(in: files).filter { $0.arguments.hasPrefix("nil,\"") }.map(\.method))
    }

    /// Methods whose bodies call back with a flag named `isDegraded` (ZLPhotoBrowser's
    /// `fetchImage(for:size:progress:completion: (UIImage?, Bool) -> Void)`: `completion(image,
    /// isDegraded)`, as Photos' opportunistic delivery hands a degraded image first and then the
    /// final one), and those that hand their completion to one of their type's (its
    /// `fetchOriginalImage`, to its private `fetchImage`). By `Type.method`, the flag's position
    /// among the arguments.
    static func methodsCallingBackWithDegradedFlags(in files: [File], handOvers: [String: [String: Set<String>]]) -> [String: Int] {
        var found: [String: Int] = [:]
        for (method, arguments) in callbackCalls(in: files) {
            // The arguments up to the call's closing parenthesis, split at its own commas.
            var parts: [String] = [""]
            var depth = 0
            for character in arguments {
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) {
                    if depth == 0 { break }
                    depth -= 1
                }
                if character == ",", depth == 0 { parts.append("") } else { parts[parts.count - 1].append(character) }
            }
            if let position = parts.firstIndex(where: { ["isDegraded", "degraded"].contains($0) }) { found[method] = position }
        }
        func bare(_ signature: String) -> Substring { signature.prefix { $0 != "(" } }
        for (type, methods) in handOvers {
            for (signature, callees) in methods where found[type + "." + bare(signature)] == nil {
                if let position = callees.lazy.compactMap({ found[type + "." + bare($0)] }).first { found[type + "." + bare(signature)] = position }
            }
        }
        return found
    }

    /// Methods whose bodies call back with `(true, nil)` and with `(false, error)` (Appcues's
    /// `show(experienceID:completion:)`: `completion?(true, nil)`, `completion?(false, error)`):
    /// the flag says whether the call succeeded, `@asyncError(zeroArgument: 1)`. By
    /// `Type.method`, as the message reading above.
    static func methodsCallingBackWithFlags(in files: [File]) -> Set<String> {
        var successes: Set<String> = []
        var failures: Set<String> = []
        for (method, arguments) in callbackCalls(in: files) {
            if arguments.hasPrefix("true,nil)") { successes.insert(method) }
            if arguments.hasPrefix("false,"), !arguments.hasPrefix("false,nil)") { failures.insert(method) }
            // The error first (ApplozicSwift's `withCompletion(nil, true)`, `withCompletion(error,
            // false)`), as `Type.method 2`: the flag is the second argument.
            if arguments.hasPrefix("nil,true)") { successes.insert(method + " 2") }
            if arguments.hasSuffix(",false)"), !arguments.hasPrefix("nil,"), arguments.filter({ $0 == "," }).count == 1 { failures.insert(method + " 2") }
        }
        return successes.intersection(failures)
    }

    /// Each call of a closure named like a completion (`completion(…)`, `callback?(…)`,
    /// `completionHandler(…)`, `handler(…)`) in a method's body, line by line: `Type.method`
    /// (the innermost type declared or extended around it, by its bare name, found by counting
    /// braces outside string literals) and the call's arguments without spaces, from after its
    /// parenthesis to the line's end.
    private static func callbackCalls(in files: [File]) -> [(method: String, arguments: String)] {
        var calls: [(method: String, arguments: String)] = []
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            var types: [(name: String, depth: Int)] = []
            var depth = 0
            var method: String?
            for line in text.split(separator: "\n") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "{" || $0 == "<" })
                if words.first?.hasPrefix("//") == true { continue }
                if let index = words.firstIndex(where: { ["class", "struct", "enum", "extension", "actor", "protocol"].contains($0) }),
                    index + 1 < words.count, !words.contains("func"), !words.contains("var"), !words.contains("let")
                {
                    types.append((words[index + 1].split(separator: ".").last.map(String.init) ?? "", depth))
                    method = nil
                }
                if let range = line.range(of: "func ") {
                    let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    method = name.isEmpty ? nil : (types.last?.name ?? "") + "." + name
                } else if let method {
                    for callee in ["completion", "callback", "completionHandler", "handler", "withCompletion"] {
                        for call in [callee + "(", callee + "?("] {
                            guard let range = line.range(of: call) else { continue }
                            if let before = line[..<range.lowerBound].last, before.isLetter || before.isNumber || before == "_" || before == "." { continue }
                            calls.append((method, line[range.upperBound...].filter { $0 != " " }))
                        }
                    }
                }
                // The braces outside string literals: a type's body ends where the depth falls
                // back to where it began.
                var inString = false
                for character in line {
                    if character == "\"" { inString.toggle() }
                    guard !inString else { continue }
                    if character == "{" { depth += 1 }
                    if character == "}" {
                        depth -= 1
                        while let last = types.last, depth <= last.depth { types.removeLast() }
                    }
                }
            }
        }
        return calls
    }

    /// `Type.method` readings, also as `Protocol.method` for the protocols `Type` conforms to that
    /// the module declares with a requirement of that name: what its conformers do is what the
    /// library's calls through the protocol get.
    static func requirementsToo(_ found: Set<String>, types: [SourceType]) -> Set<String> {
        let protocols = Dictionary(
            types.filter { $0.kind == .protocol }.map { ($0.name, Set($0.members.filter { $0.kind == .function }.map(\.name))) },
            uniquingKeysWith: { $0.union($1) })
        var all = found
        for type in types {
            for key in found where key.hasPrefix(type.name + ".") {
                let rest = key.dropFirst(type.name.count + 1)
                let method = String(rest.prefix { $0 != " " })
                for name in type.inherits where protocols[name]?.contains(method) == true {
                    all.insert(name + "." + rest)
                }
            }
        }
        return all
    }
}
