import PennyCore

/// Spare change totalled per day, program and funding account as purchases stream by: all
/// that sweeps and the derived journal need, so memory grows with the days, not with the
/// purchases.
///
/// The ledger is mostly in date order, so consecutive purchases usually share a day: each
/// program's current day total is kept apart and merged into the table only when its key
/// changes (one current total for all programs was merged at every purchase when a purchase
/// rounds up for two programs: a third of an import's filing time with two programs).
public struct RoundUpTally: Sendable {
    /// What one total is kept under.
    struct Key: Hashable, Sendable {
        var date: LocalDate
        var program: Int
        var funding: Int

        /// One word for the hasher instead of five (the date's three fields, the program,
        /// the funding account): an unordered file merges a total per purchase.
        func hash(into hasher: inout Hasher) {
            let day = UInt64(truncatingIfNeeded: (date.year << 9) | (date.month << 5) | date.day)
            hasher.combine(day << 40 | UInt64(truncatingIfNeeded: program & 0xFFFFF) << 20 | UInt64(truncatingIfNeeded: funding & 0xFFFFF))
        }
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
    /// Each program's total being added to, not yet merged (by program number).
    private var currents: [(key: Key, total: Total)?] = []

    /// An empty tally.
    public init() {}

    /// Every total, the current one merged.
    /// - Complexity: O(d) in the totals.
    var totals: [Key: Total] {
        get throws(MoneyError) {
            var copy = self
            try copy.mergeCurrents()
            return copy.merged
        }
    }

    /// Adds `spare` (positive minor units) earned on `date` for program number `program`,
    /// taken from `funding`. Throws when a day's total passes 64 bits.
    mutating func add(_ spare: Int64, on date: LocalDate, program: Int, funding: String) throws(MoneyError) {
        while currents.count <= program { currents.append(nil) }
        if let c = currents[program], c.key.date == date, fundings[c.key.funding] == funding {
            var sum = c.total.amount
            try sum.add(checked: spare)
            currents[program] = (c.key, Total(amount: sum, purchases: c.total.purchases + 1))
            return
        }
        try mergeCurrent(of: program)
        currents[program] = (Key(date: date, program: program, funding: fundingNumber(funding)), Total(amount: spare, purchases: 1))
    }

    /// Moves `program`'s current total into the table, checking the sums.
    private mutating func mergeCurrent(of program: Int) throws(MoneyError) {
        guard program < currents.count, let (key, total) = currents[program] else { return }
        currents[program] = nil
        try merge(total, under: key)
    }

    /// Moves every program's current total into the table.
    private mutating func mergeCurrents() throws(MoneyError) {
        for program in currents.indices { try mergeCurrent(of: program) }
    }

    /// Adds `total` to the table under `key`, checking the day's sums.
    /// Each table is looked up once (its entry then changed in place): an unordered file
    /// merges a total per purchase. Both sums are checked before either table changes.
    private mutating func merge(_ total: Total, under key: Key) throws(MoneyError) {
        let mergedIndex = merged.index(forKey: key)
        var amount = mergedIndex.map { merged.values[$0].amount } ?? 0
        try amount.add(checked: total.amount)
        let dayKey = Key(date: key.date, program: key.program, funding: 0)
        let dayIndex = programDays.index(forKey: dayKey)
        var day = dayIndex.map { programDays.values[$0] } ?? 0
        try day.add(checked: total.amount)
        if let dayIndex { programDays.values[dayIndex] = day } else { programDays[dayKey] = day }
        if let mergedIndex {
            merged.values[mergedIndex].amount = amount
            merged.values[mergedIndex].purchases += total.purchases
        } else {
            merged[key] = Total(amount: amount, purchases: total.purchases)
        }
    }

    /// The number of `funding`, numbered on first sight.
    private mutating func fundingNumber(_ funding: String) -> Int {
        if let known = fundingIndex[funding] { return known }
        let index = fundings.count
        fundings.append(funding)
        fundingIndex[funding] = index
        return index
    }
}

extension RoundUpTally {
    /// One day total as it is kept between runs (the round-ups' sidecar).
    public struct Row: Sendable, Equatable {
        /// The purchases' date.
        public var date: LocalDate
        /// The program's number, in the order of the rules' programs.
        public var program: Int
        /// The funding account.
        public var funding: String
        /// The day's spare change (positive minor units).
        public var amount: Int64
        /// How many purchases it adds up.
        public var purchases: Int

        /// Makes a row.
        public init(date: LocalDate, program: Int, funding: String, amount: Int64, purchases: Int) {
            self.date = date
            self.program = program
            self.funding = funding
            self.amount = amount
            self.purchases = purchases
        }
    }

    /// Every day total, in (date, program, funding) order: the same rows for the same
    /// purchases, whatever order they were added in.
    /// - Complexity: O(d log d) in the totals.
    public func rows() throws(MoneyError) -> [Row] {
        let fundings = self.fundings
        return try totals.map { key, total in
            Row(date: key.date, program: key.program, funding: fundings[key.funding], amount: total.amount, purchases: total.purchases)
        }
        .sorted { a, b in (a.date, a.program, a.funding) < (b.date, b.program, b.funding) }
    }

    /// A tally holding `rows`; throws when a day's total passes 64 bits.
    public init(rows: [Row]) throws(MoneyError) {
        self.init()
        for row in rows {
            try merge(Total(amount: row.amount, purchases: row.purchases), under: Key(date: row.date, program: row.program, funding: fundingNumber(row.funding)))
        }
    }

    /// Adds every total of `other` (purchases added elsewhere, e.g. by one import) to this one.
    /// Throws when a day's total passes 64 bits.
    public mutating func add(_ other: RoundUpTally) throws(MoneyError) {
        try mergeCurrents()
        for (key, total) in try other.totals {
            try merge(total, under: Key(date: key.date, program: key.program, funding: fundingNumber(other.fundings[key.funding])))
        }
    }

    /// One more than the highest program number a total is kept under (0: none).
    public var programCount: Int {
        max(merged.keys.map(\.program).max() ?? -1, currents.lastIndex { $0 != nil } ?? -1) + 1
    }

    /// True when nothing was added.
    public var isEmpty: Bool { merged.isEmpty && currents.allSatisfy { $0 == nil } }
}
