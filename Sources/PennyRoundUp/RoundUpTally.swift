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

        /// Numbers past this many programs or funding accounts do not pack (20 bits each).
        static let packedLimit = 1 << 20

        /// The key in one word, the tables' key: a mark bit (so never 0), the date's fields
        /// (23 bits: years below 16384), the program and the funding account (20 bits each).
        var packed: UInt64 {
            precondition(program < Self.packedLimit && funding < Self.packedLimit, "round-up programs and funding accounts number fewer than 2^20")
            let day = UInt64(truncatingIfNeeded: (date.year << 9) | (date.month << 5) | date.day)
            return 1 << 63 | day << 40 | UInt64(truncatingIfNeeded: program) << 20 | UInt64(truncatingIfNeeded: funding)
        }

        /// The key `packed` gave.
        init(packed: UInt64) {
            let day = Int(truncatingIfNeeded: (packed >> 40) & 0x7F_FFFF)
            date = LocalDate(year: day >> 9, month: (day >> 5) & 15, day: day & 31)!
            program = Int(truncatingIfNeeded: (packed >> 20) & 0xFFFFF)
            funding = Int(truncatingIfNeeded: packed & 0xFFFFF)
        }

        /// A key of its fields.
        init(date: LocalDate, program: Int, funding: Int) {
            self.date = date
            self.program = program
            self.funding = funding
        }
    }

    /// A day's spare change and how many purchases it came from.
    struct Total: Sendable {
        var amount: Int64 = 0
        var purchases: Int = 0
    }

    /// Merged totals, by packed key.
    private var merged = PackedKeyTable(filler: Total())
    /// Each program's day total over its funding accounts (funding 0 in the key), kept to
    /// check it fits 64 bits.
    private var programDays = PackedKeyTable(filler: Int64(0))
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
            var totals: [Key: Total] = [:]
            totals.reserveCapacity(copy.merged.count)
            copy.merged.forEach { totals[Key(packed: $0)] = $1 }
            return totals
        }
    }

    /// Adds `spare` (positive minor units) earned on `date` for program number `program`,
    /// taken from `funding`. Throws when a day's total passes 64 bits.
    mutating func add(_ spare: Int64, on date: LocalDate, program: Int, funding: String) throws(MoneyError) {
        while currents.count <= program { currents.append(nil) }
        if let c = currents[program], c.key.date == date, fundings[c.key.funding].sharesStorage(with: funding) || fundings[c.key.funding] == funding {
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
        let packed = key.packed
        let mergedSlot = merged.slot(of: packed)
        var amount = mergedSlot.found ? merged[mergedSlot.index].amount : 0
        try amount.add(checked: total.amount)
        let dayKey = Key(date: key.date, program: key.program, funding: 0).packed
        let daySlot = programDays.slot(of: dayKey)
        var day = daySlot.found ? programDays[daySlot.index] : 0
        try day.add(checked: total.amount)
        if daySlot.found { programDays[daySlot.index] = day } else { programDays.insert(dayKey, day, at: daySlot.index) }
        if mergedSlot.found {
            merged[mergedSlot.index].amount = amount
            merged[mergedSlot.index].purchases += total.purchases
        } else {
            merged.insert(packed, Total(amount: amount, purchases: total.purchases), at: mergedSlot.index)
        }
    }

    /// The number of `funding`, numbered on first sight.
    private mutating func fundingNumber(_ funding: String) -> Int {
        // A handful of funding accounts, named by the programs' own strings: found by
        // identity before hashing the name (an unordered statement starts a day per row).
        for (index, known) in fundings.prefix(8).enumerated() where known.sharesStorage(with: funding) { return index }
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
        var highest = currents.lastIndex { $0 != nil } ?? -1
        merged.forEach { key, _ in highest = max(highest, Key(packed: key).program) }
        return highest + 1
    }

    /// True when nothing was added.
    public var isEmpty: Bool { merged.count == 0 && currents.allSatisfy { $0 == nil } }
}
