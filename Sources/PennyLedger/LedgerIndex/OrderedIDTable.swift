internal import CPennySupport
import PennyCore

/// The ledger index's ids: keys in ascending order, each at its home slot or the first free
/// slot after the key before it (linear probing filled in key order), 0 for an empty slot.
///
/// A lookup starts at the key's home (`key × homeCount / 2⁶⁴`) and stops at the key, an
/// empty slot or a larger key: usually within the home's cache line. The table is written
/// in one sequential pass from sorted keys (`OrderedIDTableBuilder`), so the index can be
/// rebuilt with flat memory however many ids it has.
/// - Complexity: `contains` O(1) expected, one cache miss; about 10.7 bytes per id.
struct OrderedIDTable {
    private let slots: UnsafePointer<UInt64>
    /// Slots in the table (at least `homeCount`' last used home, plus the run past it).
    let slotCount: Int
    /// How many home slots keys are spread over.
    let homeCount: Int

    /// The table at `slots`.
    init(slots: UnsafePointer<UInt64>, slotCount: Int, homeCount: Int) {
        self.slots = slots
        self.slotCount = slotCount
        self.homeCount = homeCount
    }

    /// Home slots for `count` keys: the table is kept about 3/4 full.
    static func homes(forKeys count: Int) -> Int { max(8, count + count / 3) }

    /// Brings `key`'s home slot into the cache (a hint: the importer asks it for the rows
    /// ahead while it files the current one, so the misses overlap).
    @inline(__always) func prefetch(key: UInt64) { penny_prefetch(slots + IDKey.scaled(key, homeCount)) }

    /// True when the table holds `key` (never 0: the index keeps id 0 apart).
    @inline(__always) func contains(key: UInt64) -> Bool {
        var i = IDKey.scaled(key, homeCount)
        while i < slotCount {
            let v = slots[i]
            if v == key { return true }
            if v == 0 || v > key { return false }
            i += 1
        }
        return false
    }
}

/// Lays out an `OrderedIDTable` from keys given in ascending order, handing each slot's
/// value to `emit` in slot order.
struct OrderedIDTableBuilder {
    /// How many home slots the table has.
    let homeCount: Int
    /// The next slot to write.
    private(set) var slotCount = 0

    /// A builder for `keys` keys.
    init(keys: Int) { homeCount = OrderedIDTable.homes(forKeys: keys) }

    /// Places the next key (larger than the last, not 0): empty slots up to its home, then it.
    mutating func add(_ key: UInt64, _ emit: (UInt64) throws(PennyError) -> Void) throws(PennyError) {
        let home = IDKey.scaled(key, homeCount)
        while slotCount < home {
            try emit(0)
            slotCount += 1
        }
        try emit(key)
        slotCount += 1
    }
}
