/// The renderer owns the final layout, so templates can be written for readability and the
/// output is still tidy: no trailing white space, never two blank lines in a row, no blank line
/// just inside braces, no blank lines at the start, exactly one line break at the end.
public enum Layout {
    public static func normalize(_ text: String) -> String {
        var lines: [Substring] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = rawLine
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line.removeLast() }
            let isBlank = line.isEmpty
            if isBlank {
                // Skip leading blanks, repeated blanks, and blanks right after an opening brace.
                guard let previous = lines.last, !previous.isEmpty, !previous.hasSuffix("{") else { continue }
            } else if line.drop(while: { $0 == " " }).hasPrefix("}"), let previous = lines.last, previous.isEmpty {
                lines.removeLast()
            }
            lines.append(line)
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}
