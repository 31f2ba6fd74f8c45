internal import CPennySupport
import Foundation

/// How often each content key was seen (the rows of one date, or of a whole file): open
/// addressing over the keys, which are hashes already, so a lookup is a multiply and a
/// probe instead of `Dictionary`'s seeded SipHash — asked once per imported row. Only the
/// keys are in the table (8 bytes a slot); the few seen more than once have their counts
/// in `repeats`.
///
/// Past `spillsPast` keys (a whole unordered file's, or one date's with very many rows) the
/// keys move to a `SpillingIDSet` (sorted runs in a scratch file behind a Bloom filter), and
/// so do the counts: a key seen `n` times has a marker for each of 2…n in the same set
/// (`OccurrenceMarker`), its count is found again by a search over them, and recent counts
/// are kept in a small direct-mapped cache. Memory stays flat however many rows the file
/// has and however often they repeat (an export pasted twice into one file).
struct OccurrenceCounts: Sendable {
    /// 0 marks an empty slot (key 0 is counted in `zeroCount`).
    /// The slots (`WordTable`: huge pages under a large table).
    private var keys = WordTable(zeroed: 64)
    /// Occupied slots, so `removeAll` clears only those.
    private var used: [Int32] = []
    private var shift: UInt64 = 58
    private var zeroCount = 0
    /// Counts of the keys seen twice or more (in memory, before a spill).
    private var repeats: [UInt64: Int] = [:]
    /// Keys past which they go to `spilled`.
    private let spillsPast: Int
    /// The keys and markers once they passed `spillsPast`.
    private var spilled: SpilledKeys? {
        didSet { borrowed = spilled.map { Unmanaged.passUnretained($0) } }
    }
    /// `spilled`, borrowed (`spilled` keeps it): the per-row calls use it without a retain
    /// and release each, which an `if let` of `spilled` cost.
    private var borrowed: Unmanaged<SpilledKeys>?

    /// An empty table; keys beyond `spillsPast` go to a scratch file. With `sizedForAll` (a
    /// file known not to be grouped by date, whose keys are all counted together) the table
    /// starts with room for `spillsPast` keys: doubling it from 64 slots rehashed every key
    /// again and again (a tenth of the counts' time in a shuffled million rows).
    init(spillsPast: Int = 1 << 18, sizedForAll: Bool = false) {
        self.spillsPast = max(1, spillsPast)
        guard sizedForAll else { return }
        keys = WordTable(zeroed: fullSlots)
        shift = UInt64(64 - fullSlots.trailingZeroBitCount)
        used.reserveCapacity(min(self.spillsPast, Self.largestRoom))
    }

    /// The most keys the table makes room for (a limit of "never" would not fit in memory).
    private static let largestRoom = 1 << 18

    /// Slots for `spillsPast` keys (at most `largestRoom`): the table's last size.
    private var fullSlots: Int {
        let room = min(spillsPast, Self.largestRoom)
        var slots = 64
        while IDSet.capacity(slots: slots) < room { slots *= 2 }
        return slots
    }

    /// A table this large goes straight to its last size when it fills: only a day of
    /// tens of thousands of rows (one day's export, or a file not grouped by date) grows
    /// past it, and doubling from it rehashed the keys four more times (2% of the
    /// importer's thread in a one-day million rows).
    private static let jumpsFromSlots = 1 << 15

    /// True once the scratch file of the spilled keys failed: the counts are then not to be
    /// trusted (the import stops with an error).
    var failed: Bool { spilled?.set.failed ?? false }

    /// True once the keys went to a scratch file.
    var hasSpilled: Bool { spilled != nil }

    /// Counts one more `key` and returns how many times it was seen, this one included.
    mutating func next(_ key: UInt64) -> Int {
        if key == 0 {
            zeroCount += 1
            return zeroCount
        }
        if let borrowed { return borrowed._withUnsafeGuaranteedRef { $0.set.insert(key) ? 1 : $0.repeated(key) } }
        if used.count >= spillsPast {
            spill()
            return next(key)
        }
        if used.count + 1 > IDSet.capacity(slots: keys.count) { grow() }
        let shift = self.shift
        makeUnique()
        let (table, mask) = (keys.words, keys.count - 1)
        var added = -1
        var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while table[i] != key {
            if table[i] == 0 {
                table[i] = key
                added = i
                break
            }
            i = (i + 1) & mask
        }
        guard added < 0 else {
            used.append(Int32(added))
            return 1
        }
        let count = repeats[key, default: 1] + 1
        repeats[key] = count
        return count
    }

