/// User text that generated code repeats inside a string literal or a comment. Both must stay
/// inert: a literal cannot be ended early and a comment cannot be closed, and neither may hide
/// or reorder what a reviewer reads (bidirectional controls, the "Trojan Source" attack, become
/// visible escapes).
public enum SwiftLiteral {
    /// A Swift string literal for `value`.
    public static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\0": text += "\\0"
            default:
                if scalar.value < 0x20 || scalar.isBidiControl {
                    text += escape(scalar)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }

    /// User text placed in a `//` comment: it cannot end the comment (line breaks are already
    /// gone) but could reorder how the line displays (bidirectional controls); those and other
    /// control characters become visible escapes.
    public static func commentSafe(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isBidiControl || (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
                || scalar.value == 0x2028 || scalar.value == 0x2029
            {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `\u{202E}`
    static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}

extension Unicode.Scalar {
    /// Characters that reorder how text is displayed (the "Trojan Source" attack): never emitted raw.
    public var isBidiControl: Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
