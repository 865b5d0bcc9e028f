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

    /// The text the template `name` renders for `value`, as the template lays it out (the
    /// blank-line rules are the `CodePrinter`'s, applied afterwards).
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
                output.write(lines: text)
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
                let saved = output.beginIndent(indent)
                try render(partial.nodes, of: partial, stack: &stack, into: &output, depth: depth + 1)
                output.endIndent(saved)
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

/// The output being rendered, with the indentation due at the start of each line.
///
/// Indentation is written lazily, before a line's first character: a partial adds its
/// indentation for what it writes, and blank lines stay empty.
struct TextWriter {
    private(set) var text = ""
    /// The indentation of every enclosing partial, outermost first.
    private var indent = ""
    private var atLineStart = true
    /// A partial that starts mid-line indents its first line by its own indentation only.
    private var firstLinePrefix = ""

    private mutating func beginLine() {
        if atLineStart {
            text += indent
            atLineStart = false
        } else if !firstLinePrefix.isEmpty {
            text += firstLinePrefix
            firstLinePrefix = ""
        }
    }

    /// Text without line breaks.
    mutating func write(_ piece: String) {
        guard !piece.isEmpty else { return }
        beginLine()
        text += piece
    }

    mutating func newline() {
        text += "\n"
        atLineStart = true
        firstLinePrefix = ""
    }

    /// Any text; its lines after the first start at the indentation of the line it starts on.
    mutating func write(lines value: String) {
        let lines = value.lines
        guard lines.count > 1 else { return write(value) }
        let lineIndent = currentLineIndentation
        let saved = indent
        for (index, line) in lines.enumerated() {
            if index > 0 {
                newline()
                indent = lineIndent
            }
            write(String(line))
        }
        indent = saved
    }

    /// The spaces and tabs that start the line being written (or that will start it).
    private var currentLineIndentation: String {
        if atLineStart { return indent }
        let lineStart = text.unicodeScalars.lastIndex(of: "\n").map { text.unicodeScalars.index(after: $0) }
        let line = text.unicodeScalars[(lineStart ?? text.unicodeScalars.startIndex)...]
        return String(String.UnicodeScalarView(line.prefix { $0 == " " || $0 == "\t" }))
    }

    /// Starts a partial indented by `extra`; returns what `endIndent` restores.
    mutating func beginIndent(_ extra: String) -> (indent: String, prefix: String) {
        let saved = (indent, firstLinePrefix)
        guard !extra.isEmpty else { return saved }
        indent += extra
        if !atLineStart { firstLinePrefix += extra }
        return saved
    }

    mutating func endIndent(_ saved: (indent: String, prefix: String)) {
        indent = saved.indent
        // A partial that wrote nothing on its first line leaves no prefix for the text after it.
        if firstLinePrefix.count > saved.prefix.count { firstLinePrefix = saved.prefix }
    }
}
