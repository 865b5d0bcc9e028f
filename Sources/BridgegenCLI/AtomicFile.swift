import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file so that readers see either the old or the new contents, never a mix, and leaves
/// it untouched (same modification time) when the contents are already right — so a no-op
/// regeneration recompiles nothing downstream.
enum AtomicFile {
    struct Failure: Error {
        var description: String
    }

    static func write(_ text: String, to path: String) throws(Failure) {
        let data = Data(text.utf8)
        if let existing = FileManager.default.contents(atPath: path), existing == data { return }
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw Failure(description: "cannot create a temporary file in '\(directory.isEmpty ? "." : directory)': \(String(cString: strerror(errno)))")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: reason)
        }
    }
}
