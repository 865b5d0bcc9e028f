/// Text being assembled from short pieces, as UTF-8 bytes, turned into one `String` when it is
/// complete: names and keys in analysis, every adapter's code in the planner, and the output
/// the renderer writes.
///
/// `String +=` re-checks capacity, uniqueness and ASCII-ness on every call — a few hundred
/// instructions each under callgrind, for a big input more than the planner's own work — and
/// even `Array.append(contentsOf:)` costs about ninety through its generic sequence path. Here
/// appending is a capacity check and a copy. A string interpolation would build a whole string
/// only to be copied once more.
public struct TextBuffer {
    /// The bytes, shared by copies of a buffer until one of them appends (copy on write).
    @usableFromInline
    final class Storage {
        @usableFromInline let base: UnsafeMutablePointer<UInt8>
        @usableFromInline let capacity: Int

        @usableFromInline
        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    @usableFromInline var storage: Storage
    /// The text is `storage.base[0..<used]`.
    @usableFromInline var used = 0

    @inlinable
    public init(capacity: Int = 0) {
        storage = Storage(capacity: Swift.max(capacity, 16))
    }

    /// A buffer holding `text`'s bytes.
    @inlinable
    public init(utf8 text: String) {
        self.init(capacity: text.utf8.count)
        self += text
    }

    @inlinable public var count: Int { used }
    @inlinable public var isEmpty: Bool { used == 0 }

