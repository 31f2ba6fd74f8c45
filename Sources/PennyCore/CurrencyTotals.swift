/// Per-currency running totals, checked: Penny's one way of keeping money summed per
/// currency (the ledger's amount guard, an import's added totals, an entry's elided
/// posting, a report's converted groups). Each total adds through `add(checked:)`, so one
/// that would pass 64 bits is `MoneyError.overflow` and leaves the totals as they were.
///
/// The totals are a short list: a ledger has a handful of currencies, so a linear search
/// over small `Currency` values beats hashing each code (this is asked once per imported
/// row). Currencies keep the order they were first added in (`init` sorts by code).
public struct CurrencyTotals: Sendable, Equatable {
    @usableFromInline var currencies: [Currency] = []
    @usableFromInline var values: [Int64] = []

    /// Starts from `totals`.
    public init(_ totals: [Currency: Int64] = [:]) {
        for (currency, value) in totals.sorted(by: { $0.key.code < $1.key.code }) {
            currencies.append(currency)
            values.append(value)
        }
    }

    /// The totals as a dictionary.
    public var dictionary: [Currency: Int64] {
        Dictionary(uniqueKeysWithValues: zip(currencies, values))
    }

    /// The totals by currency code (a total of zero included).
    public var sortedByCode: [(currency: Currency, units: Int64)] {
        zip(currencies, values).map { ($0, $1) }.sorted { $0.currency.code < $1.currency.code }
    }

    /// Adds `units` to `currency`'s total, or throws (nothing changed) when it would pass 64 bits.
    @inlinable @inline(__always)
    public mutating func add(_ units: Int64, to currency: Currency) throws(MoneyError) {
        let index = slot(currency)
        try values[index].add(checked: units)
    }

    /// Adds `amount` to its currency's total, or throws as `add(_:to:)` does.
    @inlinable
    public mutating func add(_ amount: Money) throws(MoneyError) {
        try add(amount.minorUnits, to: amount.currency)
    }

    /// Adds every total of `other`; throws at the first that would pass 64 bits.
    public mutating func add(_ other: CurrencyTotals) throws(MoneyError) {
        for (currency, units) in zip(other.currencies, other.values) { try add(units, to: currency) }
    }

    /// Adds the magnitude of `units` (how the ledger's amount guard counts one posting);
    /// throws when that passes 64 bits (`Int64.min`'s magnitude always does).
    @inlinable
    public mutating func addMagnitude(of units: Int64, to currency: Currency) throws(MoneyError) {
        try add(units < 0 ? try units.negated() : units, to: currency)
    }

    /// Adds what an entry of `amount` adds as the ledger check counts it: the magnitude of
    /// both its postings (the amount and its negation); throws (nothing changed) when that
    /// passes 64 bits.
    @inlinable
    public mutating func addPostings(of amount: Money) throws(MoneyError) {
        var twice = amount.minorUnits < 0 ? try amount.minorUnits.negated() : amount.minorUnits
        try twice.multiply(checked: 2)
        try add(twice, to: amount.currency)
    }

    /// The index of `currency`'s total (added at zero when new).
    @inlinable @inline(__always)
    mutating func slot(_ currency: Currency) -> Int {
        for index in currencies.indices where currencies[index] == currency { return index }
        currencies.append(currency)
        values.append(0)
        return currencies.count - 1
    }
}
