internal import CPennySupport

/// How often each content key was seen (the rows of one date, or of a whole file): open
/// addressing over the keys, which are hashes already, so a lookup is a multiply and a
/// probe instead of `Dictionary`'s seeded SipHash — asked once per imported row.
struct OccurrenceCounts: Sendable {
    private struct Slot {
        /// 0 marks an empty slot (key 0 is counted in `zeroCount`).
        var key: UInt64 = 0
        var count = 0
    }

    private var slots = [Slot](repeating: Slot(), count: 64)
    /// Occupied slots, so `removeAll` clears only those.
    private var used: [Int32] = []
    private var shift: UInt64 = 58
    private var zeroCount = 0

    /// An empty table.
    init() {}

    /// Counts one more `key` and returns how many times it was seen, this one included.
    mutating func next(_ key: UInt64) -> Int {
        if key == 0 {
            zeroCount += 1
            return zeroCount
        }
        if (used.count + 1) * 10 > slots.count * 7 { grow() }
        let shift = self.shift
        let (count, added) = slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while true {
                if slots[i].key == key {
                    slots[i].count += 1
                    return (slots[i].count, -1)
                }
                if slots[i].key == 0 {
                    slots[i] = Slot(key: key, count: 1)
                    return (1, i)
                }
                i = (i + 1) & mask
            }
        }
        if added >= 0 { used.append(Int32(added)) }
        return count
    }

    /// Brings the slot where `next(key)` starts looking into the cache (a hint).
    @inline(__always) func prefetch(_ key: UInt64) {
        let home = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        slots.withUnsafeBufferPointer { penny_prefetch($0.baseAddress! + home) }
    }

    /// Forgets every count (the table keeps its size).
    mutating func removeAll() {
        slots.withUnsafeMutableBufferPointer { slots in
            for i in used { slots[Int(i)] = Slot() }
        }
        used.removeAll(keepingCapacity: true)
        zeroCount = 0
    }

    private mutating func grow() {
        let old = used.map { slots[Int($0)] }
        slots = [Slot](repeating: Slot(), count: slots.count * 2)
        shift -= 1
        used.removeAll(keepingCapacity: true)
        let mask = slots.count - 1
        for slot in old {
            var i = Int(truncatingIfNeeded: (slot.key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while slots[i].key != 0 { i = (i + 1) & mask }
            slots[i] = slot
            used.append(Int32(i))
        }
    }
}
