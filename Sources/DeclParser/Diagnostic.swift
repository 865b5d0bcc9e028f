/// A problem in the user's input, reported as `path:line:col: error: message`.
///
/// Diagnostics are values, never thrown errors: the parser and the analysis keep going after
/// an independent problem so that one run reports everything the user has to fix.
public struct Diagnostic: Hashable, Sendable {
    public enum Severity: String, Sendable {
        case error
        case warning
        case note
    }

    /// Extra information attached to a diagnostic, printed on its own line after it.
    public struct Note: Hashable, Sendable {
        public var message: String
        public var location: SourceLocation?

        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    public var notes: [Note]

    public init(_ severity: Severity, _ message: String, at location: SourceLocation, notes: [Note] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    /// Renders the diagnostic the way swiftc and clang do, so editors and CI logs link to the spot.
    /// A note without its own location points at the diagnostic's location.
    public func formatted(path: String) -> String {
        var text = "\(path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        for note in notes {
            let at = note.location ?? location
            text += "\n\(path):\(at.line):\(at.column): note: \(note.message)"
        }
        return text
    }
}

/// Collects diagnostics in the order they are found and answers whether any is an error.
public struct DiagnosticBag: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// How many errors (not notes or warnings) were collected: what a pass compares before and
    /// after a step to see whether the step failed.
    public var errorCount: Int {
        var count = 0
        for diagnostic in diagnostics where diagnostic.severity == .error { count += 1 }
        return count
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func error(_ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []) {
        diagnostics.append(.error(message, at: location, notes: notes))
    }

    /// Adds `note` to each error collected since `start` that `applies` to.
    public mutating func addNote(_ note: Diagnostic.Note, toErrorsFrom start: Int, where applies: (Diagnostic) -> Bool) {
        for index in diagnostics.indices.dropFirst(start) where diagnostics[index].severity == .error && applies(diagnostics[index]) {
            diagnostics[index].notes.append(note)
        }
    }

    /// Writes `'name'` for `'stand-in'` in the messages and notes collected since `start`: what
    /// a pass analysed under a name of its own (a success half that takes its failure half's
    /// closure too) is reported under the name the input declares.
    public mutating func rename(_ standIn: String, to name: String, from start: Int) {
        guard standIn != name else { return }
        for index in diagnostics.indices.dropFirst(start) {
            diagnostics[index].message = diagnostics[index].message.replacingOccurrences(of: "'\(standIn)'", with: "'\(name)'")
            for note in diagnostics[index].notes.indices {
                diagnostics[index].notes[note].message = diagnostics[index].notes[note].message.replacingOccurrences(of: "'\(standIn)'", with: "'\(name)'")
            }
        }
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    /// Diagnostics sorted by position (stable for equal positions), so output order never
    /// depends on which pass found a problem first.
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            a.element.location == b.element.location ? a.offset < b.offset : a.element.location < b.element.location
        }.map(\.element)
    }
}
