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
        for parameter in function.parameters where Self.isCallback(parameter, aliases: aliases, method: function.name.name, owner: type, declared: declaredTypes) {
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
