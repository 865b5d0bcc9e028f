import DeclParser

extension Scan {
    /// One type from all its declarations: the extensions of one type go into one block, in the
    /// order the type first appears; one declaration per text, since the branches of an `#if`
    /// often declare the same API twice.
    static func merging(_ types: [SourceType]) -> [SourceType] {
        var order: [String] = []
        var byName: [String: SourceType] = [:]
        for type in types {
            // A delegate protocol's requirements are the app's to implement, not API to call:
            // they stay apart from its extensions' methods. Other protocols' requirements are API.
            // A type of one platform (under `#if`) gets a block of its own, under its condition.
            let key = (type.kind == .protocol && StarterBlock.isDelegateProtocol(type) ? type.name + " protocol" : type.name)
                + (type.condition.map { " #if " + $0 } ?? "") + (type.whereClause.map { " " + $0 } ?? "")
            if var existing = byName[key] {
                existing.members += type.members
                existing.isPublic = existing.isPublic || type.isPublic
                existing.isObjC = existing.isObjC || type.isObjC
                byName[key] = existing
            } else {
                order.append(key)
                byName[key] = type
            }
        }
        // One declaration per text: the branches of an `#if` often declare the same API twice.
        return order.compactMap { byName[$0] }.map { type -> SourceType in
            var type = type
            // A protocol extension's default implementation repeats its requirement with
            // modifiers and attributes added: the declaration from `func` on is the same.
            // Default values may differ (socket.io's `completion: (() -> ())? = nil` in the
            // extension): a method is the same by its name and types, and whether it is static
            // (SwiftyStoreKit's public `class func restorePurchases` beside a fileprivate instance
            // method of the same signature). Of two, the public one stays.
            var kept: [String: Int] = [:]
            var members: [SourceMember] = []
            for member in type.members {
                let key: String
                if case .function(let function)? = member.declaration {
                    key = (member.isStatic ? "static func " : "func ") + Self.signature(of: function)
                } else {
                    // A static property of the same name forwards to the shared object's (Drops'
                    // `static var willShowDrop { get { shared.willShowDrop } … }`): both stay.
                    key = (member.isStatic ? "static " : "") + Self.declarationKey(member.text)
                }
                if let index = kept[key] {
                    // A requirement whose default implementation is deprecated for another API
                    // (RequestKit's `Router.loadJSON`, "Please use `load` method instead") is
                    // deprecated API. Not one deprecated for how it is implemented (smoke-http's
                    // `recordOutwardsRequest(…, onCompletion:)`, "Not thread-safe", whose default
                    // calls a deprecated method): conformers' own are not, nor is the requirement.
                    if (member.isPublic && !members[index].isPublic)
                        || (Self.isDeprecated(member) && !Self.isDeprecated(members[index]) && Self.deprecationNamesReplacement(member))
                    {
                        members[index] = member
                    }
                    continue
                }
                kept[key] = members.count
                members.append(member)
            }
            type.members = members
            return type
        }
    }

    /// Whether a member's deprecation names what replaces it (`renamed:`, or a message that says
    /// to use something instead).
    static func deprecationNamesReplacement(_ member: SourceMember) -> Bool {
        guard case .function(let function)? = member.declaration else { return false }
        return function.attributes.contains { attribute in
            guard attribute.name.name == "available", attribute.text.contains("deprecated") else { return false }
            let text = attribute.text.lowercased()
            return text.contains("renamed:") || text.contains("use ") || text.contains("instead")
        }
    }

    static func isDeprecated(_ member: SourceMember) -> Bool {
        guard case .function(let function)? = member.declaration else { return false }
        return StarterBlock.isDeprecated(function)
    }

    /// The types with closures but no callback to bridge, named at the end of the starter with
    /// why, so that no declaration with a closure is left out unsaid.
    struct Unbridged {
        /// Types whose methods take closures, none of them a callback.
        var closuresOnly: [(type: String, methods: [String])] = []
        /// Callbacks scan refuses, each with why and what to write instead (a chained half of
        /// an outcome): not bridgeable, and counted so.
        var refused: [(type: String, methods: [String])] = []
        /// Deprecated types' methods with closures: left for what replaces them.
        var deprecatedOnly: [(type: String, methods: [String])] = []
        /// Initializers that keep a callback, of types with no other callback.
        var initializersOnly: [(type: String, methods: [String])] = []
        /// Callback properties of structs and enums: an adapter would set its own copy's.
        var valueTypeProperties: [(type: String, methods: [String])] = []
        /// Methods with closures of objects the library only lends (LentTypes.swift).
        var lentOnly: [(type: String, methods: [String])] = []
        /// Overrides and implementations of protocol requirements in types without other
        /// callbacks, by the type whose adapters serve them (`Type → Base`).
        var servedOnly: [(type: String, methods: [String])] = []

        mutating func record(_ block: StarterBlock, members: [SourceMember], lentTypes: LentTypes) {
            // Named in the starter, so that no declaration with a closure is left out unsaid.
            var seen: Set<String> = []
            // Each once, with why it is not bridged.
            func described(_ entries: [StarterBlock.Entry], seen: inout Set<String>) -> [String] {
                entries.compactMap { entry in
                    guard let name = entry.swiftName, seen.insert(name).inserted else { return nil }
                    return name + (entry.contextReason.map { " — " + $0 } ?? "")
                }
            }
            let refusedNames = described(block.entries.filter(\.refusedCallback), seen: &seen)
            if !refusedNames.isEmpty { refused.append((block.type, refusedNames)) }
            let contextEntries = block.entries.filter { $0.marksContext && $0.servedBy == nil && !$0.refusedCallback }
            let names = contextEntries.compactMap(\.swiftName).filter { seen.insert($0).inserted }
            // Overrides and implementations of requirements: by the adapters that serve them.
            var bases: [String] = []
            for base in block.entries.compactMap(\.servedBy) where !bases.contains(base) { bases.append(base) }
            for base in bases {
                let methods = block.entries.filter { $0.servedBy == base }.compactMap(\.swiftName).filter { seen.insert($0).inserted }
                if !methods.isEmpty { servedOnly.append(("\(block.type) → \(base)", methods)) }
            }
            if !names.isEmpty {
                if lentTypes.lender(of: block.type) != nil {
                    lentOnly.append((block.type, names))
                } else if members.contains(where: \.isInDeprecatedScope) {
                    // A deprecated type (supabase's `RealtimeClient`, "Use new RealtimeClientV2"):
                    // its callbacks are left for what replaces it, and said so.
                    deprecatedOnly.append((block.type, names))
                } else {
                    // Each with why it is not bridged, where the block said more than that its
                    // closure is no callback (a view modifier, the SDK's own async form).
                    var once: Set<String> = []
                    closuresOnly.append((block.type, described(contextEntries, seen: &once)))
                }
            }
            // A type whose only callbacks are its initializers': named too, and counted.
            let initializers = block.entries.filter(\.initializerWithCallback).compactMap { entry -> String? in
                if case .context(let initializer)? = entry.member.declaration { return initializer.name }
                return nil
            }
            if !initializers.isEmpty { initializersOnly.append((block.type, initializers)) }
        }
    }
}
