extension String {
    /// The text's lines, split at each line feed (a `\r` before it stays on its line).
    public var lines: [Substring] {
        var lines: [Substring] = []
        var start = startIndex
        var index = startIndex
        while index != endIndex {
            let next = utf8.index(after: index)
            if utf8[index] == UInt8(ascii: "\n") {
                lines.append(self[start..<index])
                start = next
            }
            index = next
        }
        lines.append(self[start...])
        return lines
    }
}
