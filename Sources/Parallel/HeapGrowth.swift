import Foundation

/// How the C library's allocator grows its heaps, for a process that generates a big input and
/// exits (the command-line tool; never a library user).
///
/// glibc grows a worker thread's heap by what the allocation at hand needs, one `mprotect` call
/// per few pages, and the main heap by `brk` in 128 KiB steps: a 100k-declaration run made
/// 23,000–29,000 `mprotect` and 1,400 `brk` calls, a sixth of its system time (each is a trip
/// into the kernel, dearer in a virtual machine). Asking for 64 MiB of padding per step makes it
/// a dozen of each. Only address space is reserved: pages are still given memory when first
/// written, so the peak resident size does not change.
public enum HeapGrowth {
    /// glibc's `M_TOP_PAD` (`malloc.h`).
    private static let topPadOption: Int32 = -2
    static let padding: Int32 = 64 << 20

    /// Sets the padding; false where the C library has no `mallopt` or refused the value. A hint:
    /// nothing depends on it.
    @discardableResult
    public static func growInLargeSteps() -> Bool {
        #if os(Linux)
            // Looked up at run time: the C library module does not declare `mallopt`.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return false }
            return unsafeBitCast(symbol, to: Mallopt.self)(topPadOption, padding) == 1
        #else
            return false
        #endif
    }
}
