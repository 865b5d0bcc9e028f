import Foundation

/// What a child process printed and how it ended.
public struct ChildProcessResult: Sendable {
    public var status: Int32
    public var standardOutput: Data
    public var standardError: Data
    /// Standard output then standard error, as text (compiler logs, lint output).
    public var combinedText: String {
        String(decoding: standardOutput, as: UTF8.self) + String(decoding: standardError, as: UTF8.self)
    }
}

/// Runs a child process (swiftc, `swift format`, the built `bridgegen`) without holding a thread
/// of the cooperative pool while it runs.
///
/// Why: on a 2-core machine the pool has two threads. A test that waits with `waitUntilExit()` or
/// `readDataToEndOfFile()` blocks one of them for the seconds a compiler takes, and every other
/// test's adapters, running in parallel, wait for the other thread until their watchdogs fire.
/// Here the output goes to temporary files (no pipe can fill up and stall the child) and the task
/// suspends until `terminationHandler`, called on Foundation's own thread, resumes it.
public func runChildProcess(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil
) async throws -> ChildProcessResult {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridgegen-child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("stdout")
    let errURL = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            continuation.resume(throwing: error)
        }
    }
    try? out.close()
    try? err.close()
    return ChildProcessResult(
        status: status, standardOutput: (try? Data(contentsOf: outURL)) ?? Data(),
        standardError: (try? Data(contentsOf: errURL)) ?? Data())
}

/// Runs a toolchain command found on `PATH` (`swiftc`, `swift format`) the same way.
public func runTool(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let result = try await runChildProcess(URL(fileURLWithPath: "/usr/bin/env"), arguments)
    return (result.status, result.combinedText)
}
