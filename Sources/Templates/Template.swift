/// A small, strict, logic-less template language (a subset of Mustache):
///
/// - `{{name}}` inserts a string; `{{.}}` the current list item. No HTML escaping.
/// - `{{#name}}…{{/name}}` renders for a true flag, a non-empty string, once per list item, or
///   inside an object; `{{^name}}…{{/name}}` renders when the value is false or empty.
/// - `{{> name}}` includes another template, indented to the column of the tag.
/// - `{{! comment }}` renders nothing.
///
/// A line holding only a section, comment or partial tag (and white space) disappears entirely,
/// so templates can be laid out like the code they produce. A variable alone on its line whose
/// value spans several lines gets the tag's indentation on every line. Unknown names, unclosed
/// sections and unknown partials are errors with the template's `path:line:col`.
public struct Template: Sendable {
    public let path: String
    /// Every node in order, a section's children right after it: rendering walks ranges of
    /// plain records and never retains anything of the template (threads render the same
    /// templates at once, and reference counts on shared nodes made the cores contend).
    let nodes: [Node]
    /// Tag names, by `Node.name`.
    let names: [String]
    /// Where this template's names start in a `LookupCache` (set by its `TemplateSet`).
    var lookupBase = 0
    /// For each name, the position in its `TemplateSet`'s `ordered` of the template it names
    /// (set by the set; -1 for a name no template has).
    var partialTargets: [Int] = []
    /// Text and indentation, by `Node.start` and `Node.count`.
    let bytes: Bytes

    struct Node: Sendable {
        enum Kind: UInt8, Sendable {
            /// Text without line breaks: rendering copies it and never scans it. Line breaks are
            /// their own nodes, and only there can indentation be due.
            case text
            case newline
            case variable
            case section
            case invertedSection
            case partial
        }

        var kind: Kind
        /// Variable, section, partial: the tag's name in `names`.
        var name = 0
        /// Text: its bytes. Partial: its indentation. Variable: its indentation when the tag
        /// stands alone on its line (a multi-line value continues at the tag's column), else none.
        var start = 0
        var count = 0
        /// Section: the index just past its last child.
        var end = 0
        var location = Location(line: 0, column: 0)
    }

    struct Location: Sendable {
        var line: Int
        var column: Int
    }

    /// The template's bytes in storage of its own, read through a pointer while rendering.
    final class Bytes: @unchecked Sendable {
        // @unchecked: written once, before the template is shared, and only read after.
        let base: UnsafeMutableBufferPointer<UInt8>

        init(_ bytes: [UInt8]) {
            base = .allocate(capacity: Swift.max(bytes.count, 1))
            _ = base.initialize(from: bytes)
        }

        deinit { base.deallocate() }
    }

    /// A node's text or indentation (valid while the template is).
    func bytes(of node: Node) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes.base[node.start..<(node.start + node.count)])
    }

    public init(path: String, source: String) throws(TemplateError) {
        self.path = path
        let parsed = try TemplateParser(path: path, source: source).parse()
        nodes = parsed.nodes
        names = parsed.names
        bytes = Bytes(parsed.bytes)
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
    /// On UTF-8 bytes: the delimiters are ASCII, and the runtime template alone is tens of
    /// kilobytes that every run parses (appending it to strings scalar by scalar was most of a
    /// small input's run). Columns count Unicode scalars, as editors do: every byte that does
    /// not continue a multi-byte sequence starts one.
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

    func parse() throws(TemplateError) -> (nodes: [Template.Node], names: [String], bytes: [UInt8]) {
        let lines = try lex()
        // Flatten lines into pieces, dropping standalone lines' white space and line break.
        var flat: [(Piece, indent: [UInt8]?)] = []
        for line in lines {
            let tags = line.filter { if case .tag = $0 { return true } else { return false } }
            let onlySpace = line.allSatisfy {
                switch $0 {
                case .text(let text): return text.allSatisfy(Self.isSpaceOrTab)
                default: return true
                }
            }
            let indent: [UInt8] = {
                if case .text(let text)? = line.first, text.allSatisfy(Self.isSpaceOrTab) { return text }
                return []
            }()
            if tags.count == 1, onlySpace, case .tag(let kind, _, _) = tags[0] {
                if kind != nil {
                    // Standalone section/partial/comment: the whole line goes.
                    flat.append((tags[0], indent: indent))
                    continue
                }
                // A variable alone on its line: keep the line, remember its indentation.
                for piece in line {
                    if case .tag = piece { flat.append((piece, indent: indent)) } else { flat.append((piece, indent: nil)) }
                }
                continue
            }
            for piece in line { flat.append((piece, indent: nil)) }
        }

        var nodes: [Template.Node] = []
        var names: [String] = []
        var bytes: [UInt8] = []
        func node(_ kind: Template.Node.Kind, bytes text: [UInt8] = [], name tag: String? = nil, location: Template.Location) -> Template.Node {
            var node = Template.Node(kind: kind, start: bytes.count, count: text.count, location: location)
            bytes += text
            if let tag {
                node.name = names.count
                names.append(tag)
            }
            return node
        }
        var index = 0
        func parseNodes(until closing: (name: String, location: Template.Location)?) throws(TemplateError) {
            while index < flat.count {
                let (piece, indent) = flat[index]
                index += 1
                switch piece {
                case .text(let text):
                    nodes.append(node(.text, bytes: text, location: Template.Location(line: 0, column: 0)))
                case .newline:
                    nodes.append(node(.newline, location: Template.Location(line: 0, column: 0)))
                case .tag(let kind, let tag, let location):
                    switch kind {
                    case nil:
                        nodes.append(node(.variable, bytes: indent ?? [], name: tag, location: location))
                    case "!":
                        break
                    case ">":
                        nodes.append(node(.partial, bytes: indent ?? [], name: tag, location: location))
                    case "#", "^":
                        let section = nodes.count
                        nodes.append(node(kind == "^" ? .invertedSection : .section, name: tag, location: location))
                        try parseNodes(until: (tag, location))
                        nodes[section].end = nodes.count
                    case "/":
                        guard let closing else {
                            throw error("'{{/\(tag)}}' closes a section that was never opened", at: location)
                        }
                        guard closing.name == tag else {
                            throw error(
                                "'{{/\(tag)}}' does not match the open section '\(closing.name)' (opened at \(closing.location.line):\(closing.location.column))",
                                at: location)
                        }
                        return
                    default:
                        break
                    }
                }
            }
            if let closing {
                throw error("section '\(closing.name)' is never closed; add '{{/\(closing.name)}}'", at: closing.location)
            }
        }
        try parseNodes(until: nil)
        return (nodes, names, bytes)
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
