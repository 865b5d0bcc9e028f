import DeclParser

/// Objects a library only lends: GRDB's `Database` is a class that is not `Sendable`, that an app
/// cannot make or be returned, and that the library hands to closures which do not escape
/// (`read(_ value: (Database) throws -> T)`). Such an object is valid only while the closure it is
/// handed to runs, so a callback that gets one (`asyncMigrate`'s `Result<Database, Error>`)
/// gets it lent too: the starter says `@lent(Database)` and the adapter leaves it out of the
/// value. And the object's own methods are called only inside those synchronous closures,
/// where nothing can be awaited: they get no adapter.
struct LentTypes {
    /// Each lent type's bare name, with a method that lends it (the evidence the starter names).
    private(set) var lenders: [String: String] = [:]

    init(types: [SourceType], includesInternal: Bool) {
        let visible = types.filter { includesInternal || $0.isPublic || $0.kind == .extension }
        let sendable = Set(types.filter { $0.inherits.contains("Sendable") }.map { Self.bare($0.name) })
        var candidates = Set(
            types.filter { $0.kind == .class && ($0.isPublic || includesInternal) }.map { Self.bare($0.name) }
                .filter { !sendable.contains($0) })
        // One the app can make or be given is not only lent.
        for type in types where candidates.contains(Self.bare(type.name)) {
            if type.members.contains(where: { $0.kind == .initializer && ($0.isPublic || includesInternal) }) {
                candidates.remove(Self.bare(type.name))
            }
        }
        var lenders: [String: String] = [:]
        for type in visible {
            for member in type.members where member.isPublic || includesInternal {
                switch member.declaration {
                case .function(let function)?:
                    if let returned = function.returnType, candidates.contains(Self.bare(returned.strippingAttributes.unwrappingOptional.description)) {
                        candidates.remove(Self.bare(returned.strippingAttributes.unwrappingOptional.description))
                    }
                    for parameter in function.parameters {
                        guard case .function(let closure) = parameter.type.kind,
                            !parameter.type.attributes.contains(where: { $0.name.name == "escaping" })
                        else { continue }
                        for handed in closure.parameters {
                            let name = Self.bare(handed.type.strippingAttributes.description)
                            if candidates.contains(name), lenders[name] == nil { lenders[name] = function.fullName }
                        }
                    }
                case .context(let context)? where member.kind == .property:
                    if let type = context.type, candidates.contains(Self.bare(type.strippingAttributes.unwrappingOptional.description)) {
                        candidates.remove(Self.bare(type.strippingAttributes.unwrappingOptional.description))
                    }
                default: continue
                }
            }
        }
        self.lenders = lenders.filter { candidates.contains($0.key) }
    }

    static func bare(_ type: String) -> String {
        String((type.split(separator: ".").last.map(String.init) ?? type).prefix { $0 != "<" })
    }

    /// The lent types a callback's closure gets: as an argument (optional or not), or as the
    /// success of a `Result` (`Result<Database, Error>`).
    func lent(in closure: FunctionTypeSyntax) -> [String] {
        var found: [String] = []
        for parameter in closure.parameters {
            var type = parameter.type.strippingAttributes.unwrappingOptional.strippingAttributes
            if case .named(let components) = type.kind, let last = components.last, last.name.name == "Result",
                last.genericArguments.count == 2
            {
                type = last.genericArguments[0].strippingAttributes
            }
            let name = Self.bare(type.description)
            if lenders[name] != nil, !found.contains(name) { found.append(name) }
        }
        return found
    }

    /// The method that lends `type`, if it is lent.
    func lender(of type: String) -> String? { lenders[Self.bare(type)] }
}
