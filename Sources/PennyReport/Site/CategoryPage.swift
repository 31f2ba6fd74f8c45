public import PennyCore

/// What a category's page shows: its transactions (the category and its sub-accounts),
/// newest month first, with each month's total.
public struct CategoryPage: Sendable {
    /// One transaction of the category.
    public struct Line: Sendable {
        /// Its date.
        public let date: LocalDate
        /// The description line.
        public let description: String
        /// The category posting's account (the category or a sub-account).
        public let account: String
        /// The other posting's account (usually an own account).
        public let counterpart: String
        /// The category posting's amount.
        public let amount: Money
        /// Its 1-based line in the ledger.
        public let ledgerLine: Int

        /// A line.
        public init(date: LocalDate, description: String, account: String, counterpart: String, amount: Money, ledgerLine: Int) {
            self.date = date
            self.description = description
            self.account = account
            self.counterpart = counterpart
            self.amount = amount
            self.ledgerLine = ledgerLine
        }
    }

    /// The category.
    public let category: String
    /// Its transactions, oldest first.
    public var lines: [Line] = []

    /// An empty page for `category`.
    public init(category: String) { self.category = category }

    /// The months with transactions, newest first, each with its lines by date and total (nil when
    /// the lines are in several currencies or pass 64 bits).
    public var months: [(year: Int, month: Int, lines: [Line], total: Money?)] {
        let grouped = Dictionary(grouping: lines) { $0.date.year * 100 + $0.date.month }
        return grouped.keys.sorted(by: >).map { key in
            let lines = grouped[key]!.sorted { $0.date < $1.date }
            var total: Money? = Money(minorUnits: 0, currency: lines[0].amount.currency)
            for line in lines {
                total = total.flatMap { sum in line.amount.currency == sum.currency ? try? sum.adding(line.amount) : nil }
            }
            return (key / 100, key % 100, lines, total)
        }
    }
}
