public import PennyCore

/// Per-currency running totals in a short list: a ledger has a handful of currencies, so a
/// linear search over small `Currency` values beats hashing each code (this is asked once
/// per imported row).
public struct CurrencyTotals: Sendable, Equatable {
    private var currencies: [Currency] = []
    private var values: [Int64] = []

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

    /// Adds `amount` to `currency`'s total; false (nothing changed) when it would pass 64 bits.
    @inline(__always)
    public mutating func add(_ amount: Int64, to currency: Currency) -> Bool {
        let index = slot(currency)
        let (sum, overflow) = values[index].addingReportingOverflow(amount)
        if overflow { return false }
        values[index] = sum
        return true
    }

    /// Adds what an entry of `amount` adds as the ledger check counts it: the magnitude of
    /// both its postings (the amount and its negation; `Int64.min` counts as `Int64.max`);
    /// false (nothing changed) when that passes 64 bits.
    public mutating func addPostings(of amount: Money) -> Bool {
        let magnitude = amount.minorUnits == .min ? Int64.max : abs(amount.minorUnits)
        let (twice, overflow) = magnitude.multipliedReportingOverflow(by: 2)
        return !overflow && add(twice, to: amount.currency)
    }

    /// The index of `currency`'s total (added at zero when new).
    @inline(__always)
    private mutating func slot(_ currency: Currency) -> Int {
        for index in currencies.indices where currencies[index] == currency { return index }
        currencies.append(currency)
        values.append(0)
        return currencies.count - 1
    }
}
