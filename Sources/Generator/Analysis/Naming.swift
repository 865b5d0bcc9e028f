import DeclParser
import Foundation

/// Async names the way the Swift compiler imports Objective-C completion-handler methods
/// (SE-0297), translated to Swift declarations, so an adapter reads as if Apple had imported it.
public enum Naming {
    /// Suffixes that only say "this takes a completion handler", longest first so
    /// `WithCompletionHandler` wins over `WithCompletion`.
    static let completionSuffixes = [
        "WithCompletionHandler", "WithCompletionBlock", "WithCompletion", "WithReplyTo", "WithReply", "WithBlock",
    ]

    /// The async base name for a legacy method, by the rules of the Swift compiler's
    /// `omitNeedlessWords` (lib/Basic/StringExtras.cpp) for a method imported as `async`:
    ///
    /// - a leading `get` goes (`getReceiptAsynchronously` → `receipt`);
    /// - when the completion handler is the first parameter, a completion suffix of the base
    ///   name goes (`loadWithCompletion(_:)` → `load()`);
    /// - a trailing `Asynchronously` goes, and so does a trailing `Async` after a lowercase letter;
    /// - when it is any later parameter and its label has words before a completion suffix,
    ///   those words join the base name: `server(_:restartWithCompletionHandler:)` →
    ///   `serverRestart(_:)`, and `server(_:atPriority:restartWithCompletionHandler:)` →
    ///   `serverRestart(_:atPriority:)` (test/ClangImporter/objc_async.swift:
    ///   `serverRestart("localhost")`, `serverRestart("localhost", atPriority: 0.8)`; a 2020
    ///   pre-release of that test had `atPriorityRestart:`).
    ///
    /// When nothing sensible is left the legacy name is kept.
    public static func asyncBaseName(
        for legacyName: String, completionIndex: Int = 0, completionLabel: String? = nil
    ) -> String {
        var name = legacyName
        if completionIndex == 0, let stripped = strippingCompletionSuffix(name) { name = stripped }
        if name.hasSuffix("Asynchronously") && name.count > "Asynchronously".count {
            name.removeLast("Asynchronously".count)
        } else if name.hasSuffix("Async"), name.count > "Async".count, name.dropLast("Async".count).last?.isLowercase == true {
            // Not the compiler's rule, but a Swift SDK's: TelegramBotSDK's `sendMessageAsync`
            // beside `sendMessageSync` is `sendMessage` once it is `async`.
            name.removeLast("Async".count)
        }
        if name.hasPrefix("get"), name.count > 3, let next = name.dropFirst(3).first, next.isUppercase {
            name = lowercasingFirstWord(String(name.dropFirst(3)))
        }
        if completionIndex >= 1, let extra = completionLabel.flatMap(strippingCompletionSuffix) {
            name += extra.prefix(1).uppercased() + extra.dropFirst()
        }
        return name
    }

    /// `name` without a completion suffix (`restartWithCompletionHandler` → `restart`); nil when
    /// it has none or nothing would be left.
    static func strippingCompletionSuffix(_ name: String) -> String? {
        for suffix in completionSuffixes where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count))
        }
        return nil
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
    static let reservedWords: Set<String> = [
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
        if first.properties.numericType != nil { return false }
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
