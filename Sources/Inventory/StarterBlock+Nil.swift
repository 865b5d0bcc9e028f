import DeclParser
import Generator

extension StarterBlock {
    /// A stream on a method that returns the object itself for chaining (SwiftTask's
    /// `progress(_:) -> Self` on a `Task` with `cancel()`, pCloud's `addProgressBlock(_:) ->
    /// CallTask` on a `CallTask`): that object's stop would cancel the task, not end this
    /// listening; and nothing ends the stream when the task is done.
    func stopsNotTheObjectItself(_ function: FunctionDecl, in annotations: inout [(annotation: String, why: String)]) {
        let object = Self.bareTypeName(type)
        let returnsItself =
            function.returnType?.description == "Self"
            || (function.returnType.map { TokenMethods.bareName($0.description) } == object
                && !function.modifiers.contains(where: { $0.name == "static" || $0.name == "class" }))
        // Not one that streams the object's own response (TwitterAPIKit's `StreamTask.streamResponse(
        // queue:_:) -> Self`): nobody reads it once the stream ends, and the task's stop is the
        // stream's (the outside try of decision 139: its timer ran on with `@cancel(none)`).
        guard returnsItself, !ClosureRoleNames.namesStreaming(function.name.name), annotations.contains(where: { $0.annotation.hasPrefix("@stream") }),
            let index = annotations.firstIndex(where: { $0.annotation.hasPrefix("@cancel(token") })
        else { return }
        annotations[index] = (
            "@cancel(none)",
            "'\(function.name.name)' returns the \(object) itself, for chaining: its stop would stop the \(object), not this listening"
        )
        annotations.append(
            ("", "nothing ends this stream when the \(object) is done: as written, a loop over it waits after the last event until it is cancelled; end it when the \(object)'s outcome comes, or mark it '@context'"))
    }

    /// A one-shot's one optional value (decision 84): nil is the failure where the documentation
    /// says so (Perfect-Net's `connect(…, callBack: (NetTCP?) -> ())`, "otherwise, a nil object
    /// will be passed"): `@failure(nil)`. Where nothing says what nil means (Perfect-Net's
    /// `accept(timeoutSeconds:callBack:)`), a nil is returned as it is, said.
    /// An optional list of errors (SwiftyHue's `(_ errors: [Error]?) -> Void`, none when the call
    /// succeeded) is the failure, not a value, whatever a sentence of its documentation seemed to
    /// say of how often it comes ("nil when every item synced"): `@asyncError(message: N)`
    /// throws them, described, as `BridgegenError.failureStatus`. Before, an adapter returned
    /// the errors as its value, under a note that advised the opposite of what nil means.
    func errorListRoles(of callback: Parameter, into annotations: inout [(annotation: String, why: String)]) {
        guard !annotations.contains(where: { $0.annotation.hasPrefix("@failure") || $0.annotation.hasPrefix("@asyncError") }),
            let closure = closureType(of: callback), let found = errorList(in: closure)
        else { return }
        let name = callback.label?.name ?? callback.name.name
        annotations.removeAll { $0.annotation.hasPrefix("@stream") }
        annotations.insert(("@asyncError(message: \(found.position))", "'\(name)' gets a list of errors ('\(found.list)'): none is success, any is the call's failure"), at: 0)
        annotations.append(
            ("", "the errors are thrown as one BridgegenError.failureStatus that describes them; to throw them as they are, bridge a method of yours that throws them"))
    }

