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
        var text = text
        // Straight from the string's UTF-8 storage: a copy into `Data` first cost as much as
        // the write itself for a big file (fresh pages to fault in and clear).
        if let failure = text.withUTF8({ bytes in write(bytes, to: path) }) { throw failure }
    }

    /// nil when written (or already right).
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) -> Failure? {
        do throws(Failure) {
            if let existing = FileManager.default.contents(atPath: path), existing.count == bytes.count,
                bytes.isEmpty || existing.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
            {
                return nil
            }
            let directory = (path as NSString).deletingLastPathComponent
            let name = (path as NSString).lastPathComponent
            let temporary =
                (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)  // Less the umask, as before.
            guard descriptor >= 0 else {
                throw Failure(
                    description: "cannot create a temporary file in '\(directory.isEmpty ? "." : directory)': \(String(cString: strerror(errno)))")
            }
            var written = 0
            while written < bytes.count {
                let result = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    unlink(temporary)
                    throw Failure(description: reason)
                }
                written += result
            }
            // On disk before it replaces the old file, so a crash leaves one or the other whole.
            guard fsync(descriptor) == 0, close(descriptor) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw Failure(description: reason)
            }
            if rename(temporary, path) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw Failure(description: reason)
            }
            return nil
        } catch {
            return error
        }
    }
}
