import Foundation
public import PennyCore
public import PennyLedger
public import PennyRoundUp

/// Computes a `Recap` for one period from the ledger: the period's summary (the same
/// `SummaryBuilder` as `report summary`), the period before it, the last 12 months, the
/// income split, the top payees and the uncategorized count. The caller supplies what other
/// reports compute (round-ups, balances, cards).
public struct RecapBuilder {
    /// The period the recap is about (both ends known).
    public let period: ReportPeriod
    /// The report currency.
    public let currency: Currency
    /// Category depth.
    public let depth: Int
    /// With `--currency`: converts the income and expenses of the periods the recap shows
    /// (the period, the one before, the last 12 months) like `report summary`; nil leaves
    /// other currencies out. Payees count the report's currency only.
    public var converter: PostingConverter?

    /// Makes a builder; `period` must have both ends.
    public init(period: ReportPeriod, currency: Currency, depth: Int = 2) {
        self.period = period
        self.currency = currency
        self.depth = depth
    }

    /// The period of the same length just before `period`: the previous calendar month when
    /// `period` is one.
    public static func previous(_ period: ReportPeriod) -> ReportPeriod {
        guard let from = period.from, let to = period.to else { return period }
        if from.day == 1, to.month == from.month, to.year == from.year, to.adding(days: 1).day == 1 {
            let year = from.month == 1 ? from.year - 1 : from.year, month = from.month == 1 ? 12 : from.month - 1
            return ReportPeriod.month(year, month) ?? period
        }
        let days = to.dayNumber - from.dayNumber + 1
        return ReportPeriod(from: from.adding(days: -days), to: from.adding(days: -1))
    }

    /// Reads the ledger and builds the recap.
    /// - Complexity: two passes over the ledger; memory is one entry per category, month and payee.
    public func build(
        ledgerPath: String, reader: JournalReader, budgets: [Budget], defaultExpenseCategory: String, defaultIncomeCategory: String,
        roundUps: [RoundUpStatus], balances: BalancesReport, cards: [CardReport]
    ) throws(PennyError) -> Recap {
        guard let to = period.to else { throw .configuration("the recap needs a period with an end") }
        var current = SummaryBuilder(period: period, currency: currency, depth: depth)
        let previousPeriod = Self.previous(period)
        var before = SummaryBuilder(period: previousPeriod, currency: currency, depth: depth)
        // Slots: the 12 months before the period's first month, then the period's months; the
        // chart shows the last 12 slots, the average reads the 12 before the period.
        let periodMonth = Self.monthIndex(period.from ?? to), lastMonth = Self.monthIndex(to)
        let firstMonth = min(periodMonth - 12, lastMonth - 11)
        let slots = lastMonth - firstMonth + 1
        var months = [(income: Int64, expenses: Int64, seen: Bool)](repeating: (0, 0, false), count: slots)
        var split = SplitBuilder(budgets: budgets, period: period, currency: currency)
        var byCategory: [String: [Int64]] = [:]
        var converter = self.converter
        let monthStart = LocalDate(year: firstMonth / 12, month: firstMonth % 12 + 1, day: 1)
        let earliest = [previousPeriod.from, period.from, monthStart].compactMap { $0 }.min()
        var hasPrevious = false
        try reader.forEachPosting(path: ledgerPath) { (raw) throws(MoneyError) in
            var posting = raw
            let root = AccountName.root(of: raw.account)
            if converter != nil, raw.amount.currency != currency, root == .income || root == .expenses, earliest.map({ raw.date >= $0 }) ?? true, raw.date <= to {
                guard let converted = try converter!.convert(raw) else { return }
                posting = converted
            }
            try current.add(posting)
            try before.add(posting)
            if !hasPrevious, root == .income || root == .expenses, previousPeriod.contains(posting.date) { hasPrevious = true }
            guard posting.amount.currency == currency else { return }
            let slot = Self.monthIndex(posting.date) - firstMonth
            if (0..<slots).contains(slot) {
                if AccountName.root(of: posting.account) == .income {
                    try months[slot].income.subtract(checked: posting.amount.minorUnits)
                    months[slot].seen = true
                }
                if AccountName.root(of: posting.account) == .expenses {
                    try months[slot].expenses.add(checked: posting.amount.minorUnits)
                    months[slot].seen = true
                    let category = AccountName.group(posting.account, depth: depth)
                    try byCategory[category, default: [Int64](repeating: 0, count: slots)][slot].add(checked: posting.amount.minorUnits)
                }
            }
            try split.add(posting)
        }
        if let error = converter?.missingRates(in: ledgerPath) { throw error }
        let summary: Summary, previous: Summary
        do throws(MoneyError) {
            summary = try current.build(budgets: budgets)
            previous = try before.build(budgets: budgets)
        } catch {
            throw .badInput("a total of this report passes what Penny counts exactly (\(Int64.max) minor units)", at: SourceLocation(file: ledgerPath))
        }
        let shown = Self.shownSlots(months.map(\.seen), periodSlot: periodMonth - firstMonth)
        let monthTotals = shown.map { slot in
            let index = firstMonth + slot
            return Recap.MonthTotals(
                year: index / 12, month: index % 12 + 1, income: Money(minorUnits: months[slot].income, currency: currency),
                expenses: Money(minorUnits: months[slot].expenses, currency: currency))
        }
        let average = try Self.average(months[..<(periodMonth - firstMonth)], currency: currency, ledgerPath: ledgerPath)
        let (payees, uncategorized) = try payeesAndUncategorized(
            ledgerPath: ledgerPath, reader: reader, defaults: [defaultExpenseCategory, defaultIncomeCategory])
        let splitLines = split.build(income: summary.income)
        let trends = summary.categories.prefix(8).compactMap { line in
            byCategory[line.account].map { values in (category: line.account, months: shown.map { Money(minorUnits: values[$0], currency: currency) }) }
        }
        var recap = Recap(
            summary: summary, previous: previous,
            averageIncome: average?.income, averageExpenses: average?.expenses, months: monthTotals, split: splitLines,
            roundUps: roundUps, balances: balances, cards: cards, payees: payees, uncategorizedCount: uncategorized)
        recap.trends = trends
        recap.hasPrevious = hasPrevious
        return recap
    }