    /// An optional error of the SDK's own that is no `Error` (TelegramBotSDK's plain `enum
    /// DataTaskError` in `(_ result: T?, _ error: DataTaskError?) -> ()`): the one-shot's failure
    /// all the same, thrown described as `BridgegenError.failureStatus` by `@asyncError(message:
    /// N)`, with the conformance that would throw it as it is said beside. Before, the method was
    /// refused, and a library whose every request reports so had no adapter at all.
    func nonErrorFailureRoles(of callback: Parameter, tokens: TokenMethods, into annotations: inout [(annotation: String, why: String)]) {
        guard !annotations.contains(where: { $0.annotation.hasPrefix("@failure") || $0.annotation.hasPrefix("@asyncError") || $0.annotation.hasPrefix("@stream") }),
            let closure = closureType(of: callback)
        else { return }
        let names = closure.parameters.map { TokenMethods.bareName($0.type.strippingAttributes.unwrappingOptional.description.replacingOccurrences(of: "any ", with: "")) }
        let errors = names.indices.filter { names[$0].hasSuffix("Error") || errorTypes.contains(names[$0]) }
        guard errors.count == 1, case let index = errors[0], case .optional = closure.parameters[index].type.strippingAttributes.kind,
            case let name = names[index], isNamedLikeAnErrorButNone(name, tokens: tokens),
            // Not beside more of them (SwiftyDropbox's `([URL: Entry]?, BatchUploadError?, [URL:
            // BatchUploadError])`: results and errors may come together, no plain failure).
            !closure.parameters.indices.contains(where: { $0 != index && closure.parameters[$0].type.description.contains(name) })
        else { return }
        let closureName = callback.label?.name ?? callback.name.name
        annotations.insert(
            ("@asyncError(message: \(index + 1))", "'\(closureName)' gets a '\(name)?' that is not an 'Error' in these sources: nil is success, one is the call's failure"), at: 0)
        // Right under the annotation it speaks of, not after the notes on other questions.
        annotations.insert(
            ("", "'\(name)' is thrown described, as a BridgegenError.failureStatus; to throw it as it is, declare 'extension \(name): @retroactive @unchecked Sendable, @retroactive Error {}' in your code if it is safe to share between threads, and remove '@asyncError(message: \(index + 1))'"), at: 1)
    }

    /// A value that carries the call's failure in a stored property: Uber's `Response`, with
    /// `error: UberError?`, handed beside the model (`(_ products: [Product], _ response:
    /// Response)`), or DRACOON's `Dracoon.Response`, `error: DracoonError?`, alone (one that
    /// carries more, alone, is the value, decision 145, unless the method is a command,
    /// decision 165). Its error, when set, is thrown
    /// (`@asyncError(thrown: N.error)`, described by `message:` when it is no `Error`), and the
    /// value is what else the callback gets. Before, the adapter returned the carrier with the
    /// value and never threw, with nothing said when it came beside one.
    func carriedFailureRoles(of function: FunctionDecl, callback: Parameter, into annotations: inout [(annotation: String, why: String)]) {
        guard !annotations.contains(where: { ["@failure", "@asyncError", "@stream", "@success", "@event"].contains(where: $0.annotation.hasPrefix) }),
            let closure = closureType(of: callback)
        else { return }
        let names = closure.parameters.map { TokenMethods.bareName($0.type.strippingAttributes.unwrappingOptional.description.replacingOccurrences(of: "any ", with: "")) }
        let carried = names.indices.filter { failureCarriers[names[$0]]?.isStored == true && enums[names[$0]] == nil }
        guard carried.count == 1, case let index = carried[0], let carrier = failureCarriers[names[index]],
            // Not beside an error of its own, which is the failure (as written).
            !names.indices.contains(where: { $0 != index && (names[$0].hasSuffix("Error") || errorTypes.contains(names[$0])) }),
            // Alone, only when it carries nothing else (DRACOON's): a response with more (Just's
            // `HTTPResult`, SwiftHTTP's `Response`, Uber's own `Request.execute(_:)`: the body,
            // the status) is what the call is for, returned whole, as said where it is read. Not
            // for a command (Uber's `cancelRide(requestID:completion:)`, Kommunicate's
            // `updateTeam`): what it is for is done when nothing is thrown.
            closure.parameters.count > 1 || carrier.others.isEmpty || ClosureRoleNames.namesChange(function.name.name)
        else { return }
        let closureName = callback.label?.name ?? callback.name.name
        let error = TokenMethods.bareName(carrier.type.replacingOccurrences(of: "?", with: "").replacingOccurrences(of: "any ", with: ""))
        let carries = "'\(closureName)' gets a '\(names[index])', whose '\(carrier.member)' carries the call's failure"
        if errorTypes.contains(error) {
            annotations.insert(("@asyncError(thrown: \(index + 1).\(carrier.member))", carries + ": set, it is thrown; the \(names[index]) is left out of the value"), at: 0)
        } else {
            annotations.insert(
                ("@asyncError(message: \(index + 1).\(carrier.member))", carries + ": set, it is thrown described (a '\(error)' is not an 'Error' in these sources); the \(names[index]) is left out of the value"),
                at: 0)
        }
        // What else it carries, left out beside the value (Uber's `data`, `statusCode`): said, for
        // a call may be for them too (Filestack's `(FileLink?, JSONResponse)`).
        if !carrier.others.isEmpty {
            annotations.insert(
                ("", "as written, the \(names[index])'s \(carrier.others.map { "'\($0)'" }.joined(separator: ", ")) \(carrier.others.count == 1 ? "is" : "are") left out of the value; if the call is for them too, remove the '@asyncError' (the \(names[index]) is then returned with the value, its '\(carrier.member)' not thrown)"), at: 1)
        }
        // Its optional values, as beside an optional error (SE-0297): nil without the failure
        // throws. Said, for a library may hand over nil when the body did not decode; where the
        // body shows it does, kept optional.
        let optionals = closure.parameters.indices.filter { position in
            guard position != index, case .optional = closure.parameters[position].type.strippingAttributes.kind else { return false }
            return true
        }
        if !optionals.isEmpty {
            let named = optionals.map { closure.parameters[$0].secondName ?? closure.parameters[$0].label ?? "value \($0 + 1)" }
            // Handed over from a variable that stays nil where the body did not decode (Uber's
            // `var product: Product?`, set by `try?`): absent values of a success.
            let absent = absentValues[function.name.name] ?? []
            if optionals.allSatisfy({ absent.contains($0 + 1) }) {
                let quoted = named.map { "'\($0)'" }.joined(separator: " and ")
                annotations.insert(
                    ("@nullableResult(\(optionals.map { String($0 + 1) }.joined(separator: ", ")))",
                     "'\(function.name.name)' hands \(quoted) over from a variable that stays nil where its body does not decode (a 'try?'): nil without a failure is an absent value"), at: 1)
                annotations.insert(
                    ("", "as written, nil without a failure is returned as nil; if it means the call failed, remove '@nullableResult(…)': nil then throws BridgegenError.noResult"), at: 2)
                return
            }
            annotations.insert(
                ("", "as written, \(named.map { "'\($0)'" }.joined(separator: " or ")) nil without a failure throws BridgegenError.noResult; if nil is a value (an absent one), add '@nullableResult'"), at: 1)
        }
    }

