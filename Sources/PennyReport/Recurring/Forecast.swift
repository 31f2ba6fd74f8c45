public import PennyCore

/// Each own account's expected balance day by day over the coming months: today's balance,
/// plus every recurring item and instalment on its expected dates, plus each card's amount
/// due on its due date.
public struct Forecast: Sendable {
    /// One account's path.
    public struct AccountPath: Sendable {
        /// The own account.
        public let account: String
        /// Its balance on the first day.
        public let start: Money
        /// Each day's balance, first to last.
        public let days: [(date: LocalDate, balance: Money)]
        /// The lowest balance and its first date.
        public let lowest: (date: LocalDate, balance: Money)
        /// The balance on the last day.
        public let end: Money
        /// True when the forecast goes below zero (for an asset account).
        public let goesBelowZero: Bool
    }

    /// The first day forecast (the day after the ledger's latest).
    public let from: LocalDate
    /// The last day.
    public let to: LocalDate
    /// The own accounts.
    public let accounts: [AccountPath]

    /// Projects `balances` forward from `asOf` for `months` calendar months.
    /// - Complexity: O(accounts × days + items × occurrences).
    public static func make(balances: BalancesReport, items: [RecurringItem], cards: [CardReport], asOf: LocalDate, months: Int) throws(MoneyError) -> Forecast {
        let from = asOf.adding(days: 1)
        var end = asOf
        for _ in 0..<max(1, months) { end = RecurringDetector.next(after: end, .monthly) }
        var changes: [String: [Int: Int64]] = [:]
        for item in items where !item.flags.contains(.missed) {
            var date = item.nextDate
            var left = item.instalmentsLeft ?? Int.max
            while date <= end && left > 0 {
                if date >= from { try changes[item.account, default: [:]].add(checked: item.amount.minorUnits, to: date.dayNumber) }
                date = RecurringDetector.next(after: date, item.interval)
                left -= 1
            }
        }
        for card in cards {
            for cycle in card.cycles where !cycle.isOpen && cycle.dueDate >= from && cycle.dueDate <= end && cycle.amountDue.minorUnits > 0 {
                try changes[card.account, default: [:]].add(checked: cycle.amountDue.minorUnits, to: cycle.dueDate.dayNumber)
            }
        }
        let paths = try balances.accounts.map { (line) throws(MoneyError) -> AccountPath in
            var balance = line.balance.minorUnits
            var days: [(LocalDate, Money)] = []
            var lowest = (date: from, balance: line.balance)
            for day in from.dayNumber...end.dayNumber {
                try balance.add(checked: changes[line.account]?[day] ?? 0)
                let money = Money(minorUnits: balance, currency: line.balance.currency)
                let date = LocalDate(dayNumber: day)
                days.append((date, money))
                if balance < lowest.balance.minorUnits { lowest = (date, money) }
            }
            return AccountPath(
                account: line.account, start: line.balance, days: days, lowest: lowest, end: Money(minorUnits: balance, currency: line.balance.currency),
                goesBelowZero: AccountName(line.account).isUnder(.assets) && lowest.balance.isNegative)
        }
        return Forecast(from: from, to: end, accounts: paths)
    }
}

/// Renders a forecast: a line per account (start, lowest and when, end, a warning below
/// zero); data one row per account per day; JSON with the days.
public enum ForecastRenderer {
    /// The forecast as a document.
    public static func document(_ f: Forecast) -> ReportDocument {
        let rows: [[ReportCell]] = f.accounts.map { a in
            [.text(a.account), .money(a.start), .money(a.lowest.balance), .date(a.lowest.date), .money(a.end), a.goesBelowZero ? .label("below zero") : .text("")]
        }
        var blocks: [ReportBlock] = [
            .table(
                ReportTable(
                    columns: [.text("Account"), .number("Today"), .number("Lowest"), .text("On"), .number("At the end"), .text("")], rows: rows))
        ]
        for a in f.accounts where a.goesBelowZero {
            blocks += [.gap, .line("warning: \(a.account) is forecast to go below zero on \(a.lowest.date) (\(a.lowest.balance))")]
        }
        var data = ReportTable(columns: [.text("account"), .text("date"), .number("balance"), .text("currency")])
        for a in f.accounts { data.rows += a.days.map { [.text(a.account), .date($0.date), .money($0.balance), .text($0.balance.currency.code)] } }
        return ReportDocument(sections: [ReportSection(title: "Forecast \(f.from) .. \(f.to)", blocks: blocks)], data: data)
    }

    /// `{"from", "to", "accounts": [{"account", "start", "lowest", "lowest_date", "end", "below_zero", "days": [{"date", "balance"}]}]}`.
    public static func json(_ f: Forecast) -> String {
        JSONValue.object([
            ("from", .string(f.from.description)), ("to", .string(f.to.description)),
            (
                "accounts",
                .array(
                    f.accounts.map { a in
                        .object([
                            ("account", .string(a.account)), ("start", .string(a.start.decimalString)), ("lowest", .string(a.lowest.balance.decimalString)),
                            ("lowest_date", .string(a.lowest.date.description)), ("end", .string(a.end.decimalString)), ("below_zero", .bool(a.goesBelowZero)),
                            ("days", .array(a.days.map { .object([("date", .string($0.date.description)), ("balance", .string($0.balance.decimalString))]) })),
                        ])
                    })
            ),
        ]).text + "\n"
    }
}
