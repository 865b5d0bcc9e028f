import DeclParser
import Text

/// The async functions generated so far, by signature key (`Type.name(label:_:)`), to find one
/// generated twice — in declaration order, after the blocks were analysed on several cores.
///
/// That check runs on one core while the others wait, once per adapter of a big input, so a
/// key is hashed where it is made (on the core that analysed its block) and the check compares
/// hashes, and strings only when two hashes are equal. A `[String: SourceLocation]` hashed every
/// key twice (look up, then insert) on the waiting core.
struct GeneratedKeys {
    /// One adapter's key, hashed.
    struct Key: Sendable {
        var text: String
        var hash: Int
        var location: SourceLocation

        init(_ text: TextBuffer, at location: SourceLocation) {
            self.text = text.string
            self.hash = text.withBytes { Self.hash($0) }
            self.location = location
        }

        init(_ text: String, at location: SourceLocation) {
            var text = text
            self.hash = text.withUTF8 { Self.hash($0) }
            self.text = text
            self.location = location
        }

        /// A key with a hash of the caller's choosing (tests: keys whose hashes collide).
        init(_ text: String, hash: Int, at location: SourceLocation) {
            self.text = text
            self.hash = hash
            self.location = location
        }

        /// Equal for equal keys (same bytes), within one process.
        static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return hasher.finalize()
        }
    }

    private var keys: [Key] = []
    /// Open addressing: `keys` index + 1 of the key in each slot, 0 when empty; a power of two
    /// at least twice the number of keys.
    private var slots: [Int32] = Array(repeating: 0, count: 16)

    init(expecting count: Int = 0) {
        keys.reserveCapacity(count)
        var capacity = 16
        while capacity < 2 * count { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
    }

    /// Where the same key was first generated, or nil when this is the first (now remembered).
    mutating func firstLocation(of key: consuming Key) -> SourceLocation? {
        if 2 * (keys.count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var slot = key.hash & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if keys[index].hash == key.hash && keys[index].text == key.text { return keys[index].location }
            slot = (slot + 1) & mask
        }
        keys.append(key)
        slots[slot] = Int32(keys.count)
        return nil
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for index in keys.indices {
            var slot = keys[index].hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
