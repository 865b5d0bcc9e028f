import DeclParser

/// A type's members as they are declared in Swift source or a `.swiftinterface`, bodies left out:
/// what `scan` pastes into a starter `.bridge` file.
struct SourceType: Equatable {
    enum Kind: String {
        case `class`, `struct`, `enum`, `protocol`, `extension`, actor
    }

    /// `Outer.Inner` for nested types; an extension's extended type as written.
    var name: String
    var kind: Kind
    var isPublic: Bool
    var members: [SourceMember] = []
    var path: String
    var line: Int
    /// The `#if` condition the declaration stands under (`canImport(Darwin)`), if any: a type
    /// of one platform. The starter file puts its block under the same condition.
    var condition: String?
    /// An extension's `where` clause as written (`where Self == Adapter`), if any: its members
    /// exist only under it.
    var whereClause: String?
    /// The names after `:` (a class's superclass first, if it has one).
    var inherits: [String] = []
    /// Its generic parameter clause as written (`<Element>`), or empty.
    var genericParameters = ""
    /// An enum's `case` declarations, each on one line (`case next(Element)`): a callback that
    /// gets one of its values is bridged by its cases.
    var cases: [String] = []
    /// Cases its documentation says never come (Realm's `RealmCollectionChange.error`, "This case
    /// is unused"): no failure to throw.
    var unusedCases: Set<String> = []
    /// A protocol's associated types (`associatedtype S: StorageAware`): a callback argument of
    /// one of them says nothing of what it is (the conformer itself, or another type).
    var associatedTypes: [String] = []
    /// Declared `@available(*, deprecated…)` (CoreStore's legacy `extension RelationshipContainer.ToOne`):
    /// its members are deprecated too.
    var isDeprecated = false
    /// Declared `@available(*, unavailable)` (SwiftSH's `SCPSession`): nothing of it can be called.
    var isUnavailable = false
    /// A protocol named for a delegate that is a service (`Scan.markServices`): not listed as one.
    var isService = false
    /// Declared `@objc` (a protocol) or `@objcMembers` (a class): its members are Objective-C
    /// methods, whose `(T?, Error?)` completions Swift reads as SE-0297 says.
    var isObjC = false
}

struct SourceMember: Equatable {
    enum Kind {
        case function, initializer, property, `subscript`, typeAlias
    }

    var kind: Kind
    var name: String
    /// The declaration without its body or initial value, attributes and modifiers included.
    var text: String
    /// A property's type as its initial value makes it (`var events = EventsSubscriber()`).
    var madeType: String?
    var line: Int
    var column: Int
    var isPublic: Bool
    /// Declared `private` or `fileprivate` (not `private(set)`): out of reach even of the code
    /// `scan --access internal` reads as the app's own.
    var isPrivate = false
    var isStatic: Bool
    /// The declaration as the `.bridge` language reads it, parsed once here: nil when it is not
    /// one the language can hold (an operator, say), with the parser's first complaint.
    var declaration: Member?
    var parseError: String?
    /// Declared inside a deprecated type or extension.
    var isInDeprecatedScope = false
    /// A property with accessors (`{ get set }`, a computed one forwarding to another, observers):
    /// what it holds may be read under another name (SwiftHTTP's `progress`, which sets
    /// `resp.progressHandler`).
    var hasAccessors = false
    /// Its documentation comment's lines: what it says of how often a callback comes is evidence
    /// (`DocumentedFrequency`). Not pasted into the starter, which stays a list of declarations.
    var documentation: [String] = []
    /// The `#if` condition it stands under inside its type's body, beyond the type's own (Frollo's
    /// `loginUserUsingWeb(presenting:…)` under `#if os(iOS) && !CORE`), as a whole: all that
    /// holds where it is declared.
    var condition: String?

    /// Parses `text` as a member of an extension block (a top-level typealias is one too).
    static func parse(_ text: String) -> (Member?, String?) {
        let (file, diagnostics) = Parser.parse(Array(("extension T {\n" + text + "\n}\n").utf8))
        guard case .extensionDecl(let decl)? = file.declarations.first, let member = decl.members.first else {
            return (nil, diagnostics.first?.message ?? "not a declaration bridgegen reads")
        }
        return (member, diagnostics.first?.message)
    }
}

