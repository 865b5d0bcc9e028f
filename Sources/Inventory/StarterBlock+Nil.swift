import DeclParser
import Generator

extension StarterBlock {
    /// A stream on a method that returns the object itself for chaining (SwiftTask's
    /// `progress(_:) -> Self` on a `Task` with `cancel()`): that object's stop would cancel the
    /// task, not end this listening.
    func stopsNotTheObjectItself(_ function: FunctionDecl, in annotations: inout [(annotation: String, why: String)]) {
        guard function.returnType?.description == "Self", annotations.contains(where: { $0.annotation.hasPrefix("@stream") }),
            let index = annotations.firstIndex(where: { $0.annotation.hasPrefix("@cancel(token") })
        else { return }
        let object = Self.bareTypeName(type)
        annotations[index] = (
            "@cancel(none)",
            "'\(function.name.name)' returns the \(object) itself, for chaining: its stop would stop the \(object), not this listening"
        )
    }

    /// A one-shot's one optional value (decision 84): nil is the failure where the documentation
    /// says so (Perfect-Net's `connect(…, callBack: (NetTCP?) -> ())`, "otherwise, a nil object
    /// will be passed"): `@failure(nil)`. Where nothing says what nil means (Perfect-Net's
    /// `accept(timeoutSeconds:callBack:)`), a nil is returned as it is, said.
    func nilRoles(of function: FunctionDecl, callback: Parameter, into annotations: inout [(annotation: String, why: String)]) {
        guard !annotations.contains(where: { $0.annotation.hasPrefix("@stream") || $0.annotation.hasPrefix("@failure") }),
            let closure = closureType(of: callback), closure.parameters.count == 1,
            case .optional(let wrapped) = closure.parameters[0].type.strippingAttributes.kind,
            !wrapped.strippingAttributes.description.hasSuffix("Error"), !wrapped.strippingAttributes.description.hasSuffix("Error)")
        else { return }
        if let said = DocumentedFrequency.saysNilIsFailure(function.documentation) {
            annotations.append(("@failure(nil)", "its documentation says '\(said)'"))
        } else {
            let name = callback.label?.name ?? callback.name.name
            annotations.append(
                ("", "as written, a nil that '\(name)' gets is returned (no \(wrapped)); if nil means the call failed, write '@failure(nil)'"))
        }
    }
}
