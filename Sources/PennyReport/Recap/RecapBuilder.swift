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

    /// What one pass over the postings gathers for a recap (or `MonthlyRecapTotals` gives
    /// from its months): the period's and the previous period's summaries, the income and
    /// expenses of each month slot, the split and each category's slots.
    public struct Parts {
        var current: SummaryBuilder
        var before: SummaryBuilder
        /// The first slot's month index (`year * 12 + month - 1`).
        var firstMonth: Int
        /// Each slot's month.
        var months: [MonthFlow]
        var split: SplitBuilder
        var hasPrevious = false
    }

    /// The month slots of the recap: the 12 months before the period's first month, then
    /// the period's months; the chart shows the last 12 slots, the average reads the 12
    /// before the period.
    func slots(to: LocalDate) -> (first: Int, count: Int) {
        let periodMonth = Self.monthIndex(period.from ?? to), lastMonth = Self.monthIndex(to)
        let firstMonth = min(periodMonth - 12, lastMonth - 11)
        return (firstMonth, lastMonth - firstMonth + 1)
    }

    /// Reads the ledger and builds the recap.
    /// - Complexity: two passes over the ledger; memory is one entry per category, month and payee.
    public func build(
        ledgerPath: String, reader: JournalReader, budgets: [Budget], defaultExpenseCategory: String, defaultIncomeCategory: String,
        roundUps: [RoundUpStatus], balances: BalancesReport, cards: [CardReport]
    ) throws(PennyError) -> Recap {
        guard let to = period.to else { throw .configuration("the recap needs a period with an end") }
        let parts = try pass(ledgerPath: ledgerPath, reader: reader, budgets: budgets, to: to)
        var tally = PayeeTally(period: period, currency: currency, defaults: [defaultExpenseCategory, defaultIncomeCategory])
        try reader.forEachTransaction(path: ledgerPath, tagNames: ["rule"], wantsDescription: true, commentPrefix: "; none", comment: { _ in }) {
            (t) throws(MoneyError) in try tally.add(t)
        }
        return try assemble(parts, tally: tally, ledgerPath: ledgerPath, budgets: budgets, roundUps: roundUps, balances: balances, cards: cards)
    }

    /// The pass over the postings (converted with `converter` when set).
    private func pass(ledgerPath: String, reader: JournalReader, budgets: [Budget], to: LocalDate) throws(PennyError) -> Parts {
        let previousPeriod = Self.previous(period)
        let (firstMonth, slots) = self.slots(to: to)
        var parts = Parts(
            current: SummaryBuilder(period: period, currency: currency, depth: depth), before: SummaryBuilder(period: previousPeriod, currency: currency, depth: depth),
            firstMonth: firstMonth, months: Array(repeating: MonthFlow(), count: slots), split: SplitBuilder(budgets: budgets, period: period, currency: currency))
        var converter = self.converter
        let monthStart = LocalDate(year: firstMonth / 12, month: firstMonth % 12 + 1, day: 1)
        let earliest = [previousPeriod.from, period.from, monthStart].compactMap { $0 }.min()
        try reader.forEachPosting(path: ledgerPath) { (raw) throws(MoneyError) in
            var posting = raw
            let root = AccountName.root(of: raw.account)
            if converter != nil, raw.amount.currency != currency, root == .income || root == .expenses, earliest.map({ raw.date >= $0 }) ?? true, raw.date <= to {
                guard let converted = try converter!.convert(raw) else { return }
                posting = converted
            }
            try parts.current.add(posting)
            try parts.before.add(posting)
            if !parts.hasPrevious, root == .income || root == .expenses, previousPeriod.contains(posting.date) { parts.hasPrevious = true }
            guard posting.amount.currency == currency else { return }
            let slot = Self.monthIndex(posting.date) - firstMonth
            if (0..<slots).contains(slot) { try parts.months[slot].add(posting, depth: depth) }
            try parts.split.add(posting)
        }
        if let error = converter?.missingRates(in: ledgerPath) { throw error }
        return parts
    }

    /// The recap from its parts, its payees and what other reports computed.
    public func assemble(
        _ parts: Parts, tally: PayeeTally, ledgerPath: String, budgets: [Budget], roundUps: [RoundUpStatus], balances: BalancesReport, cards: [CardReport]
    ) throws(PennyError) -> Recap {
        guard let to = period.to else { throw .configuration("the recap needs a period with an end") }
        let periodMonth = Self.monthIndex(period.from ?? to), firstMonth = parts.firstMonth, months = parts.months
        let summary: Summary, previous: Summary
        do throws(MoneyError) {
            summary = try parts.current.build(budgets: budgets)
            previous = try parts.before.build(budgets: budgets)
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
        let splitLines = parts.split.build(income: summary.income)
        let trends = summary.categories.prefix(8).compactMap { line -> (category: String, months: [Money])? in
            guard months.contains(where: { $0.byCategory[line.account] != nil }) else { return nil }
            return (line.account, shown.map { Money(minorUnits: months[$0].byCategory[line.account] ?? 0, currency: currency) })
        }
        var recap = Recap(
            summary: summary, previous: previous,
            averageIncome: average?.income, averageExpenses: average?.expenses, months: monthTotals, split: splitLines,
            roundUps: roundUps, balances: balances, cards: cards, payees: tally.top(), uncategorizedCount: tally.uncategorized)
        recap.trends = trends
        recap.hasPrevious = parts.hasPrevious
        return recap
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
        _ months: ArraySlice<MonthFlow>, currency: Currency, ledgerPath: String
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
        if let name = CommonNameBytes.commonName(a, b) { return name }
        return generalCommonName(a, b)
    }

    /// `commonName` for any text, comparing characters (the reference `CommonNameBytes` is
    /// checked against).
    static func generalCommonName(_ a: String, _ b: String) -> String {
        let x = a.split(separator: " "), y = b.split(separator: " ")
        let shared = zip(x, y).prefix { $0 == $1 }.map(\.0)
        guard !shared.isEmpty else { return a }
        return shared.joined(separator: " ").trimmingScalars { nameEdges.contains($0) }
    }

    /// What a payee's common name does not end or start with.
    private static let nameEdges: Set<Unicode.Scalar> = [",", ";", "–", "-", ":", " "]

    static func monthIndex(_ date: LocalDate) -> Int { date.year * 12 + date.month - 1 }
}
