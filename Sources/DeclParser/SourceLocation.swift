/// A position in a `.bridge` file. Lines and columns are 1-based and count UTF-8 bytes,
/// which is what compilers and editors that jump to `path:line:col` expect.
public struct SourceLocation: Hashable, Sendable, Comparable {
    // Stored in 32 bits each: a location sits in every token and syntax node, and halving it
    // shrinks a big input's syntax tree by a fifth. The generator refuses files of 4 GiB and
    // more, so nothing is cut off.
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var storedOffset: UInt32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(truncatingIfNeeded: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(truncatingIfNeeded: newValue) }
    }

    /// Byte offset from the start of the file; used to slice raw source text (default arguments).
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(truncatingIfNeeded: newValue) }
    }

    /// The largest file whose every location fits.
    public static let maximumFileSize = Int(UInt32.max)

    public init(line: Int, column: Int, offset: Int) {
        storedLine = UInt32(truncatingIfNeeded: line)
        storedColumn = UInt32(truncatingIfNeeded: column)
        storedOffset = UInt32(truncatingIfNeeded: offset)
    }

    public static let start = SourceLocation(line: 1, column: 1, offset: 0)

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.offset < rhs.offset
    }
}