    func nilRoles(of function: FunctionDecl, callback: Parameter, into annotations: inout [(annotation: String, why: String)]) {
        guard !annotations.contains(where: { $0.annotation.hasPrefix("@failure") || $0.annotation.hasPrefix("@asyncError") }),
            let closure = closureType(of: callback), closure.parameters.count == 1,
            case .optional(let wrapped) = closure.parameters[0].type.strippingAttributes.kind,
            !wrapped.strippingAttributes.description.hasSuffix("Error"), !wrapped.strippingAttributes.description.hasSuffix("Error)"),
            // Nor a generic error (`<ErrorType: Error>`), which generate throws as an `Error?`.
            !Analyzer.errorGenerics(of: function).contains(wrapped.strippingAttributes.description)
        else { return }
        // A stream's (Perfect-Net's `forEachAccept(callBack: (NetTCP?) -> ())`): each nil is an event.
        if annotations.contains(where: { $0.annotation.hasPrefix("@stream") }) {
            let name = callback.label?.name ?? callback.name.name
            annotations.append(
                ("", "as written, each nil that '\(name)' gets is yielded (no \(wrapped)); if nil means a failure, bridge a method of yours that skips or throws it"))
            return
        }
        let name = callback.label?.name ?? callback.name.name
        let isText = wrapped.strippingAttributes.description == "String"
        // The text's own name says it is the failure's (Statsig's `typealias completionBlock =
        // ((_ error: String?) -> Void)?`, called with `error?.message`).
        let textName = (closure.parameters[0].secondName ?? closure.parameters[0].label ?? "").lowercased()
        let namedForAFailure = Self.namesFailureText(textName)
        if isText, callsBackWithMessages.contains(Self.bareTypeName(type) + "." + function.name.name) {
            // Perfect-LDAP's `completion(nil)` when it succeeded, `completion("LOGIN FAILED: …")`.
            annotations.append(
                ("@asyncError(message: 1)", "'\(function.name.name)' calls '\(name)' with nil and with a text: nil is success, the text says why it failed"))
        } else if isText, namedForAFailure {
            annotations.append(
                ("@asyncError(message: 1)", "'\(name)' gets a text named '\(textName)': nil is success, the text says why it failed"))
        } else if let said = DocumentedFrequency.saysNilIsFailure(function.documentation) {
            annotations.append(("@failure(nil)", "its documentation says '\(said)'"))
            // A reading of prose: the reviewer is the one who can tell (Apphud's `updateUserID`,
            // whose user "may be nil if user registering fails", is the last one known then).
            annotations.append(
                ("", "assumed from that sentence: if '\(name)' can also get nil when the call succeeded, remove '@failure(nil)' and the adapter returns a \(wrapped)?"))
        } else {
            annotations.append(
                ("", "as written, a nil that '\(name)' gets is returned (no \(wrapped)); if nil means the call failed, write '@failure(nil)'"
                    + (isText ? "; if nil means success and the text says why it failed, '@asyncError(message: 1)'" : "")))
        }
    }