/// Finds the types and their members in skimmed Swift source. Code inside bodies (functions,
/// computed properties, closures) is skipped by brace matching; `#if` branches are all read.
struct SourceDeclarations {
    let tokens: [SkimToken]
    let bytes: [UInt8]
    private let path: String
    /// Every declaration counts as public (a `.swiftinterface` lists only public API).
    private let allPublic: Bool
    private(set) var types: [SourceType] = []
    /// File-level typealiases.
    private(set) var topLevel: [SourceMember] = []
    /// Per open `#if`: the conditions of its clauses so far, and the one in force.
    var conditions: [(earlier: [String], current: String?)] = []

    static let modifiers: Set<String> = [
        "public", "open", "internal", "private", "fileprivate", "package", "static", "class", "final", "override",
        "mutating", "nonmutating", "convenience", "required", "dynamic", "lazy", "weak", "unowned", "optional",
        "indirect", "nonisolated", "isolated", "consuming", "borrowing", "distributed", "prefix", "postfix", "infix",
    ]
    static let typeKeywords: Set<String> = ["class", "struct", "enum", "protocol", "extension", "actor"]
    /// Words that may continue a declaration on its next line.
    static let continuations: Set<String> = ["throws", "rethrows", "async", "where", "reasync"]

    /// The file's types, and its file-level typealiases and global variables.
    static func read(_ bytes: [UInt8], path: String, allPublic: Bool) -> (types: [SourceType], topLevel: [SourceMember]) {
        var reader = SourceDeclarations(tokens: SourceTokens.of(bytes), bytes: bytes, path: path, allPublic: allPublic)
        reader.readBody(from: 0, typeIndex: nil, outerName: nil, outerPublic: allPublic)
        return (Self.separatingConditionalMembers(reader.types), reader.topLevel)
    }

    /// What makes two declarations one, as `Scan.merging` reads them: a method by its name and
    /// types, anything else by its text.
    static func sameDeclarationKey(_ member: SourceMember) -> String {
        if case .function(let function)? = member.declaration {
            return (member.isStatic ? "static func " : "func ") + Scan.signature(of: function)
        }
        return (member.isStatic ? "static " : "") + Scan.declarationKey(member.text)
    }

    /// Whether two conditions are the two branches of one `#if … #else`: the same conditions
    /// around it, then `X` and `!X`.
    static func areBranches(_ one: String, _ other: String) -> Bool {
        let first = one.components(separatedBy: " && "), second = other.components(separatedBy: " && ")
        guard first.count == second.count, let a = first.last, let b = second.last, first.dropLast() == second.dropLast() else { return false }
        return a == "!" + b || b == "!" + a
    }

    /// A type's members declared under an `#if` of their own, each condition's in an extension
    /// of the type under it, as the starter must paste them: an adapter of a method one platform
    /// declares does not compile on another. Not a protocol's: its requirements stay its own.
    static func separatingConditionalMembers(_ types: [SourceType]) -> [SourceType] {
        var result: [SourceType] = []
        for var type in types {
            // A declaration both branches of an `#if … #else` make alike is the type's, whatever
            // holds (trickySDK's `upload(_:completion:)`, once with a body and once without).
            let declared = type.members
            for index in type.members.indices {
                guard let condition = type.members[index].condition else { continue }
                let key = Self.sameDeclarationKey(type.members[index])
                let alike = declared.filter { Self.sameDeclarationKey($0) == key }.compactMap(\.condition)
                if alike.contains(where: { Self.areBranches(condition, $0) }) {
                    let common = condition.components(separatedBy: " && ").dropLast().joined(separator: " && ")
                    type.members[index].condition = common.isEmpty || common == type.condition ? nil : common
                }
            }
            let conditional = type.kind == .protocol ? [] : type.members.filter { $0.condition != nil }
            if type.kind != .protocol { type.members.removeAll { $0.condition != nil } }
            result.append(type)
            var conditions: [String] = []
            for member in conditional where !conditions.contains(member.condition ?? "") { conditions.append(member.condition ?? "") }
            for condition in conditions {
                var apart = SourceType(
                    name: type.name, kind: .extension, isPublic: type.isPublic, path: type.path,
                    line: conditional.first { $0.condition == condition }?.line ?? type.line, condition: condition,
                    whereClause: type.whereClause)
                apart.members = conditional.filter { $0.condition == condition }
                apart.isDeprecated = type.isDeprecated
                apart.isObjC = type.isObjC
                result.append(apart)
            }
        }
        return result
    }

