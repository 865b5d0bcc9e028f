/// Swift source being planned, as UTF-8 bytes, turned into one `String` when it is complete.
///
/// The planner assembles each adapter from about a hundred short pieces. `String +=` re-checks
/// capacity, uniqueness and ASCII-ness on every call — a few hundred instructions each under
/// callgrind, most of the planner's time — where appending bytes to an array costs a fraction
/// of that, and a string interpolation builds a whole string only to be copied once more.
struct CodeBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var isEmpty: Bool { bytes.isEmpty }
    var count: Int { bytes.count }

    /// The finished text. Every piece appended was a whole string, so the bytes are valid UTF-8.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    static func += (buffer: inout CodeBuffer, text: String) {
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { buffer.bytes.append(contentsOf: $0) }
        if appended == nil { buffer.bytes.append(contentsOf: text.utf8) }
    }

    static func += (buffer: inout CodeBuffer, text: Substring) {
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { buffer.bytes.append(contentsOf: $0) }
        if appended == nil { buffer.bytes.append(contentsOf: text.utf8) }
    }

    static func += (buffer: inout CodeBuffer, other: CodeBuffer) {
        buffer.bytes.append(contentsOf: other.bytes)
    }

    /// `bytes[range]` of another buffer.
    mutating func append(_ other: CodeBuffer, _ range: Range<Int>) {
        other.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// `count` copies of `text` (indentation).
    mutating func append(_ text: String, times count: Int) {
        for _ in 0..<max(count, 0) { self += text }
    }

    /// The strings with `separator` between them.
    mutating func append(_ strings: [String], separator: String) {
        for (index, string) in strings.enumerated() {
            if index > 0 { self += separator }
            self += string
        }
    }

    /// A line break and `indent` `times` over: the start of the next line of a block.
    mutating func newLine(indent: String, times: Int) {
        bytes.append(UInt8(ascii: "\n"))
        append(indent, times: times)
    }

    /// Where the first line ends: the offset of the first line break, or `count`.
    var firstLineEnd: Int {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.firstIndex(of: UInt8(ascii: "\n")) ?? buffer.count
        }
    }

    var containsLineBreak: Bool { firstLineEnd < count }

    /// Width in characters of `bytes[range]` (`Planner.width`: read from the bytes when they
    /// are ASCII without carriage returns, always so for generated code from ASCII input).
    func width(of range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            let slice = UnsafeBufferPointer(rebasing: buffer[range])
            if slice.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) { return slice.count }
            return String(decoding: slice, as: UTF8.self).count
        }
    }

    var width: Int { width(of: 0..<count) }

    /// Every non-empty line of `source.bytes[range]` appended, indented by `indent` `times` over; with
    /// `continuingLine` the first line continues a line already started (no indentation). A
    /// line break is never part of a multi-byte character, so lines are whole characters.
    mutating func appendIndentedLines(
        of source: CodeBuffer, _ range: Range<Int>? = nil, by indent: String, times: Int = 1, continuingLine: Bool = false
    ) {
        let range = range ?? 0..<source.count
        source.bytes.withUnsafeBufferPointer { buffer in
            var lineStart = range.lowerBound
            var first = true
            while lineStart < range.upperBound {
                let end = buffer[lineStart..<range.upperBound].firstIndex(of: UInt8(ascii: "\n")) ?? range.upperBound
                if end > lineStart {
                    if !(first && continuingLine) { append(indent, times: times) }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[lineStart..<end]))
                }
                guard end < range.upperBound else { break }
                bytes.append(UInt8(ascii: "\n"))
                first = false
                lineStart = end + 1
            }
        }
    }
}
