public import PennyCore
import PennyLedger
public import PennyReport

extension ReportAssembly {
    /// How many months' payees and balances one reading of the ledger gathers at most: the
    /// payees of a month are kept until its page is made.
    static let recapMonthsPerPass = 12

    /// The recap page of each of the calendar `months`, handed to `page` in order: the same
    /// pages as a `recapPage` per month (with this assembly's rules, ledger, currency and
    /// depth), from a few readings of the ledger instead of five per month. The postings are
    /// read once for every month (`MonthlyRecapTotals`); the payees, balances and cards once
    /// per `recapMonthsPerPass` months. With a conversion each month is read on its own (its
    /// amounts are valued at its own dates).
    public func recapPages(
        months: [(year: Int, month: Int)], locale: String?, site: SiteMap?, _ page: ((year: Int, month: Int), String) throws(PennyError) -> Void
    ) throws(PennyError) {
        let periods = months.compactMap { m in ReportPeriod.month(m.year, m.month).map { (m, $0) } }
        guard conversion == nil else {
            for (month, period) in periods { try page(month, try recapPage(of: period, locale: locale, site: site)) }
            return
        }
        var totals = MonthlyRecapTotals(currency: currency, depth: depth, budgets: rules.budgets)
        try totals.read(ledgerPath: ledgerPath, reader: reader)
        var start = 0
        while start < periods.count {
            let group = Array(periods[start..<min(start + Self.recapMonthsPerPass, periods.count)])
            let tallies = try payeeTallies(group.map(\.1))
            let balances = try self.balances(asOf: group.map(\.1.to))
            let cards = try self.cards(asOf: group.map(\.1.to))
            for (i, (month, period)) in group.enumerated() {
                let builder = RecapBuilder(period: period, currency: currency, depth: depth)
                let roundUps = try self.roundUps(from: period.from, to: period.to)
                let (balance, card) = (try balances[i].get(), try cards[i].get())
                // A calendar month's parts always come from the totals; any other period
                // would be read on its own.
                let recap: Recap
                if let parts = totals.parts(for: builder) {
                    recap = try builder.assemble(
                        parts, tally: tallies[i], ledgerPath: ledgerPath, budgets: rules.budgets, roundUps: roundUps, balances: balance, cards: card)
                } else {
                    recap = try builder.build(
                        ledgerPath: ledgerPath, reader: reader, budgets: rules.budgets, defaultExpenseCategory: rules.defaultExpenseCategory,
                        defaultIncomeCategory: rules.defaultIncomeCategory, roundUps: roundUps, balances: balance, cards: card)
                }
                try page(month, render(recap, locale: locale, site: site))
            }
            start += group.count
        }
    }

    /// The payees of each period (calendar months) from one reading of the transactions.
    private func payeeTallies(_ periods: [ReportPeriod]) throws(PennyError) -> [PayeeTally] {
        let defaults = [rules.defaultExpenseCategory, rules.defaultIncomeCategory]
        var tallies = periods.map { PayeeTally(period: $0, currency: currency, defaults: defaults) }
        var position: [Int: Int] = [:]
        for (i, period) in periods.enumerated() { if let from = period.from { position[from.year * 12 + from.month - 1] = i } }
        try reader.forEachTransaction(path: ledgerPath, tagNames: ["rule"], wantsDescription: true, commentPrefix: "; none", comment: { _ in }) {
            (t) throws(MoneyError) in
            if let i = position[t.date.year * 12 + t.date.month - 1] { try tallies[i].add(t) }
        }
        return tallies
    }

    /// `recapPage` of one period, on its own.
    private func recapPage(of period: ReportPeriod, locale: String?, site: SiteMap?) throws(PennyError) -> String {
        var monthly = ReportAssembly(rules: rules, ledgerPath: ledgerPath, currency: currency, period: period, interval: interval, depth: depth)
        monthly.conversion = conversion
        return try monthly.recapPage(locale: locale, site: site)
    }
}
