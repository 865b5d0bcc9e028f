/// Renders templates against a value, resolving partials from a fixed set of templates.
public struct TemplateSet: Sendable {
    public let templates: [String: Template]

    public init(_ templates: [String: Template]) {
        self.templates = templates
    }

    /// Parses every named source once.
    public init(sources: [(name: String, path: String, source: String)]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, path, source) in sources {
            templates[name] = try Template(path: path, source: source)
        }
        self.init(templates)
    }

    /// The text the template `name` renders for `value`, as the template lays it out.
    public func render(_ name: String, _ value: TemplateValue) throws(TemplateError) -> String {
        guard let template = templates[name] else {
            throw TemplateError(path: name, line: 1, column: 1, message: "no template named '\(name)'")
        }
        var writer = TextWriter()
        var stack = [value]
        try render(template.nodes, of: template, stack: &stack, into: &writer, depth: 0)
        return writer.text
    }

    private static let maximumPartialDepth = 32

    private func render(
        _ nodes: [Template.Node], of template: Template, stack: inout [TemplateValue], into output: inout TextWriter,
        depth: Int
    ) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.write(text)
            case .newline:
                output.newline()
            case .variable(let name, let location):
                guard case .string(let text) = try lookup(name, in: stack, template: template, location: location) else {
                    throw TemplateError(
                        path: template.path, line: location.line, column: location.column,
                        message: "'\(name)' is a list, flag or object; use '{{#\(name)}}' to render it")
                }
                output.write(text)
            case .section(let name, let inverted, let children, let location):
                let value = try lookup(name, in: stack, template: template, location: location)
                if inverted {
                    if !value.isTruthy { try render(children, of: template, stack: &stack, into: &output, depth: depth) }
                    continue
                }
                switch value {
                case .list(let items):
                    for item in items {
                        stack.append(item)
                        try render(children, of: template, stack: &stack, into: &output, depth: depth)
                        stack.removeLast()
                    }
                case .object:
                    stack.append(value)
                    try render(children, of: template, stack: &stack, into: &output, depth: depth)
                    stack.removeLast()
                default:
                    if value.isTruthy { try render(children, of: template, stack: &stack, into: &output, depth: depth) }
                }
            case .partial(let name, let location):
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
                try render(partial.nodes, of: partial, stack: &stack, into: &output, depth: depth + 1)
            }
        }
    }

    private func lookup(_ name: String, in stack: [TemplateValue], template: Template, location: Template.Location)
        throws(TemplateError) -> TemplateValue
    {
        if name == "." { return stack[stack.count - 1] }
        for frame in stack.reversed() {
            if case .object(let fields) = frame, let value = fields[name] { return value }
        }
        throw TemplateError(
            path: template.path, line: location.line, column: location.column, message: "unknown key '\(name)'")
    }
}

/// The output being rendered.
struct TextWriter {
    private(set) var text = ""

    mutating func write(_ piece: String) { text += piece }

    mutating func newline() { text += "\n" }
}
