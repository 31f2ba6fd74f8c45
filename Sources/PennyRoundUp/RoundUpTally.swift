import PennyCore

/// Spare change totalled per day, program and funding account as purchases stream by: all
/// that sweeps and the derived journal need, so memory grows with the days, not with the
/// purchases.
///
/// The ledger is mostly in date order, so consecutive purchases usually share a day: the
/// current day's total is kept apart and merged into the table only when the key changes.
public struct RoundUpTally: Sendable {
    /// What one total is kept under.
    struct Key: Hashable, Sendable {
        var date: LocalDate
        var program: Int
        var funding: Int
    }

    /// A day's spare change and how many purchases it came from.
    struct Total: Sendable {
        var amount: Int64 = 0
        var purchases: Int = 0
    }

    /// Merged totals.
    private(set) var merged: [Key: Total] = [:]
    /// Each program's day total over its funding accounts, kept to check it fits 64 bits.
    private var programDays: [Key: Int64] = [:]
    /// Funding account names, numbered in the order they were first seen.
    private(set) var fundings: [String] = []
    private var fundingIndex: [String: Int] = [:]
    /// The total being added to, not yet merged.
    private var current: (key: Key, total: Total)?

    /// An empty tally.
    public init() {}

    /// Every total, the current one merged.
    /// - Complexity: O(d) in the totals.
    var totals: [Key: Total] {
        get throws(MoneyError) {
            var copy = self
            try copy.mergeCurrent()
            return copy.merged
        }
    }

    /// Adds `spare` (positive minor units) earned on `date` for program number `program`,
    /// taken from `funding`. Throws when a day's total passes 64 bits.
    mutating func add(_ spare: Int64, on date: LocalDate, program: Int, funding: String) throws(MoneyError) {
        if let c = current, c.key.date == date, c.key.program == program, fundings[c.key.funding] == funding {
            let (sum, overflow) = c.total.amount.addingReportingOverflow(spare)
            guard !overflow else { throw .overflow }
            current = (c.key, Total(amount: sum, purchases: c.total.purchases + 1))
            return
        }
        try mergeCurrent()
        let index: Int
        if let known = fundingIndex[funding] {
            index = known
        } else {
            index = fundings.count
            fundings.append(funding)
            fundingIndex[funding] = index
        }
        current = (Key(date: date, program: program, funding: index), Total(amount: spare, purchases: 1))
    }

    /// Moves the current total into the table, checking the sums.
    private mutating func mergeCurrent() throws(MoneyError) {
        guard let (key, total) = current else { return }
        current = nil
        var merged = self.merged[key, default: Total()]
        var (sum, overflow) = merged.amount.addingReportingOverflow(total.amount)
        guard !overflow else { throw .overflow }
        merged = Total(amount: sum, purchases: merged.purchases + total.purchases)
        let dayKey = Key(date: key.date, program: key.program, funding: 0)
        (sum, overflow) = programDays[dayKey, default: 0].addingReportingOverflow(total.amount)
        guard !overflow else { throw .overflow }
        programDays[dayKey] = sum
        self.merged[key] = merged
    }
}
