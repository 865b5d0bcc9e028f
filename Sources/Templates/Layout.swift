import Parallel

/// The renderer owns the final layout, so templates can be written for readability and the
/// output is still tidy: no trailing white space, never two blank lines in a row, no blank line
/// just inside braces, no blank lines at the start, exactly one line break at the end.
///
/// Works on UTF-8 bytes: every decision is about ASCII (line breaks, spaces, braces), and bytes of
/// multi-byte characters are never ASCII, so this is exact — and several times faster than
/// walking `Character`s, which dominated generation time.
public enum Layout {
    public static func normalize(_ text: String) -> String {
        normalize(utf8: Array(text.utf8))
    }

    public static func normalize(utf8 text: [UInt8]) -> String {
        normalize(utf8: text, pieceSize: 1 << 20)
    }

    /// Text of at least two `pieceSize`s is tidied in pieces on all cores. A piece starts after
    /// a line that is not blank: such a line is always kept, and all the rules look back only to
    /// the line before, so each piece knows exactly where it starts from.
    public static func normalize(utf8 text: [UInt8], pieceSize: Int) -> String {
        var output: [UInt8] = []
        text.withUnsafeBufferPointer { bytes in
            let pieces = text.count >= 2 * pieceSize ? split(bytes, pieceSize: pieceSize) : [(0..<bytes.count, LineState())]
            if pieces.count == 1 {
                output.reserveCapacity(bytes.count + 1)
                tidy(bytes, pieces[0].range, isLast: true, from: pieces[0].state, into: &output)
                return
            }
            let base = UInt(bitPattern: bytes.baseAddress)  // Sendable; the buffer outlives the map.
            let count = bytes.count
            let tidied = Parallel.map(Array(pieces.enumerated()), minimumPerThread: 1) { index, piece -> [UInt8] in
                let bytes = UnsafeBufferPointer(start: UnsafePointer<UInt8>(bitPattern: base), count: count)
                var output: [UInt8] = []
                output.reserveCapacity(piece.range.count)
                tidy(bytes, piece.range, isLast: index == pieces.count - 1, from: piece.state, into: &output)
                return output
            }
            output.reserveCapacity(bytes.count + 1)
            for piece in tidied { output += piece }
        }
        let newline = UInt8(ascii: "\n")
        while output.count >= 2 && output[output.count - 2] == newline { output.removeLast() }
        if output.isEmpty { output.append(newline) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The previous kept line: whether there was one, whether it was blank, whether it ended
    /// with "{".
    struct LineState: Sendable {
        var hasPrevious = false
        var previousBlank = false
        var previousOpens = false
    }

    static let newline = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")

    static func isTrailingSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Pieces of about `pieceSize` bytes, each starting after a line that is not blank.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, pieceSize: Int) -> [(range: Range<Int>, state: LineState)] {
        var pieces: [(range: Range<Int>, state: LineState)] = []
        var start = 0
        var state = LineState()
        while start < bytes.count {
            var end = start + pieceSize
            var next = state
            while end < bytes.count {
                // A line break ending a line that is not blank: the next piece starts after it.
                if bytes[end] == newline {
                    var last = end
                    while last > start, isTrailingSpace(bytes[last - 1]) { last -= 1 }
                    if last > start, bytes[last - 1] != newline {
                        next = LineState(hasPrevious: true, previousBlank: false, previousOpens: bytes[last - 1] == UInt8(ascii: "{"))
                        end += 1
                        break
                    }
                }
                end += 1
            }
            end = min(end, bytes.count)
            pieces.append((start..<end, state))
            state = next
            start = end
        }
        return pieces
    }

    /// Tidies the lines of `range` (ending after a line break, or at the end of the text for the
    /// last piece, whose last line needs no break) into `output`.
    static func tidy(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isLast: Bool, from start: LineState, into output: inout [UInt8]) {
        var state = start
        var lineStart = range.lowerBound
        // Every line, the last included, ends with a line break (one is implied at the end).
        while lineStart < range.upperBound || (isLast && lineStart == range.upperBound) {
            var lineEnd = lineStart
            while lineEnd < range.upperBound && bytes[lineEnd] != newline { lineEnd += 1 }
            var end = lineEnd
            while end > lineStart, isTrailingSpace(bytes[end - 1]) { end -= 1 }
            let next = lineEnd + 1
            let isBlank = end == lineStart
            if isBlank {
                // Skip leading blanks, repeated blanks, and blanks right after an opening brace.
                if !state.hasPrevious || state.previousBlank || state.previousOpens {
                    lineStart = next
                    continue
                }
            } else {
                var first = lineStart
                while first < end, bytes[first] == space { first += 1 }
                // A blank line before a closing brace goes.
                if bytes[first] == UInt8(ascii: "}"), state.hasPrevious, state.previousBlank { output.removeLast() }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]))
            output.append(newline)
            state = LineState(hasPrevious: true, previousBlank: isBlank, previousOpens: !isBlank && bytes[end - 1] == UInt8(ascii: "{"))
            lineStart = next
        }
    }
}
