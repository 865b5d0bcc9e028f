import Foundation
import Parallel
import Text

/// Renders templates against a value, resolving partials from a fixed set of templates.
public struct TemplateSet: Sendable {
    /// The templates in name order. A partial renders from its place here
    /// (`Template.partialTargets`), where a dictionary lookup hashed its name and copied it out
    /// (four reference counts, on objects every core shares, per partial rendered).
    private var ordered: [Template] = []
    /// Each template's position in `ordered`, by name.
    private var positions: [String: Int] = [:]
    /// How many names all templates have: the size of a `LookupCache`.
    private var nameCount = 0

    public var templates: [String: Template] { positions.mapValues { ordered[$0] } }

    public init(_ templates: [String: Template]) {
        let names = templates.keys.sorted()
        ordered = names.map { templates[$0]! }
        positions = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
        resolveNames()
    }

    /// Parses every named source once.
    public init(sources: [(name: String, path: String, source: String)]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, path, source) in sources {
            templates[name] = try Template(path: path, source: source)
        }
        self.init(templates)
    }

    /// Gives each template's names their own slots in a `LookupCache`, and the position of the
    /// template a partial tag with that name includes.
    private mutating func resolveNames() {
        var next = 0
        for index in ordered.indices {
            ordered[index].lookupBase = next
            next += ordered[index].names.count
            ordered[index].partialTargets = ordered[index].names.map { positions[$0] ?? -1 }
        }
        nameCount = next
    }

    public func render(_ name: String, _ value: TemplateValue) throws(TemplateError) -> String {
        try renderUTF8(name, value).string
    }

    /// The rendered text as UTF-8 bytes (what `Layout.normalize` reads).
    public func renderUTF8(_ name: String, _ value: TemplateValue) throws(TemplateError) -> TextBuffer {
        TextBuffer.joined(try renderChunks(name, value))
    }

    /// The rendered text in pieces, in order (their concatenation is the text): a long list
    /// renders on several cores, and its runs are handed on as they are, not copied into one
    /// buffer — the output of a big input is tens of megabytes. Only the last piece may be
    /// empty.
    public func renderChunks(_ name: String, _ value: TemplateValue) throws(TemplateError) -> [TextBuffer] {
        guard let position = positions[name] else {
            throw TemplateError(path: name, line: 1, column: 1, message: "no template named '\(name)'")
        }
        let template = ordered[position]
        var output = TextWriter()
        var stack = [value]
        var cache = LookupCache(count: nameCount)
        try render(0..<template.nodes.count, of: template, stack: &stack, into: &output, cache: &cache, depth: 0)
        return output.chunks
    }

    private static let maximumPartialDepth = 32
    /// Lists at least this long render on several cores.
    static let parallelItems = 64

    /// Renders `template.nodes[range]`.
    private func render(
        _ range: Range<Int>, of template: Template, stack: inout [TemplateValue], into output: inout TextWriter,
        cache: inout LookupCache, depth: Int
    ) throws(TemplateError) {
        var index = range.lowerBound
        while index < range.upperBound {
            let node = template.nodes[index]
            index += 1
            switch node.kind {
            case .text:
                output.write(template.bytes(of: node))
            case .newline:
                output.newline()
            case .variable:
                let value = try lookup(node.name, in: stack, template: template, location: node.location, cache: &cache)
                // A multi-line value alone on its line continues at the tag's column.
                let indent = template.bytes(of: node)
                switch value {
                case .string(let text):
                    text.withUTF8Bytes { output.write(utf8: $0, indentedBy: indent) }
                case .text(let text):
                    text.withBytes { output.write(utf8: $0, indentedBy: indent) }
                default:
                    let name = template.names[node.name]
                    throw TemplateError(
                        path: template.path, line: node.location.line, column: node.location.column,
                        message: "'\(name)' is a list, flag or object; use '{{#\(name)}}' to render it")
                }
            case .section, .invertedSection:
                let children = index..<node.end
                index = node.end
                let value = try lookup(node.name, in: stack, template: template, location: node.location, cache: &cache)
                if node.kind == .invertedSection {
                    if !value.isTruthy { try render(children, of: template, stack: &stack, into: &output, cache: &cache, depth: depth) }
                    continue
                }
                switch value {
                case .list(let items) where items.count >= Self.parallelItems:
                    try renderInParallel(items.count, { items[$0] }, children, of: template, stack: stack, into: &output, depth: depth)
                case .lazyList(let list) where list.count >= Self.parallelItems:
                    try renderInParallel(list.count, list.item, children, of: template, stack: stack, into: &output, depth: depth)
                case .list(let items):
                    try renderItems(
                        items.indices, { items[$0] }, children, of: template, stack: &stack, into: &output, cache: &cache, depth: depth)
                case .strings(let items):
                    try renderItems(
                        items.indices, { .string(items[$0]) }, children, of: template, stack: &stack, into: &output, cache: &cache,
                        depth: depth)
                case .lazyList(let list):
                    try renderItems(
                        0..<list.count, list.item, children, of: template, stack: &stack, into: &output, cache: &cache, depth: depth)
                case .object:
                    stack.append(value)
                    try render(children, of: template, stack: &stack, into: &output, cache: &cache, depth: depth)
                    stack.removeLast()
                default:
                    if value.isTruthy { try render(children, of: template, stack: &stack, into: &output, cache: &cache, depth: depth) }
                }
            case .partial:
                let target = template.partialTargets[node.name]
                guard target >= 0 else {
                    throw TemplateError(
                        path: template.path, line: node.location.line, column: node.location.column,
                        message: "unknown partial '\(template.names[node.name])'; known: \(positions.keys.sorted().joined(separator: ", "))")
                }
                guard depth < Self.maximumPartialDepth else {
                    throw TemplateError(
                        path: template.path, line: node.location.line, column: node.location.column,
                        message: "partials nested more than \(Self.maximumPartialDepth) deep (a partial including itself?)")
                }
                let saved = output.beginIndent(template.bytes(of: node))
                try render(
                    0..<ordered[target].nodes.count, of: ordered[target], stack: &stack, into: &output, cache: &cache,
                    depth: depth + 1)
                output.endIndent(saved)
            }
        }
    }

    /// A long list (the blocks of a big input): contiguous runs of items render independently,
    /// on all cores, and are joined in order. Each run starts from the writer's state at the
    /// section; a run that follows one ending in another state (mid-line, say) is rendered again
    /// in place, so the text is exactly what rendering one by one gives. The first failing item
    /// (in order) is the error reported, as when rendering one by one.
    private func renderInParallel(
        _ count: Int, _ item: @Sendable (Int) -> TemplateValue, _ children: Range<Int>, of template: Template,
        stack frames: [TemplateValue], into output: inout TextWriter, depth: Int
    ) throws(TemplateError) {
        let start = output.emptied()
        // Many runs per core, handed out as cores free up (the last run is rendered while the
        // other cores idle, so runs are short); one writer per run, not per item.
        let runCount = min(count, Parallel.threadCount * Parallel.batchesPerThread)
        let runs = (0..<runCount).map { (count * $0 / runCount)..<(count * ($0 + 1) / runCount) }
        let rendered = Parallel.map(runs, minimumPerThread: 1) { run -> Result<TextWriter, TemplateError> in
            var text = start
            var cache = LookupCache(count: nameCount)
            var stack = frames
            do throws(TemplateError) {
                try renderItems(run, item, children, of: template, stack: &stack, into: &text, cache: &cache, depth: depth)
            } catch {
                return .failure(error)
            }
            return .success(text)
        }
        for (run, result) in zip(runs, rendered) {
            if output.hasSameState(as: start) {
                output.append(try result.get())
            } else {
                var cache = LookupCache(count: nameCount)
                var stack = frames
                try renderItems(run, item, children, of: template, stack: &stack, into: &output, cache: &cache, depth: depth)
            }
        }
    }

    /// Items render on top of the caller's own stack (each pushed, rendered, popped): a copy of
    /// the stack to push onto was a new array for every list rendered.
    private func renderItems(
        _ indices: Range<Int>, _ item: (Int) -> TemplateValue, _ children: Range<Int>, of template: Template,
        stack: inout [TemplateValue], into output: inout TextWriter, cache: inout LookupCache, depth: Int
    ) throws(TemplateError) {
        for index in indices {
            stack.append(item(index))
            try render(children, of: template, stack: &stack, into: &output, cache: &cache, depth: depth)
            stack.removeLast()
        }
    }

    private func lookup(
        _ nameIndex: Int, in stack: [TemplateValue], template: Template, location: Template.Location,
        cache: inout LookupCache
    ) throws(TemplateError) -> TemplateValue {
        let name = template.names[nameIndex]
        // Length first: comparing two different strings is a call, for every tag rendered.
        if name.utf8.count == 1 && name == "." { return stack[stack.count - 1] }
        // The innermost object first, at the field where this tag found its value last time:
        // objects of one kind (every adapter's) are built with their fields in the same order.
        if case .object(let innermost) = stack[stack.count - 1] {
            let slot = template.lookupBase + nameIndex
            if let index = innermost.index(of: name, guess: cache.guesses[slot]) {
                cache.guesses[slot] = index
                return innermost.fields[index].value
            }
        }
        for frame in stack.reversed() {
            if case .object(let fields) = frame, let value = fields[name] { return value }
        }
        throw TemplateError(
            path: template.path, line: location.line, column: location.column, message: "unknown key '\(name)'")
    }
}