    /// Moves every key and count to a `SpillingIDSet` and frees the table.
    private mutating func spill() {
        // 2¹⁷ ids in the set's memory (2 MiB), fewer under a smaller limit (the tests'): the
        // worst 10M-row shape (shuffled, two own accounts, two round-up programs) peaked at
        // 100 MB with 4 MiB here. Up to eight runs before a merge: the keys are mostly new, so
        // a lookup seldom reads the runs, and a million shuffled rows merged half as often
        // took a tenth off their import (2¹⁶ ids and four runs before).
        let set = SpillingIDSet(
            near: NSTemporaryDirectory() + "/penny-counts", memoryLimit: min(1 << 17, spillsPast), logs: false, maximumRuns: 8)
        // The keys are distinct: written straight as one sorted run.
        let (table, occupied) = (keys, used)
        set.spillAbsent(count: occupied.count) { body in for slot in occupied { body(table.words[Int(slot)]) } }
        let keys = SpilledKeys(set: set)
        for (key, count) in repeats { keys.mark(key, upTo: count) }
        spilled = keys
        self.keys = WordTable(zeroed: 64)
        used = []
        shift = 58
        repeats = [:]
    }

    /// Brings the slot where `next(key)` starts looking into the cache (a hint).
    @inline(__always) func prefetch(_ key: UInt64) {
        if let borrowed {
            // An unordered file's keys: the in-memory set's slot and the filter's block.
            borrowed._withUnsafeGuaranteedRef { $0.set.prefetch(key) }
            return
        }
        let home = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        penny_prefetch(keys.words + home)
    }

    /// Forgets every count (the table keeps its size).
    mutating func removeAll() {
        makeUnique()
        for i in used { keys.words[Int(i)] = 0 }
        used.removeAll(keepingCapacity: true)
        repeats.removeAll()
        zeroCount = 0
        // The scratch file goes with the set (it is unlinked already).
        spilled = nil
    }

    /// Gives these counts their own table before a change when a copy shares it.
    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&keys) { keys = keys.copy() }
    }

    private mutating func grow() {
        let old = used.map { keys.words[Int($0)] }
        let slots = keys.count >= Self.jumpsFromSlots ? max(fullSlots, keys.count * 2) : keys.count * 2
        keys = WordTable(zeroed: slots)
        shift = UInt64(64 - slots.trailingZeroBitCount)
        used.removeAll(keepingCapacity: true)
        let mask = keys.count - 1
        for key in old {
            var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while keys.words[i] != 0 { i = (i + 1) & mask }
            keys.words[i] = key
            used.append(Int32(i))
        }
    }
}

/// The spilled keys and counts: one set, used by one reading at a time (the assigner that
/// holds it is handed between statements, never used from two threads).
final class SpilledKeys: @unchecked Sendable {
    /// The keys, and a marker for each count past 1 of each key.
    let set: SpillingIDSet
    /// Recent counts, direct-mapped by key (a slot holds the last key that landed there).
    private var recentKeys = [UInt64](repeating: 0, count: SpilledKeys.recentSlots)
    private var recentCounts = [Int](repeating: 0, count: SpilledKeys.recentSlots)
    private static let recentSlots = 1 << 15

    init(set: SpillingIDSet) { self.set = set }

    /// Counts one more of `key`, which the set holds, and returns its count.
    func repeated(_ key: UInt64) -> Int {
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 49)
        let count = (recentKeys[slot] == key ? recentCounts[slot] : markedCount(key)) + 1
        set.insert(OccurrenceMarker.of(key, count))
        recentKeys[slot] = key
        recentCounts[slot] = count
        return count
    }

    /// Adds the markers of `key` seen `count` times.
    func mark(_ key: UInt64, upTo count: Int) {
        guard count >= 2 else { return }
        for n in 2...count { set.insert(OccurrenceMarker.of(key, n)) }
    }

    /// How many times `key` was seen: its markers are 2…n, so the first one missing is
    /// found by doubling, then halving (a few lookups even for a key seen very often).
    private func markedCount(_ key: UInt64) -> Int {
        var present = 1
        var absent = 2
        while set.contains(OccurrenceMarker.of(key, absent)) {
            present = absent
            absent *= 2
        }
        while absent - present > 1 {
            let middle = (present + absent) / 2
            if set.contains(OccurrenceMarker.of(key, middle)) { present = middle } else { absent = middle }
        }
        return present
    }
}

/// The id that stands for "content key K was seen at least N times" in a set of spilled
/// keys: a mix of both, unrelated to any content key (they are hashes of other data).
enum OccurrenceMarker {
    /// The marker of occurrence `n` of `key`.
    static func of(_ key: UInt64, _ n: Int) -> UInt64 {
        var x = key ^ (UInt64(truncatingIfNeeded: n) &* 0xD6E8_FEB8_6659_FD93) ^ 0x6F63_6375_7272_656E
        x = (x ^ (x >> 32)) &* 0xD6E8_FEB8_6659_FD93
        x = (x ^ (x >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return x ^ (x >> 32)
    }
}