    /// A one-shot's `(Value?, String?)` that the method calls back with `(nil, "a text")`
    /// (Perfect-HTTPServer's `sendRequest(_:callback:)`, `callback(nil, "Header encoding
    /// exception …")`): the text is why it failed, `@asyncError(message: 2)`; the value, the outcome.
    func messageRoles(of function: FunctionDecl, callback: Parameter, into annotations: inout [(annotation: String, why: String)]) {
        guard !annotations.contains(where: { $0.annotation.hasPrefix("@stream") || $0.annotation.hasPrefix("@asyncError") || $0.annotation.hasPrefix("@failure") }),
            callsBackWithNoValueAndMessage.contains(Self.bareTypeName(type) + "." + function.name.name),
            let closure = closureType(of: callback), closure.parameters.count == 2,
            case .optional = closure.parameters[0].type.strippingAttributes.kind,
            case .optional(let text) = closure.parameters[1].type.strippingAttributes.kind,
            text.strippingAttributes.description == "String"
        else { return }
        let name = callback.label?.name ?? callback.name.name
        annotations.append(
            ("@asyncError(message: 2)", "'\(function.name.name)' calls '\(name)' with no value and a text: the text says why it failed"))
    }

    /// A text's name that says it is the failure's (`error`, `errorMessage`, `failure`, …).
    static func namesFailureText(_ name: String) -> Bool {
        ["error", "err", "errormessage", "errorstring", "errordescription", "failure", "failuremessage"].contains(name.lowercased())
    }

    /// A `String` named for the error, beside values (BMSPush's `completionHandler: (_ response:
    /// String?, _ statusCode: Int?, _ error: String)`, empty when the call succeeded): the
    /// failure's text, `@asyncError(message: N)`, not a value.
    func textErrorRoles(of function: FunctionDecl, callback: Parameter, into annotations: inout [(annotation: String, why: String)]) {
        guard !annotations.contains(where: { $0.annotation.hasPrefix("@stream") || $0.annotation.hasPrefix("@asyncError") || $0.annotation.hasPrefix("@failure") }),
            let closure = closureType(of: callback), closure.parameters.count >= 2,
            !closure.parameters.contains(where: { TokenMethods.bareName($0.type.strippingAttributes.unwrappingOptional.strippingAttributes.description).hasSuffix("Error") }),
            let index = closure.parameters.lastIndex(where: { parameter in
                ["String", "Swift.String"].contains(parameter.type.strippingAttributes.description)
                    && Self.namesFailureText(parameter.secondName ?? parameter.label ?? "")
            })
        else { return }
        let name = callback.label?.name ?? callback.name.name
        let text = closure.parameters[index].secondName ?? closure.parameters[index].label ?? ""
        annotations.append(
            ("@asyncError(message: \(index + 1))", "'\(name)' gets a String named '\(text)': the failure's text, empty when the call succeeded"))
        annotations.append(
            ("", "as written, a '\(text)' that is not empty throws BridgegenError.failureStatus; if it is not empty on some success too, remove '@asyncError(message: \(index + 1))' and it is returned with the value"))
        let optionals = closure.parameters.indices.filter { $0 != index && Analyzer.isOptional(closure.parameters[$0].type.strippingAttributes) }
        // The text says the failure, so a nil beside it says none: the values stay optional.
        if !optionals.isEmpty, !annotations.contains(where: { $0.annotation == "@nullableResult" }) {
            annotations.append(("@nullableResult", "the failure is the text's to say: a nil beside an empty '\(text)' is a value (an absent one)"))
        }
    }

