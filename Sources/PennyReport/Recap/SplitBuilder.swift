public import PennyCore
public import PennyLedger

/// The income split of a `budget` block (`split needs 50% wants 30% savings 20%` and the
/// parts' accounts), planned against what went to each part's accounts in a period.
public struct SplitBuilder {
    private let parts: [(name: String, hundredthsOfPercent: Int)]
    private let accounts: [(name: String, accounts: [String])]
    private let period: ReportPeriod
    private let currency: Currency
    private var actual: [String: Int64] = [:]

    /// Starts a split for the first budget that has one (none: an empty split).
    public init(budgets: [Budget], period: ReportPeriod, currency: Currency) {
        let budget = budgets.first { !$0.effectiveSplit.isEmpty }
        parts = budget?.effectiveSplit ?? []
        accounts = budget?.splitAccounts ?? []
        self.period = period
        self.currency = currency
    }

    /// True when the rules give a split.
    public var isEmpty: Bool { parts.isEmpty }

    /// Counts one posting towards the parts whose accounts (or sub-accounts) it is on.
    public mutating func add(_ posting: Posting) throws(MoneyError) {
        guard !parts.isEmpty, posting.amount.currency == currency, period.contains(posting.date) else { return }
        for part in accounts where part.accounts.contains(where: { AccountName(posting.account).isUnder(AccountName($0)) }) {
            try actual.add(checked: posting.amount.minorUnits, to: part.name)
        }
    }

    /// Each part: planned share and amount of `income`, actual amount and share.
    public func build(income: Money) -> [SplitLine] {
        parts.map { part in
            let spent = actual[part.name] ?? 0
            return SplitLine(
                name: part.name, planned: Percentage(hundredths: Int64(part.hundredthsOfPercent)),
                plannedAmount: Money(minorUnits: SummaryBuilder.share(income.minorUnits, part.hundredthsOfPercent), currency: currency),
                actual: Money(minorUnits: spent, currency: currency), actualShare: Percentage(part: spent, of: income.minorUnits))
        }
    }
}
