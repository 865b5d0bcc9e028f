import Analysis
import DeclParser
import Foundation
import Parallel
import Templates
import Text

/// A problem to report, in whichever file it was found (a `.bridge` input or a template).
public struct Report: Hashable, Sendable {
    public var path: String
    public var diagnostic: Diagnostic

    public init(path: String, diagnostic: Diagnostic) {
        self.path = path
        self.diagnostic = diagnostic
    }

    public var formatted: String { diagnostic.formatted(path: path) }
}

/// The whole pipeline for one input: parse → analyse → plan → render. Pure: bytes in, text or
/// reports out; the CLI and the plugins own files.
public struct Generator: Sendable {
    public static let fileTemplate = "file.swift.template"
    public static let adapterTemplate = "adapter.swift.template"
    public static let supportTemplate = "BridgegenSupport.swift.template"
    /// The name of the shared runtime file written beside the generated adapters.
    public static let supportFileName = "BridgegenSupport.swift"

    let templates: TemplateSet
    public var planner = Planner()
    /// Told how long each stage took (`bridgegen generate --timings`), to see where time goes
    /// on a real input without a profiler.
    public var timings: (@Sendable (_ stage: String, _ duration: Duration) -> Void)?

    public init(templates: TemplateSet) {
        self.templates = templates
    }

    /// The templates compiled into the binary (identical to the files in Templates/).
    public static func defaultTemplates() -> [String: String] {
        Dictionary(uniqueKeysWithValues: DefaultTemplates.files.map { ($0.name, $0.source) })
    }

    /// Parses the default templates, replacing any that `overrides` provides (name → source,
    /// with the path to report problems at).
    public static func templates(overrides: [String: (path: String, source: String)] = [:]) throws(TemplateError) -> TemplateSet {
        var sources: [(name: String, path: String, source: String)] = []
        for (name, source) in defaultTemplates().sorted(by: { $0.key < $1.key }) {
            if let override = overrides[name] {
                sources.append((partialName(name), override.path, override.source))
            } else {
                sources.append((partialName(name), "<default>/" + name, source))
            }
        }
        return try TemplateSet(sources: sources)
    }

    /// `adapter.swift.template` is included as `{{> adapter}}`.
    static func partialName(_ fileName: String) -> String {
        String(fileName.prefix { $0 != "." })
    }

    public static func standard() throws(TemplateError) -> Generator {
        Generator(templates: try templates())
    }

    public struct Output: Sendable {
        /// The generated Swift source in pieces, in order; nil when there were errors. A big
        /// input's output is tens of megabytes rendered on several cores: it is written out
        /// piece by piece, never copied into one string.
        public var chunks: [TextBuffer]?
        public var reports: [Report]

        public init(chunks: [TextBuffer]?, reports: [Report]) {
            self.chunks = chunks
            self.reports = reports
        }

        public init(text: String?, reports: [Report]) {
            self.init(chunks: text.map { [TextBuffer(utf8: $0)] }, reports: reports)
        }

        /// The generated Swift source; nil when there were errors.
        public var text: String? { chunks.map { TextBuffer.joined($0).string } }
    }

    /// Generates the Swift source for one `.bridge` file. `path` is used in diagnostics; the
    /// header names only `displayName` (the file name), so output does not depend on where the
    /// input lives.
    public func generate(source: [UInt8], path: String, displayName: String) -> Output {
        var stopwatch = Stopwatch(report: timings)
        if let problem = Self.checkSize(source.count) ?? Self.checkEncoding(source) {
            return Output(text: nil, reports: [Report(path: path, diagnostic: problem)])
        }
        stopwatch.lap("check UTF-8")
        let (file, parseDiagnostics) = Parser.parse(source)
        stopwatch.lap("parse")
        var reports = parseDiagnostics.map { Report(path: path, diagnostic: $0) }
        if parseDiagnostics.contains(where: { $0.severity == .error }) {
            return Output(text: nil, reports: Self.sorted(reports))
        }
        let (model, analysisDiagnostics) = Analyzer.analyse(file, keepingLegacyNames: planner.settings.naming == .legacy)
        stopwatch.lap("analyse")
        reports += analysisDiagnostics.map { Report(path: path, diagnostic: $0) }
        ExitTimeRelease.keep(file)
        guard let model else { return Output(text: nil, reports: Self.sorted(reports)) }
        ExitTimeRelease.keep(model)
        do {
            let value = planner.plan(model, sourceFile: displayName)
            var chunks = try templates.renderChunks(Self.partialName(Self.fileTemplate), value)
            stopwatch.lap("plan and render")
            Layout.normalize(&chunks)
            stopwatch.lap("layout")
            return Output(chunks: chunks, reports: Self.sorted(reports))
        } catch {
            reports.append(Self.report(error))
            return Output(text: nil, reports: reports)
        }
    }

