import DeclParser

/// What scan learns of the module's errors and of the types an app can reach, from every type the
/// sources declare: which types are errors, which values carry a failure, which enums report one
/// beside a success, and which structs and protocols only the SDK itself uses.
extension Scan {
    /// The module's error types, by name: protocols that refine `Error` (TRON's
    /// `ErrorSerializable: Error`), types that conform to one of them or to `Error`, and per type
    /// its generic parameters constrained to one (`APIRequest<Model, ErrorModel:
    /// ErrorSerializable>`). A failure closure may hand over one of these under any name.
    static func errorTypes(_ types: [SourceType]) -> (all: Set<String>, parameters: [String: Set<String>]) {
        // `NSError`: a subclass of it is an error (ApphudSDK's `class ApphudError: NSError`).
        var errors: Set<String> = ["Error", "LocalizedError", "CustomNSError", "NSError"]
        var grew = true
        while grew {
            grew = false
            for type in types where !errors.contains(type.name) && type.inherits.contains(where: { errors.contains(bare($0)) }) {
                errors.insert(type.name)
                grew = true
            }
        }
        var parameters: [String: Set<String>] = [:]
        for type in types where type.genericParameters.count > 2 {
            for clause in type.genericParameters.dropFirst().dropLast().split(separator: ",") {
                let parts = clause.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2,
                    parts[1].split(separator: "&").contains(where: { errors.contains(bare(String($0).trimmingCharacters(in: .whitespaces))) })
                else { continue }
                parameters[type.name, default: []].insert(parts[0])
            }
        }
        // A nested type is also named bare where its outer type's code uses it (Shopify Buy's
        // `QueryError?` for `extension Graph { enum QueryError: Error }`).
        return (errors.union(errors.map(bare)), parameters)
    }

    /// `ErrorSerializable` for `Module.ErrorSerializable`.
    private static func bare(_ name: String) -> String {
        String(name.split(separator: ".").last ?? Substring(name))
    }

    /// Where nil without an error is a value, from what every file showed (decision 96): the
    /// public methods whose bodies call back so, the callbacks (by name, or by name and alias:
    /// `StarterBlock.closureKey`) that the library's helpers call so, and whether it is the whole
    /// library's. A value bound from a function counts where that function returns an optional.
    /// A closure called so outside the public methods is evidence for the methods whose callback
    /// has its name (SignalR's `invocationDidComplete`), and its alias where it has one
    /// (decision 186), else for all.
    static func nilWithoutErrorReading(
        _ evidence: NilAndNilEvidence, optionalReturns: Set<String>, types: [SourceType], closureAliases: Set<String>
    ) -> (everywhere: Bool, methods: Set<String>, callbacks: Set<String>) {
        var methods = evidence.methods
        var callees = evidence.callees
        for (function, place) in evidence.optionalValues where optionalReturns.contains(function) {
            switch place {
            case .method(let method): methods.insert(method)
            case .callee(let callee): callees.insert(callee)
            }
        }
        let callbacks = types.flatMap(\.members).compactMap { member -> FunctionDecl? in
            if case .function(let function)? = member.declaration, member.isPublic { function } else { nil }
        }.flatMap(\.parameters)
        // A helper's closure of a typealias (`completion: TokenCompletionCallback`) reaches the
        // public callbacks of that name and alias; one spelled out, every public callback of its
        // name spelled out (decision 96); one that reaches none, the whole library (a generic
        // HTTP helper's `completionHandler`, to which every method hands its own).
        let names = Set(callbacks.filter { $0.type.description.contains("->") }.map(\.name.name))
        let keys = Set(callbacks.map { StarterBlock.closureKey(name: $0.name.name, type: $0.type.description) }
            .filter { $0.contains(":") && closureAliases.contains(String($0.split(separator: " ").last ?? "")) })
        let reaching = callees.filter { keys.contains($0) || names.contains($0) }
        return (callees.count > reaching.count, methods, reaching)
    }

    /// Values that carry their own failure (Web3.swift's `Web3Response<Result>`, whose `error:
    /// Swift.Error?` is set when the call failed), by name, with that property's name.
    static func failureCarriers(_ types: [SourceType]) -> [String: StarterBlock.FailureCarrier] {
        var carriers: [String: StarterBlock.FailureCarrier] = [:]
        for type in types where type.kind == .struct || type.kind == .class || type.kind == .extension {
            for member in type.members where member.kind == .property && member.isPublic && ["error", "failure"].contains(member.name) {
                let spelled = member.text.components(separatedBy: ":").dropFirst().joined(separator: ":")
                guard spelled.contains("Error"), spelled.contains("?") else { continue }
                let carrier = StarterBlock.FailureCarrier(
                    member: member.name, type: spelled.trimmingCharacters(in: .whitespaces),
                    // A stored one (Uber's `Response.error`), not one computed from another
                    // (Web3Response's, read off its `status`, which generate reads as an outcome).
                    isStored: !member.hasAccessors && type.kind != .extension && !member.isStatic,
                    others: type.members.filter { $0.kind == .property && $0.isPublic && !$0.isStatic && !$0.hasAccessors && $0.name != member.name }.map(\.name))
                // A nested type is named bare where its outer type uses it (Kommunicate's
                // `KMConversationService.Response`, handed to `completion: (Response) -> Void`).
                carriers[type.name] = carrier
                carriers[bare(type.name)] = carrier
            }
        }
        return carriers
    }

