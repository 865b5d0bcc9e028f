import Foundation

/// Methods that register a target-action with UIKit or AppKit (decision 161).
extension Scan {
    /// The methods whose body registers an Objective-C action (`addTarget(self, action:
    /// #selector(actionOnTouchUpInside), for: .touchUpInside)`, or a gesture recognizer over
    /// several lines): a control calls its action for every event of that kind, so a closure
    /// such a method keeps comes as often (alerts-and-pickers' `Button.action(_:)`,
    /// `TextField.action(closure:)`).
    ///
    /// Keyed `Type.method` (the type a file declares at file level), each with the names on the
    /// right of the method's plain assignments (`self.actionOnTouch = closure` → `closure`): what
    /// it keeps. Only lines inside the method's braces count: a property's initializer below it
    /// (`lazy var button = { $0.addTarget(…) }`) is not the method's.
    static func methodsRegisteringTargetActions(in files: [File]) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for file in files {
            var depth = 0
            var type = ""
            var method: (name: String, depth: Int, opened: Bool)?
            var selectors: Set<String> = []
            var registrations: Set<String> = []
            var kept: Set<String> = []
            for line in String(decoding: file.bytes, as: UTF8.self).split(separator: "\n") {
                let code = line.drop(while: { $0 == " " || $0 == "\t" })
                if code.hasPrefix("//") { continue }
                if depth == 0 {
                    let words = code.split(separator: " ")
                    if let keyword = words.firstIndex(where: { ["class", "struct", "enum", "extension", "actor"].contains($0) }),
                        keyword + 1 < words.count
                    {
                        type = String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    }
                }
                if let range = line.range(of: "func ") {
                    let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    method = name.isEmpty ? nil : (String(name), depth, false)
                    selectors.remove(String(name))
                    registrations.remove(String(name))
                    kept = []
                } else if let open = method, !open.opened, depth == open.depth,
                    ["var ", "let ", "lazy ", "init", "case ", "@", "private ", "fileprivate ", "public ", "open ", "internal "].contains(where: code.hasPrefix)
                {
                    // The next declaration after one without a body (a protocol's requirement).
                    method = nil
                }
                // Over several lines (`UITapGestureRecognizer(` … `action: #selector(…))` …
                // `addGestureRecognizer(gesture)`).
                if let open = method {
                    if code.contains("#selector(") { selectors.insert(open.name) }
                    if code.contains("addTarget(") || code.contains("addGestureRecognizer(") { registrations.insert(open.name) }
                    if let equals = code.range(of: " = ") {
                        let value = code[equals.upperBound...].trimmingCharacters(in: .whitespaces)
                        if !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { kept.insert(value) }
                    }
                    if selectors.contains(open.name), registrations.contains(open.name) { found[type + "." + open.name, default: []].formUnion(kept) }
                }
                depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
                if var open = method {
                    if line.contains("{") { open.opened = true }
                    method = open.opened && depth <= open.depth ? nil : open
                }
            }
        }
        return found
    }
}