    /// A one-shot's `(Bool, Error?)` (Appcues's `show(experienceID:completion:)`, true exactly
    /// when the error is nil), or `(Bool, …, Error?)` (HealthKitReporter's `deleteObjects`:
    /// `(success, count, error)`): a flag named for success (`success`, `succeeded`, `didSucceed`,
    /// `isSuccess`, `ok`) says whether the call succeeded, `@asyncError(zeroArgument: 1)`; an
    /// unnamed one is returned as written (SE-0297's import), which is said.
    func flagRoles(of function: FunctionDecl, callback: Parameter, into annotations: inout [(annotation: String, why: String)]) {
        errorFirstFlagRoles(of: function, callback: callback, into: &annotations)
        guard !annotations.contains(where: { $0.annotation.hasPrefix("@stream") || $0.annotation.hasPrefix("@asyncError") }),
            let closure = closureType(of: callback), closure.parameters.count >= 2,
            ["Bool", "Swift.Bool"].contains(closure.parameters[0].type.strippingAttributes.description),
            let last = closure.parameters.last, case .optional(let wrapped) = last.type.strippingAttributes.kind
        else { return }
        let name = callback.label?.name ?? callback.name.name
        let flag = (closure.parameters[0].secondName ?? closure.parameters[0].label ?? "")
        // The SDK's own error too (WistiaKit's `(_ success: Bool, _ error: WistiaAPIError?)`).
        let errorName = TokenMethods.bareName(wrapped.strippingAttributes.description)
        guard ["Error", "NSError", "any Error", "Swift.Error"].contains(wrapped.strippingAttributes.description)
            || errorName.hasSuffix("Error") || errorTypes.contains(errorName)
        else {
            // A flag and an optional value, no error (NextLevel's `(_ completed: Bool, _ gifPath:
            // URL?)`): returned together, as written; said.
            if closure.parameters.count == 2 {
                annotations.append(
                    ("", "as written, the Bool that '\(name)' gets is returned beside the \(wrapped); if false means the call failed, write '@asyncError(zeroArgument: 1)' (and '@nullableResult' if a success may hand over nil)"))
            }
            return
        }
        // A method that asks (FilesProvider's `isReachable(completionHandler: (_ success: Bool,
        // _ error: Error?))`): the flag is its answer, whatever it is named.
        let asks = ["is", "has", "can", "should", "exists", "contains"].contains { question in
            function.name.name.hasPrefix(question) && (function.name.name.count == question.count
                || function.name.name.dropFirst(question.count).first?.isUppercase == true)
        }
        if asks, closure.parameters.count == 2 {
            annotations.append(
                ("", "as written, the Bool that '\(name)' gets is the answer to '\(function.name.name)', returned; if false means the call failed, write '@asyncError(zeroArgument: 1)'"))
        } else if ["success", "succeeded", "didsucceed", "issuccess", "ok", "issuccessful", "successful"].contains(flag.lowercased()) {
            annotations.append(("@asyncError(zeroArgument: 1)", "'\(name)' gets a flag named '\(flag)' beside the error: false is the failure"))
            // An optional value between them (Facebook's `(success, result: [String: Any]?,
            // error)`): whether a success can come without one is the SDK's to say.
            if closure.parameters.count == 3, case .optional(let value) = closure.parameters[1].type.strippingAttributes.kind,
                !annotations.contains(where: { $0.annotation == "@nullableResult" })
            {
                let valueName = closure.parameters[1].secondName ?? closure.parameters[1].label ?? "its value"
                annotations.append(
                    ("", "as written, a success without '\(valueName)' throws BridgegenError.noResult; if the SDK may succeed with nil, write '@nullableResult' (the adapter then returns \(value)?)"))
            }
        } else if closure.parameters.count > 2 {
            // (A flag not named for success beside other values is one of them.)
            return
        } else if callsBackWithFlags.contains(Self.bareTypeName(type) + "." + function.name.name) {
            annotations.append(
                ("@asyncError(zeroArgument: 1)", "'\(function.name.name)' calls '\(name)' with (true, nil) and with (false, an error): false is the failure"))
        } else {
            annotations.append(
                ("", "as written, the Bool that '\(name)' gets is returned; if it says whether the call succeeded (false with the error), write '@asyncError(zeroArgument: 1)'"))
        }
    }

