import Text

/// The data a template renders: strings, flags, lists and nested objects. Nothing else, so
/// templates stay logic-less and every decision is made (and tested) in the planner.
///
/// Not `indirect`: lists and objects already hold their values in arrays, and an indirect enum
/// would put every string and flag in a box of its own (an allocation per value, millions for
/// a big input).
public enum TemplateValue: Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    case string(String)
    /// Text as assembled (the planner's code): rendered from its bytes, with no `String` made
    /// of it first.
    case text(TextBuffer)
    case bool(Bool)
    case list([TemplateValue])
    /// A list of strings, kept as the strings (doc lines, attributes): no array of values is
    /// made of them for every adapter. Renders as a `list` of `string`s.
    case strings([String])
    case object(TemplateObject)
    /// A list whose items are made only when it renders, each right before it renders. A big
    /// file's blocks are planned and rendered in one pass on all cores, and each block's values
    /// are freed as soon as its text exists, instead of a whole file's values living at once.
    case lazyList(LazyList)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// Whether a section over this value renders (and how often).
    var isTruthy: Bool {
        switch self {
        case .string(let text): return !text.isEmpty
        case .text(let text): return !text.isEmpty
        case .bool(let flag): return flag
        case .list(let items): return !items.isEmpty
        case .strings(let items): return !items.isEmpty
        case .object: return true
        case .lazyList(let list): return list.count > 0
        }
    }
}

/// An object's fields, in the order written. Objects have a dozen fields at most, and a lookup
/// that compares a few short strings is several times cheaper than hashing one — planning and
/// rendering make millions of them for a big input.
public struct TemplateObject: Sendable, ExpressibleByDictionaryLiteral {
    /// A struct, not a `(String, TemplateValue)` tuple: an array of tuples is destroyed through
    /// the runtime's generic tuple witness, element by element, for every object rendered.
    public struct Field: Sendable {
        public var name: String
        public var value: TemplateValue

        public init(_ name: String, _ value: TemplateValue) {
            self.name = name
            self.value = value
        }
    }

    var fields: [Field]

    /// The fields as built (the planner's hot path: no dictionary literal to convert).
    public init(_ fields: [Field]) {
        self.fields = fields
    }

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        fields = elements.map { Field($0.0, $0.1) }
    }

    /// The position of the field named `key`, trying `guess` first.
    func index(of key: String, guess: Int) -> Int? {
        if guess < fields.count && fields[guess].name == key { return guess }
        // Lengths first: they are read without a call, and most names differ in length.
        let length = key.utf8.count
        for index in fields.indices where fields[index].name.utf8.count == length && fields[index].name == key { return index }
        return nil
    }

    public subscript(key: String) -> TemplateValue? {
        index(of: key, guess: 0).map { fields[$0].value }
    }
}

/// `count` items, the item at an index made by `item` (on any thread, in any order).
public struct LazyList: Sendable {
    public var count: Int
    public var item: @Sendable (Int) -> TemplateValue

    public init(count: Int, item: @escaping @Sendable (Int) -> TemplateValue) {
        self.count = count
        self.item = item
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
