public import PennyCore
public import PennyLedger

/// A recap's top payees (by what they took) and how many transactions fell to a default
/// category, counted over one period's transactions. Payees are grouped by the recurring
/// detector's payee key (numbers, dates, month names and references taken out), so three
/// visits to one shop count as three of one payee.
public struct PayeeTally {
    private let period: ReportPeriod
    private let currency: Currency
    private let defaults: [String]
    private var totals: [String: (amount: Int64, count: Int, name: String)] = [:]
    /// Transactions in the period that a default category took.
    public private(set) var uncategorized = 0

    /// A tally of `period`'s expenses in `currency`; `defaults` are the default categories.
    public init(period: ReportPeriod, currency: Currency, defaults: [String]) {
        self.period = period
        self.currency = currency
        self.defaults = defaults
    }

    /// Counts one transaction (nothing when it is outside the period).
    public mutating func add(_ t: ScannedTransaction) throws(MoneyError) {
        guard period.contains(t.date) else { return }
        if t.tags["rule"] == "default" || t.postings.contains(where: { defaults.contains($0.account) }) { uncategorized += 1 }
        for posting in t.postings where AccountName.root(of: posting.account) == .expenses {
            guard let amount = posting.amount, amount.currency == currency else { continue }
            let description = t.description ?? "?"
            let key = RecurringDetector.payeeKey(description), name = RecapBuilder.shownName(description)
            var total = totals[key] ?? (0, 0, name)
            try total.amount.add(checked: amount.minorUnits)
            total.count += 1
            total.name = RecapBuilder.commonName(total.name, name)
            totals[key] = total
        }
    }

    /// The ten payees that took most, largest first.
    public func top() -> [Recap.PayeeTotal] {
        let top = totals.filter { $0.value.amount > 0 }.sorted { ($0.value.amount, $1.key) > ($1.value.amount, $0.key) }.prefix(10)
        return top.map { entry in
            var total = Recap.PayeeTotal(name: entry.value.name, amount: Money(minorUnits: entry.value.amount, currency: currency), count: entry.value.count)
            total.key = entry.key
            return total
        }
    }
}
