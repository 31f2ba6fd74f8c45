/// Where a dedup id sorts in the ledger index's tables and which Bloom bits it sets.
///
/// The key is the id times an odd constant: a bijection on 64 bits (so equal keys are equal
/// ids), spreading ids made by any hash evenly over the key space, which the ordered table's
/// home slots and the filters' blocks rely on.
enum IDKey {
    /// The key of `id`.
    @inline(__always) static func of(_ id: UInt64) -> UInt64 { id &* 0x9E37_79B9_7F4A_7C15 }

    /// A second, independent mix of a key (the Bloom filters' bit positions).
    @inline(__always) static func remix(_ key: UInt64) -> UInt64 {
        var x = key ^ (key >> 31)
        x = x &* 0xBF58_476D_1CE4_E5B9
        return x ^ (x >> 29)
    }

    /// `key × count / 2⁶⁴`: a position in 0..<count that grows with the key.
    @inline(__always) static func scaled(_ key: UInt64, _ count: Int) -> Int {
        Int(truncatingIfNeeded: key.multipliedFullWidth(by: UInt64(count)).high)
    }
}
