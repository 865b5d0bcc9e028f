/// The module's own async forms, found by what they wrap in a continuation (decisions 114, 157, 158).
extension Scan {
    /// An async member of the module and the call it wraps in a continuation.
    struct ContinuationWrapper: Equatable {
        /// `waitForReady()`, or a property's name.
        var member: String
        /// What the member returns (which tells overloads apart).
        var returns: String
        /// The call's argument labels, `_` where there is none and `{` for a trailing closure;
        /// nil when the call goes on past its line (`start(bootstrap: bootstrap, printToConsole) {`
        /// reads as `bootstrap`, `_`, `{`).
        var arguments: [String]?
    }

    /// The module's public async methods (and async properties) that wrap a callback method in
    /// a continuation (ConfigCat's `ConfigCatClient.waitForReady() async -> ClientCacheState`:
    /// `withUnsafeContinuation { continuation in hooks.addOnReady { state in … } }`; Kingfisher's
    /// `diskStorageSize: UInt { get async throws }` around `calculateDiskStorageSize`): the SDK's
    /// own async form of that method, whatever it is called. By the called method's name, every
    /// wrapper of it in the order read.
    static func methodsWrappedInContinuations(in files: [File]) -> [String: [ContinuationWrapper]] {
        var wrapped: [String: [ContinuationWrapper]] = [:]
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            var member: String?
            var signature = ""
            var isAsync = false
            var inContinuation = false
            // Brace depth, and the depths of `public extension` bodies, whose members are public
            // without saying so (FirebaseStorage's `public extension StorageReference { func
            // data(maxSize:) async throws -> Data`).
            var depth = 0
            var publicBodies: [Int] = []
            for line in text.split(separator: "\n") {
                let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
                if trimmed.hasPrefix("//") { continue }
                defer {
                    depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
                    while let last = publicBodies.last, last > depth { publicBodies.removeLast() }
                }
                if trimmed.hasPrefix("public extension ") || trimmed.contains(" public extension ") { publicBodies.append(depth + 1) }
                let isPublic = line.contains("public ") || line.contains("open ")
                    || (publicBodies.last == depth && !["private", "fileprivate", "internal"].contains { line.contains($0 + " ") })
                if let range = line.range(of: "func ") ?? line.range(of: "var ") {
                    let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    member = isPublic && !name.isEmpty ? String(name) + (line[range].hasPrefix("func") ? "()" : "") : nil
                    signature = String(line)
                    isAsync = false
                    inContinuation = false
                } else if member != nil, !signature.contains("{") {
                    // A signature over several lines, up to its body's brace.
                    signature += " " + trimmed
                }
                guard let name = member else { continue }
                if signature.contains(" async") || trimmed.hasPrefix("get async") { isAsync = true }
                guard isAsync else { continue }
                if trimmed.contains("Continuation {") || trimmed.contains("Continuation({") {
                    inContinuation = true
                    continue
                }
                // The call's result discarded, returned or kept (FirebaseStorage's `_ = self.getData(
                // maxSize: maxSize) { result in` in `data(maxSize:) async`): the same call.
                let call = Self.droppingResultUse(trimmed)
                guard inContinuation, let open = call.firstIndex(where: { $0 == "(" || $0 == "{" }) else { continue }
                // `hooks.addOnReady {`, `self.fetch(id: id) {`, `calculateDiskStorageSize {`.
                let chain = String(call[..<open].reversed().drop(while: { $0 == " " }).reversed())
                let callee = chain.split(separator: ".").last.map(String.init) ?? ""
                guard !callee.isEmpty, !chain.contains(" "), callee.first?.isLowercase == true,
                    callee.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), callee != "resume", !callee.hasPrefix("with"),
                    wrapped[callee]?.contains(where: { $0.member == name }) != true
                else { continue }
                // Without a `where` clause (NIO's `get() async throws -> Value where Value: Sendable`).
                let head = (signature.components(separatedBy: " where ").first ?? signature).prefix { $0 != "{" }
                // A method without an arrow returns nothing; a property's type follows its colon.
                let returns = head.range(of: "->").map { String(head[$0.upperBound...]) }
                    ?? (name.hasSuffix("()") ? nil : head.range(of: ":", options: .backwards).map { String(head[$0.upperBound...]) }) ?? ""
                wrapped[callee, default: []].append(
                    ContinuationWrapper(
                        member: name, returns: returns.split(separator: " ").joined(separator: " "),
                        arguments: Self.argumentLabels(ofCallAt: open, in: call)))
            }
        }
        return wrapped
    }

    /// A line's call without what is done with its result: `_ = `, `return `, `let task = `.
    static func droppingResultUse(_ line: Substring) -> Substring {
        var rest = line
        for prefix in ["_ = ", "return "] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        for keyword in ["let ", "var "] where rest.hasPrefix(keyword) {
            let name = rest.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let after = rest.dropFirst(keyword.count + name.count)
            if !name.isEmpty, after.hasPrefix(" = ") { rest = after.dropFirst(3) }
        }
        return rest
    }

    /// The argument labels of the call opening at `open`, up to its trailing closure or a closure
    /// argument (`completionHandler: { result in`); nil when its arguments go on past the line.
    static func argumentLabels(ofCallAt open: Substring.Index, in call: Substring) -> [String]? {
        if call[open] == "{" { return ["{"] }
        var labels: [String] = []
        var argument = ""
        var depth = 0
        var inString = false
        for index in call.indices[call.index(after: open)...] {
            let character = call[index]
            if character == "\"" { inString.toggle() }
            if !inString {
                switch character {
                case "(", "[", "{": depth += 1
                case ")" where depth == 0, "," where depth == 0:
                    if !argument.allSatisfy(\.isWhitespace) { labels.append(Self.label(ofArgument: argument)) }
                    argument = ""
                    guard character == ")" else { continue }
                    let rest = call[call.index(after: index)...].drop(while: { $0 == " " })
                    return labels + (rest.hasPrefix("{") ? ["{"] : [])
                case ")", "]", "}": depth -= 1
                default: break
                }
            }
            argument.append(character)
        }
        // A closure argument whose body is on the lines below (`completionHandler: { result in`):
        // the call's last argument.
        let opened = argument.firstIndex(of: "{")
        guard depth > 0, let opened, !argument[..<opened].contains(where: { "([".contains($0) }) else { return nil }
        return labels + [Self.label(ofArgument: argument)]
    }

    /// `maxSize: maxSize` → `maxSize`; `printToConsole` → `_`.
    private static func label(ofArgument argument: String) -> String {
        let trimmed = argument.drop(while: { $0 == " " })
        let name = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        let after = trimmed.dropFirst(name.count).drop(while: { $0 == " " })
        return !name.isEmpty && after.hasPrefix(":") && !after.hasPrefix("::") ? String(name) : "_"
    }
}
