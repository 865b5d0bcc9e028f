// Module Templates — a small logic-less template language, in which the generated file's
// frame is written (the default templates in Templates/, and the user's `--templates`). The
// code inside it is printed by the Generator's `CodePrinter`.

/// A small, strict, logic-less template language (a subset of Mustache):
///
/// - `{{name}}` inserts a string; `{{.}}` the current list item. No HTML escaping.
/// - `{{#name}}…{{/name}}` renders for a true flag, a non-empty string, once per list item, or
///   inside an object; `{{^name}}…{{/name}}` renders when the value is false or empty.
/// - `{{> name}}` includes another template where the tag stands.
/// - Values and partials are inserted as written: templates hold comments and plain lines, and
///   the Generator's `CodePrinter` indents what they render where it places it.
/// - `{{! comment }}` renders nothing.
///
/// A line holding only a section, comment or partial tag (and white space) disappears entirely,
/// so templates can be laid out like the code they produce. Unknown names, unclosed
/// sections and unknown partials are errors with the template's `path:line:col`.
public struct Template: Sendable {
    public let path: String
    let nodes: [Node]

    indirect enum Node: Sendable {
        /// Text without line breaks.
        case text(String)
        case newline
        case variable(String, Location)
        case section(String, inverted: Bool, children: [Node], Location)
        case partial(String, Location)
    }

    struct Location: Sendable {
        var line: Int
        var column: Int
    }

    public init(path: String, source: String) throws(TemplateError) {
        self.path = path
        nodes = try TemplateParser(path: path, source: source).parse()
    }
}

/// Parses template source into nodes, applying the standalone-line rule.
struct TemplateParser {
    let path: String
    let source: String

    enum Piece {
        /// Text without line breaks, as UTF-8.
        case text([UInt8])
        case newline
        case tag(kind: Character?, name: String, location: Template.Location)
    }

    func error(_ message: String, at location: Template.Location) -> TemplateError {
        TemplateError(path: path, line: location.line, column: location.column, message: message)
    }

    /// Splits the source into lines of text and tags.
    ///
    /// On UTF-8 bytes, as the delimiters are ASCII. Columns count Unicode scalars, as editors do:
    /// every byte that does not continue a multi-byte sequence starts one.
    func lex() throws(TemplateError) -> [[Piece]] {
        let bytes = Array(source.utf8)
        var lines: [[Piece]] = [[]]
        var line = 1
        var column = 1
        var index = 0
        var textStart = 0
        func flushText(upTo end: Int) {
            if end > textStart { lines[lines.count - 1].append(.text(Array(bytes[textStart..<end]))) }
        }
        func startsScalar(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        let lineBreak = UInt8(ascii: "\n")
        while index < bytes.count {
            let byte = bytes[index]
            if byte == lineBreak {
                flushText(upTo: index)
                lines[lines.count - 1].append(.newline)
                lines.append([])
                line += 1
                column = 1
                index += 1
                textStart = index
                continue
            }
            guard byte == open, index + 1 < bytes.count, bytes[index + 1] == open else {
                if startsScalar(byte) { column += 1 }
                index += 1
                continue
            }
            flushText(upTo: index)
            let location = Template.Location(line: line, column: column)
            column += 2
            let insideStart = index + 2
            var end = insideStart
            var closed = false
            while end < bytes.count {
                let inner = bytes[end]
                if inner == lineBreak {
                    throw error("tag is not closed on its line; close it with '}}'", at: location)
                }
                if inner == close, end + 1 < bytes.count, bytes[end + 1] == close {
                    closed = true
                    break
                }
                if startsScalar(inner) { column += 1 }
                end += 1
            }
            if !closed { throw error("tag is not closed; close it with '}}'", at: location) }
            column += 2
            lines[lines.count - 1].append(try tag(String(decoding: bytes[insideStart..<end], as: UTF8.self), at: location))
            index = end + 2
            textStart = index
        }
        flushText(upTo: bytes.count)
        return lines
    }

    func tag(_ inside: String, at location: Template.Location) throws(TemplateError) -> Piece {
        var body = Substring(inside)
        var kind: Character?
        if let first = body.first, "#^/>!".contains(first) {
            kind = first
            body = body.dropFirst()
        }
        let name = body.trimmingSpaces
        if kind == "!" { return .tag(kind: kind, name: "", location: location) }
        if name.isEmpty { throw error("empty tag name", at: location) }
        let valid = name == "." || name.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        if !valid { throw error("invalid tag name '\(name)'; names are letters, digits, '_' and '-'", at: location) }
        return .tag(kind: kind, name: name, location: location)
    }

    static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    func parse() throws(TemplateError) -> [Template.Node] {
        let lines = try lex()
        // Flatten lines into pieces, dropping standalone lines' white space and line break.
        var flat: [Piece] = []
        for line in lines {
            let tags = line.filter { if case .tag = $0 { return true } else { return false } }
            let onlySpace = line.allSatisfy {
                if case .text(let text) = $0 { return text.allSatisfy(Self.isSpaceOrTab) }
                return true
            }
            // A line holding one section, partial or comment tag and white space goes entirely.
            if tags.count == 1, onlySpace, case .tag(_?, _, _) = tags[0] {
                flat.append(tags[0])
                continue
            }
            flat += line
        }
        var index = 0
        func parseNodes(until closing: (name: String, location: Template.Location)?) throws(TemplateError) -> [Template.Node] {
            var nodes: [Template.Node] = []
            while index < flat.count {
                let piece = flat[index]
                index += 1
                switch piece {
                case .text(let text):
                    nodes.append(.text(String(decoding: text, as: UTF8.self)))
                case .newline:
                    nodes.append(.newline)
                case .tag(nil, let name, let location):
                    nodes.append(.variable(name, location))
                case .tag("!", _, _):
                    break
                case .tag(">", let name, let location):
                    nodes.append(.partial(name, location))
                case .tag(let kind?, let name, let location) where kind == "#" || kind == "^":
                    let children = try parseNodes(until: (name, location))
                    nodes.append(.section(name, inverted: kind == "^", children: children, location))
                case .tag(_, let name, let location):  // "/"
                    guard let closing else {
                        throw error("'{{/\(name)}}' closes a section that was never opened", at: location)
                    }
                    guard closing.name == name else {
                        throw error(
                            "'{{/\(name)}}' does not match the open section '\(closing.name)' (opened at \(closing.location.line):\(closing.location.column))",
                            at: location)
                    }
                    return nodes
                }
            }
            if let closing {
                throw error("section '\(closing.name)' is never closed; add '{{/\(closing.name)}}'", at: closing.location)
            }
            return nodes
        }
        return try parseNodes(until: nil)
    }
}

extension Substring {
    var trimmingSpaces: String {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
