import DeclParser

/// Arguments of the attributes that name something on the owner: a single name
/// (`@event(name)`), or a call kept as written (`@start(requestLocation())`, `@cancel(stop())`).
extension Analyzer {
    /// The single identifier argument of an attribute, or a diagnostic.
    mutating func singleIdentifier(_ attribute: Attribute, usage: String) -> String? {
        guard let arguments = Annotations.arguments(of: attribute, accepted: [""], required: true, usage: usage, into: &diagnostics),
            let argument = arguments[""]
        else { return nil }
        guard case .identifier(let name) = argument.value, Naming.isValidIdentifier(name) else {
            diagnostics.error(
                "expected a name in '@\(attribute.name.name)', found '\(argument.value.text)'", at: argument.location,
                notes: [.init("write \(usage)")])
            return nil
        }
        return name
    }

    /// `@start(method(args))` / `@cancel(method())`: a call on the owner, kept as written.
    mutating func ownerCall(_ attribute: Attribute, usage: String, allowsTry: Bool = false) -> String? {
        guard let arguments = attribute.arguments, arguments.count == 1, arguments[0].label == nil else {
            diagnostics.error(
                "'@\(attribute.name.name)' needs one method call on the owner", at: attribute.location,
                notes: [.init("write \(usage)")])
            return nil
        }
        // Attribute arguments are kept as normalized tokens: put back the spaces of Swift style.
        let text = arguments[0].value.text.replacingOccurrences(of: ":", with: ": ")
            .replacingOccurrences(of: ":  ", with: ": ").replacingOccurrences(of: ",", with: ", ")
            .replacingOccurrences(of: ",  ", with: ", ")
        let call = allowsTry && text.hasPrefix("try ") ? String(text.dropFirst("try ".count)) : text
        let name = call.prefix { $0 != "(" }
        guard call.hasSuffix(")"), name.count < call.count, Naming.isValidIdentifier(String(name)) else {
            diagnostics.error(
                "'\(text)' is not a method call", at: arguments[0].location, notes: [.init("write \(usage)")])
            return nil
        }
        return text
    }
}
