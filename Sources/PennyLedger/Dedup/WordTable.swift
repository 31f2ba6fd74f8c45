/// The words of a hash table in memory of its own, freed with it: zeroed, and when it spans
/// a 2 MiB page, aligned to 2 MiB and advised onto huge pages before the zeros are written
/// (`LargeAllocations.adviseHugePages`). A table probed at random then takes a few TLB
/// entries instead of one per 4 KiB page; an `Array` cannot be aligned, so only the
/// whole huge pages inside it could be.
final class WordTable: @unchecked Sendable {
    /// The words; `count` of them.
    let words: UnsafeMutablePointer<UInt64>
    /// How many words.
    let count: Int

    /// A table of `count` zero words.
    init(zeroed count: Int) {
        let bytes = count * 8
        let alignment = bytes >= LargeAllocations.hugePageBytes ? LargeAllocations.hugePageBytes : 64
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: alignment)
        LargeAllocations.adviseHugePages(raw, bytes: bytes)
        words = raw.bindMemory(to: UInt64.self, capacity: count)
        words.initialize(repeating: 0, count: count)
        self.count = count
    }

    /// A table with the same words (for a value that shares this one and is changed).
    func copy() -> WordTable {
        let table = WordTable(zeroed: count)
        table.words.update(from: words, count: count)
        return table
    }

    deinit { words.deallocate() }
}
