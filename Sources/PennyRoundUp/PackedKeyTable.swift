/// A hash table from 64-bit keys (never 0) to values: open addressing with linear probing
/// and Fibonacci hashing (one multiply), for keys that are packed fields rather than
/// hashes. `Dictionary` hashes every key with a seeded SipHash; an unordered statement with
/// round-up programs merges a day total into two tables per purchase.
/// - Complexity: lookups and inserts O(1) expected; the table is kept at most 7/10 full.
struct PackedKeyTable<Value: Sendable>: Sendable {
    private var keys: [UInt64]
    private var values: [Value]
    private var shift: UInt64 = 60
    private let filler: Value
    /// How many keys the table holds.
    private(set) var count = 0

    /// An empty table; `filler` fills the slots no key holds.
    init(filler: Value) {
        self.filler = filler
        keys = [UInt64](repeating: 0, count: 16)
        values = [Value](repeating: filler, count: 16)
    }

    /// The slot of `key`, and whether the table holds it (else the slot it would take).
    func slot(of key: UInt64) -> (index: Int, found: Bool) {
        let shift = self.shift
        return keys.withUnsafeBufferPointer { keys in
            let mask = keys.count - 1
            var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while true {
                if keys[i] == key { return (i, true) }
                if keys[i] == 0 { return (i, false) }
                i = (i + 1) & mask
            }
        }
    }

    /// The value at `index`, a slot `slot(of:)` found.
    subscript(index: Int) -> Value {
        get { values[index] }
        set { values[index] = newValue }
    }

    /// Puts `key` with `value` in `index`, the empty slot `slot(of: key)` gave.
    mutating func insert(_ key: UInt64, _ value: Value, at index: Int) {
        precondition(key != 0 && keys[index] == 0, "a packed key is never 0 and goes in an empty slot")
        keys[index] = key
        values[index] = value
        count += 1
        if count > keys.count * 7 / 10 { grow() }
    }

    /// Calls `body` with every key and its value, in no order.
    func forEach(_ body: (UInt64, Value) -> Void) {
        for i in keys.indices where keys[i] != 0 { body(keys[i], values[i]) }
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
        values = [Value](repeating: filler, count: oldKeys.count * 2)
        shift -= 1
        for i in oldKeys.indices where oldKeys[i] != 0 {
            let slot = slot(of: oldKeys[i]).index
            keys[slot] = oldKeys[i]
            values[slot] = oldValues[i]
        }
    }
}
