import DeclParser

/// What scan learns about callback properties from the whole library: which are typed by a
/// closure typealias, which the library reads, and which it sets to a handler of its own.
extension Scan {
    /// The properties whose type is a closure typealias (Reachability's `whenReachable:
    /// NetworkReachable?`), by name: callback properties too.
    static func propertiesOfClosureAliases(_ types: [SourceType], aliases: [String: FunctionTypeSyntax]) -> Set<String> {
        Set(types.flatMap { type in
            type.members.filter { member in
                guard member.kind == .property, !member.isStatic, case .context(let property)? = member.declaration, let declared = property.type,
                    case .named(let components) = declared.strippingAttributes.unwrappingOptional.kind, let last = components.last
                else { return false }
                return aliases[last.name.name] != nil || aliases["qualified " + type.name + "." + last.name.name] != nil
            }.map(\.name)
        })
    }

    /// Callback properties the library's code reads somewhere (calls, or hands on) other than
    /// where it declares or assigns them. One it never reads (Swift-ActionCableClient's
    /// `onRejected`, declared and documented, never called) is no event source.
    /// Each name read as some object's property (`channel.onRejected`), and `Type.name` for one
    /// read as its own (`self.onRejected`, or bare) in a file that declares `Type`: Swift-
    /// ActionCableClient's `Channel` reads its `onRejected`, and nothing reads
    /// `ActionCableClient.onRejected`.
    static func propertiesTheLibraryReads(_ names: Set<String>, in files: [File]) -> Set<String> {
        var read: Set<String> = []
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            // The top-level type (or extension) the line stands in: whose own property a bare
            // read is. Not a type nested in it (YPImagePicker's `YPPickerVC.Mode`).
            var declared: String?
            var depth = 0
            for line in text.split(separator: "\n") where !line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "{" || $0 == "<" })
                if depth == 0, let index = words.firstIndex(where: { ["class", "struct", "extension", "protocol", "enum", "actor"].contains($0) }),
                    index + 1 < words.count, !["var", "func", "let"].contains(words[index + 1])
                {
                    declared = String(words[index + 1].split(separator: ".").last ?? words[index + 1])
                }
                let code = line.components(separatedBy: "//").first ?? ""
                depth = max(0, depth + code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count)
                for name in names where !read.contains(name) && line.contains(name) {
                    var rest = line[...]
                    while let range = rest.range(of: name) {
                        let before = rest[..<range.lowerBound].last
                        let after = rest[range.upperBound...]
                        rest = after
                        // The whole identifier, not a longer one, nor its declaration.
                        if let before, before.isLetter || before.isNumber || before == "_" { continue }
                        if let next = after.first, next.isLetter || next.isNumber || next == "_" { continue }
                        // Its declaration (`var onRejected: (() -> Void)?`), not `if let onRejected {`
                        // or `if let callback = onConnected {`, which read it.
                        let head = line[..<range.lowerBound].split(whereSeparator: { $0 == " " || $0 == "\t" })
                        let following = after.drop(while: { $0 == " " })
                        if ["var", "let"].contains(head.last ?? ""), following.hasPrefix(":") { continue }
                        if following.hasPrefix("=") && !following.hasPrefix("==") { continue }
                        // A handler added to a list (`eventHandlers.append(handler)`) is no call of it.
                        if following.hasPrefix(".append(") { continue }
                        let own = before != "." || line[..<range.lowerBound].hasSuffix("self.")
                        if own, let declared {
                            read.insert(declared + "." + name)
                            continue
                        }
                        read.insert(name)
                        break
                    }
                }
            }
        }
        return read
    }

    /// Callback properties the library's own code sets to a handler of its own (Eureka's
    /// `navigationAccessoryView.doneClosure = { [weak self] in … }`, ReSwift's
    /// `subscription.observer = { … }`), by name, with the file that does: the library's plumbing,
    /// whose handler a stream would replace. Only a closure written there: not `= nil`, an empty
    /// closure, a parameter stored (`self.onChange = onChange`, `= newValue`), or a comment's example.
    static func propertiesTheLibrarySets(_ names: Set<String>, in files: [File]) -> [String: String] {
        var found: [String: String] = [:]
        for file in files where !InternalUse.says(InternalUse.leadingComment(of: file.bytes)) {
            let fileName = String(file.path.split(separator: "/").last ?? Substring(file.path))
            let text = String(decoding: file.bytes, as: UTF8.self)
            for line in text.split(separator: "\n") where !line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//") {
                // Each assignment's target, read once: the identifier before ` = ` (a line per
                // name was 45 million searches on SwiftyDropbox's 6 MB of generated routes).
                var rest = line[...]
                while let assignment = rest.range(of: " = ") {
                    defer { rest = rest[assignment.upperBound...] }
                    let target = line[..<assignment.lowerBound]
                    let name = String(target.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
                    guard !name.isEmpty, names.contains(name), found[name] == nil else { continue }
                    let before = target.dropLast(name.count)
                    let value = line[assignment.upperBound...]
                    // Or another object's, set to a handler the library was given (Eureka's
                    // `completionController?.onDismissCallback = callback`, wiring a row to the
                    // controller it presents).
                    if before.last == ".", !before.dropLast().hasSuffix("self"), let first = value.first, first.isLetter,
                        // Not a setter passing its value on (PubNub's `set { subscription.onMessage = newValue }`).
                        !["nil", "newValue"].contains(where: value.hasPrefix)
                    {
                        found[name] = fileName
                        continue
                    }
                    guard value.hasPrefix("{"), [".", " ", "\t"].contains(before.last) else { continue }
                    let body = value.dropFirst().drop(while: { $0 == " " })
                    if !body.hasPrefix("}") && !body.hasPrefix("_ in }") { found[name] = fileName }
                }
            }
        }
        return found
    }

    /// Of the callback properties the library sets, those it sets on another object (one it
    /// made: a cell, a view, a sheet) to a closure that hands the call to its own delegate
    /// (Sendbird's `messageCell.userProfileTapHandler = { [weak self] in … self.delegate?.…(…) }`),
    /// by name, with that delegate: the library's wiring, not the app's events. Not a closure
    /// the object sets on itself (TOCropViewController's `self.onDidTapDone = { delegate… }`,
    /// installed for the app's delegate when it has one).
    static func propertiesForwardedToDelegates(_ names: Set<String>, in files: [File]) -> [String: String] {
        var found: [String: String] = [:]
        guard !names.isEmpty else { return found }
        for file in files where !InternalUse.says(InternalUse.leadingComment(of: file.bytes)) {
            let text = String(decoding: file.bytes, as: UTF8.self)
            guard names.contains(where: { text.contains("." + $0 + " = {") }) else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                guard let assignment = line.range(of: " = {") else { continue }
                let target = line[..<assignment.lowerBound]
                let name = String(target.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
                let before = target.dropLast(name.count)
                guard names.contains(name), found[name] == nil, before.last == ".", !before.dropLast().hasSuffix("self") else { continue }
                // The closure's lines, to its closing brace (a handful: a forwarder is short).
                // Not one that also calls a handler of the library's own (QRCodeReader's view
                // controller hands each code to its `completionBlock?(…)` and its delegate): the
                // property is then the API that handler stands on.
                var depth = 0
                var delegate: String?
                for body in lines[index..<min(lines.count, index + 12)] {
                    let code = body.components(separatedBy: "//").first ?? ""
                    if let range = code.range(of: #"[A-Za-z]*[dD]elegate\?\."#, options: .regularExpression) {
                        delegate = delegate ?? String(code[range].dropLast(2))
                    } else if code.range(of: #"[A-Za-z_]\?\("#, options: .regularExpression) != nil {
                        delegate = nil
                        break
                    }
                    depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
                    if depth <= 0 { break }
                }
                if let delegate { found[name] = delegate }
            }
        }
        return found
    }
}
