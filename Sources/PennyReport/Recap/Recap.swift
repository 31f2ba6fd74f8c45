public import PennyCore
public import PennyRoundUp

/// Everything the monthly recap shows, computed by the same code as the other reports.
public struct Recap: Sendable {
    /// Income and expenses of one calendar month.
    public struct MonthTotals: Sendable, Equatable {
        /// The year.
        public let year: Int
        /// The month, 1–12.
        public let month: Int
        /// Money in on income accounts.
        public let income: Money
        /// Money out on expense accounts.
        public let expenses: Money
    }

    /// What a payee or merchant took in the period.
    public struct PayeeTotal: Sendable, Equatable {
        /// What the payee's descriptions share (`RecapBuilder.commonName`).
        public let name: String
        /// The payee key that grouped them (`RecurringDetector.payeeKey`).
        public var key: String = ""
        /// Spent with it (refunds reduce it).
        public let amount: Money
        /// How many transactions.
        public let count: Int
    }

    /// The period's figures, categories and budgets.
    public let summary: Summary
    /// The same figures for the period just before, of the same length.
    public let previous: Summary
    /// Average monthly income over the 12 months before the period (those with any income
    /// or expense); nil when none has, and the page says "—".
    public let averageIncome: Money?
    /// Average monthly expenses over the same months.
    public let averageExpenses: Money?
    /// The calendar months ending with the period's last month, oldest first: at most 12,
    /// from the first with money in or out.
    public let months: [MonthTotals]
    /// Each main expense category's spending over the same months (the period's largest
    /// categories first, at most 8).
    public var trends: [(category: String, months: [Money])] = []
    /// The budget block's income split, planned against actual.
    public let split: [SplitLine]
    /// Round-up programs in the period.
    public let roundUps: [RoundUpStatus]
    /// Own accounts with their reconciliation.
    public let balances: BalancesReport
    /// Card cycles.
    public let cards: [CardReport]
    /// The payees that took most, largest first (at most 10).
    public let payees: [PayeeTotal]
    /// Transactions in the period that no rule categorized.
    public let uncategorizedCount: Int
    /// False when the ledger has no income or expense in the previous period: the page
    /// says "—" there, not 0.00.
    public var hasPrevious = true

    /// Makes a recap.
    public init(
        summary: Summary, previous: Summary, averageIncome: Money?, averageExpenses: Money?, months: [MonthTotals], split: [SplitLine],
        roundUps: [RoundUpStatus], balances: BalancesReport, cards: [CardReport], payees: [PayeeTotal], uncategorizedCount: Int
    ) {
        self.summary = summary
        self.previous = previous
        self.averageIncome = averageIncome
        self.averageExpenses = averageExpenses
        self.months = months
        self.split = split
        self.roundUps = roundUps
        self.balances = balances
        self.cards = cards
        self.payees = payees
        self.uncategorizedCount = uncategorizedCount
    }
}

/// One part of the income split (`split needs 50% wants 30% savings 20%`): what was planned
/// as a share of income and what went to its accounts.
public struct SplitLine: Sendable, Equatable {
    /// The part's name, e.g. `needs`.
    public let name: String
    /// Its planned share of income.
    public let planned: Percentage
    /// Planned share times the period's income.
    public let plannedAmount: Money
    /// What went to the part's accounts in the period.
    public let actual: Money
    /// Actual as a share of income.
    public let actualShare: Percentage?
}