    private init(tokens: [SkimToken], bytes: [UInt8], path: String, allPublic: Bool) {
        self.tokens = tokens
        self.bytes = bytes
        self.path = path
        self.allPublic = allPublic
    }

    /// Reads declarations from `start` until the `}` that closes the current type (or the end);
    /// returns the index after it.
    @discardableResult
    private mutating func readBody(from start: Int, typeIndex: Int?, outerName: String?, outerPublic: Bool) -> Int {
        var index = start
        while index < tokens.count {
            let token = tokens[index]
            if token.isPunctuation("}") { return index + 1 }
            if token.isPunctuation("{") {
                index = tokens.indexAfterBraces(from: index)
                continue
            }
            guard let word = token.word else {
                index += 1
                continue
            }
            if word == "#if" || word == "#elseif" || word == "#else" || word == "#endif" {
                index = readDirective(word, at: index)
                continue
            }
            // `import protocol NIOCore.EventLoop`: an import of one declaration, not a protocol.
            if word == "import" {
                index += 1
                while index < tokens.count && !tokens[index].startsLine { index += 1 }
                continue
            }
            let declarationStart = backUpOverModifiers(from: index)
            let modifiers = Set(tokens[declarationStart..<index].compactMap(\.word))
            let isPublic = allPublic || modifiers.contains("public") || modifiers.contains("open")
                || (outerPublic && !modifiers.contains("private") && !modifiers.contains("fileprivate")
                    && !modifiers.contains("internal"))
            if Self.typeKeywords.contains(word), index + 1 < tokens.count, let name = tokens[index + 1].word,
                !(word == "class" && Self.isMemberKeyword(name))
            {
                // `@_spi(Name) public class …`: API for the library's own other modules, not apps.
                let attributes = String(decoding: bytes[tokens[declarationStart].start..<tokens[index].start], as: UTF8.self)
                index = readType(
                    word, name: name, at: index, outerName: word == "extension" ? nil : outerName,
                    isPublic: isPublic && !attributes.contains("@_spi(") && !Self.documentedInternal(tokens[declarationStart].documentation),
                    declaredPublic: modifiers.contains("public") || modifiers.contains("open"),
                    isUnavailable: attributes.filter { !$0.isWhitespace }.contains("@available(*,unavailable"),
                    isDeprecated: Self.deprecates(attributes),
                    isObjC: (word == "protocol" && attributes.contains("@objc")) || attributes.contains("@objcMembers"))
                continue
            }
            if word == "associatedtype", let typeIndex, types[typeIndex].kind == .protocol, index + 1 < tokens.count,
                let name = tokens[index + 1].word
            {
                types[typeIndex].associatedTypes.append(name)
                index += 2
                continue
            }
            if word == "case", let typeIndex, types[typeIndex].kind == .enum {
                index = readCase(at: index, into: typeIndex)
                continue
            }
            // Members of types; at file level typealiases (closure shapes hide behind them),
            // global variables (a default value that reads one is shared mutable state to Swift 6)
            // and free functions (named in the starter: the language bridges types' methods).
            guard let kind = Self.memberKind(word), typeIndex != nil || kind == .typeAlias || word == "var" || word == "func" else {
                index += 1
                continue
            }
            let (end, next) = endOfDeclaration(from: index + 1, kind: kind)
            let name = index + 1 < tokens.count ? tokens[index + 1].word ?? word : word
            var text = String(decoding: bytes[tokens[declarationStart].start..<tokens[end - 1].end], as: UTF8.self)
            // A property whose accessors have no setter (a protocol's `{ get }`, a computed
            // `{ … }`) cannot be assigned: said in the text, which leaves the body out.
            if kind == .property, end < tokens.count, tokens[end].isPunctuation("{"), !hasSetter(bracesAt: end) { text += " { get }" }
            var member = SourceMember(
                kind: kind, name: kind == .initializer || kind == .subscript ? word : name,
                text: text.replacingCRLF, line: tokens[declarationStart].line, column: tokens[declarationStart].column,
                isPublic: isPublic || typeIndex.map { types[$0].kind == .protocol && types[$0].isPublic } ?? false,
                isStatic: modifiers.contains("static") || modifiers.contains("class"))
            (member.declaration, member.parseError) = SourceMember.parse(member.text)
            member.isPrivate = (declarationStart..<index).contains { modifier in
                ["private", "fileprivate"].contains(tokens[modifier].word ?? "")
                    && !(modifier + 1 < index && tokens[modifier + 1].isPunctuation("("))
            }
            member.documentation = tokens[declarationStart].documentation
            // On the declaration too: what it says of its closures decides which are callbacks
            // (a handler whose `Bool` answers whether to go on, DocumentedFrequency).
            if case .function(var function)? = member.declaration {
                function.documentation = member.documentation
                member.declaration = .function(function)
            }
            if Self.documentedInternal(member.documentation) { member.isPublic = false }
            member.hasAccessors = kind == .property && end < tokens.count && tokens[end].isPunctuation("{")
            if kind == .property, end < tokens.count, tokens[end].isPunctuation("=") { member.madeType = madeType(after: end) }
            if let typeIndex, currentCondition != types[typeIndex].condition {
                member.condition = currentCondition
            }
            if let typeIndex {
                member.isInDeprecatedScope = types[typeIndex].isDeprecated
                types[typeIndex].members.append(member)
            } else {
                topLevel.append(member)
            }
            index = next
        }
        return index
    }

