public import PennyCore
public import PennyLedger

/// What the recaps of calendar months are made of, gathered per month in one pass over the
/// postings: each month's summary, split, income and expenses in the report's currency and
/// its categories' spending. A month's recap (`parts`) then reads its month, the one before
/// and the 12 before it, instead of reading the ledger again: a site of ten years of
/// months reads the postings once, not 120 times. Without a conversion only: a converted
/// recap values each month at its own date (`RecapBuilder.converter`).
/// - Complexity: O(postings); memory is one entry per month and category.
public struct MonthlyRecapTotals {
    private struct Month {
        var summary: SummaryBuilder
        var split: SplitBuilder
        var flow = MonthFlow()
        var hasIncomeOrExpense = false
    }

    private let currency: Currency
    private let depth: Int
    private let budgets: [Budget]
    private var months: [Int: Month] = [:]

    /// Totals in `currency` at category `depth`; `budgets` give the split.
    public init(currency: Currency, depth: Int, budgets: [Budget]) {
        self.currency = currency
        self.depth = depth
        self.budgets = budgets
    }

    /// Reads every posting of the ledger (includes followed).
    public mutating func read(ledgerPath: String, reader: JournalReader) throws(PennyError) {
        try reader.forEachPosting(path: ledgerPath) { (posting) throws(MoneyError) in try add(posting) }
    }

    /// Counts one posting in its month.
    mutating func add(_ posting: Posting) throws(MoneyError) {
        let index = RecapBuilder.monthIndex(posting.date)
        if months[index] == nil { months[index] = empty(index) }
        try months[index]!.summary.add(posting)
        let root = AccountName.root(of: posting.account)
        if root == .income || root == .expenses { months[index]!.hasIncomeOrExpense = true }
        guard posting.amount.currency == currency else { return }
        try months[index]!.flow.add(posting, depth: depth)
        try months[index]!.split.add(posting)
    }

    private func empty(_ index: Int) -> Month {
        let period = Self.period(index)
        return Month(summary: SummaryBuilder(period: period, currency: currency, depth: depth), split: SplitBuilder(budgets: budgets, period: period, currency: currency))
    }

    private static func period(_ index: Int) -> ReportPeriod { ReportPeriod.month(index / 12, index % 12 + 1) ?? .all }

    /// What one pass of `builder` (a calendar month's, no converter) would have gathered.
    public func parts(for builder: RecapBuilder) -> RecapBuilder.Parts? {
        guard builder.converter == nil, builder.currency == currency, builder.depth == depth, let from = builder.period.from, let to = builder.period.to,
            ReportPeriod.month(from.year, from.month).map({ $0.from == from && $0.to == to }) == true
        else { return nil }
        let index = RecapBuilder.monthIndex(from)
        let (first, count) = builder.slots(to: to)
        var parts = RecapBuilder.Parts(
            current: months[index]?.summary ?? empty(index).summary, before: months[index - 1]?.summary ?? empty(index - 1).summary,
            firstMonth: first, months: Array(repeating: MonthFlow(), count: count), split: months[index]?.split ?? empty(index).split)
        parts.hasPrevious = months[index - 1]?.hasIncomeOrExpense ?? false
        for slot in 0..<count { if let month = months[first + slot] { parts.months[slot] = month.flow } }
        return parts
    }
}
