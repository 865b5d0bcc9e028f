// Module Generator — analyse, plan and render, one folder each, and the pipeline that runs them
// after the parser: `SourceFile` → `BridgeModel` → `FilePlan` → Swift text. docs/architecture.md
// follows one declaration through it.

import DeclParser
import Templates

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

/// The whole pipeline for one `.bridge` file, one stage per folder, each a function from one
/// named value to the next:
///
///     bytes ──parse──▶ SourceFile ──analyse──▶ BridgeModel ──plan──▶ FilePlan ──render──▶ Swift text
///     (DeclParser)     (syntax tree) (Analysis/)  (adapter model) (Planning/) (code pieces) (Rendering/)
///
/// Pure: bytes in, text or reports out; the CLI and the plugins own files. A stage that reports
/// an error ends the run there (the parser and the analysis still report every independent
/// problem they find first).
public struct GeneratorPipeline: Sendable {
    public var settings = Settings()
    let templates: TemplateSet

    public init(templates: TemplateSet) {
        self.templates = templates
    }

    /// The pipeline with the default templates.
    public static func standard() throws(TemplateError) -> GeneratorPipeline {
        GeneratorPipeline(templates: try Planner.templates())
    }

    public struct Output: Sendable {
        /// The generated Swift source; nil when there were errors.
        public var text: String?
        public var reports: [Report]

        public init(text: String?, reports: [Report]) {
            self.text = text
            self.reports = reports
        }
    }

    /// Generates the Swift source for one `.bridge` file. `path` is used in diagnostics; the
    /// header names only `displayName` (the file name), so output does not depend on where the
    /// input lives; `#sourceLocation` (with `settings.sourceLocations == .lines`) names
    /// `sourcePath` (default: `displayName`).
    public func generate(source: [UInt8], path: String, displayName: String, sourcePath: String? = nil) -> Output {
        if let problem = Self.checkEncoding(source) {
            return Output(text: nil, reports: [Report(path: path, diagnostic: problem)])
        }
        let (syntax, parseDiagnostics) = Parser.parse(source)
        var reports = parseDiagnostics.map { Report(path: path, diagnostic: $0) }
        guard !parseDiagnostics.contains(where: { $0.severity == .error }) else {
            return Output(text: nil, reports: Self.sorted(reports))
        }
        let (model, analysisDiagnostics) = Analyzer.analyse(
            syntax, keepingLegacyNames: settings.naming == .legacy,
            defaultAccess: settings.access)
        reports += analysisDiagnostics.map { Report(path: path, diagnostic: $0) }
        guard let model else { return Output(text: nil, reports: Self.sorted(reports)) }
        do throws(TemplateError) {
            let plan = try planner.plan(model, sourceFile: displayName)
            let text = Renderer.render(plan, sourceLocations: settings.sourceLocations, sourcePath: sourcePath ?? displayName)
            return Output(text: text, reports: Self.sorted(reports))
        } catch {
            return Output(text: nil, reports: Self.sorted(reports) + [Self.report(error)])
        }
    }

    /// The errors `generate` would report for `source`, all of them in one pass: the parser's
    /// and the analyser's for every declaration (the parser skips what it cannot read and goes
    /// on), with no limit; nothing is planned or printed. What `scan` asks of its starter.
    public func errors(in source: [UInt8]) -> [Diagnostic] {
        if let problem = Self.checkEncoding(source) { return [problem] }
        let (syntax, parseDiagnostics) = Parser.parse(source)
        let (_, analysisDiagnostics) = Analyzer.analyse(
            syntax, keepingLegacyNames: settings.naming == .legacy, defaultAccess: settings.access)
        return (parseDiagnostics + analysisDiagnostics).filter { $0.severity == .error }
    }

    /// The plan stage alone, for a model already analysed (tests read plans).
    public var planner: Planner {
        var planner = Planner(templates: templates)
        planner.settings = settings
        return planner
    }

    /// The name of the file that older releases wrote beside the adapters: the runtime, copied
    /// into every module. The CLI and the command plugin remove it where they find it.
    public static let legacySupportFileName = "BridgegenSupport.swift"

    /// The sources of the `BridgegenRuntime` module, for build systems without SwiftPM
    /// (`bridgegen support`): the files of Sources/BridgegenRuntime byte for byte, each after a
    /// first line that marks it as generated (bridgegen only overwrites files that have it).
    public static func runtimeSources() -> [(name: String, text: String)] {
        EmbeddedRuntime.files.map { file in
            (
                file.name,
                "// \(GeneratedFile.marker) from Sources/BridgegenRuntime/\(file.name) (runtime API version "
                    + "\(GeneratedFile.runtimeVersion)). Do not edit.\n" + file.source
            )
        }
    }

    static func report(_ error: TemplateError) -> Report {
        Report(
            path: error.path,
            diagnostic: .error(error.message, at: SourceLocation(line: error.line, column: error.column, offset: 0)))
    }

    /// More diagnostics than this from one file are noise: the rest are summarised in one line.
    public static let maximumReportsPerFile = 50

    /// The summary is an error only when an error was left out: a starter with a hundred
    /// warnings (Perfect-Redis: an adapter per command, each named like a blocking twin) still
    /// generates, and must not read as failed.
    static func sorted(_ reports: [Report]) -> [Report] {
        var bag = DiagnosticBag()
        bag.append(contentsOf: reports.map(\.diagnostic))
        let path = reports.first?.path ?? ""
        var sorted = bag.sorted.map { Report(path: path, diagnostic: $0) }
        if sorted.count > maximumReportsPerFile {
            let dropped = sorted[maximumReportsPerFile...]
            let errors = dropped.filter { $0.diagnostic.severity == .error }.count
            let last = sorted[maximumReportsPerFile - 1].diagnostic.location
            sorted.removeLast(dropped.count)
            let summary =
                errors > 0
                ? Diagnostic(
                    .error, "too many errors; \(dropped.count) more not shown" + (errors < dropped.count ? " (\(errors) of them errors)" : ""), at: last,
                    notes: [.init("fix the errors above and run bridgegen again")])
                : Diagnostic(
                    .warning, "too many warnings; \(dropped.count) more not shown", at: last,
                    notes: [.init("the adapters were written; fix the warnings above and run bridgegen again to see the rest")])
            sorted.append(Report(path: path, diagnostic: summary))
        }
        return sorted
    }

    /// Input must be UTF-8; the diagnostic points at the first byte that is not.
    static func checkEncoding(_ bytes: [UInt8]) -> Diagnostic? {
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
