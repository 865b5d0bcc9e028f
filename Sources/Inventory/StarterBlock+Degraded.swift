import DeclParser
import Generator

extension StarterBlock {
    /// `@until` for a callback the library hands a degraded value first, then the final one
    /// (ZLPhotoBrowser's `fetchImage(for:size:progress:completion: (UIImage?, Bool) -> Void)`,
    /// whose body calls `completion(image, isDegraded)` for each of Photos' deliveries). As a
    /// plain one-shot it returned the blurred preview and reported the final image as a
    /// misuse. A nil value ends it too: a failed request calls back once, degraded or not
    /// (`fetchVideo`'s `completion(nil, nil, true)`), and waiting for a final one would hang.
    func degradedFirstAnnotation(of function: FunctionDecl) -> (annotation: String, why: String)? {
        guard let position = callsBackWithDegradedFlags[Self.bareTypeName(type) + "." + function.name.name] else { return nil }
        let closures = function.parameters.compactMap { parameter in closureType(of: parameter).map { (parameter, $0) } }
        let named = closures.filter { Analyzer.looksLikeCompletion($0.0.name.name) || Analyzer.looksLikeCompletion($0.0.label?.name) }
        guard named.count == 1, case let closure = named[0].1, position < closure.parameters.count,
            closure.parameters[position].type.strippingAttributes.description == "Bool"
        else { return nil }
        let valueIsOptional = position != 0 && closure.parameters[0].type.strippingAttributes.description.hasSuffix("?")
        let names = closure.parameters.indices.map { index in
            index == position ? "isDegraded" : index == 0 && valueIsOptional ? "value" : "_"
        }
        let predicate = "!isDegraded" + (valueIsOptional ? " || value == nil" : "")
        return (
            "@until({ \(names.joined(separator: ", ")) in \(predicate) })",
            "the library calls '\(named[0].0.label?.name ?? named[0].0.name.name)' with 'isDegraded': a degraded value first, then the final one\(valueIsOptional ? " (or nil, once, when it fails)" : "")"
        )
    }
}
