import DeclParser
import Generator

extension Scan {
    /// The module's public methods that run a value handed to them (HealthKitReporter's
    /// `HealthKitManager.executeQuery(_ query: Query)`, as HealthKit's own `HKHealthStore.
    /// execute(_:)`): by the type they take, the method, `Type.name(_:)`. A method of the
    /// module that returns such a value beside its callback returns it unstarted.
    static func executors(of types: [SourceType]) -> [String: String] {
        var executors: [String: String] = [:]
        for type in types where type.isPublic || type.kind == .extension {
            for member in type.members where member.isPublic && member.kind == .function {
                guard case .function(let function)? = member.declaration, function.genericParameters.isEmpty,
                    ["execute", "run", "start", "perform", "submit", "enqueue"].contains(ClosureRoleNames.camelWords(function.name.name).first ?? ""),
                    function.parameters.count == 1, let parameter = function.parameters.first, parameter.label == nil,
                    case let taken = parameter.type.strippingAttributes.unwrappingOptional.description,
                    taken.first?.isUppercase == true, taken.allSatisfy({ $0.isLetter || $0.isNumber })
                else { continue }
                executors[taken] = executors[taken] ?? "\(type.name).\(function.name.name)(_:)"
            }
        }
        return executors
    }
}

extension StarterBlock {
    /// The method that runs what `function` returns (`SampleQuery` by `executeQuery(_ query:
    /// Query)`, a type named for the one it takes, as HealthKit's query classes are), when the
    /// returned value has no start of its own: an adapter would drop it, unstarted, and wait
    /// until it is cancelled.
    func executorOfReturned(_ function: FunctionDecl, tokens: TokenMethods) -> (returned: String, executor: String)? {
        guard let returned = function.returnType?.strippingAttributes.unwrappingOptional.description, !returned.isEmpty,
            !tokens.isResumable(returned), !tokens.isStartedByResume(returned), tokens.sendMethod(of: returned) == nil
        else { return nil }
        let taken = executors.keys.sorted().first { returned == $0 || (returned.hasSuffix($0) && $0.count >= 4 && returned.dropLast($0.count).last?.isLowercase == true) }
        return taken.flatMap { executors[$0] }.map { (returned, $0) }
    }
}
