import DeclParser

/// A method with a variadic parameter (Kitura-redis's `del(_ keys: String..., callback:)`).
/// Swift cannot pass a variadic list on: there is no splat, and a parameter pack cannot be
/// constrained to a concrete element type. The list is an array in the adapter, and Swift
/// passes it to the method as one, so the method's function value, cast to the type with the
/// array in the variadic's place, is the same function called with the array (decision 109).
extension Analyzer {
    /// Whether the adapter can call the method through its array form; said at the parameter
    /// when not.
    mutating func canCallThroughArrayForm(_ function: FunctionDecl, at index: Int) -> Bool {
        let parameter = function.parameters[index]
        let reason: String?
        if function.isAsync {
            reason = "an async method's variadic list cannot be passed on"
        } else if function.parameters.contains(where: { $0.type.description.contains("some ") }) {
            reason = "a method with a 'some' parameter cannot be taken as a function value, which calling it with an array needs"
        } else {
            reason = nil
        }
        guard let reason else { return true }
        diagnostics.error(
            "variadic parameter '\(parameter.name.name)' cannot be forwarded: \(reason)", at: parameter.location,
            notes: [.init("declare the parameter as an array if the SDK has such an overload")])
        return false
    }

    /// The method as a function value of its own type and of the type with arrays in place of
    /// its variadic lists; nil when it has none.
    func arrayForm(of function: FunctionDecl) -> LegacyCall.ArrayForm? {
        guard function.parameters.contains(where: \.isVariadic) else { return nil }
        var effects = ""
        if let clause = function.throwsClause {
            // A function type cannot `rethrows`.
            effects = clause.errorType.map { " throws(\($0.description))" } ?? " throws"
        }
        let tail = ")" + effects + " -> " + (function.returnType?.description ?? "Void")
        let variadic = function.parameters.map { $0.type.description + ($0.isVariadic ? "..." : "") }
        let array = function.parameters.map { $0.isVariadic ? "[" + $0.type.description + "]" : $0.type.description }
        return LegacyCall.ArrayForm(
            reference: Naming.escaped(function.name.name) + "(" + function.parameters.map { ($0.label?.name ?? "_") + ":" }.joined() + ")",
            variadicType: "(" + variadic.joined(separator: ", ") + tail,
            arrayType: "(" + array.joined(separator: ", ") + tail)
    }
}
