/// A position in a `.bridge` file. Lines and columns are 1-based and count UTF-8 bytes,
/// which is what compilers and editors that jump to `path:line:col` expect.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int
    /// Byte offset from the start of the file; used to slice raw source text (default arguments).
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static let start = SourceLocation(line: 1, column: 1, offset: 0)

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.offset < rhs.offset
    }
}
