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
        let newline = UInt8(ascii: "\n")
        let space = UInt8(ascii: " ")
        let tab = UInt8(ascii: "\t")
        let carriageReturn = UInt8(ascii: "\r")
        let openBrace = UInt8(ascii: "{")
        let closeBrace = UInt8(ascii: "}")
        var output: [UInt8] = []
        output.reserveCapacity(text.count + 1)
        // The previous kept line: whether it was blank, and whether it ended with "{".
        var hasPrevious = false
        var previousBlank = false
        var previousOpens = false
        text.withUnsafeBufferPointer { bytes in
            var lineStart = 0
            // Every line, the last included, ends with a line break (one is implied at the end).
            while lineStart <= bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count && bytes[lineEnd] != newline { lineEnd += 1 }
                var end = lineEnd
                while end > lineStart, bytes[end - 1] == space || bytes[end - 1] == tab || bytes[end - 1] == carriageReturn { end -= 1 }
                let next = lineEnd + 1
                let isBlank = end == lineStart
                if isBlank {
                    // Skip leading blanks, repeated blanks, and blanks right after an opening brace.
                    if !hasPrevious || previousBlank || previousOpens {
                        lineStart = next
                        continue
                    }
                } else {
                    var first = lineStart
                    while first < end, bytes[first] == space { first += 1 }
                    // A blank line before a closing brace goes.
                    if bytes[first] == closeBrace, hasPrevious, previousBlank { output.removeLast() }
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]))
                output.append(newline)
                hasPrevious = true
                previousBlank = isBlank
                previousOpens = !isBlank && bytes[end - 1] == openBrace
                lineStart = next
            }
        }
        while output.count >= 2 && output[output.count - 2] == newline { output.removeLast() }
        if output.isEmpty { output.append(newline) }
        return String(decoding: output, as: UTF8.self)
    }
}
