public import PennyCore
public import PennyLedger

/// The `report summary` figures for one period and currency.
public struct Summary: Sendable {
    /// One category line.
    public struct CategoryLine: Sendable {
        /// The category at the report depth, e.g. `expenses:food`.
        public let account: String
        /// Spent in it (refunds reduce it).
        public let amount: Money
        /// Its share of all expenses.
        public let shareOfExpenses: Percentage?
        /// Its share of income.
        public let shareOfIncome: Percentage?
        /// The budget for the period; nil until budgets exist.
        public let budget: Money?
        /// Budget minus amount; nil without a budget.
        public let remaining: Money?
    }

    /// The period as asked, or the ledger's first and last dates when open.
    public let period: ReportPeriod
    /// The reported currency; postings in others are left out.
    public let currency: Currency
    /// Money in on income accounts.
    public let income: Money
    /// Money out on expense accounts.
    public let expenses: Money
    /// Income minus expenses.
    public let net: Money
    /// Net as a share of income.
    public let savingsRate: Percentage?
    /// Expense categories, largest first.
    public let categories: [CategoryLine]
    /// Currencies seen in the period but not reported.
    public let otherCurrencies: [String]
}

/// Computes a `Summary` in one pass over a journal's postings, or over two parts of it
/// merged (`JournalReader.sum`).
public struct SummaryBuilder: MergeablePostingSum {
    private let period: ReportPeriod
    private let currency: Currency
    private let depth: Int
    private var income: Int64 = 0
    private var expenses: Int64 = 0
    private var byCategory: [String: Int64] = [:]
    private var depthCache: [String: String] = [:]
    private var otherCurrencies: Set<String> = []
    private var firstDate: LocalDate?
    private var lastDate: LocalDate?
    /// What the income, expense and category totals counted: while it fits, none of them
    /// overflowed in any order (`merge`).
    private var bound = MagnitudeBound()

    /// Starts a summary.
    public init(period: ReportPeriod, currency: Currency, depth: Int) {
        self.period = period
        self.currency = currency
        self.depth = max(1, depth)
    }

    /// Counts one posting.
    public mutating func add(_ posting: Posting) throws(MoneyError) {
        guard period.contains(posting.date) else { return }
        if firstDate.map({ posting.date < $0 }) ?? true { firstDate = posting.date }
        if lastDate.map({ posting.date > $0 }) ?? true { lastDate = posting.date }
        let account = posting.account
        let root = AccountName.root(of: account)
        let isIncome = root == .income, isExpense = root == .expenses
        guard isIncome || isExpense else { return }
        guard posting.amount.currency == currency else {
            otherCurrencies.insert(posting.amount.currency.code)
            return
        }
        bound.count(posting.amount.minorUnits)
        if isIncome {
            try income.subtract(checked: posting.amount.minorUnits)
        } else {
            try expenses.add(checked: posting.amount.minorUnits)
            try byCategory.add(checked: posting.amount.minorUnits, to: category(account))
        }
    }

    /// Adds `later`, counted from the postings after this one's: the totals are summed, the
    /// dates widened. Throws `MoneyError.overflow` when the two parts' amounts together
    /// pass 64 bits (a total counted in order might have overflowed at some posting).
    public mutating func merge(_ later: SummaryBuilder) throws(MoneyError) {
        precondition(period == later.period && currency == later.currency && depth == later.depth, "merging the summaries of different reports")
        try bound.add(later.bound)
        try income.add(checked: later.income)
        try expenses.add(checked: later.expenses)
        for (category, units) in later.byCategory { try byCategory.add(checked: units, to: category) }
        depthCache.merge(later.depthCache) { mine, _ in mine }
        otherCurrencies.formUnion(later.otherCurrencies)
        if let date = later.firstDate, firstDate.map({ date < $0 }) ?? true { firstDate = date }
        if let date = later.lastDate, lastDate.map({ date > $0 }) ?? true { lastDate = date }
    }

    /// `hundredths` of a percent of `total`, rounded half away from zero. The rules' shares
    /// are at most 100% (10,000), so the result never exceeds `total` and the clamp never
    /// acts; a larger share saturates at 64 bits.
    public static func share(_ total: Int64, _ hundredths: Int) -> Int64 {
        Int64(clamping: RoundedDivision.divide(Int128(total) * Int128(hundredths), 10_000))
    }

    /// How many calendar months a period touches (1 when it is open).
    static func months(_ period: ReportPeriod) -> Int {
        guard let from = period.from, let to = period.to, from <= to else { return 1 }
        return (to.year - from.year) * 12 + (to.month - from.month) + 1
    }

    private mutating func category(_ account: String) -> String {
        if let cached = depthCache[account] { return cached }
        let name = AccountName.group(account, depth: depth)
        depthCache[account] = name
        return name
    }

    /// The finished summary.
    /// The finished summary; `budgets` give the categories' budgets and what remains.
    ///
    /// A budget line applies to the category line of the same account. `N% of income` is
    /// that share of the period's income (rounded half away from zero to the cent); a fixed
    /// amount is per calendar month, times the months the period touches. A budgeted
    /// category with no spending still gets a line.
    /// - Throws: `MoneyError.overflow` when the net, a budget for the period or what remains
    ///   of it passes 64 bits of minor units (a monthly budget over centuries of ledger).
    public func build(budgets: [Budget] = []) throws(MoneyError) -> Summary {
        var net = income
        try net.subtract(checked: expenses)
        let shown = ReportPeriod(from: period.from ?? firstDate, to: period.to ?? lastDate)
        var planned: [String: Int64] = [:]
        for line in budgets.flatMap(\.lines) {
            if let hundredths = line.hundredthsOfIncome {
                planned[line.account] = Self.share(income, hundredths)
            } else if let amount = line.amount?.minorUnits(in: currency) {
                guard let total = Int64(exactly: Int128(amount) * Int128(Self.months(shown))) else { throw .overflow }
                planned[line.account] = total
            }
        }
        var amounts = byCategory
        for account in planned.keys where amounts[account] == nil && AccountName(account).isUnder(.expenses) { amounts[account] = 0 }
        var lines: [Summary.CategoryLine] = []
        for (name, amount) in amounts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            let budget = planned[name]
            var remaining = budget
            try remaining?.subtract(checked: amount)
            lines.append(
                Summary.CategoryLine(
                    account: name, amount: Money(minorUnits: amount, currency: currency),
                    shareOfExpenses: Percentage(part: amount, of: expenses), shareOfIncome: Percentage(part: amount, of: income),
                    budget: budget.map { Money(minorUnits: $0, currency: currency) }, remaining: remaining.map { Money(minorUnits: $0, currency: currency) }))
        }
        return Summary(
            period: shown, currency: currency,
            income: Money(minorUnits: income, currency: currency), expenses: Money(minorUnits: expenses, currency: currency),
            net: Money(minorUnits: net, currency: currency), savingsRate: Percentage(part: net, of: income),
            categories: lines, otherCurrencies: otherCurrencies.sorted())
    }
}
