import PennyCore

/// What the appended entries add to the ledger's totals as the check counts them (the
/// amount and its negation), for the next index; past 64 bits no index is written (the
/// next run reads the ledger and refuses it as before).
struct AppendedTotals {
    /// The totals so far.
    private(set) var totals = CurrencyTotals()
    /// True once a total passed 64 bits.
    private(set) var overflowed = false

    /// Adds an entry's two postings of `amount`.
    mutating func count(_ amount: Money) {
        if (try? totals.addPostings(of: amount)) == nil { overflowed = true }
    }

    /// `ledger`'s totals with these added; nil past 64 bits.
    func added(to ledger: [Currency: Int64]) -> [Currency: Int64]? {
        guard !overflowed else { return nil }
        var sum = CurrencyTotals(ledger)
        guard (try? sum.add(totals)) != nil else { return nil }
        return sum.dictionary
    }
}