    /// The same flag after the error, `(Error?, Bool)` (ApplozicSwift's `block(conversation:
    /// withCompletion:)`): the failure when the method calls back with `(nil, true)` and with
    /// `(error, false)`, `@asyncError(zeroArgument: 2)`; otherwise returned as written, said.
    func errorFirstFlagRoles(of function: FunctionDecl, callback: Parameter, into annotations: inout [(annotation: String, why: String)]) {
        guard !annotations.contains(where: { $0.annotation.hasPrefix("@stream") || $0.annotation.hasPrefix("@asyncError") }),
            let closure = closureType(of: callback), closure.parameters.count == 2,
            case .optional(let wrapped) = closure.parameters[0].type.strippingAttributes.kind,
            ["Error", "NSError", "any Error", "Swift.Error"].contains(wrapped.strippingAttributes.description),
            ["Bool", "Swift.Bool"].contains(closure.parameters[1].type.strippingAttributes.description)
        else { return }
        let name = callback.label?.name ?? callback.name.name
        if callsBackWithFlags.contains(Self.bareTypeName(type) + "." + function.name.name + " 2") {
            annotations.append(
                ("@asyncError(zeroArgument: 2)", "'\(function.name.name)' calls '\(name)' with (nil, true) and with (an error, false): false is the failure"))
        } else {
            annotations.append(
                ("", "as written, the Bool that '\(name)' gets is returned; if it says whether the call succeeded (false with the error), write '@asyncError(zeroArgument: 2)'"))
        }
    }

    /// A success closure's one optional value beside a failure closure (StravaSwift's
    /// `request(_:result: (T?) -> Void, failure: (NSError) -> Void)`, which hands nil when the
    /// library swallowed a failure): the adapter returns the optional as it comes, said, with
    /// the annotation for a nil that means the call failed.
    func successNilNote(callbacks: [Parameter], into annotations: inout [(annotation: String, why: String)]) {
        guard !annotations.contains(where: { $0.annotation.hasPrefix("@stream") || $0.annotation.hasPrefix("@failure") }) else { return }
        // The failure by its name; the value's closure is the other one (`result:`, `success:`).
        let failures = callbacks.filter { ClosureRoleNames.plays(.failure, name: $0.name.name, label: $0.label?.name) }
        let successes = callbacks.filter { callback in !failures.contains { $0.name.name == callback.name.name } }
        guard successes.count == 1, failures.count == 1, let success = successes.first, let closure = closureType(of: success),
            closure.parameters.count == 1, case .optional(let wrapped) = closure.parameters[0].type.strippingAttributes.kind
        else { return }
        let name = success.label?.name ?? success.name.name
        annotations.append(
            ("", "as written, a nil that '\(name)' gets is returned (no \(wrapped.strippingAttributes.description)); if nil comes only when the call failed, write '@failure(nil)'"))
    }

    /// A completion whose one argument is an error enum of the module with a case that says it
    /// went well (SwiftMQTT's `(_ error: MQTTSessionError) -> Void`, `.none` on success): that
    /// case is success, any other is thrown. Before, the adapter returned the error as its value.
    func successCaseRoles(of callback: Parameter, into annotations: inout [(annotation: String, why: String)]) {
        guard !annotations.contains(where: { $0.annotation.hasPrefix("@asyncError") || $0.annotation.hasPrefix("@stream") }),
            let closure = closureType(of: callback), closure.parameters.count == 1,
            case let type = closure.parameters[0].type.strippingAttributes, type.unwrappingOptional.description == type.description,
            let bare = type.description.split(separator: ".").last, let success = successCasesOfErrors[String(bare)]
        else { return }
        annotations.append(
            ("@asyncError(thrown: 1, unless: .\(success))", "'\(bare)' is an error whose case '\(success)' says the call went well: any other case is thrown"))
    }
}
