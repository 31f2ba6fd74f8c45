internal import CPennySupport
import Foundation

/// How often each content key was seen (the rows of one date, or of a whole file): open
/// addressing over the keys, which are hashes already, so a lookup is a multiply and a
/// probe instead of `Dictionary`'s seeded SipHash — asked once per imported row. Only the
/// keys are in the table (8 bytes a slot); the few seen more than once have their counts
/// in `repeats`. Counting a whole file (`spillsPast`, an unordered file: every date's keys
/// kept), the keys move past a limit to a `SpillingIDSet` (sorted runs in a scratch file
/// behind a Bloom filter), so memory stays flat however many rows the file has.
struct OccurrenceCounts: Sendable {
    /// 0 marks an empty slot (key 0 is counted in `zeroCount`).
    private var keys = [UInt64](repeating: 0, count: 64)
    /// Occupied slots, so `removeAll` clears only those.
    private var used: [Int32] = []
    private var shift: UInt64 = 58
    private var zeroCount = 0
    /// Counts of the keys seen twice or more.
    private var repeats: [UInt64: Int] = [:]
    /// Keys past which they go to `spilled` (nil: never; the table grows).
    private let spillsPast: Int?
    /// The keys once they passed `spillsPast`.
    private var spilled: SpilledKeys?

    /// An empty table; with `spillsPast`, keys beyond that many go to a scratch file.
    init(spillsPast: Int? = nil) { self.spillsPast = spillsPast }

    /// True once the scratch file of the spilled keys failed: the counts are then not to be
    /// trusted (the import stops with an error).
    var failed: Bool { spilled?.set.failed ?? false }

    /// Counts one more `key` and returns how many times it was seen, this one included.
    mutating func next(_ key: UInt64) -> Int {
        if key == 0 {
            zeroCount += 1
            return zeroCount
        }
        if let spilled { return spilled.set.insert(key) ? 1 : repeated(key) }
        if let spillsPast, used.count >= spillsPast {
            spill()
            return next(key)
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
        return repeated(key)
    }

    /// Counts a key seen before.
    private mutating func repeated(_ key: UInt64) -> Int {
        let count = repeats[key, default: 1] + 1
        repeats[key] = count
        return count
    }

    /// Moves every key to a `SpillingIDSet` and frees the table.
    private mutating func spill() {
        let set = SpillingIDSet(near: NSTemporaryDirectory() + "/penny-counts", memoryLimit: 1 << 16, logLimit: 1 << 12)
        for slot in used { set.insertAbsent(keys[Int(slot)]) }
        spilled = SpilledKeys(set: set)
        keys = [UInt64](repeating: 0, count: 64)
        used = []
        shift = 58
    }

    /// Brings the slot where `next(key)` starts looking into the cache (a hint).
    @inline(__always) func prefetch(_ key: UInt64) {
        if let spilled {
            // An unordered file's keys: the in-memory set's slot and the filter's block.
            spilled.set.prefetch(key)
            return
        }
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

/// The spilled keys of a whole file's counts: one set, used by one reading at a time (the
/// assigner that holds it is handed between statements, never used from two threads).
final class SpilledKeys: @unchecked Sendable {
    /// The keys.
    let set: SpillingIDSet

    init(set: SpillingIDSet) { self.set = set }
}
