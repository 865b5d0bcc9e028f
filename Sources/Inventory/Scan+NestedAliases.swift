import DeclParser

/// Closure typealiases nested in a generic type, used with the type's arguments: Vimeo's
/// `enum ResultCompletion<ResultType, E: Error> { typealias T = (Result<ResultType, E>) -> Void }`,
/// named `ResultCompletion<VIMAccount, NSError>.T` by every callback (the namespace-enum idiom from
/// before Swift had generic typealiases). Neither scan nor the `.bridge` language reads a member of
/// a specialized type, so the declarations that name one get the closure spelled out, arguments in
/// place: the same type to the compiler, and a callback to both.
struct NestedClosureAliases {
    /// `Owner.Member` → the owner's generic parameter names and the member's closure, as written.
    private var aliases: [String: (parameters: [String], closure: String)] = [:]

    init(_ types: [SourceType]) {
        for type in types where type.kind != .extension && !type.genericParameters.isEmpty {
            let parameters = Self.splitArguments(String(type.genericParameters.dropFirst().dropLast())).map { parameter in
                Self.trimmed(String(parameter.prefix { $0 != ":" }))
            }
            for member in type.members where member.kind == .typeAlias {
                guard case .typeAlias(let alias)? = member.declaration, alias.genericParameters.isEmpty,
                    StarterBlock.closureType(ofAlias: member) != nil
                else { continue }
                aliases[type.name + "." + member.name] = (parameters, alias.type.description)
            }
        }
    }

    var isEmpty: Bool { aliases.isEmpty }

    /// The member with every `Owner<Arguments>.Member` spelled out, re-read; as it was when it
    /// names none, or when the result does not read.
    func spellingOut(_ member: SourceMember) -> SourceMember {
        guard !aliases.isEmpty else { return member }
        let text = spellingOut(member.text)
        guard text != member.text else { return member }
        let (declaration, error) = SourceMember.parse(text)
        guard let declaration, error == nil else { return member }
        var member = member
        member.text = text
        member.declaration = declaration
        return member
    }

    func spellingOut(_ text: String) -> String {
        var characters = Array(text)
        var index = 0
        while index < characters.count {
            guard characters[index].isLetter || characters[index] == "_",
                index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber || characters[index - 1] == "_" || characters[index - 1] == ".")
            else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
            let owner = String(characters[index..<end])
            guard end < characters.count, characters[end] == "<", let close = Self.closingAngle(characters, from: end),
                close + 1 < characters.count, characters[close + 1] == "."
            else {
                index = end
                continue
            }
            var memberEnd = close + 2
            while memberEnd < characters.count, characters[memberEnd].isLetter || characters[memberEnd].isNumber || characters[memberEnd] == "_" {
                memberEnd += 1
            }
            let memberName = String(characters[(close + 2)..<memberEnd])
            let arguments = Self.splitArguments(String(characters[(end + 1)..<close]))
            // With the owner's own parameters (Haneke's `Fetch<T>.Failer` in a method generic over
            // `T`), the alias reads as declared: kept as the SDK spells it.
            guard let alias = aliases[owner + "." + memberName], alias.parameters.count == arguments.count, alias.parameters != arguments else {
                index = end
                continue
            }
            var closure = StarterFile.qualifying(alias.closure, Dictionary(zip(alias.parameters, arguments), uniquingKeysWith: { first, _ in first }))
            // `Owner<…>.T?`: the optional of the whole closure.
            if memberEnd < characters.count, characters[memberEnd] == "?" || characters[memberEnd] == "!" { closure = "(" + closure + ")" }
            characters.replaceSubrange(index..<memberEnd, with: Array(closure))
            index += closure.count
        }
        return String(characters)
    }

    /// The `>` that closes the `<` at `open`; nil when another bracket closes first.
    private static func closingAngle(_ characters: [Character], from open: Int) -> Int? {
        var depth = 0
        for index in open..<characters.count {
            switch characters[index] {
            case "<", "(", "[": depth += 1
            case ">" where index > 0 && characters[index - 1] == "-": continue
            case ">", ")", "]":
                depth -= 1
                if depth == 0 { return characters[index] == ">" ? index : nil }
            default: break
            }
        }
        return nil
    }

    /// `A, B<C, D>, (E, F)` → `A`, `B<C, D>`, `(E, F)`.
    static func splitArguments(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var previous: Character = " "
        for character in text {
            switch character {
            case "<", "(", "[": depth += 1
            case ">" where previous != "-": depth -= 1
            case ")", "]": depth -= 1
            case "," where depth == 0:
                parts.append(trimmed(current))
                current = ""
                previous = character
                continue
            default: break
            }
            current.append(character)
            previous = character
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(trimmed(current)) }
        return parts
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