/// The output being rendered, with the indentation due at the start of each line.
///
/// Indentation is written lazily, before a line's first byte: a partial or a multi-line value
/// adds its indentation for what it writes, so nested partials never re-copy their text to
/// indent it, and blank lines stay empty (no line of output ends in white space).
struct TextWriter: Sendable {
    /// Text before `bytes`: pieces rendered apart (a long list's runs), kept as they are.
    private var finished: [TextBuffer] = []
    var bytes = TextBuffer()
    /// The indentation of every enclosing partial and multi-line value, outermost first.
    private var indent: [UInt8] = []
    private var atLineStart = true
    /// A partial that starts mid-line indents its first line by its own indentation only.
    private var firstLinePrefix: [UInt8] = []

    private mutating func beginLine() {
        if atLineStart {
            bytes.append(indent)
            atLineStart = false
        } else if !firstLinePrefix.isEmpty {
            bytes.append(firstLinePrefix)
            firstLinePrefix.removeAll(keepingCapacity: true)
        }
    }

    /// Text without line breaks.
    mutating func write(_ text: UnsafeBufferPointer<UInt8>) {
        guard !text.isEmpty else { return }
        beginLine()
        bytes.append(text)
    }

    mutating func newline() {
        bytes.append(byte: UInt8(ascii: "\n"))
        atLineStart = true
        firstLinePrefix.removeAll(keepingCapacity: true)
    }

