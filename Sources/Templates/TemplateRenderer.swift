import Parallel

/// Renders templates against a value, resolving partials from a fixed set of templates.
public struct TemplateSet: Sendable {
    public private(set) var templates: [String: Template]

    public init(_ templates: [String: Template]) {
        self.templates = templates
    }

    /// Parses every named source once.
    public init(sources: [(name: String, path: String, source: String)]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, path, source) in sources {
            templates[name] = try Template(path: path, source: source)
        }
        self.templates = templates
    }

    public func render(_ name: String, _ value: TemplateValue) throws(TemplateError) -> String {
        guard let template = templates[name] else {
            throw TemplateError(path: name, line: 1, column: 1, message: "no template named '\(name)'")
        }
        var output = ""
        var stack = [value]
        try render(template.nodes, template: template, stack: &stack, into: &output, depth: 0)
        return output
    }

    private static let maximumPartialDepth = 32
    /// Lists at least this long render on several cores.
    static let parallelItems = 64

    private func render(
        _ nodes: [Template.Node], template: Template, stack: inout [TemplateValue], into output: inout String, depth: Int
    ) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .variable(let name, let indent, let location):
                let value = try lookup(name, in: stack, template: template, location: location)
                guard case .string(let text) = value else {
                    throw TemplateError(
                        path: template.path, line: location.line, column: location.column,
                        message: "'\(name)' is a list, flag or object; use '{{#\(name)}}' to render it")
                }
                if let indent, !indent.isEmpty, text.utf8.contains(UInt8(ascii: "\n")) {
                    output += Self.indenting(text, by: indent)
                } else {
                    output += text
                }
            case .section(let name, let inverted, let children, let location):
                let value = try lookup(name, in: stack, template: template, location: location)
                if inverted {
                    if !value.isTruthy { try render(children, template: template, stack: &stack, into: &output, depth: depth) }
                    continue
                }
                switch value {
                case .list(let items) where items.count >= Self.parallelItems:
                    // A long list (the blocks of a big input): items render independently, so
                    // they render on all cores and are joined in order; the first failing item
                    // (in order) is the error reported, as when rendering one by one.
                    let frames = stack
                    let rendered = Parallel.map(items) { item -> Result<String, TemplateError> in
                        var stack = frames + [item]
                        var text = ""
                        do throws(TemplateError) {
                            try render(children, template: template, stack: &stack, into: &text, depth: depth)
                        } catch {
                            return .failure(error)
                        }
                        return .success(text)
                    }
                    for result in rendered { output += try result.get() }
                case .list(let items):
                    for item in items {
                        stack.append(item)
                        try render(children, template: template, stack: &stack, into: &output, depth: depth)
                        stack.removeLast()
                    }
                case .object:
                    stack.append(value)
                    try render(children, template: template, stack: &stack, into: &output, depth: depth)
                    stack.removeLast()
                default:
                    if value.isTruthy { try render(children, template: template, stack: &stack, into: &output, depth: depth) }
                }
            case .partial(let name, let indent, let location):
                guard let partial = templates[name] else {
                    throw TemplateError(
                        path: template.path, line: location.line, column: location.column,
                        message: "unknown partial '\(name)'; known: \(templates.keys.sorted().joined(separator: ", "))")
                }
                guard depth < Self.maximumPartialDepth else {
                    throw TemplateError(
                        path: template.path, line: location.line, column: location.column,
                        message: "partials nested more than \(Self.maximumPartialDepth) deep (a partial including itself?)")
                }
                var rendered = ""
                try render(partial.nodes, template: partial, stack: &stack, into: &rendered, depth: depth + 1)
                output += indent.isEmpty ? rendered : Self.indenting(rendered, by: indent, includingFirstLine: true)
            }
        }
    }

    private func lookup(
        _ name: String, in stack: [TemplateValue], template: Template, location: Template.Location
    ) throws(TemplateError) -> TemplateValue {
        if name == "." { return stack[stack.count - 1] }
        for frame in stack.reversed() {
            if case .object(let fields) = frame, let value = fields[name] { return value }
        }
        throw TemplateError(
            path: template.path, line: location.line, column: location.column, message: "unknown key '\(name)'")
    }

    /// Prefixes every non-empty line after the first (or every line) with `indent`; blank lines
    /// stay empty so no line of output ends in white space.
    static func indenting(_ text: String, by indent: String, includingFirstLine: Bool = false) -> String {
        // Bytes, not Characters: only line breaks matter, and they are never part of a
        // multi-byte character.
        let newline = UInt8(ascii: "\n")
        let indentBytes = Array(indent.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        var atLineStart = includingFirstLine
        for byte in text.utf8 {
            if byte == newline {
                result.append(newline)
                atLineStart = true
                continue
            }
            if atLineStart {
                result.append(contentsOf: indentBytes)
                atLineStart = false
            }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
