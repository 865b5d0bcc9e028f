import Dispatch
import Foundation

/// Order-preserving map over the machine's cores, for the per-block stages of a big input
/// (analysis, planning). Small inputs stay on the calling thread: a typical `.bridge` file has a
/// few blocks, and starting threads would cost more than it saves.
public enum Parallel {
    /// Items per thread below which the work is not split.
    public static let minimumChunk = 32

    /// How many batches a big enough `map` cuts its items into, per thread.
    public static let batchesPerThread = 64

    /// How many threads a big enough `map` uses.
    public static var threadCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `minimumPerThread`: items per thread below which the work is not split (fewer for big
    /// items, like the pieces of a file).
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], minimumPerThread: Int = minimumChunk, _ transform: @Sendable (Item) -> Result
    ) -> [Result] {
        let threads = min(threadCount, items.count / minimumPerThread)
        guard threads > 1 else { return items.map(transform) }
        let slots = Slots<Result>(count: items.count)
        // Many contiguous batches per thread, handed out as threads become free: the last batch
        // runs while the other cores have nothing left, so it must be short. With eight per
        // thread, a third of a 100k run's wall time had one core idle (tails of ~1/16 of each
        // stage); sixty-four cost nothing measurable per batch.
        let batches = min(threads * batchesPerThread, max(threads, items.count / minimumPerThread))
        DispatchQueue.concurrentPerform(iterations: batches) { batch in
            // Each batch writes only its own slots.
            let range = (items.count * batch / batches)..<(items.count * (batch + 1) / batches)
            for index in range { slots.set(index, transform(items[index])) }
        }
        return slots.values()
    }

    /// The results, one slot per item, each written by exactly one thread before `values()`,
    /// which is called once, when every slot is set.
    private final class Slots<Value>: @unchecked Sendable {
        // @unchecked: threads write disjoint slots, read only after concurrentPerform returns.
        // A raw buffer, not an array property: concurrent writes through one array would be
        // overlapping mutating accesses.
        private let base: UnsafeMutablePointer<Value>
        private let count: Int

        init(count: Int) {
            self.count = count
            base = .allocate(capacity: count)
        }

        /// `values()` moved every value out; only the memory is left.
        deinit { base.deallocate() }

        /// Called once per slot.
        func set(_ index: Int, _ value: consuming Value) { (base + index).initialize(to: value) }

        /// Moved out, not copied: a copy of each result would retain every field of it, and
        /// destroying the slots release them again, all on the one thread that waits for the
        /// results (for a big input's analysis, every block's adapters).
        func values() -> [Value] {
            Array(unsafeUninitializedCapacity: count) { buffer, initializedCount in
                buffer.baseAddress!.moveInitialize(from: base, count: count)
                initializedCount = count
            }
        }
    }
}
