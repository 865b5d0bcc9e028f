import Foundation
import Text

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

    /// Starts writing a piece to disk while the next is copied in, so the `fsync` that must
    /// precede the rename waits for less: for a 71 MB output, write and `fsync` took 65 ms one
    /// after the other, 41 ms so. Linux only (`sync_file_range`, looked up at run time: the
    /// C library module does not declare it); elsewhere the `fsync` does it all. A hint: its
    /// failure changes nothing.
    private static func startWriteback(_ descriptor: Int32, offset: Int, count: Int) {
        #if os(Linux)
            _ = syncFileRange?(descriptor, Int64(offset), Int64(count), 2)  // SYNC_FILE_RANGE_WRITE
        #endif
    }

    #if os(Linux)
        private typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
        private static let syncFileRange: SyncFileRange? = dlsym(nil, "sync_file_range").map {
            unsafeBitCast($0, to: SyncFileRange.self)
        }
    #endif

    /// The text of `chunks`, in order, straight from their bytes: a big output is written piece
    /// by piece as it was rendered, never copied into one buffer first (fresh pages to fault in
    /// and clear cost as much as the write itself).
    static func write(_ chunks: [TextBuffer], to path: String) throws(Failure) {
        if let failure = write(chunks, path: path) { throw failure }
    }

    /// Whether the file at `path` holds exactly the text of `chunks`.
    private static func holds(_ chunks: [TextBuffer], path: String) -> Bool {
        guard let existing = FileManager.default.contents(atPath: path),
            existing.count == chunks.reduce(0, { $0 + $1.count })
        else { return false }
        return existing.withUnsafeBytes { file in
            var offset = 0
            for chunk in chunks {
                let same = chunk.withBytes { bytes in
                    bytes.isEmpty || memcmp(file.baseAddress! + offset, bytes.baseAddress!, bytes.count) == 0
                }
                guard same else { return false }
                offset += chunk.count
            }
            return true
        }
    }

    /// nil when written (or already right).
    private static func write(_ chunks: [TextBuffer], path: String) -> Failure? {
        do throws(Failure) {
            if holds(chunks, path: path) { return nil }
            let directory = (path as NSString).deletingLastPathComponent
            let name = (path as NSString).lastPathComponent
            let temporary =
                (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)  // Less the umask, as before.
            guard descriptor >= 0 else {
                throw Failure(
                    description: "cannot create a temporary file in '\(directory.isEmpty ? "." : directory)': \(String(cString: strerror(errno)))")
            }
            var offset = 0
            for chunk in chunks {
                let failure = chunk.withBytes { bytes -> Failure? in
                    var written = 0
                    while written < bytes.count {
                        let result = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                        if result < 0 && errno == EINTR { continue }
                        guard result > 0 else { return Failure(description: String(cString: strerror(errno))) }
                        written += result
                    }
                    return nil
                }
                if let failure {
                    close(descriptor)
                    unlink(temporary)
                    throw failure
                }
                startWriteback(descriptor, offset: offset, count: chunk.count)
                offset += chunk.count
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