    /// The top payees (by what they took) and how many transactions fell to a default category.
    /// Payees are grouped by the recurring detector's payee key (numbers, dates, month names
    /// and references taken out), so three visits to one shop count as three of one payee.
    private func payeesAndUncategorized(ledgerPath: String, reader: JournalReader, defaults: [String]) throws(PennyError) -> ([Recap.PayeeTotal], Int) {
        var totals: [String: (amount: Int64, count: Int, name: String)] = [:]
        var uncategorized = 0
        try reader.forEachTransaction(path: ledgerPath, tagNames: ["rule"], wantsDescription: true, commentPrefix: "; none", comment: { _ in }) { (t) throws(MoneyError) in
            guard period.contains(t.date) else { return }
            if t.tags["rule"] == "default" || t.postings.contains(where: { defaults.contains($0.account) }) { uncategorized += 1 }
            for posting in t.postings where AccountName.root(of: posting.account) == .expenses {
                guard let amount = posting.amount, amount.currency == currency else { continue }
                let description = t.description ?? "?"
                let key = RecurringDetector.payeeKey(description), name = Self.shownName(description)
                var total = totals[key] ?? (0, 0, name)
                try total.amount.add(checked: amount.minorUnits)
                total.count += 1
                total.name = Self.commonName(total.name, name)
                totals[key] = total
            }
        }
        let top = totals.filter { $0.value.amount > 0 }.sorted { ($0.value.amount, $1.key) > ($1.value.amount, $0.key) }.prefix(10)
        let shown = top.map { entry in
            var total = Recap.PayeeTotal(name: entry.value.name, amount: Money(minorUnits: entry.value.amount, currency: currency), count: entry.value.count)
            total.key = entry.key
            return total
        }
        return (shown, uncategorized)
    }

    /// The slots the chart and the trends show: the last 12, from the first with money in
    /// or out (never after the period's first month), so no empty months lead the chart.
    static func shownSlots(_ seen: [Bool], periodSlot: Int) -> [Int] {
        let last12 = max(0, seen.count - 12)..<seen.count
        let first = last12.first { seen[$0] } ?? periodSlot
        return Array(min(first, max(periodSlot, last12.lowerBound))..<seen.count)
    }

    /// The monthly average of income and expenses over the months before the period that
    /// have any (nil when none has: the page says "—").
    static func average(
        _ months: ArraySlice<(income: Int64, expenses: Int64, seen: Bool)>, currency: Currency, ledgerPath: String
    ) throws(PennyError) -> (income: Money, expenses: Money)? {
        let counted = months.filter(\.seen)
        guard !counted.isEmpty else { return nil }
        let income: Int64, expenses: Int64
        do throws(MoneyError) {
            income = try counted.sum(checked: \.income)
            expenses = try counted.sum(checked: \.expenses)
        } catch {
            throw .badInput("the 12 months' totals pass what Penny counts exactly (\(Int64.max) minor units)", at: SourceLocation(file: ledgerPath))
        }
        func mean(_ total: Int64) -> Money {
            Money(minorUnits: Int64(RoundedDivision.divide(Int128(total), Int128(counted.count))), currency: currency)
        }
        return (mean(income), mean(expenses))
    }

    /// A payee as the table shows it: the description's payee part, without quote marks.
    static func shownName(_ description: String) -> String {
        JournalEntry.split(description: description).payee.filter { $0 != "\"" }.trimmingBlanks
    }

    /// The words two names of one payee start with (`SPOTIFY P1234` and `SPOTIFY P2A3` →
    /// `SPOTIFY`), without a trailing comma or dash; the first name when they share none.
    static func commonName(_ a: String, _ b: String) -> String {
        let x = a.split(separator: " "), y = b.split(separator: " ")
        let shared = zip(x, y).prefix { $0 == $1 }.map(\.0)
        guard !shared.isEmpty else { return a }
        return shared.joined(separator: " ").trimmingScalars { nameEdges.contains($0) }
    }

    /// What a payee's common name does not end or start with.
    private static let nameEdges: Set<Unicode.Scalar> = [",", ";", "–", "-", ":", " "]

    private static func monthIndex(_ date: LocalDate) -> Int { date.year * 12 + date.month - 1 }
}
