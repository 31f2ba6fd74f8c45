/// Sums of minor units that stop at 64 bits with `MoneyError.overflow` instead of trapping
/// or wrapping: every aggregator (summary, balances, card cycles, category series, round-up
/// status, statement balances, forecast) adds through these, and the journal reader turns
/// the error into one at the file and line of the posting that would have overflowed.
extension Int64 {
    /// Adds `units`, or throws when the sum does not fit.
    public mutating func add(checked units: Int64) throws(MoneyError) {
        let (sum, overflow) = addingReportingOverflow(units)
        if overflow { throw .overflow }
        self = sum
    }

    /// Subtracts `units`, or throws when the difference does not fit.
    public mutating func subtract(checked units: Int64) throws(MoneyError) {
        let (difference, overflow) = subtractingReportingOverflow(units)
        if overflow { throw .overflow }
        self = difference
    }

    /// `-self`, or throws for `Int64.min`, which has no positive counterpart.
    public func negated() throws(MoneyError) -> Int64 {
        guard self != .min else { throw .overflow }
        return -self
    }
}

extension Dictionary where Value == Int64 {
    /// Adds `units` to the total kept under `key` (0 when absent), or throws on overflow.
    public mutating func add(checked units: Int64, to key: Key) throws(MoneyError) {
        try self[key, default: 0].add(checked: units)
    }
}

extension Sequence {
    /// The checked sum of `units` over the elements.
    public func sum(checked units: (Element) -> Int64) throws(MoneyError) -> Int64 {
        var total: Int64 = 0
        for element in self { try total.add(checked: units(element)) }
        return total
    }
}