    /// Any text; lines after the first are also indented by `extra`.
    mutating func write(utf8: UnsafeBufferPointer<UInt8>, indentedBy extra: UnsafeBufferPointer<UInt8>) {
        var lineStart = 0
        var pushed = false
        while lineStart < utf8.count {
            let end =
                memchr(utf8.baseAddress! + lineStart, Int32(UInt8(ascii: "\n")), utf8.count - lineStart).map {
                    utf8.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                } ?? utf8.count
            if end > lineStart {
                beginLine()
                bytes.append(UnsafeBufferPointer(rebasing: utf8[lineStart..<end]))
            }
            guard end < utf8.count else { break }
            newline()
            if !pushed {
                indent.append(contentsOf: extra)
                pushed = true
            }
            lineStart = end + 1
        }
        if pushed { indent.removeLast(extra.count) }
    }

    /// Starts a partial indented by `extra`; returns what `endIndent` restores.
    mutating func beginIndent(_ extra: UnsafeBufferPointer<UInt8>) -> (indent: Int, prefix: Int) {
        let saved = (indent.count, firstLinePrefix.count)
        guard !extra.isEmpty else { return saved }
        indent.append(contentsOf: extra)
        if !atLineStart { firstLinePrefix.append(contentsOf: extra) }
        return saved
    }

    mutating func endIndent(_ saved: (indent: Int, prefix: Int)) {
        indent.removeLast(indent.count - saved.indent)
        // A partial that wrote nothing on its first line leaves no prefix for the text after it.
        if firstLinePrefix.count > saved.prefix { firstLinePrefix.removeLast(firstLinePrefix.count - saved.prefix) }
    }

    /// All the text written, in order; only the last piece may be empty.
    var chunks: [TextBuffer] {
        var chunks = finished
        chunks.append(bytes)
        return chunks
    }

    /// The same state with no text yet: where a list item rendered apart starts.
    func emptied() -> TextWriter {
        var copy = self
        copy.finished = []
        copy.bytes = TextBuffer()
        return copy
    }

    func hasSameState(as other: TextWriter) -> Bool {
        atLineStart == other.atLineStart && indent == other.indent && firstLinePrefix == other.firstLinePrefix
    }

    /// Appends text rendered apart from a writer in this one's state, taking on its end state.
    mutating func append(_ other: TextWriter) {
        // Pieces, not a copy: the text of a big list is tens of megabytes.
        if !bytes.isEmpty {
            finished.append(bytes)
            bytes = TextBuffer()
        }
        finished += other.finished
        if !other.bytes.isEmpty { finished.append(other.bytes) }
        atLineStart = other.atLineStart
        firstLinePrefix = other.firstLinePrefix
    }
}

/// Where each template tag last found its value in the innermost object (`TemplateSet.lookup`):
/// one per thread, as it renders. A guess is always checked, so a wrong one costs only the
/// search it would have saved.
struct LookupCache {
    var guesses: [Int]

    init(count: Int) {
        guesses = Array(repeating: 0, count: count)
    }
}
