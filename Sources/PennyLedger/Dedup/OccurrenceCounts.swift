internal import CPennySupport

/// How often each content key was seen (the rows of one date, or of a whole file): open
/// addressing over the keys, which are hashes already, so a lookup is a multiply and a
/// probe instead of `Dictionary`'s seeded SipHash — asked once per imported row. Only the
/// keys are in the table (8 bytes a slot); the few seen more than once have their counts
/// in `repeats`.
struct OccurrenceCounts: Sendable {
    /// 0 marks an empty slot (key 0 is counted in `zeroCount`).
    private var keys = [UInt64](repeating: 0, count: 64)
    /// Occupied slots, so `removeAll` clears only those.
    private var used: [Int32] = []
    private var shift: UInt64 = 58
    private var zeroCount = 0
    /// Counts of the keys seen twice or more.
    private var repeats: [UInt64: Int] = [:]

    /// An empty table.
    init() {}

    /// Counts one more `key` and returns how many times it was seen, this one included.
    mutating func next(_ key: UInt64) -> Int {
        if key == 0 {
            zeroCount += 1
            return zeroCount
        }
        if used.count + 1 > IDSet.capacity(slots: keys.count) { grow() }
        let shift = self.shift
        let added = keys.withUnsafeMutableBufferPointer { keys in
            let mask = keys.count - 1
            var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while true {
                if keys[i] == key { return -1 }
                if keys[i] == 0 {
                    keys[i] = key
                    return i
                }
                i = (i + 1) & mask
            }
        }
        guard added < 0 else {
            used.append(Int32(added))
            return 1
        }
        let count = repeats[key, default: 1] + 1
        repeats[key] = count
        return count
    }

    /// Brings the slot where `next(key)` starts looking into the cache (a hint).
    @inline(__always) func prefetch(_ key: UInt64) {
        let home = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        keys.withUnsafeBufferPointer { penny_prefetch($0.baseAddress! + home) }
    }

    /// Forgets every count (the table keeps its size).
    mutating func removeAll() {
        keys.withUnsafeMutableBufferPointer { keys in
            for i in used { keys[Int(i)] = 0 }
        }
        used.removeAll(keepingCapacity: true)
        repeats.removeAll()
        zeroCount = 0
    }

    private mutating func grow() {
        let old = used.map { keys[Int($0)] }
        keys = [UInt64](repeating: 0, count: keys.count * 2)
        shift -= 1
        used.removeAll(keepingCapacity: true)
        let mask = keys.count - 1
        for key in old {
            var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while keys[i] != 0 { i = (i + 1) & mask }
            keys[i] = key
            used.append(Int32(i))
        }
    }
}
