internal import CPennySupport

/// A set of 64-bit dedup ids: open addressing with linear probing in one flat array.
///
/// The ids are hashes already, so a slot is found with one multiply and shift instead of
/// `Set<UInt64>`'s seeded SipHash; a lookup is usually one cache line. Slot value 0 means
/// empty (the id 0 is kept in a flag); removal shifts the following run back, so no
/// tombstones accumulate.
/// - Complexity: `contains`, `insert` and `remove` O(1) expected; memory 8–16 bytes per
///   id (the table is kept at most 7/10 full).
struct IDSet {
    /// The slots (`WordTable`: huge pages under a large table); shared by copies of the set
    /// until one of them changes.
    private var slots: WordTable
    private var mask: Int
    private var shift: UInt64
    private var hasZero = false
    /// How many ids the set holds.
    private(set) var count = 0

    /// An empty set.
    init() {
        slots = WordTable(zeroed: 16)
        mask = 15
        shift = 60
    }

    /// The slot where a search for `id` starts (Fibonacci hashing: the top bits of id × φ·2⁶⁴).
    private static func home(_ id: UInt64, _ shift: UInt64) -> Int { Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> shift) }

    /// True when the set holds `id`.
    func contains(_ id: UInt64) -> Bool {
        if id == 0 { return hasZero }
        let (mask, shift) = (self.mask, self.shift)
        let s = slots.words
        var i = Self.home(id, shift)
        while true {
            let v = s[i]
            if v == id { return true }
            if v == 0 { return false }
            i = (i + 1) & mask
        }
    }

    /// Brings the slot where a search for `id` starts into the cache (a hint; mutating only
    /// so that a class holding the set reaches it in place, not through a retained copy).
    @inline(__always) mutating func prefetch(_ id: UInt64) {
        let home = Self.home(id, shift)
        penny_prefetch(slots.words + home)
    }

    /// Empties the set, keeping its table (a spilling set refills it to the same size).
    mutating func removeAll() {
        makeUnique()
        slots.words.update(repeating: 0, count: slots.count)
        hasZero = false
        count = 0
    }

    /// How many ids a table of `slots` slots holds before it doubles (7/10 full; the id 0
    /// takes no slot).
    static func capacity(slots: Int) -> Int { slots * 7 / 10 }

    /// Adds `id`; false when it was there already.
    @discardableResult
    mutating func insert(_ id: UInt64) -> Bool {
        if id == 0 {
            defer { hasZero = true }
            if hasZero { return false }
            count += 1
            return true
        }
        if count + 1 > Self.capacity(slots: slots.count) { grow() }
        let inserted = place(id)
        if inserted { count += 1 }
        return inserted
    }

    /// Removes `id` if present.
    mutating func remove(_ id: UInt64) {
        if id == 0 {
            if hasZero { count -= 1 }
            hasZero = false
            return
        }
        let (mask, shift) = (self.mask, self.shift)
        makeUnique()
        let s = slots.words
        var i = Self.home(id, shift)
        while s[i] != id {
            if s[i] == 0 { return }
            i = (i + 1) & mask
        }
        // Backward-shift deletion: move later entries of the run into the hole when
        // their home slot does not lie cyclically in (hole, their slot].
        var hole = i
        var j = i
        while true {
            j = (j + 1) & mask
            let v = s[j]
            if v == 0 { break }
            let h = Self.home(v, shift)
            let stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j)
            if !stays {
                s[hole] = v
                hole = j
            }
        }
        s[hole] = 0
        count -= 1
    }

    /// Calls `body` with every id, in no particular order.
    func forEach(_ body: (UInt64) -> Void) {
        if hasZero { body(0) }
        let s = slots.words
        for i in 0..<slots.count where s[i] != 0 { body(s[i]) }
    }

    private mutating func place(_ id: UInt64) -> Bool {
        let mask = self.mask
        makeUnique()
        let s = slots.words
        var i = Self.home(id, shift)
        while true {
            let v = s[i]
            if v == id { return false }
            if v == 0 {
                s[i] = id
                return true
            }
            i = (i + 1) & mask
        }
    }

    /// Gives this set its own table before a change when a copy shares it.
    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&slots) { slots = slots.copy() }
    }

    private mutating func grow() {
        let old = slots
        slots = WordTable(zeroed: old.count * 2)
        mask = slots.count - 1
        shift -= 1
        for i in 0..<old.count where old.words[i] != 0 { _ = place(old.words[i]) }
    }
}