    /// The finished text. Every piece appended was a whole string, so the bytes are valid UTF-8.
    @inlinable
    public var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// The text's bytes, for as long as `body` runs.
    @inlinable
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: storage.base, count: used)) }
    }

    @inlinable
    public mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        let length = source.count
        guard length > 0, let from = source.baseAddress else { return }
        if storage.capacity - used < length || !isKnownUniquelyReferenced(&storage) { grow(toHold: used + length) }
        let to = storage.base + used
        // Most pieces are a few bytes: a loop beats a call to memcpy.
        if length <= 16 {
            for index in 0..<length { to[index] = from[index] }
        } else {
            to.update(from: from, count: length)
        }
        used += length
    }

    /// A storage of its own (when shared) with room for `minimum` bytes, doubling as it grows.
    @usableFromInline
    mutating func grow(toHold minimum: Int) {
        let capacity = minimum <= storage.capacity ? storage.capacity : Swift.max(minimum, storage.capacity * 2)
        let new = Storage(capacity: capacity)
        new.base.update(from: storage.base, count: used)
        storage = new
    }

    @inlinable
    public mutating func append(byte: UInt8) {
        if storage.capacity == used || !isKnownUniquelyReferenced(&storage) { grow(toHold: used + 1) }
        storage.base[used] = byte
        used += 1
    }

    @inlinable
    public mutating func append(_ source: [UInt8]) {
        source.withUnsafeBufferPointer { append($0) }
    }

    /// Rewrites the text in place: `body` gets its bytes, with room for `extraCapacity` more
    /// after them, and returns how many bytes the text now has (at most count + extraCapacity).
    /// For passes that only shrink text (the output's layout): no second copy of a big output.
    @inlinable
    public mutating func rewrite(extraCapacity: Int = 0, _ body: (UnsafeMutablePointer<UInt8>, _ count: Int) -> Int) {
        reserveCapacity(extraCapacity)
        let newCount = body(storage.base, used)
        precondition(newCount >= 0 && newCount <= storage.capacity, "rewrite returned a count outside the buffer")
        used = newCount
    }

    /// Drops the last `count` bytes (whole characters, as the caller knows).
    @inlinable
    public mutating func removeLast(_ count: Int) {
        precondition(count >= 0 && count <= used, "cannot remove more bytes than the text has")
        used -= count
    }

    /// The last byte, if any.
    @inlinable
    public var last: UInt8? { used == 0 ? nil : storage.base[used - 1] }

    /// The text of all `buffers`, in order, in one buffer.
    public static func joined(_ buffers: [TextBuffer]) -> TextBuffer {
        var joined = TextBuffer(capacity: buffers.reduce(0) { $0 + $1.count })
        for index in buffers.indices { joined += buffers[index] }
        return joined
    }

    /// Room for `additional` more bytes without growing.
    @inlinable
    public mutating func reserveCapacity(_ additional: Int) {
        if storage.capacity - used < additional || !isKnownUniquelyReferenced(&storage) { grow(toHold: used + additional) }
    }

    @inlinable
    public static func += (buffer: inout TextBuffer, text: String) {
        text.withUTF8Bytes { buffer.append($0) }
    }

    @inlinable
    public static func += (buffer: inout TextBuffer, text: Substring) {
        text.withUTF8Bytes { buffer.append($0) }
    }

    @inlinable
    public static func += (buffer: inout TextBuffer, other: TextBuffer) {
        other.withBytes { buffer.append($0) }
    }

    /// `other`'s bytes in `range`.
    @inlinable
    public mutating func append(_ other: TextBuffer, _ range: Range<Int>) {
        other.withBytes { append(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// `count` copies of `text` (indentation): its bytes are reached once, not once a copy.
    @inlinable
    public mutating func append(_ text: String, times count: Int) {
        guard count > 0 else { return }
        text.withUTF8Bytes { bytes in
            reserveCapacity(bytes.count * count)
            for _ in 0..<count { append(bytes) }
        }
    }

    /// The strings with `separator` between them.
    @inlinable
    public mutating func append(_ strings: [String], separator: String) {
        for (index, string) in strings.enumerated() {
            if index > 0 { self += separator }
            self += string
        }
    }

    /// A line break and `indent` `times` over: the start of the next line of a block.
    @inlinable
    public mutating func newLine(indent: String, times: Int) {
        append(byte: UInt8(ascii: "\n"))
        append(indent, times: times)
    }

    /// Where the first line ends: the offset of the first line break, or `count`.
    @inlinable
    public var firstLineEnd: Int {
        withBytes { $0.firstIndex(of: UInt8(ascii: "\n")) ?? $0.count }
    }

    /// Width in characters of the bytes in `range` (`Planner.width`: read from the bytes when
    /// they are ASCII without carriage returns, always so for generated code from ASCII input).
    @inlinable
    public func width(of range: Range<Int>) -> Int {
        withBytes { buffer in
            let slice = UnsafeBufferPointer(rebasing: buffer[range])
            if slice.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) { return slice.count }
            return String(decoding: slice, as: UTF8.self).count
        }
    }

    @inlinable
    public var width: Int { width(of: 0..<count) }

    /// Every non-empty line of `source`'s bytes in `range` appended, indented by `indent` `times`
    /// over; with `continuingLine` the first line continues a line already started (no
    /// indentation). A line break is never part of a multi-byte character, so lines are whole
    /// characters.
    @inlinable
    public mutating func appendIndentedLines(
        of source: TextBuffer, _ range: Range<Int>? = nil, by indent: String, times: Int = 1, continuingLine: Bool = false
    ) {
        let range = range ?? 0..<source.count
        source.withBytes { buffer in
            var lineStart = range.lowerBound
            var first = true
            while lineStart < range.upperBound {
                let end = buffer[lineStart..<range.upperBound].firstIndex(of: UInt8(ascii: "\n")) ?? range.upperBound
                if end > lineStart {
                    if !(first && continuingLine) { append(indent, times: times) }
                    append(UnsafeBufferPointer(rebasing: buffer[lineStart..<end]))
                }
                guard end < range.upperBound else { break }
                append(byte: UInt8(ascii: "\n"))
                first = false
                lineStart = end + 1
            }
        }
    }
}

extension StringProtocol {
    /// The UTF-8 bytes, for as long as `body` runs — read in place. `withUTF8` is mutating, and
    /// the copy of the string it needs retains and releases it: twice per call, for the
    /// planner's and renderer's millions of appends. Only a (rare) string without contiguous
    /// UTF-8 is copied first.
    @inlinable
    public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = String(self)
        return try copy.withUTF8(body)
    }

    /// Whether every UTF-8 byte passes `test`, read from the string's storage in place: the
    /// hot paths ask this of every name and every generated line, and iterating `utf8` byte by
    /// byte costs several times more. Inlinable: unspecialized, it reaches the storage through
    /// protocol witnesses at some 500 instructions a call.
    @inlinable
    public func allUTF8(_ test: (UInt8) -> Bool) -> Bool {
        withUTF8Bytes { $0.allSatisfy(test) }
    }
}

// A buffer shares its storage with its copies only until one of them appends (copy on write,
// checked with `isKnownUniquelyReferenced`, as `Array` does), so a buffer handed to another
// thread is never written while another reads it.
extension TextBuffer: @unchecked Sendable {}
