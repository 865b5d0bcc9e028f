import DeclParser
import Generator

/// Errors a callback hands over in other forms than an `Error`: a name that says error on a
/// type that is none, a list of errors.
extension StarterBlock {
    /// A type of the module named like an error that is not one (SwiftyDropbox's `enum
    /// BatchUploadError`, handed as `BatchUploadError?` beside the results; WKZombie's
    /// `ActionError`, the case `.error(ActionError)` of its own `Result<T>`): generate reads an
    /// optional `…Error`, or an enum's failure case, as the failure, and `resume(throwing:)`
    /// would not compile.
    func errorNamedNonError(in function: FunctionDecl, tokens: TokenMethods) -> String? {
        let aliases = closureAliases
        for parameter in function.parameters where Self.isCallback(parameter, aliases: aliases, method: function.name.name, owner: type, declared: declaredTypes, documentation: function.documentation) {
            if let (handed, _) = SDKEnum.handedOver(by: parameter, in: type, enums: enums, aliases: aliases, enumAliases: enumAliases),
                let failure = handed.failureTypes.map(TokenMethods.bareName).first(where: { isNamedLikeAnErrorButNone($0, tokens: tokens) })
            {
                return failure
            }
            guard let closure = closureType(of: parameter) else { continue }
            for argument in closure.parameters {
                let name = TokenMethods.bareName(argument.type.strippingAttributes.unwrappingOptional.description)
                if isNamedLikeAnErrorButNone(name, tokens: tokens) { return name }
            }
        }
        return nil
    }

    /// The one optional error of the SDK's own whose name does not say so, among the values of a
    /// method's one callback (Hyperwallet's `(HyperwalletUser?, HyperwalletErrorType?) -> Void`,
    /// `enum HyperwalletErrorType: Error`): generate knows an error by its name (`…Error`), so
    /// scan says which parameter is the failure, `@asyncError(thrown: N)`.
    func errorNamedOtherwise(in function: FunctionDecl) -> (position: Int, type: String)? {
        let aliases = closureAliases
        let callbacks = function.parameters.filter {
            Self.isCallback($0, aliases: aliases, method: function.name.name, owner: type, declared: declaredTypes, documentation: function.documentation)
        }
        guard callbacks.count == 1, let closure = closureType(of: callbacks[0]) else { return nil }
        var found: (position: Int, type: String)?
        for (index, argument) in closure.parameters.enumerated() {
            guard case .optional(let wrapped) = argument.type.strippingAttributes.kind else { continue }
            let name = TokenMethods.bareName(wrapped.strippingAttributes.description.replacingOccurrences(of: "any ", with: ""))
            // One generate reads as the failure already, and then this one would be a value.
            if name.hasSuffix("Error") || name == "NSError" { return nil }
            guard errorTypes.contains(name) else { continue }
            if found != nil { return nil }
            found = (index + 1, name)
        }
        return found
    }

    /// A one-shot whose outcome succeeds with a `Bool` (EosioSwift's `prepare(completion:
    /// (EosioResult<Bool, EosioError>) -> Void)`, `.success(true)` on every path): where the
    /// bodies say it is always true, a status (`@asyncError(zeroArgument: 1)`); else the note
    /// that the adapter returns it, which says nothing when it is always true.
    func successFlagNotes(of function: FunctionDecl) -> [(annotation: String, why: String)] {
        let aliases = closureAliases
        let callbacks = function.parameters.filter {
            Self.isCallback($0, aliases: aliases, method: function.name.name, owner: type, declared: declaredTypes, documentation: function.documentation)
        }
        guard callbacks.count == 1, let closure = closureType(of: callbacks[0]), closure.parameters.count == 1,
            case .named(let components) = closure.parameters[0].type.strippingAttributes.kind, let last = components.last,
            last.genericArguments.count == 2, ["Bool", "Swift.Bool"].contains(last.genericArguments[0].strippingAttributes.description),
            last.name.name == "Result" || resultAliases.contains(last.name.name) || enums[last.name.name] != nil
        else { return [] }
        // Some expect the `Bool` kept, always true as it is (BiometricAuthentication's
        // `authenticateWithBioMetrics`, the Result as declared): the other reading is said.
        if succeedOnlyWithTrue.contains(function.fullName) {
            return [
                ("@asyncError(zeroArgument: 1)", "'\(function.name.name)' succeeds only with true, itself or through the methods it hands its completion to: a status, not a value; the adapter returns nothing, and a false one would throw"),
                ("", "as written, the adapter returns nothing; if callers read the Bool, remove '@asyncError(zeroArgument: 1)', and it is returned"),
            ]
        }
        return [("", "'\(function.name.name)' succeeds with a Bool, which the adapter returns: if the SDK only ever hands 'true', the value says nothing; write '@asyncError(zeroArgument: 1)', and the adapter returns nothing")]
    }

    /// The note on a callback that gets one status of the module's with a case of an error
    /// (ESPProvision's `initialiseSession(sessionPath:completionHandler: (ESPSessionStatus) ->
    /// Void)`, `.failedToConnect(ESPSessionError)`): as written the status is the value, and its
    /// failure is not thrown.
    func statusEnumNote(of function: FunctionDecl) -> (annotation: String, why: String)? {
        let aliases = closureAliases
        let callbacks = function.parameters.filter {
            Self.isCallback($0, aliases: aliases, method: function.name.name, owner: type, declared: declaredTypes, documentation: function.documentation)
        }
        guard callbacks.count == 1, let closure = closureType(of: callbacks[0]), closure.parameters.count == 1,
            case let status = TokenMethods.bareName(closure.parameters[0].type.strippingAttributes.unwrappingOptional.description),
            enums[status] == nil, let failure = statusEnums[status]
        else { return nil }
        return ("", "as written, the \(status) is the value, '.\(failure)' too, not thrown; if it ends the call with a failure, bridge a method of yours that calls it and throws the error")
    }

    /// A type of the module's named `…Error` that is no `Error` (TelegramBotSDK's `enum DataTaskError`).
    func isNamedLikeAnErrorButNone(_ name: String, tokens: TokenMethods) -> Bool {
        name.hasSuffix("Error") && name != "Error" && !errorTypes.contains(name) && tokens.declares(name)
    }

    /// The position (from 1) and type of an optional list of errors among a closure's
    /// parameters (SwiftyHue's `BridgeSendErrorArrayCompletionHandler = (_ errors: [Error]?) ->
    /// Void`, nil or empty when the call succeeded). Not a list that is not optional (Crowdin's
    /// stream of error lists).
    func errorList(in closure: FunctionTypeSyntax) -> (position: Int, list: String)? {
        for (index, argument) in closure.parameters.enumerated() {
            guard case .optional(let wrapped) = argument.type.strippingAttributes.kind,
                case .array(let element) = wrapped.strippingAttributes.kind
            else { continue }
            let name = TokenMethods.bareName(element.strippingAttributes.description.replacingOccurrences(of: "any ", with: ""))
            if name.hasSuffix("Error") || errorTypes.contains(name) { return (index + 1, argument.type.strippingAttributes.description) }
        }
        return nil
    }
}
