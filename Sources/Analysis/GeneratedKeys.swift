import DeclParser
import Text

/// The async functions generated so far, by signature key (`Type.name(label:_:)`), to find one
/// generated twice — in declaration order, after the blocks were analysed on several cores.
///
/// That check runs on one core while the others wait, once per adapter of a big input. So a
/// block's keys are written into one buffer and hashed where they are made (on the core that
/// analysed the block), and the check compares hashes, and bytes only when two hashes are
/// equal. A `[String: SourceLocation]` made a string per key, hashed it twice (look up, then
/// insert) and freed it, all on the waiting core.
struct GeneratedKeys {
    /// The keys of one block (or one delegate adapter), in order.
    struct List: Sendable {
        struct Entry: Sendable {
            var start: Int
            var end: Int
            var hash: Int
            var location: SourceLocation
        }

        var bytes = TextBuffer()
        var entries: [Entry] = []

        init() {}

        init(_ key: String, at location: SourceLocation) {
            append(at: location) { $0 += key }
        }

        var count: Int { entries.count }

        /// Adds the key that `write` appends to the buffer.
        mutating func append(at location: SourceLocation, _ write: (inout TextBuffer) -> Void) {
            let start = bytes.count
            write(&bytes)
            let end = bytes.count
            let hash = bytes.withBytes { Self.hash(UnsafeBufferPointer(rebasing: $0[start..<end])) }
            entries.append(Entry(start: start, end: end, hash: hash, location: location))
        }

        /// A key with a hash of the caller's choosing (tests: keys whose hashes collide).
        mutating func append(_ key: String, hash: Int, at location: SourceLocation) {
            let start = bytes.count
            bytes += key
            entries.append(Entry(start: start, end: bytes.count, hash: hash, location: location))
        }

        /// Equal for equal keys (same bytes), within one process.
        static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return hasher.finalize()
        }

        func hasSameKey(_ index: Int, as other: List, _ otherIndex: Int) -> Bool {
            let (entry, otherEntry) = (entries[index], other.entries[otherIndex])
            guard entry.end - entry.start == otherEntry.end - otherEntry.start else { return false }
            return bytes.withBytes { mine in
                other.bytes.withBytes { theirs in
                    mine[entry.start..<entry.end].elementsEqual(theirs[otherEntry.start..<otherEntry.end])
                }
            }
        }
    }

    /// The lists whose keys were remembered.
    private var lists: [List] = []
    /// Open addressing, a power of two at least twice the number of keys: each remembered key's
    /// hash and where it is (`list` + 1, 0 when the slot is empty).
    private var slots: [Slot]
    private var count = 0

    private struct Slot {
        var hash = 0
        var list: Int32 = 0
        var entry: Int32 = 0
    }

    init(expecting expected: Int = 0) {
        var capacity = 16
        while capacity < 2 * expected { capacity *= 2 }
        slots = Array(repeating: Slot(), count: capacity)
    }

    /// For each key of `list` in order, where the same key was first generated (`duplicate`
    /// is told, and the key is not remembered), or nothing when this is the first (remembered).
    mutating func check(_ list: List, duplicate: (_ index: Int, _ first: SourceLocation) -> Void) {
        let listIndex = lists.count
        lists.append(list)
        for index in list.entries.indices {
            if 2 * (count + 1) > slots.count { grow() }
            let hash = list.entries[index].hash
            let mask = slots.count - 1
            var slot = hash & mask
            var first: SourceLocation?
            while slots[slot].list != 0 {
                let (other, entry) = (Int(slots[slot].list) - 1, Int(slots[slot].entry))
                if slots[slot].hash == hash && lists[listIndex].hasSameKey(index, as: lists[other], entry) {
                    first = lists[other].entries[entry].location
                    break
                }
                slot = (slot + 1) & mask
            }
            if let first {
                duplicate(index, first)
            } else {
                slots[slot] = Slot(hash: hash, list: Int32(listIndex + 1), entry: Int32(index))
                count += 1
            }
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.list != 0 {
            var index = slot.hash & mask
            while slots[index].list != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
