import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes, read straight into an array. `FileManager.contents` gives `Data`, and making
/// an array of that copied a big input once more on the one core that reads it (15.6 MB for
/// 100,000 declarations: fresh pages to fault in, then the copy).
enum FileBytes {
    /// nil when the file cannot be opened or read (a directory, no permission).
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        let expected = fstat(descriptor, &status) == 0 ? max(Int(status.st_size), 0) : 0
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            count = 0
            while count < expected {
                let result = readSome(descriptor, buffer.baseAddress! + count, expected - count)
                if result <= 0 {
                    failed = result < 0
                    break
                }
                count += result
            }
        }
        if failed { return nil }
        // Whatever the size did not announce: a file still growing, or one without a size.
        var more = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let result = more.withUnsafeMutableBufferPointer { readSome(descriptor, $0.baseAddress!, $0.count) }
            if result < 0 { return nil }
            if result == 0 { return bytes }
            bytes.append(contentsOf: more[..<result])
        }
    }

    /// `read`, retried when interrupted: bytes read, 0 at the end, -1 on an error.
    private static func readSome(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
        while true {
            let result = Foundation.read(descriptor, buffer, count)
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }
}
