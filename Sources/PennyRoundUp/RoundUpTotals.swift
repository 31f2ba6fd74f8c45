public import PennyCore

/// All the round-ups need from a ledger: the day totals of the purchases' spare change, the
/// decisions a person recorded (`roundup apply`) and the latest transaction date. A full
/// read of the ledger gives it, and so does the last run's copy plus what an import added.
public struct RoundUpTotals: Sendable {
    /// The spare change per day, program and funding account.
    public var tally: RoundUpTally
    /// The recorded decisions, in the ledger's order.
    public var manualSweeps: [ManualSweep]
    /// The latest date of a transaction Penny imported (nil: none yet).
    public var asOf: LocalDate?

    /// Totals of a ledger with `tally`, `manualSweeps` and `asOf`.
    public init(tally: RoundUpTally = RoundUpTally(), manualSweeps: [ManualSweep] = [], asOf: LocalDate? = nil) {
        self.tally = tally
        self.manualSweeps = manualSweeps
        self.asOf = asOf
    }

    /// Counts a transaction's date toward the as-of date.
    public mutating func see(_ date: LocalDate) {
        if asOf.map({ date > $0 }) ?? true { asOf = date }
    }

    /// Adds `other` (what an import appended) to these totals. Throws when a day's total
    /// passes 64 bits.
    public mutating func add(_ other: RoundUpTotals) throws(MoneyError) {
        try tally.add(other.tally)
        manualSweeps += other.manualSweeps
        if let date = other.asOf { see(date) }
    }
}
