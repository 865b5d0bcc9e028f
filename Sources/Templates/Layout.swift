import Foundation
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

    /// Writes the tidy form of `text` into `output` (room for `text.count + 1` bytes); returns
    /// how many bytes it wrote.
    static func tidy(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let newline = UInt8(ascii: "\n")
        let space = UInt8(ascii: " ")
        var count = 0
        // The previous kept line: whether it was blank, and whether it ended with "{".
        var hasPrevious = false
        var previousBlank = false
        var previousOpens = false
        var lineStart = 0
        // Every line, the last included, ends with a line break (one is implied at the end).
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            if lineStart < bytes.count,
                let found = memchr(bytes.baseAddress! + lineStart, Int32(newline), bytes.count - lineStart)
            {
                lineEnd = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            } else {
                lineEnd = bytes.count
            }
            var end = lineEnd
            while end > lineStart, bytes[end - 1] == space || bytes[end - 1] == UInt8(ascii: "\t") || bytes[end - 1] == UInt8(ascii: "\r") {
                end -= 1
            }
            let next = lineEnd + 1
            let isBlank = end == lineStart
            if isBlank {
                // Skip leading blanks, repeated blanks, and blanks right after an opening brace.
                if !hasPrevious || previousBlank || previousOpens {
                    lineStart = next
                    continue
                }
            } else if hasPrevious && previousBlank {
                // A blank line before a closing brace goes (only then is the indentation read).
                var first = lineStart
                while first < end, bytes[first] == space { first += 1 }
                if bytes[first] == UInt8(ascii: "}") { count -= 1 }
            }
            let length = end - lineStart
            if length > 0 {
                (output.baseAddress! + count).update(from: bytes.baseAddress! + lineStart, count: length)
                count += length
            }
            output[count] = newline
            count += 1
            hasPrevious = true
            previousBlank = isBlank
            previousOpens = !isBlank && bytes[end - 1] == UInt8(ascii: "{")
            lineStart = next
        }
        while count >= 2 && output[count - 2] == newline { count -= 1 }
        if count == 0 {
            output[0] = newline
            count = 1
        }
        return count
    }
}
