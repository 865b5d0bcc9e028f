/// The module's own async forms, found by what they wrap in a continuation (decisions 114, 157).
extension Scan {
    /// The module's public async methods (and async properties) that wrap a callback method in
    /// a continuation (ConfigCat's `ConfigCatClient.waitForReady() async -> ClientCacheState`:
    /// `withUnsafeContinuation { continuation in hooks.addOnReady { state in … } }`; Kingfisher's
    /// `diskStorageSize: UInt { get async throws }` around `calculateDiskStorageSize`): the SDK's
    /// own async form of that method, whatever it is called. By the called method's name, with
    /// the async member and what it returns (which tells overloads apart).
    static func methodsWrappedInContinuations(in files: [File]) -> [String: (member: String, returns: String)] {
        var wrapped: [String: (member: String, returns: String)] = [:]
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
                    wrapped[callee] == nil
                else { continue }
                // Without a `where` clause (NIO's `get() async throws -> Value where Value: Sendable`).
                let head = (signature.components(separatedBy: " where ").first ?? signature).prefix { $0 != "{" }
                let returns = head.range(of: "->").map { String(head[$0.upperBound...]) }
                    ?? head.range(of: ":", options: .backwards).map { String(head[$0.upperBound...]) } ?? ""
                wrapped[callee] = (name, returns.split(separator: " ").joined(separator: " "))
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
}
