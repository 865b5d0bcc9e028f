/// Public declarations the library says are its own (PubNub's KMP wrappers, under a file
/// comment "All public symbols in this file … are intended strictly for internal usage";
/// socket.io's `sendPollMessage`, "You shouldn't call this directly"): no API an app calls, so
/// scan leaves them out and names them at the end of the starter.
enum InternalUse {
    static let phrases = [
        "for internal use", "internal use only", "for internal usage", "strictly for internal", "not intended for public use",
        "not part of the public api", "shouldn't call this directly", "should not call this directly",
        "should not be called directly", "do not call this directly", "don't call this directly",
        "don't want to use this method", "is internally used", "only exposed for subclassing",
    ]

    static func says(_ lines: [String]) -> Bool {
        let text = lines.joined(separator: " ").lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return phrases.contains { text.contains($0) }
    }

    /// The lines of the file's `// MARK:` comments, each with whether it names an internal
    /// section (Haneke's `// MARK: Internal`, `// MARK: Internal Background image` in a `public
    /// extension UIButton`, whose helpers are public only because the extension is).
    static func internalMarks(in bytes: [UInt8]) -> [(line: Int, isInternal: Bool)] {
        var marks: [(line: Int, isInternal: Bool)] = []
        for (index, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.hasPrefix("// MARK:") else { continue }
            let words = trimmed.dropFirst("// MARK:".count).split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }
            marks.append((index + 1, words.first == "internal"))
        }
        return marks
    }

    /// Whether the last `// MARK:` above `line`, inside the type that starts at `typeLine`,
    /// names an internal section.
    static func isUnderInternalMark(_ line: Int, after typeLine: Int, marks: [(line: Int, isInternal: Bool)]) -> Bool {
        marks.last { $0.line < line && $0.line > typeLine }?.isInternal ?? false
    }

    /// The line of the `// MARK:` whose section `line` is in, inside the type at `typeLine`.
    static func section(of line: Int, after typeLine: Int, marks: [(line: Int, isInternal: Bool)]) -> Int? {
        marks.last { $0.line < line && $0.line > typeLine }?.line
    }

    /// The comment lines at the top of a file, before its first declaration or import.
    static func leadingComment(of bytes: [UInt8]) -> [String] {
        var lines: [String] = []
        for line in String(decoding: bytes.prefix(8192), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*") else { break }
            lines.append(String(trimmed))
        }
        return lines
    }
}
