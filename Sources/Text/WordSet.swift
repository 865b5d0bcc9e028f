import Foundation

/// A fixed set of short words (keywords, reserved words, attribute names) that is asked, for
/// every name of every declaration, whether it holds a name.
///
/// `Set<String>.contains` hashes the whole name with SipHash before it compares anything —
/// about two hundred instructions, for names that are mostly not in the set. Here a name is
/// compared only with the words of its length and first byte: usually none, else one or two.
public struct WordSet: Sendable, ExpressibleByArrayLiteral, Sequence {
    /// The words' bytes, one after another.
    private var bytes: [UInt8] = []
    /// Each word's place in `bytes`, ordered by bucket; a bucket's words are
    /// `entries[bucketStarts[bucket]..<bucketStarts[bucket + 1]]`.
    private var entries: [(start: Int, count: Int)] = []
    private var bucketStarts: [Int]
    private var holdsEmpty = false
    private let words: [String]

    private static let bucketCount = 64

    public init(_ words: some Sequence<String>) {
        var unique: [String] = []
        for word in words where !unique.contains(word) { unique.append(word) }
        self.words = unique
        var byBucket = Array(repeating: [(start: Int, count: Int)](), count: Self.bucketCount)
        for word in unique {
            guard let first = word.utf8.first else {
                holdsEmpty = true
                continue
            }
            byBucket[Self.bucket(count: word.utf8.count, first: first)].append((bytes.count, word.utf8.count))
            bytes += word.utf8
        }
        bucketStarts = [0]
        for bucket in byBucket {
            entries += bucket
            bucketStarts.append(entries.count)
        }
    }

    public init(arrayLiteral words: String...) {
        self.init(words)
    }

    private static func bucket(count: Int, first: UInt8) -> Int {
        (count &* 31 &+ Int(first)) & (bucketCount - 1)
    }

    public func contains(_ word: String) -> Bool {
        word.withUTF8Bytes { name in
            guard let first = name.first else { return holdsEmpty }
            let bucket = Self.bucket(count: name.count, first: first)
            for index in bucketStarts[bucket]..<bucketStarts[bucket + 1] {
                let entry = entries[index]
                guard entry.count == name.count else { continue }
                let equal = bytes.withUnsafeBufferPointer { stored in
                    memcmp(stored.baseAddress! + entry.start, name.baseAddress!, name.count) == 0
                }
                if equal { return true }
            }
            return false
        }
    }

    /// The words, in the order first given.
    public func makeIterator() -> IndexingIterator<[String]> { words.makeIterator() }

    public var count: Int { words.count }

    /// The words of both sets (this set's first).
    public func union(_ other: WordSet) -> WordSet { WordSet(words + other.words) }
}

extension WordSet: Equatable {
    /// Equal when they hold the same words, in whatever order.
    public static func == (left: WordSet, right: WordSet) -> Bool {
        left.count == right.count && left.allSatisfy(right.contains)
    }
}
