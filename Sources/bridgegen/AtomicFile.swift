import Foundation

/// Writes a file so that readers see either the old or the new contents, never a mix, and leaves
/// it untouched (same modification time) when the contents are already right — so a no-op
/// regeneration recompiles nothing downstream.
enum AtomicFile {
    struct Failure: Error {
        var description: String
    }

    /// The new contents go to a temporary file beside `path`, reach the disk, then replace the
    /// old file in one `rename`: a crash leaves one or the other whole.
    static func write(_ text: String, to path: String) throws(Failure) {
        let data = Data(text.utf8)
        if FileManager.default.contents(atPath: path) == data { return }
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary =
            (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw Failure(
                description: "cannot create a temporary file in '\(directory.isEmpty ? "." : directory)': \(String(cString: strerror(errno)))")
        }
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            try? handle.close()
            unlink(temporary)
            throw Failure(description: (error as NSError).localizedDescription)
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: reason)
        }
    }
}
