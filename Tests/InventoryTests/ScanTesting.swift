import Generator
@testable import Inventory
import Testing

/// A one-file library scanned as module `Store`, and its starter generated (with no error).
protocol ScanTesting {}

extension ScanTesting {
    func scan(_ source: String) -> Scan.Result {
        var scan = Scan()
        scan.modules = ["Store"]
        return scan.run([Scan.File(path: "Sources/Store/Store.swift", bytes: Array(source.utf8))])
    }

    func generate(_ text: String) throws -> String {
        let output = try GeneratorPipeline.standard().generate(source: Array(text.utf8), path: "S.bridge", displayName: "S.bridge")
        #expect(!output.reports.contains { $0.diagnostic.severity == .error }, "\(output.reports.map(\.formatted))")
        return output.text ?? ""
    }

    /// generate's diagnostics, one per line, formatted as the CLI writes them.
    func generateWithDiagnostics(_ text: String) throws -> String {
        let output = try GeneratorPipeline.standard().generate(source: Array(text.utf8), path: "S.bridge", displayName: "S.bridge")
        return output.reports.map(\.formatted).joined(separator: "\n")
    }
}
