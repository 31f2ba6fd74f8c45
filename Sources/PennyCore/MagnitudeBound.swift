/// The sum of the magnitudes of the amounts a total counted, while it fits in 64 bits:
/// then no sum of those amounts, in any order and with any signs, overflows. A total
/// counted in two parts and merged (`JournalReader.sum`) is the total counted in order
/// when the parts' bounds add up within 64 bits.
public struct MagnitudeBound: Sendable, Equatable {
    /// The sum of the magnitudes counted; nil once it passed 64 bits.
    public private(set) var total: Int64? = 0

    /// Nothing counted yet.
    public init() {}

    /// Counts the magnitude of `units` (`Int64.min`'s never fits).
    public mutating func count(_ units: Int64) {
        guard let sum = total else { return }
        do throws(MoneyError) {
            var next = sum
            try next.add(checked: units < 0 ? try units.negated() : units)
            total = next
        } catch { total = nil }
    }

    /// Counts what `later` counted; throws `MoneyError.overflow` when either bound or their
    /// sum passes 64 bits (the totals the two bound might have overflowed in order).
    public mutating func add(_ later: MagnitudeBound) throws(MoneyError) {
        guard var sum = total, let other = later.total else { throw .overflow }
        try sum.add(checked: other)
        total = sum
    }
}
