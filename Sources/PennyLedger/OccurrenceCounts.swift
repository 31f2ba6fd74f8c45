/// How often each content key was seen (the rows of one date, or of a whole file): open
/// addressing over the keys, which are hashes already, so a lookup is a multiply and a
/// probe instead of `Dictionary`'s seeded SipHash — asked once per imported row.
struct OccurrenceCounts: Sendable {
    private var keys: [UInt64]
    private var counts: [Int]
    /// The count of key 0 (0 marks an empty slot).
    private var zeroCount = 0
    /// Occupied slots, so `removeAll` clears only those.
    private var used: [Int32] = []
    private var mask: Int
    private var shift: UInt64

    /// An empty table.
    init() {
        keys = [UInt64](repeating: 0, count: 64)
        counts = [Int](repeating: 0, count: 64)
        mask = 63
        shift = 58
    }

    /// Counts one more `key` and returns how many times it was seen, this one included.
    mutating func next(_ key: UInt64) -> Int {
        if key == 0 {
            zeroCount += 1
            return zeroCount
        }
        if (used.count + 1) * 10 > keys.count * 7 { grow() }
        var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while true {
            let k = keys[i]
            if k == key {
                counts[i] += 1
                return counts[i]
            }
            if k == 0 {
                keys[i] = key
                counts[i] = 1
                used.append(Int32(i))
                return 1
            }
            i = (i + 1) & mask
        }
    }

    /// Forgets every count (the table keeps its size).
    mutating func removeAll() {
        for i in used {
            keys[Int(i)] = 0
            counts[Int(i)] = 0
        }
        used.removeAll(keepingCapacity: true)
        zeroCount = 0
    }

    private mutating func grow() {
        let old = used.map { (keys[Int($0)], counts[Int($0)]) }
        let size = keys.count * 2
        keys = [UInt64](repeating: 0, count: size)
        counts = [Int](repeating: 0, count: size)
        used.removeAll(keepingCapacity: true)
        mask = size - 1
        shift -= 1
        for (key, count) in old {
            var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while keys[i] != 0 { i = (i + 1) & mask }
            keys[i] = key
            counts[i] = count
            used.append(Int32(i))
        }
    }
}