    /// `Name()` or `Outer.Name(…)` after a property's `=`: the type it is made of.
    func madeType(after equals: Int) -> String? {
        var index = equals + 1
        var name = ""
        while index < tokens.count, let word = tokens[index].word {
            name += word
            index += 1
            guard index + 1 < tokens.count, tokens[index].isPunctuation("."), tokens[index + 1].word != nil else { break }
            name += "."
            index += 1
        }
        guard !name.isEmpty, index < tokens.count, tokens[index].isPunctuation("("), name.first?.isUppercase == true else { return nil }
        return name
    }

    static func isMemberKeyword(_ word: String) -> Bool {
        memberKind(word) != nil || modifiers.contains(word)
    }

    static func memberKind(_ word: String) -> SourceMember.Kind? {
        switch word {
        case "func": .function
        case "init": .initializer
        case "var", "let": .property
        case "subscript": .subscript
        case "typealias": .typeAlias
        default: nil
        }
    }

    /// `case a(T), b` up to the end of its line (or of its associated values' parentheses).
    private mutating func readCase(at index: Int, into typeIndex: Int) -> Int {
        var end = index + 1
        var depth = 0
        while end < tokens.count {
            let token = tokens[end]
            if depth == 0 && (token.startsLine || token.isPunctuation("}") || token.isPunctuation(";")) { break }
            if token.isPunctuation("(") { depth += 1 }
            if token.isPunctuation(")") { depth -= 1 }
            end += 1
        }
        let text = String(decoding: bytes[tokens[index].start..<tokens[end - 1].end], as: UTF8.self)
        types[typeIndex].cases.append(text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        // "Errors can no longer occur. This case is unused" (Realm's `RealmCollectionChange.error`).
        let documentation = tokens[index].documentation.joined(separator: " ").lowercased()
        if ["is unused", "no longer occur", "never occurs", "never used"].contains(where: documentation.contains),
            index + 1 < tokens.count, let name = tokens[index + 1].word
        {
            types[typeIndex].unusedCases.insert(name)
        }
        return end
    }

    /// `struct Name<T>: P where … {` then its body.
    private mutating func readType(
        _ keyword: String, name: String, at index: Int, outerName: String?, isPublic: Bool, declaredPublic: Bool,
        isUnavailable: Bool = false, isDeprecated: Bool = false, isObjC: Bool = false
    ) -> Int {
        var cursor = index + 2
        var fullName = name
        // An extension's type may be qualified (`extension A.B`).
        while keyword == "extension", cursor + 1 < tokens.count, tokens[cursor].isPunctuation("."),
            let part = tokens[cursor + 1].word
        {
            fullName += "." + part
            cursor += 2
        }
        var genericParameters = ""
        if keyword != "extension", cursor < tokens.count, tokens[cursor].isPunctuation("<") {
            var close = cursor
            var depth = 0
            repeat {
                if tokens[close].isPunctuation("<") { depth += 1 }
                if tokens[close].isPunctuation(">") { depth -= 1 }
                close += 1
            } while close < tokens.count && depth > 0
            genericParameters = String(decoding: bytes[tokens[cursor].start..<tokens[close - 1].end], as: UTF8.self)
            cursor = close
        }
        var whereStart: Int?
        var inherits: [String] = []
        var angleDepth = 0
        var expectsInherited = false
        while cursor < tokens.count && !tokens[cursor].isPunctuation("{") && !tokens[cursor].isPunctuation("}") {
            let token = tokens[cursor]
            if whereStart == nil && token.word == "where" { whereStart = cursor }
            if token.isPunctuation("<") { angleDepth += 1 }
            if token.isPunctuation(">") { angleDepth -= 1 }
            if whereStart == nil && angleDepth == 0 {
                if token.isPunctuation("@") {
                    // `@unchecked Sendable`, `@preconcurrency P`: the attribute is no type.
                    cursor += 2
                    continue
                }
                if token.isPunctuation(":") || token.isPunctuation(",") {
                    expectsInherited = true
                } else if expectsInherited, let word = token.word {
                    inherits.append(word)
                    expectsInherited = false
                } else if token.isPunctuation("."), !inherits.isEmpty, cursor + 1 < tokens.count, let next = tokens[cursor + 1].word {
                    // A qualified name (`Swift.Error`, CouchDB's `CouchDBError: Codable, Swift.Error`).
                    inherits[inherits.count - 1] += "." + next
                    cursor += 1
                }
            }
            cursor += 1
        }
        if keyword != "extension" { whereStart = nil }
        // `@available(*, unavailable) extension Database: Sendable {}`: GRDB's way of saying the
        // type is not Sendable; an unavailable conformance is none.
        if isUnavailable { inherits = [] }
        guard cursor < tokens.count, tokens[cursor].isPunctuation("{") else { return cursor }
        let whereClause = whereStart.map {
            String(decoding: bytes[tokens[$0].start..<tokens[cursor - 1].end], as: UTF8.self)
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let qualified = outerName.map { $0 + "." + fullName } ?? fullName
        types.append(
            SourceType(
                name: qualified, kind: SourceType.Kind(rawValue: keyword) ?? .class, isPublic: isPublic, path: path,
                line: tokens[index].line, condition: currentCondition, whereClause: whereClause, inherits: inherits,
                genericParameters: genericParameters))
        types[types.count - 1].isDeprecated = isDeprecated
        types[types.count - 1].isUnavailable = isUnavailable
        types[types.count - 1].isObjC = isObjC
        // Members of a `public extension` are public unless they say otherwise.
        let membersPublic = allPublic || (keyword == "extension" && declaredPublic) || (keyword == "protocol" && isPublic)
        return readBody(from: cursor + 1, typeIndex: types.count - 1, outerName: qualified, outerPublic: membersPublic)
    }
}

extension String {
    var replacingCRLF: String {
        split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n")
    }
}
