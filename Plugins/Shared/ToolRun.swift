import Foundation

/// Runs the bridgegen executable for a command plugin (symlinked into each: plugins cannot
/// depend on a library target) and returns its exit status and everything it printed. One pipe
/// for both streams keeps bridgegen's own order (diagnostics, then a diff), and it is read to
/// the end before waiting, so a long output cannot fill the pipe and block.
enum ToolRun {
    static func run(_ tool: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
