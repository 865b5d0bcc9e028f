import DeclParser
import Foundation
import Text

/// Async names the way the Swift compiler imports Objective-C completion-handler methods
/// (SE-0297), translated to Swift declarations, so an adapter reads as if Apple had imported it.
public enum Naming {
    /// Suffixes that only say "this takes a completion handler", longest first so
    /// `WithCompletionHandler` wins over `WithCompletion`.
    static let completionSuffixes: [StaticString] = [
        "WithCompletionHandler", "WithCompletionBlock", "WithCompletion", "WithReplyTo", "WithReply", "WithBlock",
    ]

    /// The async base name for a legacy method: strip the completion suffixes, a trailing
    /// `Asynchronously`, and a leading `get` (`getReceiptAsynchronously` → `receipt`). When nothing
    /// sensible is left the legacy name is kept.
    public static func asyncBaseName(for legacyName: String) -> String {
        legacyName.allUTF8({ $0 < 0x80 }) ? asciiAsyncBaseName(for: legacyName) : unicodeAsyncBaseName(for: legacyName)
    }

    static func unicodeAsyncBaseName(for legacyName: String) -> String {
        var name = legacyName
        for suffix in completionSuffixes.map(\.description) where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        if name.hasSuffix("Asynchronously") && name.count > "Asynchronously".count {
            name.removeLast("Asynchronously".count)
        }
        if name.hasPrefix("get"), name.count > 3, let next = name.dropFirst(3).first, next.isUppercase {
            name = lowercasingFirstWord(String(name.dropFirst(3)))
        }
        return name
    }

    /// `asyncBaseName` for the usual all-ASCII name, on bytes (a character is a byte): every
    /// method of every file is named. The name's bytes are read in place and only a name
    /// whose first word is lowercased is copied first.
    static func asciiAsyncBaseName(for legacyName: String) -> String {
        legacyName.withUTF8Bytes { name in
            var end = name.count
            func hasSuffix(_ suffix: StaticString) -> Bool {
                let length = suffix.utf8CodeUnitCount
                guard end > length else { return false }
                return memcmp(name.baseAddress! + (end - length), suffix.utf8Start, length) == 0
            }
            for suffix in completionSuffixes where hasSuffix(suffix) {
                end -= suffix.utf8CodeUnitCount
                break
            }
            if hasSuffix("Asynchronously") { end -= "Asynchronously".utf8.count }
            let isUppercase = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
            guard end > 3, name[0] == UInt8(ascii: "g"), name[1] == UInt8(ascii: "e"), name[2] == UInt8(ascii: "t"),
                isUppercase(name[3])
            else {
                return String(decoding: UnsafeBufferPointer(rebasing: name[0..<end]), as: UTF8.self)
            }
            // `lowercasingFirstWord` of what follows `get`.
            let word = UnsafeBufferPointer(rebasing: name[3..<end])
            var upperRun = 0
            while upperRun < word.count, isUppercase(word[upperRun]) { upperRun += 1 }
            let lowerCount = upperRun == word.count || upperRun == 1 ? upperRun : upperRun - 1
            var lowered = Array(word)
            for index in 0..<lowerCount { lowered[index] += UInt8(ascii: "a") - UInt8(ascii: "A") }
            return String(decoding: lowered, as: UTF8.self)
        }
    }

    /// `Receipt` → `receipt`, `URLForKey` → `urlForKey`, `URL` → `url`: Swift's rule for
    /// lowercasing a leading word, acronyms included.
    public static func lowercasingFirstWord(_ name: String) -> String {
        let characters = Array(name)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return name }
        // In `URLForKey` the `F` starts the next word and stays uppercase.
        let lowerCount = upperRun == characters.count || upperRun == 1 ? upperRun : upperRun - 1
        return characters[..<lowerCount].map { $0.lowercased() }.joined() + String(characters[lowerCount...])
    }

    /// Words that must be written in backticks to be used as a function or parameter name.
    static let reservedWords: WordSet = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Any", "await",
    ]

    /// The identifier as it must be written in Swift source.
    public static func escaped(_ name: String) -> String {
        reservedWords.contains(name) ? "`\(name)`" : name
    }

    /// True when `name` is a Swift identifier (ASCII letters, digits and `_`, or non-ASCII
    /// letters; not starting with a digit) that bridgegen will emit.
    public static func isValidIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        // Among ASCII scalars only the digits have a numeric type; the Unicode property lookup
        // is for the rest (it costs more than the whole check of a usual name).
        if first.isASCII ? (first.value >= 0x30 && first.value <= 0x39) : first.properties.numericType != nil { return false }
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                let ok = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == 0x5F
                if !ok { return false }
            } else if !(scalar.properties.isXIDContinue) || scalar.isBidiControl {
                return false
            }
        }
        return true
    }
}