    /// The shared runtime that every generated file in a module uses.
    public func support() -> Output {
        do {
            let checked = planner.settings.continuation == .checked
            let value: TemplateValue = .object([
                "continuationType": .string(checked ? "CheckedContinuation" : "UnsafeContinuation"),
                "withContinuation": .string(checked ? "withCheckedContinuation" : "withUnsafeContinuation"),
                "misuseHook": .string(planner.settings.misuseHook ?? ""),
            ])
            let text = try templates.renderUTF8(Self.partialName(Self.supportTemplate), value)
            return Output(text: Layout.normalize(utf8: text), reports: [])
        } catch {
            return Output(text: nil, reports: [Self.report(error)])
        }
    }

    static func report(_ error: TemplateError) -> Report {
        Report(
            path: error.path,
            diagnostic: .error(error.message, at: SourceLocation(line: error.line, column: error.column, offset: 0)))
    }

    /// More errors than this from one file are noise: the rest are summarised in one line.
    public static let maximumReportsPerFile = 50

    static func sorted(_ reports: [Report]) -> [Report] {
        var bag = DiagnosticBag()
        bag.append(contentsOf: reports.map(\.diagnostic))
        let path = reports.first?.path ?? ""
        var sorted = bag.sorted.map { Report(path: path, diagnostic: $0) }
        if sorted.count > maximumReportsPerFile {
            let dropped = sorted.count - maximumReportsPerFile
            let last = sorted[maximumReportsPerFile - 1].diagnostic.location
            sorted.removeLast(dropped)
            sorted.append(
                Report(
                    path: path,
                    diagnostic: .error(
                        "too many errors; \(dropped) more not shown", at: last,
                        notes: [.init("fix the errors above and run bridgegen again")])))
        }
        return sorted
    }

    /// Locations are kept in 32 bits (`SourceLocation`): a file must be smaller than 4 GiB.
    static func checkSize(_ byteCount: Int) -> Diagnostic? {
        guard byteCount >= SourceLocation.maximumFileSize else { return nil }
        return .error(
            "file is too large (\(byteCount) bytes); bridgegen reads .bridge files smaller than 4 GiB", at: .start,
            notes: [.init("split the declarations over several .bridge files")])
    }

    /// Input must be UTF-8; the diagnostic points at the first byte that is not.
    static func checkEncoding(_ bytes: [UInt8]) -> Diagnostic? {
        // Plain ASCII, the usual case, is valid: checked eight bytes at a time.
        let isASCII = bytes.withUnsafeBytes { raw -> Bool in
            let words = raw.count / 8
            var high: UInt64 = 0
            for word in 0..<words { high |= raw.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self) }
            for index in (words * 8)..<raw.count { high |= UInt64(raw[index]) }
            return high & 0x8080_8080_8080_8080 == 0
        }
        if isASCII { return nil }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var lineStart = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" {
                    line += 1
                    lineStart = offset
                }
            case .emptyInput:
                return nil
            case .error:
                // Find the first byte the decoder rejected: decode from `offset` byte by byte.
                return .error(
                    "file is not valid UTF-8", at: SourceLocation(line: line, column: offset - lineStart + 1, offset: offset),
                    notes: [.init("save the .bridge file as UTF-8")])
            }
        }
    }
}

/// Times consecutive stages for `Generator.timings`; does nothing when nobody asked.
struct Stopwatch {
    let report: (@Sendable (String, Duration) -> Void)?
    var last = ContinuousClock.now

    init(report: (@Sendable (String, Duration) -> Void)?) {
        self.report = report
    }

    mutating func lap(_ stage: String) {
        guard let report else { return }
        let now = ContinuousClock.now
        report(stage, now - last)
        last = now
    }
}
