import DeclParser
import Generator

/// Where a library calls a completion with nil and no error (`callsBackWithNilAndNil`).
struct NilAndNilEvidence {
    /// The closures called so outside any public method (`invocationDidComplete`): evidence
    /// for the public methods whose callback has that name, or the whole library's.
    var callees: Set<String> = []
    /// The public methods whose own bodies do it.
    var methods: Set<String> = []
    /// A value bound from a function's result, passed with a nil error: evidence where that
    /// function returns an optional.
    var optionalValues: [(function: String, place: Place)] = []

    /// Where a call was seen: in a public method's body, or elsewhere to a closure of this name.
    enum Place {
        case method(String)
        case callee(String)
    }

    mutating func merge(_ other: NilAndNilEvidence) {
        callees.formUnion(other.callees)
        methods.formUnion(other.methods)
        optionalValues += other.optionalValues
    }
}

/// The smaller judgements inference leans on: what a type or a closure is (a token, an escaping
/// closure, a handler slot, a blocking call's progress), what nil without an error means, and
/// the evidence read from the library's code rather than its declarations.
extension StarterBlock {
    /// Where the library calls a completion with `(nil, nil)` (`callback(nil, nil)`): nil
    /// without an error is then a value it hands over, an absent one. A call in the body of a
    /// public method is that method's evidence (p2/OAuth2's `registerClientIfNeeded`, "if both
    /// json and error is nil no registration was attempted"); one in a helper the methods share
    /// (Kitura-redis's response handlers) or anywhere else is the whole library's.
    ///
    /// A value that may be nil passed with a nil error counts too (SignalR's
    /// `invocationDidComplete(result, nil)` after `let result = try message.getResult(T.self)`,
    /// where `getResult` returns `T?`): `optionalValues` says which of those it was, once
    /// every file has been read (`optionalReturns`).
    static func callsBackWithNilAndNil(_ text: String) -> NilAndNilEvidence {
        var evidence = NilAndNilEvidence()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            var rest = line[...]
            var calls: String?
            var boundBy: (callee: String, function: String)?
            while let range = rest.range(of: ", nil)") {
                let call = rest[..<range.lowerBound]
                rest = rest[range.upperBound...]
                guard let open = Self.openingParenthesis(of: call) else { continue }
                let argument = call[call.index(after: open)...]
                // (Not through optional chaining, `callback?(response, nil)`: iOS McuManager's
                // `try?` values, nil only where a response fails to decode, would make every
                // `callback` of the library nullable.)
                let callee = String(call[..<open].reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
                // `invocationDidComplete` (SignalR) names a completion as much as `completion` does.
                guard Analyzer.looksLikeCompletion(callee) || callee.hasSuffix("Complete") else { continue }
                // Every value nil too (ForgeRock's `completion(nil, nil, nil)` of `(T?, Node?, Error?)`).
                let allNil = argument.split(separator: ",").allSatisfy { $0.trimmingCharacters(in: .whitespaces) == "nil" }
                if allNil || Self.isDictionaryLookup(argument, in: text) {
                    calls = callee
                } else if let made = Self.madeValue(argument) {
                    // A value made in place (FilesProvider's `completionHandler(LocalFileObject(
                    // fileWithPath: path, …), nil)`): nil where that initializer fails.
                    boundBy = (callee, made)
                } else if argument.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                    let source = Self.optionalBinding(of: String(argument), above: index, in: lines)
                {
                    if source.isEmpty { calls = callee } else { boundBy = (callee, source) }
                }
            }
            // The error first (ZLPhotoBrowser's `completion?(nil, asset)` of `(Error?, PHAsset?)`,
            // after `let asset = self.getAsset(…)`, which returns `PHAsset?`).
            rest = line[...]
            while calls == nil, boundBy == nil, let range = rest.range(of: "(nil, ") {
                let callee = Self.callee(before: rest[..<range.lowerBound])
                rest = rest[range.upperBound...]
                guard Analyzer.looksLikeCompletion(callee), let close = rest.firstIndex(of: ")") else { continue }
                // Not `callback(nil, error)`, a value-first completion's failure: only a value
                // bound from a function that returns an optional, or made by a failable
                // initializer, is evidence here.
                let argument = rest[..<close]
                guard !argument.lowercased().contains("err"), !argument.lowercased().contains("fail") else { continue }
                if let made = Self.madeValue(Substring(argument + ")")) {
                    boundBy = (callee, made)
                } else if argument.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), argument != "nil",
                    let source = Self.optionalBinding(of: String(argument), above: index, in: lines), !source.isEmpty
                {
                    boundBy = (callee, source)
                }
            }
            guard calls != nil || boundBy != nil else { continue }
            // The nearest declaration above: a public method's name, or the library at large.
            let enclosingIndex = lines[..<index].lastIndex { candidate in
                let words = candidate.split(whereSeparator: { $0 == " " || $0 == "\t" })
                return words.contains("func") || words.contains { $0.hasPrefix("init(") || $0 == "init" }
            }
            let enclosing = enclosingIndex.map { lines[$0] }
            let words = enclosing?.split(whereSeparator: { $0 == " " || $0 == "\t" }) ?? []
            var method: String?
            if let funcIndex = words.firstIndex(of: "func"), funcIndex + 1 < words.count,
                words[..<funcIndex].contains(where: { $0 == "public" || $0 == "open" })
            {
                method = String(words[funcIndex + 1].prefix { $0 != "(" && $0 != "<" })
            }
            if let boundBy, calls == nil {
                evidence.optionalValues.append((boundBy.function, method.map { .method($0) } ?? .callee(boundBy.callee)))
            } else if let method {
                evidence.methods.insert(method)
            } else if let callee = calls {
                // By its type too where the helper declares it (decision 186), and not from a
                // helper that never hands it a value.
                guard let start = enclosingIndex else {
                    evidence.callees.insert(callee)
                    continue
                }
                if Self.mayHandAValue(to: callee, helperAt: start, in: lines) {
                    evidence.callees.insert(Self.calleeKey(callee, helperAt: start, in: lines))
                }
            }
        }
        return evidence
    }

    /// The name of the function called just before an opening parenthesis: `completion` of
    /// `completion(` and of `completion?(`, optional chaining's.
    static func callee(before text: Substring) -> String {
        let name = text.hasSuffix("?") ? text.dropLast() : text
        return String(name.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
    }

    /// The parenthesis that opens the call `text` ends inside (`completion(Thing(a: b)` → the
    /// one after `completion`), nested calls skipped.
    static func openingParenthesis(of text: Substring) -> Substring.Index? {
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index] == ")" {
                depth += 1
            } else if text[index] == "(" {
                if depth == 0 { return index }
                depth -= 1
            }
        }
        return nil
    }

    /// `Type.init` for an argument that makes a value of a type by its name (`LocalFileObject(
    /// fileWithPath: path)`); nil otherwise.
    static func madeValue(_ argument: Substring) -> String? {
        guard argument.first?.isUppercase == true, argument.hasSuffix(")"), let open = argument.firstIndex(of: "(") else { return nil }
        let name = argument[..<open]
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
            openingParenthesis(of: argument.dropLast()) == open
        else { return nil }
        return name + ".init"
    }

    /// `store[sessionId]` where the text declares `store` a dictionary (`var store = [String:
    /// Data]()`, `: [String: Data]`, `= [:]`): nil when the key is absent (Kitura-Session's
    /// `callback(store[sessionId], nil)`, a session not found).
    static func isDictionaryLookup(_ argument: Substring, in text: String) -> Bool {
        guard let open = argument.firstIndex(of: "["), argument.hasSuffix("]") else { return false }
        let name = argument[..<open]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return false }
        for declaration in ["\(name) = [", "\(name): ["] {
            var rest = text[...]
            while let range = rest.range(of: declaration) {
                rest = rest[range.upperBound...]
                // Up to the closing bracket: a key type and a value type, or `[:]`.
                let inside = rest.prefix { $0 != "]" && $0 != "\n" }
                if inside.contains(":") { return true }
            }
        }
        return false
    }

    /// How the value a completion gets was bound, within the ten lines above: `""` for
    /// `let value = try? …` (nil where it failed), a function's name for `let value = [try]
    /// ….name(…)` (nil where that function returns an optional), nil otherwise (`guard let`,
    /// `if let`, a parameter).
    static func optionalBinding(of name: String, above index: Int, in lines: [Substring]) -> String? {
        for line in lines[max(0, index - 10)..<index].reversed() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let equals = words.firstIndex(of: "="), equals >= 2, words[equals - 1] == name,
                words[equals - 2] == "let" || words[equals - 2] == "var"
            else { continue }
            if equals >= 3, ["if", "guard", "while"].contains(words[equals - 3]) || words[equals - 3].hasSuffix(",") { return nil }
            var value = words[(equals + 1)...].joined(separator: " ")[...]
            if value.hasPrefix("try? ") { return "" }
            if value.hasPrefix("try ") { value = value.dropFirst(4) }
            guard let open = value.firstIndex(of: "("), value.hasSuffix(")") else { return nil }
            let function = value[..<open].split(separator: ".").last.map(String.init) ?? ""
            return function.first?.isLowercase == true && function.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? function : nil
        }
        return nil
    }

    /// Names of the functions the text declares to return an optional (`func getResult<T>(…)
    /// throws -> T?`), for `NilAndNilEvidence.optionalValues`.
    static func optionalReturns(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var enclosingType = ""
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if let kind = words.firstIndex(where: { ["class", "struct", "enum", "extension", "actor"].contains($0) }), kind + 1 < words.count,
                words[..<kind].allSatisfy({ !$0.hasPrefix("func") && !$0.hasPrefix("var") && !$0.hasPrefix("let") })
            {
                enclosingType = String(words[kind + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            }
            // A failable initializer (`init?(fileWithPath:relativeTo:)`): `Type.init` may be nil.
            if line.contains("init?("), !enclosingType.isEmpty { names.insert(enclosingType + ".init") }
            guard let funcRange = line.range(of: "func "), let arrow = line.range(of: "->", options: .backwards),
                arrow.lowerBound > funcRange.upperBound
            else { continue }
            let returned = (line[arrow.upperBound...].components(separatedBy: " where ").first ?? "")
                .prefix { $0 != "{" }.trimmingCharacters(in: .whitespaces)
            guard returned.hasSuffix("?") else { continue }
            names.insert(String(line[funcRange.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
        }
        return names
    }

    /// `DownloadTask` in `extension Array where Element == DownloadTask` (or a `Collection`'s,
    /// a `Sequence`'s): the element of a block of many of the module's objects.
    var arrayElement: String? {
        guard ["Array", "Collection", "Sequence", "Set"].contains(type), let clause = whereClause,
            let range = clause.range(of: "Element ==")
        else { return nil }
        let element = clause[range.upperBound...].trimmingCharacters(in: .whitespaces).prefix { $0 != "," && $0 != " " }
        return element.isEmpty ? nil : String(element)
    }

    /// Foundation's coding types: what they do runs inside synchronous `init(from:)` and `encode(to:)`.
    static let codingTypes: Set<String> = [
        "KeyedDecodingContainer", "UnkeyedDecodingContainer", "SingleValueDecodingContainer", "Decoder", "KeyedEncodingContainer",
        "UnkeyedEncodingContainer", "SingleValueEncodingContainer", "Encoder", "KeyedDecodingContainerProtocol",
    ]

    /// `Publisher` for `Outer.Publisher`.
    static func bareTypeName(_ type: String) -> String {
        type.split(separator: ".").last.map(String.init) ?? type
    }

    /// `@success(value)` and `@failure(error)` for a success (or answer: `responseHandler`) and
    /// a failure closure whose one argument is an error under a name generate does not know as
    /// one: one of the module's error types, or a type these sources do not declare, taken for
    /// the error by the closure's name (Backendless's `errorHandler: ((Fault) -> Void)!`, whose
    /// `Fault: NSError` another directory declares). A stream's value is made `@event` later.
    func namedErrorPair(_ callbacks: [Parameter], tokens: TokenMethods) -> [(annotation: String, why: String)]? {
        func plays(_ role: ClosureRoleNames.Role, _ parameter: Parameter) -> Bool {
            ClosureRoleNames.plays(role, name: parameter.name.name, label: parameter.label?.name)
        }
        guard callbacks.count == 2, let failureIndex = callbacks.firstIndex(where: { plays(.failure, $0) && !plays(.success, $0) }),
            let success = callbacks.first(where: { plays(.success, $0) })
                ?? ClosureRoleNames.answer(among: callbacks.map { ($0.name.name, $0.label?.name) }, besides: failureIndex).map({ callbacks[$0] }),
            case let failure = callbacks[failureIndex],
            let closure = closureType(of: failure), closure.parameters.count == 1,
            case .named(let components) = closure.parameters[0].type.strippingAttributes.unwrappingOptional.kind,
            let name = components.last?.name.name, components.last?.genericArguments.isEmpty == true, !name.hasSuffix("Error")
        else { return nil }
        let failureName = failure.label?.name ?? failure.name.name
        let why: String
        if errorTypes.contains(name) {
            why = "'\(failureName)' gets a \(name), which is an Error in this module"
        } else if !tokens.declares(name), name != "String", !aliasNames.contains(name) {
            why = "'\(failureName)' gets a \(name), not declared in these sources: taken for the error by its name (if it is no Error, the adapter does not compile at this line)"
        } else {
            return nil
        }
        return [
            ("@success(\(success.name.name))", "'\(success.label?.name ?? success.name.name)' gets the value"),
            ("@failure(\(failure.name.name))", why),
        ]
    }

    /// `P` for `some P` or `any P`.
    static func withoutSomeOrAny(_ type: String) -> String {
        for prefix in ["some ", "any "] where type.hasPrefix(prefix) { return String(type.dropFirst(prefix.count)) }
        return type
    }

    /// The type a typealias of the block stands for (`_DefaultsObservation` for `Observation`), or
    /// the name itself.
    func resolvedAlias(_ name: String) -> String {
        guard let entry = entries.first(where: { $0.role == .typeAlias && $0.member.name == name }),
            let equals = entry.member.text.firstIndex(of: "=")
        else { return name }
        let target = entry.member.text[entry.member.text.index(after: equals)...].trimmingCharacters(in: .whitespacesAndNewlines)
        return target.contains("->") || target.isEmpty ? name : target
    }

    /// A type named for what stops a registration (`NotificationToken`, `Disposable`, …).
    /// The method the documentation says stops what the call returns: "call `invalidate()` on the
    /// token" (Realm's `observe(_:) -> NotificationToken`, an alias of an Objective-C class whose
    /// declaration the Swift sources do not have), "the `invalidate()` method should be called on
    /// it", "`ProgressNotificationToken.invalidate()`": the stop scan cannot read from the type.
    static func stopNamedInDocumentation(_ lines: [String], returned: String) -> String? {
        let text = lines.joined(separator: " ")
        let bare = TokenMethods.bareName(withoutSomeOrAny(returned))
        let parts = text.components(separatedBy: "`")
        // Every other part is a code span: `[Type.]name()`.
        for index in stride(from: 1, to: parts.count - 1, by: 2) where parts[index].hasSuffix("()") {
            let path = parts[index].dropLast(2).split(separator: ".")
            guard let name = path.last, path.count <= 2, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
            if path.count == 2 { if path[0] == bare { return String(name) } else { continue } }
            let before = parts[index - 1].lowercased(), after = parts[(index + 1)...].joined(separator: "`").prefix(60).lowercased()
            let onTheToken = after.hasPrefix(" on the ") && ["token", "subscription", bare.lowercased()].contains { after.prefix(40).contains($0) }
            if (before.hasSuffix("call ") || before.hasSuffix("calling ")) && onTheToken { return String(name) }
            if after.hasPrefix(" method should be called on ") { return String(name) }
        }
        return nil
    }

    static func namesToken(_ type: String) -> Bool {
        let bare = TokenMethods.bareName(withoutSomeOrAny(type))
        return ["Token", "Subscription", "Registration", "Disposable", "Cancellable", "Handle", "Observation"].contains(where: bare.hasSuffix)
    }

    /// The progress closure of a synchronous method that returns or throws its outcome and has no
    /// closure named for one (Zip's `quickUnzipFile(_:progress:) throws -> URL`).
    func progressOfBlockingCall(_ function: FunctionDecl) -> Parameter? {
        // Not a builder's (Realm's `AsyncOpenPublisher.onProgressNotification(_:) -> Self`,
        // Cloudinary's `CLDUploadRequest.progress(_:) -> CLDUploadRequest`).
        guard !function.isAsync, function.returnType?.description != "Self",
            function.returnType.map({ TokenMethods.bareName($0.description) != Self.bareTypeName(type) }) ?? true,
            function.throwsClause != nil || function.returnType.map({ !$0.isVoid }) == true
        else { return nil }
        let closures = function.parameters.filter(isClosure)
        let outcomes = closures.filter { parameter in
            [parameter.name.name, parameter.label?.name].compactMap { $0 }.contains { name in
                Analyzer.looksLikeCompletion(name)
                    || [.success, .failure, .event, .finish].contains { ClosureRoleNames.plays($0, name: name, label: nil) }
            }
        }
        guard outcomes.isEmpty else { return nil }
        return closures.first { [$0.name.name, $0.label?.name].compactMap { $0 }.contains { $0.lowercased().contains("progress") } }
    }

    /// `@escaping`, or optional (which escapes).
    func isClosureEscaping(_ parameter: Parameter) -> Bool {
        if parameter.type.description.contains("@escaping") { return true }
        if case .optional = parameter.type.strippingAttributes.kind { return true }
        return false
    }

    /// The call that clears a handler slot (`trace(nil)`): a method named for a hook, a trace or
    /// setting a handler (`updateHook`, `trace`, `setErrorHandler`), whose one parameter is an
    /// optional closure that does not throw (a throwing one vetoes: SQLite.swift's `commitHook`),
    /// returning nothing.
    func handlerSlotClearing(_ function: FunctionDecl) -> String? {
        let name = function.name.name
        guard function.returnType?.isVoid ?? true, !function.isAsync,
            function.parameters.count == 1
                // A `set` of handlers only (InAppPurchase's `set(shouldAddStorePaymentHandler:handler:)`),
                // all cleared together.
                || (name == "set" && function.parameters.count > 1 && function.parameters.allSatisfy { closureType(of: $0) != nil }),
            function.parameters.allSatisfy({ parameter in
                guard case .optional = parameter.type.strippingAttributes.kind, let closure = closureType(of: parameter) else { return false }
                return closure.throwsClause == nil
            }),
            name.hasSuffix("Hook") || name == "trace" || name == "set"
                || (name.hasPrefix("set") && ["Handler", "Callback", "Listener", "Observer"].contains(where: name.hasSuffix))
                // `setOn<Event>` (SDWebImageSwiftUI's `ImageManager.setOnSuccess(perform:)`, called
                // for each load until nil clears it).
                || (name.hasPrefix("setOn") && name.dropFirst(5).first?.isUppercase == true)
        else { return nil }
        return name + "(" + function.parameters.map { ($0.label.map { $0.name + ": " } ?? "") + "nil" }.joined(separator: ", ") + ")"
    }

    /// A synchronous method's entry (its completion does not escape: Kitura-redis's
    /// `get(_:callback:)`): `@blocking`, and what its value's nil means.
    func blockingAnnotations(of function: FunctionDecl, callback: Parameter) -> [(annotation: String, why: String)] {
        let name = callback.label?.name ?? callback.name.name
        let blocking = (
            "@blocking",
            "'\(name)' does not escape: '\(function.name.name)' calls it before it returns, so the adapter calls it on the object's serial queue"
        )
        // A synchronous method may be quick (MatomoTracker's `MemoryQueue.remove(events:completion:)`,
        // an array's filter): then the caller gains nothing from an adapter. Only a reviewer knows.
        let quick = (
            "",
            "as written, an async adapter; if '\(function.name.name)' does no I/O and returns at once, call it directly and delete this declaration"
        )
        return [blocking] + (closureType(of: callback).map { nilWithoutError(function, closure: $0) } ?? []) + [quick]
    }

    /// What nil without an error means for an optional value and an optional error
    /// (`(T?, Error?)`): the end of an iteration for a method named for the next item
    /// (`nextRow`, `fetchNext`); a value where the library calls its callbacks with `(nil, nil)`
    /// (Kitura-redis: a nil reply); else an error, as Swift imports Objective-C (SE-0297), which
    /// the entry of a Swift method says, so that a reviewer who knows nil is a value adds
    /// `@nullableResult`.
    func nilWithoutError(_ function: FunctionDecl, closure: FunctionTypeSyntax) -> [(annotation: String, why: String)] {
        guard Self.isValueAndError(closure) else { return [] }
        // Values of several that a success hands over as nil (FilesProvider's `publicLink`:
        // `completionHandler(url, nil, nil, nil)`): those stay optional, or every success throws.
        let names = closure.parameters.map { $0.secondName ?? $0.label ?? "" }
        if closure.parameters.count >= 3, let absent = absentValues[function.name.name]?.filter({ $0 < closure.parameters.count }).sorted(),
            !absent.isEmpty
        {
            let describe = { (position: Int) in names[position - 1].isEmpty || names[position - 1] == "_" ? "value \(position)" : "'\(names[position - 1])'" }
            let named = absent.map(describe)
            let others = (1..<closure.parameters.count).filter { !absent.contains($0) }.map(describe)
            return [
                ("@nullableResult(\(absent.map(String.init).joined(separator: ", ")))",
                 "'\(function.name.name)' calls back with nil for \(named.joined(separator: " and ")) beside a value and no error: absent values of a success, not a failure"),
                ("", "as written, \(others.joined(separator: " or ")) nil without an error throws BridgegenError.noResult; if nil is a value there too, write '@nullableResult'"),
            ]
        }
        if Self.namesNext(function.name.name) {
            return [("@nullableResult", "'\(function.name.name)' is named for the next item: nil without an error is the end")]
        }
        // The other reading said too (Sendbird's `loadAllEmojis`, which hands on a cache that
        // may be empty: an absent value, or a failure the oracle throws).
        if answersNilWithoutErrorIn.contains(function.name.name) {
            return [
                ("", "as written, nil without an error is returned as nil; if it means '\(function.name.name)' failed, remove '@nullableResult' below: nil then throws BridgegenError.noResult"),
                ("@nullableResult", "the library calls completions with (nil, nil): nil without an error is a value (an absent one)"),
            ]
        }
        // Seen in a helper, not in this method (ApphudSDK's HTTP client, under a method that
        // never hands on its nil): likely, not sure. Not for an `@objc` protocol's requirement,
        // which Objective-C code implements and Swift imports as SE-0297 says, as the adapter
        // does (RevenueCat's). A Swift class's methods, `@objcMembers` (ZLPhotoBrowser's
        // `ZLPhotoManager`) or marked `@objc` (FirebaseAuth's `getToken(forcingRefresh:
        // completion:)`, which calls back with (nil, nil) when no one is signed in), Swift callers
        // see as written.
        if isObjC, isProtocol { return [] }
        let closures = function.parameters.filter(isClosure)
        let callbackNames = Set(closures.map(\.name.name) + closures.map { Self.closureKey(name: $0.name.name, type: $0.type.description) })
        // The error first (`(Error?, T?)`, WordPressKit's `loadNotes`): rarer, and a convention of
        // its own; only a callback of its name called so counts, not the library at large.
        let errorFirst = closure.parameters.first.map { $0.type.strippingAttributes.description.contains("Error") } ?? false
        // Its own body says otherwise (Sword's `getMessage`, beside a helper that calls back
        // with (nil, nil) for a 204): what the library does elsewhere does not reach it.
        let ownBodySaysNever = callsBackWithValueOrError.contains(function.name.name)
        // A call that makes or changes something hands back what it made (Hyperwallet's
        // `createBankAccount`, beside the HTTP client's (nil, nil) for a 204 of its reads): the
        // library at large is no evidence for it (a callback of its name handed nil is).
        let makes = ["create", "add", "update", "make", "activate", "deactivate", "schedule", "insert", "save", "upload", "post"]
            .contains(ClosureRoleNames.camelWords(function.name.name).first ?? "")
        if !ownBodySaysNever, (answersNilWithoutError && !errorFirst && !makes) || !answersNilWithoutErrorVia.isDisjoint(with: callbackNames) {
            return [
                ("@nullableResult", "the library calls completions with (nil, nil): nil without an error is a value (an absent one)"),
                ("", "assumed from the library at large: if '\(function.name.name)' never calls back with nil and no error, remove '@nullableResult'"),
            ]
        }
        return [("", "nil without an error is taken for an error (BridgegenError.noResult); if nil is a value (an absent one), add '@nullableResult'")]
    }

    /// Why the method's one closure is work it runs before it returns what came of it: a bare
    /// `block`, `body` or `work` of nothing beside a returned value that is no token (nothing
    /// stops it) and no future (Nimble's `catchBadInstruction(block:) -> BadInstructionException?`).
    func runsBlockAndReturns(_ function: FunctionDecl, tokens: TokenMethods) -> String? {
        let closures = function.parameters.filter(isClosure)
        guard closures.count == 1, let block = closures.first, let returned = function.returnType, !returned.isVoid,
            returned.description != "Self",
            [block.name.name, block.label?.name].contains(where: { ["block", "body", "work"].contains($0 ?? "") }),
            let closure = closureType(of: block), closure.parameters.isEmpty
        else { return nil }
        let bare = TokenMethods.bareName(Self.withoutSomeOrAny(returned.description))
        guard !ClosureRoleNames.isFuture(bare), !bare.contains("Promise"), tokens.stopMethod(of: bare) == nil else { return nil }
        return "runs '\(block.label?.name ?? block.name.name)' and returns what came of it (\(returned.description)): work"
    }
}
