/// Penny's one checked arithmetic on money: sums (and the products exact conversions
/// need) that stop with `MoneyError.overflow` instead of trapping or wrapping. A single
/// total adds through `add(checked:)`; totals kept per currency through `CurrencyTotals`,
/// which adds through it too. No other code in Sources adds minor units with
/// `addingReportingOverflow` (`AmountParser` builds a number from its digits with its own,
/// which is parsing, not summing). Every aggregator (summary, balances, card cycles,
/// category series, round-up status, statement balances, forecast) adds through these, and
/// the journal reader turns the error into one at the file and line of the posting that
/// would have overflowed.
extension FixedWidthInteger where Self: SignedInteger {
    /// Adds `units`, or throws when the sum does not fit (and keeps the old value).
    @inlinable
    public mutating func add(checked units: Self) throws(MoneyError) {
        let (sum, overflow) = addingReportingOverflow(units)
        if overflow { throw .overflow }
        self = sum
    }

    /// Subtracts `units`, or throws when the difference does not fit.
    @inlinable
    public mutating func subtract(checked units: Self) throws(MoneyError) {
        let (difference, overflow) = subtractingReportingOverflow(units)
        if overflow { throw .overflow }
        self = difference
    }

    /// Multiplies by `factor`, or throws when the product does not fit.
    @inlinable
    public mutating func multiply(checked factor: Self) throws(MoneyError) {
        let (product, overflow) = multipliedReportingOverflow(by: factor)
        if overflow { throw .overflow }
        self = product
    }

    /// `-self`, or throws for `min`, which has no positive counterpart.
    @inlinable
    public func negated() throws(MoneyError) -> Self {
        guard self != .min else { throw .overflow }
        return -self
    }
}

extension Dictionary where Value == Int64 {
    /// Adds `units` to the total kept under `key` (0 when absent), or throws on overflow.
    /// Totals per currency are `CurrencyTotals`.
    @inlinable
    public mutating func add(checked units: Int64, to key: Key) throws(MoneyError) {
        try self[key, default: 0].add(checked: units)
    }
}

extension Sequence {
    /// The checked sum of `units` over the elements.
    @inlinable
    public func sum(checked units: (Element) -> Int64) throws(MoneyError) -> Int64 {
        var total: Int64 = 0
        for element in self { try total.add(checked: units(element)) }
        return total
    }
}
