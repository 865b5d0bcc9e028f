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
    /// Bridged where both are in reach: the holder runs what the method returns, and stops it
    /// the same way (HealthKitReporter's queries), in a block of its own (`through`).
    func bridge(_ entry: inout Entry, through reach: ExecutorReach, returned: String, executor: String) {
        let (holder, property) = (reach.through.split(separator: ".").dropLast().joined(separator: "."), reach.through.split(separator: ".").last ?? "")
        entry.annotations.removeAll { $0.annotation.hasPrefix("@cancel") || $0.annotation.hasPrefix("@start") || $0.why.contains("@cancel(") }
        entry.annotations.append(
            ("@start(self.\(reach.runner).\(reach.start)($token))",
             "the \(returned) it returns runs only once handed to '\(executor)': \(holder) keeps this \(Self.bareTypeName(type)) in '\(property)' and that one in '\(reach.runner)'"))
        if let stop = reach.stop {
            entry.annotations.append(("@cancel(self.\(reach.runner).\(stop)($token))", "'\(stop)(_:)' stops what '\(reach.start)(_:)' runs"))
        }
        entry.through = reach.through
    }

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

/// Where an adapter reaches both a factory and the object that runs what it makes: a class of
/// the module that keeps each in a property (HealthKitReporter's `HealthKitReporter`, with
/// `reader: HealthKitReader` and `manager: HealthKitManager`).
struct ExecutorReach: Equatable {
    /// `HealthKitReporter.reader`: the factory's holder and property, for `@bridge(through:)`.
    var through: String
    /// `manager`: the holder's property of the object that runs the value.
    var runner: String
    /// `executeQuery`, and the runner's method that stops such a value (`stopQuery`), if any.
    var start: String
    var stop: String?
}

extension Scan {
    /// Per factory type, per executor (`HealthKitManager.executeQuery(_:)`): where a class of
    /// the module keeps both, and how the executor's type stops what it runs (a method named
    /// `stop…`, `cancel…` or `remove…` that takes what the executor takes). Public classes and
    /// properties only: the adapter extends the holder, so the app reaches it.
    static func executorReaches(of types: [SourceType], executors: [String: String]) -> [String: [String: ExecutorReach]] {
        var reaches: [String: [String: ExecutorReach]] = [:]
        for (taken, executor) in executors {
            guard case let parts = executor.split(separator: ".").map(String.init), parts.count >= 2,
                let method = parts.last?.prefix(while: { $0 != "(" })
            else { continue }
            let runnerType = parts.dropLast().joined(separator: ".")
            let stop = types.filter { $0.name == runnerType }.flatMap(\.members).compactMap { member -> String? in
                guard member.isPublic, case .function(let function)? = member.declaration, function.parameters.count == 1,
                    function.parameters[0].label == nil,
                    function.parameters[0].type.strippingAttributes.unwrappingOptional.description == taken,
                    ["stop", "cancel", "remove"].contains(ClosureRoleNames.camelWords(function.name.name).first ?? "")
                else { return nil }
                return function.name.name
            }.sorted().first
            for holder in types where holder.kind == .class && holder.isPublic {
                let properties = holder.members.filter { $0.kind == .property && !$0.isStatic && $0.isPublic }.compactMap { member -> (String, String)? in
                    guard case .context(let property)? = member.declaration,
                        let written = property.type.map({ $0.strippingAttributes.description }) ?? member.madeType
                    else { return nil }
                    return (member.name, written)
                }
                guard let runner = properties.first(where: { $0.1 == runnerType })?.0 else { continue }
                for (name, type) in properties where type != runnerType && type.first?.isUppercase == true {
                    reaches[type, default: [:]][executor] = reaches[type]?[executor]
                        ?? ExecutorReach(through: holder.name + "." + name, runner: runner, start: String(method), stop: stop)
                }
            }
        }
        return reaches
    }
}
