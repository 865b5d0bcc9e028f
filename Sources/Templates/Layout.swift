import Foundation
import Parallel
import Text

/// The renderer owns the final layout, so templates can be written for readability and the
/// output is still tidy: no trailing white space, never two blank lines in a row, no blank line
/// just inside braces, no blank lines at the start, exactly one line break at the end.
///
/// Works on UTF-8 bytes: every decision is about ASCII (line breaks, spaces, braces), and bytes of
/// multi-byte characters are never ASCII, so this is exact — and several times faster than
/// walking `Character`s, which dominated generation time.
public enum Layout {
    public static func normalize(_ text: String) -> String {
        Array(text.utf8).withUnsafeBufferPointer { normalize(utf8: $0) }
    }

    public static func normalize(utf8 text: TextBuffer) -> String {
        text.withBytes { normalize(utf8: $0) }
    }

    public static func normalize(utf8 text: UnsafeBufferPointer<UInt8>) -> String {
        // The tidy text is never longer than the input plus the final line break, so it is
        // written straight into the string's own storage: no second copy of a big file.
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
            return String(unsafeUninitializedCapacity: text.count + 1) { output in tidy(text, into: output) }
        }
        let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count + 1)
        defer { output.deallocate() }
        let count = tidy(text, into: output)
        return String(decoding: UnsafeBufferPointer(rebasing: output[..<count]), as: UTF8.self)
    }

    /// Tidies text rendered in pieces (`TemplateSet.renderChunks`) in place: the result is the
    /// pieces of exactly what `normalize` gives for their concatenation. When every piece but
    /// the last ends a line, the pieces are tidied on all cores, each from the state the text
    /// before it leaves (found from the end of that text alone); otherwise they are joined
    /// first. A big output is never copied whole, and no core waits for one pass over it.
    public static func normalize(_ chunks: inout [TextBuffer]) {
        let newline = UInt8(ascii: "\n")
        if chunks.count < 2 || chunks.dropLast().contains(where: { $0.last != newline }) {
            var whole = chunks.count == 1 ? chunks.removeLast() : TextBuffer.joined(chunks)
            whole.rewrite(extraCapacity: 1) { base, count in
                tidy(UnsafeBufferPointer(start: base, count: count), into: UnsafeMutableBufferPointer(start: base, count: count + 1))
            }
            chunks = [whole]
            return
        }
        let last = chunks.count - 1
        var state = LineState()
        var states: [LineState] = []
        states.reserveCapacity(chunks.count)
        for index in chunks.indices {
            states.append(state)
            if index < last { state = chunks[index].withBytes { state.after(lines: $0) } }
        }
        let starts = states
        let drops = chunks.withUnsafeMutableBufferPointer { buffer -> [Bool] in
            // Each index is rewritten by exactly one thread; the buffer outlives the map.
            let pieces = SharedPieces(base: buffer.baseAddress!)
            return Parallel.map(Array(0...last), minimumPerThread: 1) { index -> Bool in
                var state = starts[index]
                var drops = false
                pieces.base[index].rewrite(extraCapacity: index == last ? 1 : 0) { base, count in
                    let tidied = tidyLines(base, count: count, into: base, state: &state, isEnd: index == last)
                    drops = tidied.dropsPrecedingNewline
                    return tidied.count
                }
                return drops
            }
        }
        // A piece that starts with `}` after a blank line removes that blank line, which ended
        // the text before it: the last piece with any text left.
        for index in chunks.indices where drops[index] {
            if let previous = chunks[..<index].lastIndex(where: { !$0.isEmpty }) { chunks[previous].removeLast(1) }
        }
        finish(&chunks)
    }

    /// Exactly one line break at the end: trailing blank lines go, and an empty text is one
    /// line break.
    static func finish(_ chunks: inout [TextBuffer]) {
        let newline = UInt8(ascii: "\n")
        while let lastIndex = chunks.lastIndex(where: { !$0.isEmpty }) {
            // The last two bytes of the whole text.
            let last = chunks[lastIndex].last
            let beforeLast: UInt8? =
                chunks[lastIndex].count >= 2
                ? chunks[lastIndex].withBytes { $0[$0.count - 2] }
                : chunks[..<lastIndex].last(where: { !$0.isEmpty })?.last
            guard last == newline, beforeLast == newline else { return }
            chunks[lastIndex].removeLast(1)
        }
        // Nothing left: the text is one line break.
        chunks[chunks.count - 1].append(byte: newline)
    }

    /// `finish` for text in one buffer of room `count + 1`; returns the new count.
    static func finish(_ output: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        let newline = UInt8(ascii: "\n")
        var count = count
        while count >= 2 && output[count - 2] == newline { count -= 1 }
        if count == 0 {
            output[0] = newline
            count = 1
        }
        return count
    }

    /// Writes the tidy form of `text` into `output` (room for `text.count + 1` bytes; it may
    /// start where `text` does); returns how many bytes it wrote.
    static func tidy(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var state = LineState()
        var count = 0
        if let base = bytes.baseAddress, !bytes.isEmpty {
            count = tidyLines(base, count: bytes.count, into: output.baseAddress!, state: &state, isEnd: true).count
        }
        return finish(output.baseAddress!, count: count)
    }

    /// What the fate of the next line depends on: the previous kept line, if any — whether it
    /// was blank, and whether it ended with "{".
    struct LineState: Equatable {
        var hasPrevious = false
        var previousBlank = false
        var previousOpens = false

        /// The state after `lines` (each ending with a line break), from their end alone: the
        /// last line with text decides, unless there is none.
        func after(lines bytes: UnsafeBufferPointer<UInt8>) -> LineState {
            var blanksAfter = 0
            var lineEnd = bytes.count - 1  // The line break that ends the line being read.
            while lineEnd >= 0 {
                var lineStart = lineEnd
                while lineStart > 0 && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
                let end = Layout.textEnd(bytes.baseAddress!, lineStart, lineEnd)
                if end > lineStart {
                    if bytes[end - 1] == UInt8(ascii: "{") { return LineState(hasPrevious: true, previousBlank: false, previousOpens: true) }
                    return LineState(hasPrevious: true, previousBlank: blanksAfter > 0, previousOpens: false)
                }
                blanksAfter += 1
                lineEnd = lineStart - 1
            }
            // Only blank lines: the first is kept when a line it may follow was kept.
            if blanksAfter > 0 && hasPrevious && !previousBlank && !previousOpens {
                return LineState(hasPrevious: true, previousBlank: true, previousOpens: false)
            }
            return self
        }
    }

    /// Where the line `bytes[start..<end]` ends without its trailing white space.
    static func textEnd(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return end
    }

    /// Tidies the lines of `bytes[0..<count]` into `output`, which may be `bytes` itself (text
    /// only ever moves back), continuing from `state`. Lines end with line breaks; at the text's
    /// end (`isEnd`) one more line is implied, which needs room for one more byte. A piece of a
    /// text that starts with `}` after a blank line kept before it reports that the line break
    /// ending that blank line must go (`dropsPrecedingNewline`).
    static func tidyLines(
        _ bytes: UnsafePointer<UInt8>, count byteCount: Int, into output: UnsafeMutablePointer<UInt8>, state: inout LineState,
        isEnd: Bool
    ) -> (count: Int, dropsPrecedingNewline: Bool) {
        let newline = UInt8(ascii: "\n")
        let space = UInt8(ascii: " ")
        var count = 0
        var dropsPrecedingNewline = false
        var lineStart = 0
        // Every line ends with a line break (at the end of a text, one is implied).
        while lineStart < byteCount || (isEnd && lineStart == byteCount) {
            var lineEnd = byteCount
            if lineStart < byteCount, let found = memchr(bytes + lineStart, Int32(newline), byteCount - lineStart) {
                lineEnd = UnsafePointer(bytes).distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            let end = textEnd(bytes, lineStart, lineEnd)
            let next = lineEnd + 1
            let isBlank = end == lineStart
            if isBlank {
                // Skip leading blanks, repeated blanks, and blanks right after an opening brace.
                if !state.hasPrevious || state.previousBlank || state.previousOpens {
                    lineStart = next
                    continue
                }
            } else if state.hasPrevious && state.previousBlank {
                // A blank line before a closing brace goes (only then is the indentation read).
                var first = lineStart
                while first < end, bytes[first] == space { first += 1 }
                if bytes[first] == UInt8(ascii: "}") {
                    if count > 0 { count -= 1 } else { dropsPrecedingNewline = true }
                }
            }
            // Read before the line moves: in place, moving it may overwrite these bytes.
            let opens = !isBlank && bytes[end - 1] == UInt8(ascii: "{")
            let length = end - lineStart
            if length > 0 { memmove(output + count, bytes + lineStart, length) }
            count += length
            output[count] = newline
            count += 1
            state = LineState(hasPrevious: true, previousBlank: isBlank, previousOpens: opens)
            lineStart = next
        }
        return (count, dropsPrecedingNewline)
    }
}

/// The pieces being tidied in place, one per thread at a time (`Layout.normalize(_:)`).
private struct SharedPieces: @unchecked Sendable {
    // @unchecked: each thread rewrites only its own index, and the buffer outlives the map.
    let base: UnsafeMutablePointer<TextBuffer>
}
