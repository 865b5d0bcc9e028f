/// The data a template renders: strings, flags, lists and nested objects. Nothing else, so
/// templates stay logic-less and every decision is made (and tested) in the planner.
public indirect enum TemplateValue: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByDictionaryLiteral
{
    case string(String)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// A list of strings (doc lines, attributes).
    public static func strings(_ items: [String]) -> TemplateValue { .list(items.map(TemplateValue.string)) }

    /// Whether a section over this value renders (and how often).
    var isTruthy: Bool {
        switch self {
        case .string(let text): return !text.isEmpty
        case .bool(let flag): return flag
        case .list(let items): return !items.isEmpty
        case .object: return true
        }
    }
}

/// A problem in a template, reported like a source diagnostic: `path:line:col: error: message`.
public struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(path):\(line):\(column): error: \(message)" }
}
