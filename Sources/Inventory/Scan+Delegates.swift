import DeclParser

extension Scan {
    /// The methods that take a delegate protocol's object as an argument (`execute(request:
    /// delegate:)`, `delegate: D` with `D: HTTPClientResponseDelegate`): bridged with
    /// `@start(…, delegate: $delegate)`, a delegate per call. By protocol name: `Owner.method(…)`.
    static func methodsTakingDelegates(
        _ delegates: [SourceType], in types: [SourceType], includesInternal: Bool
    ) -> [String: [String]] {
        let names = Set(delegates.map(\.name))
        var found: [String: [String]] = [:]
        for type in types {
            for member in type.members where member.kind == .function && (member.isPublic || includesInternal) {
                guard case .function(let function)? = member.declaration else { continue }
                // `delegate: D` with `D: P` (or `where D: P`), or `delegate: P` / `any P`.
                var constraints: [String: String] = [:]
                for parameter in function.genericParameters {
                    if let constraint = parameter.constraint { constraints[parameter.name.name] = constraint.description }
                }
                for requirement in function.requirements where requirement.relation == .conformance {
                    constraints[requirement.left.description] = requirement.right.description
                }
                for parameter in function.parameters {
                    var written = parameter.type.strippingAttributes.unwrappingOptional.description
                    if written.hasPrefix("any ") { written.removeFirst(4) }
                    let name = constraints[written] ?? written
                    guard names.contains(name) else { continue }
                    let owner = type.name
                    if found[name, default: []].contains(owner + "." + function.fullName) { continue }
                    found[name, default: []].append(owner + "." + function.fullName)
                }
            }
        }
        return found
    }
}
