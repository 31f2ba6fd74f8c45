internal import CPennySupport

/// A Bloom filter over id keys in 64-byte blocks: a key sets eight bits of one block, so a
/// query reads one cache line.
///
/// The words live in memory the owner provides (an allocation, or a mapped index file);
/// the filter neither allocates nor frees.
/// - Complexity: `mayContain`, `insert` O(1), one cache line; about 0.2% false positives at
///   16 bits per key, 0.7% at 12.
struct BlockedBloomFilter {
    /// Words per block (512 bits).
    static let blockWords = 8
    private let words: UnsafeMutablePointer<UInt64>
    /// How many 64-byte blocks the filter has.
    let blockCount: Int

    /// A filter over `blockCount` blocks at `words` (all zero for an empty filter).
    init(words: UnsafeMutablePointer<UInt64>, blockCount: Int) {
        self.words = words
        self.blockCount = blockCount
    }

    /// The blocks for `keys` keys at `bitsPerKey` (at least one).
    static func blocks(forKeys keys: Int, bitsPerKey: Int) -> Int { max(1, (keys * bitsPerKey + 511) / 512) }

    /// The block of `key` and the eight bits it sets, as one mask per 64-bit word.
    @inline(__always) private func locate(_ key: UInt64) -> (block: UnsafeMutablePointer<UInt64>, bits: UInt64) {
        let block = words + IDKey.scaled(key, blockCount) * Self.blockWords
        return (block, IDKey.remix(key))
    }

    /// Brings `key`'s block into the cache (a hint).
    @inline(__always) func prefetch(_ key: UInt64) { penny_prefetch(locate(key).block) }

    /// False when `key` was certainly never inserted.
    @inline(__always) func mayContain(_ key: UInt64) -> Bool {
        let (block, bits) = locate(key)
        var b = bits
        for _ in 0..<8 {
            let bit = Int(b & 511)
            if block[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return false }
            b >>= 9
        }
        return true
    }

    /// Adds `key`.
    @inline(__always) func insert(_ key: UInt64) {
        let (block, bits) = locate(key)
        var b = bits
        for _ in 0..<8 {
            let bit = Int(b & 511)
            block[bit >> 6] |= 1 << UInt64(bit & 63)
            b >>= 9
        }
    }
}

/// A `BlockedBloomFilter` in memory it allocates and frees.
final class OwnedBloomFilter {
    /// The filter.
    let filter: BlockedBloomFilter
    private let words: UnsafeMutablePointer<UInt64>
    /// How many words the filter has.
    let wordCount: Int

    /// An empty filter sized for `keys` keys at `bitsPerKey`.
    init(keys: Int, bitsPerKey: Int) {
        let blocks = BlockedBloomFilter.blocks(forKeys: keys, bitsPerKey: bitsPerKey)
        wordCount = blocks * BlockedBloomFilter.blockWords
        // Each block on one cache line: a large allocation starts 16 bytes into a page, so
        // each block straddled two lines, and a query's prefetch brought in only the first
        // (a million shuffled rows' import spent half its id lookups waiting on the second).
        let bytes = wordCount * 8
        // On huge pages when it spans one (`WordTable`): a query is a random probe.
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: bytes >= LargeAllocations.hugePageBytes ? LargeAllocations.hugePageBytes : 64)
        LargeAllocations.adviseHugePages(raw, bytes: bytes)
        words = raw.bindMemory(to: UInt64.self, capacity: wordCount)
        words.initialize(repeating: 0, count: wordCount)
        filter = BlockedBloomFilter(words: words, blockCount: blocks)
    }

    deinit { UnsafeMutableRawPointer(words).deallocate() }

    /// The filter's bytes (to write into an index file).
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: words, count: wordCount * 8) }
}
