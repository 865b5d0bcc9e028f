import DeclParser
import Generator

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

extension Scan {
    /// A protocol named for a delegate (or an observer, a listener) whose every requirement is a
    /// call that takes a completion handed an outcome, and that a type of the module implements
    /// itself (Gigya's `BusinessApiDelegate`, to which `BusinessApiService` conforms and which the
    /// SDK hands to its providers and resolvers): a service the app calls, bridged as any
    /// protocol's methods, not a delegate the app writes. Before, its 15 calls were listed for a
    /// delegate block.
    static func markServices(_ types: inout [SourceType]) {
        let implemented = Set(types.filter { $0.kind != .protocol }.flatMap { $0.inherits.map { String($0.prefix { $0 != "<" }) } })
        for index in types.indices where types[index].kind == .protocol && implemented.contains(types[index].name) {
            let requirements = types[index].members.filter { $0.kind == .function }
            let allTakeCompletions = requirements.allSatisfy { member in
                guard case .function(let function)? = member.declaration else { return false }
                // A completion handed an outcome: not UIKit's `present(_:animated:completion: (() ->
                // Void)?)` that FirebaseAuth's `AuthUIDelegate` mirrors, which the app implements
                // (usually a view controller) and the SDK calls, though its own default conforms.
                return function.parameters.contains { parameter in
                    var type = parameter.type.strippingAttributes
                    if case .optional(let wrapped) = type.kind { type = wrapped.strippingAttributes }
                    guard case .function(let closure) = type.kind, !closure.parameters.isEmpty else { return false }
                    return Analyzer.looksLikeCompletion(parameter.label?.name) || Analyzer.looksLikeCompletion(parameter.name.name)
                }
            }
            if requirements.count >= 2, allTakeCompletions { types[index].isService = true }
        }
    }
}