    /// Public structs the app cannot get hold of (PubNub's `InstanceIdOperator: RequestOperator`,
    /// which the SDK makes for itself and uses through its protocol): a conformance to one of the
    /// module's protocols, with no public initializer, that no public declaration of another
    /// type, nor a free one, names.
    /// Each with why only the SDK calls its methods.
    static func unreachableTypes(_ types: [SourceType], topLevel: [SourceMember]) -> [String: String] {
        let protocols = Set(types.filter { $0.kind == .protocol }.map(\.name))
        let structs = Set(types.filter { type in
            type.kind == .struct && type.isPublic && type.inherits.contains { protocols.contains(String($0.prefix { $0 != "<" })) }
        }.map(\.name))
        var unreachable: [String: String] = [:]
        for name in structs {
            let own = types.filter { $0.name == name }
            if own.flatMap(\.members).contains(where: { $0.isPublic && ($0.kind == .initializer || $0.isStatic) }) { continue }
            // By its own name (`Eth` of `Web3.Eth`), in any other type's public declarations.
            let bare = String(name.split(separator: ".").last ?? Substring(name))
            let mentions = (types.filter { $0.name != name }.flatMap(\.members) + topLevel).filter(\.isPublic).contains { member in
                member.text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains { $0 == bare }
            }
            if !mentions { unreachable[name] = "'\(name)' has no public initializer, and no public declaration hands one out: only the SDK calls it" }
        }
        return unreachable
    }

    /// Public protocols of the module that only internal types adopt, no protocol refines and no
    /// public declaration of another type names (PlayKit's `TimeMonitor`, adopted by its internal
    /// `TimeObserver` and `PlayerController`): maybe no API an app can reach, said, not decided
    /// (BTKit's oracle lists such a protocol's methods, reached through its public struct).
    /// Each with the note to write.
    static func unadoptedProtocols(_ types: [SourceType], topLevel: [SourceMember]) -> [String: String] {
        let publicTypes = Set(types.filter { $0.kind != .extension && $0.isPublic }.map(\.name))
        var notes: [String: String] = [:]
        for proto in types where proto.kind == .protocol && proto.isPublic {
            let bare = String(proto.name.split(separator: ".").last ?? Substring(proto.name))
            let adopters = types.filter { type in
                type.inherits.contains { [proto.name, bare].contains(String($0.prefix { $0 != "<" })) }
            }
            // None public, none a protocol, and some internal type: the library implements it for itself.
            guard !adopters.isEmpty, !adopters.contains(where: { $0.kind == .protocol || publicTypes.contains($0.name) }) else { continue }
            let mentions = (types.filter { $0.name != proto.name }.flatMap(\.members) + topLevel).filter(\.isPublic).contains { member in
                member.text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains { $0 == bare }
            }
            if !mentions {
                notes[proto.name] = "no public type adopts \(bare), and no public declaration hands one out: if apps cannot reach one, mark it '@context'"
            }
        }
        return notes
    }

    /// The module's enums, no errors themselves, with a case of one error beside cases without
    /// values (ESPProvision's `ESPSessionStatus`: `connected`, `failedToConnect(ESPSessionError)`,
    /// `disconnected`): a status a callback gets, whose error case is a failure scan cannot
    /// tell apart from the rest. By bare name, with that case's name.
    static func statusEnumsWithErrorCases(_ types: [SourceType], errorTypes: Set<String>) -> [String: String] {
        var found: [String: String] = [:]
        for type in types where type.kind == .enum && !errorTypes.contains(type.name) {
            let cases = type.cases.flatMap { text in
                text.replacingOccurrences(of: "case ", with: "").split(separator: ",", omittingEmptySubsequences: true)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
            }
            guard cases.contains(where: { !$0.contains("(") }),
                let failure = cases.first(where: { item in
                    guard let open = item.firstIndex(of: "("), item.hasSuffix(")") else { return false }
                    let payload = item[item.index(after: open)..<item.index(before: item.endIndex)]
                    return !payload.contains(",") && (payload.hasSuffix("Error") || errorTypes.contains(String(payload)))
                })
            else { continue }
            found[String(type.name.split(separator: ".").last ?? Substring(type.name))] = String(failure.prefix { $0 != "(" })
        }
        return found
    }

    /// The module's error enums with a case without values named for success (`none`,
    /// `noError`, `success`, `ok`), by bare name: SwiftMQTT's `enum MQTTSessionError: Error {
    /// case none, socketError, … }`, whose completion gets `.none` when the call went well.
    static func successCasesOfErrorEnums(_ types: [SourceType], errorTypes: Set<String>) -> [String: String] {
        let names = ["none", "noerror", "success", "succeeded", "successful", "ok", "noerr"]
        var found: [String: String] = [:]
        for type in types where type.kind == .enum && errorTypes.contains(type.name) {
            // `case a(T), b`: each element, by its name, and whether it has values.
            var elements: [(name: String, hasValues: Bool)] = []
            for text in type.cases {
                var depth = 0
                var element = ""
                for character in text.dropFirst(text.hasPrefix("case ") ? 5 : 0) + "," {
                    if character == "(" { depth += 1 }
                    if character == ")" { depth -= 1 }
                    if character == ",", depth == 0 {
                        let trimmed = element.drop { $0 == " " }
                        elements.append((String(trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }), trimmed.contains("(")))
                        element = ""
                    } else {
                        element.append(character)
                    }
                }
            }
            // Besides it, failures: an error enum of one case says nothing.
            guard elements.count > 1, let success = elements.first(where: { !$0.hasValues && names.contains($0.name.lowercased()) }),
                let bare = type.name.split(separator: ".").last
            else { continue }
            found[String(bare)] = success.name
        }
        return found
    }
}
