import Foundation
public import PennyCore
import PennyLedger
import PennyReport
import PennyRoundUp
import PennyRules

/// Builds each report from the ledger and the rules: the model, then its document (for the
/// table, CSV and HTML writers) or its SPEC JSON.
public struct ReportAssembly {
    /// The rules: accounts, budgets, round-up programs, recurring overrides.
    public let rules: RuleSet
    /// The ledger file.
    public let ledgerPath: String
    /// The currency the report is in.
    public let currency: Currency
    /// The period reported.
    public let period: ReportPeriod
    /// The step of time series.
    public let interval: CategorySeries.Interval
    /// Category depth (2: `expenses:food`).
    public let depth: Int
    /// Months ahead for `report forecast`.
    public var months = 1
    /// When set, `summary`, `budget` and `categories` convert every amount into
    /// `currency` with these rates (docs/currencies.md); nil keeps the other currencies out.
    public var conversion: ReportConversion?

    /// An assembly of the reports of `ledgerPath` for `period`.
    public init(rules: RuleSet, ledgerPath: String, currency: Currency, period: ReportPeriod, interval: CategorySeries.Interval, depth: Int, months: Int = 1) {
        self.rules = rules
        self.ledgerPath = ledgerPath
        self.currency = currency
        self.period = period
        self.interval = interval
        self.depth = depth
        self.months = months
    }

    var reader: JournalReader { JournalReader(defaultCurrency: rules.defaultCurrency) }

    /// The report written in `format`; tables and HTML in `locale`'s language and formats
    /// when one is given (JSON and CSV never depend on a locale).
    public func render(_ kind: ReportKind, as format: OutputFormat, locale: ReportLocale? = nil) throws(PennyError) -> String {
        let (document, json) = try build(kind)
        switch format {
        case .json: return json()
        case .csv: return CSVReportWriter.render(document)
        case .html: return HTMLReportWriter.render(document, title: "Penny: \(kind.rawValue)", locale: locale)
        case .table: return TextReportWriter.render(document, locale: locale)
        }
    }

    /// What a report contains, before any writer (tests collect its words for translation).
    public func document(_ kind: ReportKind) throws(PennyError) -> ReportDocument { try build(kind).0 }

    /// The document and (lazily) the JSON of one report kind.
    private func build(_ kind: ReportKind) throws(PennyError) -> (ReportDocument, () -> String) {
        switch kind {
        case .categories:
            var series = CategorySeriesBuilder(period: period, interval: interval, currency: currency, depth: depth)
            try forEachPosting { (p) throws(MoneyError) in try series.add(p) }
            let built = series.build()
            return (CategorySeriesRenderer.document(built), { CategorySeriesRenderer.json(built) })
        case .cards:
            let cards = try self.cards(asOf: period.to)
            return (CardRenderer.document(cards), { CardRenderer.json(cards) })
        case .balances:
            let report = try balances(asOf: period.to)
            return (BalancesRenderer.document(report), { BalancesRenderer.json(report) })
        case .recurring:
            let (payments, latest) = try RecurringDetector.payments(
                ledgerPath: ledgerPath, reader: reader, ownAccounts: Set(rules.accounts.map(\.name)), through: period.to)
            return try recurring(payments, latest: latest)
        case .forecast:
            let (payments, latest) = try RecurringDetector.payments(ledgerPath: ledgerPath, reader: reader, ownAccounts: Set(rules.accounts.map(\.name)))
            return try forecast(payments, latest: latest)
        case .budget:
            let summary = try self.summary()
            var split = SplitBuilder(budgets: rules.budgets, period: summary.period, currency: currency)
            if !split.isEmpty { try forEachPosting(groupDepth: Int.max) { (p) throws(MoneyError) in try split.add(p) } }
            let parts = split.build(income: summary.income)
            return (SummaryRenderer.budgetDocument(summary, split: parts), { SummaryRenderer.budgetJSON(summary, split: parts) })
        case .roundups:
            let summary = try self.summary()
            let roundUps = try self.roundUps(from: summary.period.from, to: summary.period.to)
            return (RoundUpRenderer.document(roundUps), { RoundUpRenderer.json(roundUps) })
        case .summary, .html, .site:
            let summary = try self.summary()
            let roundUps = try self.roundUps(from: summary.period.from, to: summary.period.to)
            return (SummaryRenderer.document(summary, roundUps: roundUps), { SummaryRenderer.json(summary, roundUps: roundUps) })
        }
    }

    /// `body`'s result, or its overflow as an error naming the ledger (a figure derived from
    /// several of its transactions passed 64 bits of minor units).
    private func exact<T>(_ body: () throws(MoneyError) -> T) throws(PennyError) -> T {
        do { return try body() } catch {
            throw .badInput("a total of this report passes what Penny counts exactly (\(Int64.max) minor units)", at: SourceLocation(file: ledgerPath))
        }
    }

    /// The rules' `recurring` / `not-recurring` blocks for the detector.
    private var overrides: [RecurringDetector.Override] {
        rules.recurringOverrides.map { o in
            RecurringDetector.Override(applies: { o.applies(to: $0) }, confirms: o.confirms, interval: o.interval.flatMap(RecurringItem.Interval.init))
        }
    }

    private func summary() throws(PennyError) -> Summary {
        var builder = SummaryBuilder(period: period, currency: currency, depth: depth)
        if conversion == nil {
            // Nothing converted: the ledger may be read in two parts at once.
            builder = try reader.sum(path: ledgerPath, into: builder)
        } else {
            try forEachPosting(groupDepth: depth) { (p) throws(MoneyError) in try builder.add(p) }
        }
        return try exact { () throws(MoneyError) in try builder.build(budgets: rules.budgets) }
    }

    /// Every posting of the ledger, its income and expenses in the period converted into
    /// `currency` when `conversion` is set (the only postings these reports count); a
    /// posting no rate reaches fails the report after the read, naming every pair. With a
    /// `groupDepth`, each account at that depth is converted as one exact sum rounded once
    /// (`GroupedConverter`): at one day for `--value end`, like `hledger bal -X`; at each
    /// posting's date for `--value then`, like `hledger bal --value=then`.
    private func forEachPosting(groupDepth: Int? = nil, _ body: (Posting) throws(MoneyError) -> Void) throws(PennyError) {
        guard let conversion else { return try reader.forEachPosting(path: ledgerPath, body) }
        if let groupDepth {
            // `--value end` at one day, `--value then` at each posting's: either way each group
            // is summed exactly and rounded once.
            let grouped = GroupedConverter(rates: conversion.rates, currency: currency, day: conversion.valuationDate(period))
            return try forEachPosting(grouped: grouped, depth: groupDepth, body)
        }
        var converter = PostingConverter(rates: conversion.rates, currency: currency, valuationDate: conversion.valuationDate(period))
        let period = self.period
        try reader.forEachPosting(path: ledgerPath) { (p) throws(MoneyError) in
            let root = AccountName.root(of: p.account)
            guard period.contains(p.date), root == .income || root == .expenses else { return try body(p) }
            if let converted = try converter.convert(p) { try body(converted) }
        }
        if let error = converter.missingRates(in: ledgerPath) { throw error }
    }

    /// The grouped read: postings in the report's currency go straight to `body`; the others
    /// are summed per account at `depth` (a zero posting keeps their date and account seen)
    /// and each group's converted sum follows the read.
    private func forEachPosting(grouped: GroupedConverter, depth: Int, _ body: (Posting) throws(MoneyError) -> Void) throws(PennyError) {
        var converter = grouped
        let period = self.period, currency = self.currency
        try reader.forEachPosting(path: ledgerPath) { (p) throws(MoneyError) in
            let root = AccountName.root(of: p.account)
            guard period.contains(p.date), root == .income || root == .expenses, p.amount.currency != currency else { return try body(p) }
            let group = AccountName.group(p.account, depth: depth)
            try converter.add(p, group: group)
            try body(Posting(date: p.date, account: group, amount: .zero(currency)))
        }
        let converted = try exact { () throws(MoneyError) in try converter.postings() }
        if let error = converter.missingRates(in: ledgerPath) { throw error }
        _ = try exact { () throws(MoneyError) in for p in converted { try body(p) } }
    }

    func roundUps(from: LocalDate?, to: LocalDate?) throws(PennyError) -> [RoundUpStatus] {
        guard !rules.roundUps.isEmpty else { return [] }
        return try RoundUpRun(rules: rules, ledgerPath: ledgerPath).statuses(of: rules.roundUps, from: from, to: to)
    }

    /// The monthly recap page for the period (default: the ledger's latest month); with
    /// `site`, the page of that site (navigation and links).
    public func recapPage(locale: String?, site: SiteMap? = nil) throws(PennyError) -> String {
        var period = self.period
        if period.from == nil || period.to == nil {
            let all = try reader.sum(path: ledgerPath, into: SummaryBuilder(period: .all, currency: currency, depth: depth))
            let whole = try exact { () throws(MoneyError) in try all.build() }
            let last = period.to ?? whole.period.to ?? LocalDate.today()
            period = ReportPeriod(from: period.from ?? LocalDate(year: last.year, month: last.month, day: 1), to: last)
            if let month = ReportPeriod.month(last.year, last.month), period.from == month.from, period.to == last { period = month }
        }
        var builder = RecapBuilder(period: period, currency: currency, depth: depth)
        if let conversion { builder.converter = PostingConverter(rates: conversion.rates, currency: currency, valuationDate: conversion.valuationDate(period)) }
        let recap = try builder.build(
            ledgerPath: ledgerPath, reader: reader, budgets: rules.budgets, defaultExpenseCategory: rules.defaultExpenseCategory,
            defaultIncomeCategory: rules.defaultIncomeCategory, roundUps: try roundUps(from: period.from, to: period.to),
            balances: try balances(asOf: period.to), cards: try cards(asOf: period.to))
        return render(recap, locale: locale, site: site)
    }

    /// A recap as its HTML page.
    func render(_ recap: Recap, locale: String?, site: SiteMap?) -> String {
        var writer = HTMLRecapWriter(locale: reportLocale(locale))
        writer.site = site
        return writer.render(recap)
    }

    /// The locale of an HTML page, with the rules' `label`s in its language.
    public func reportLocale(_ identifier: String?) -> ReportLocale {
        var locale = ReportLocale(identifier)
        locale.names = rules.labels(in: locale.labels.language)
        return locale
    }

    /// The balances of the own accounts: the main ledger (statement-backed), the derived
    /// round-up journal, and the statements' closing balances; each account in its own
    /// currency, the total in the report's (docs/currencies.md).
    public func balances(asOf: LocalDate?) throws(PennyError) -> BalancesReport {
        try balances(asOf: [asOf])[0].get()
    }

    /// The balances as of each of `dates` from one reading of the ledger: what
    /// `balances(asOf:)` gives for each, or the error it throws for that date (a rate that
    /// is missing on it); an error every date would meet is thrown.
    public func balances(asOf dates: [LocalDate?]) throws(PennyError) -> [Result<BalancesReport, PennyError>] {
        let names = rules.accounts.map(\.name)
        let currencies = Dictionary(names.map { ($0, rules.currency(ofAccount: $0)) }, uniquingKeysWith: { a, _ in a })
        var builders = dates.map { BalancesBuilder(accounts: names, currency: currency, asOf: $0, accountCurrencies: currencies) }
        try reader.forEachPosting(
            path: ledgerPath, commentPrefix: PennyComment.statementBalancePrefix, comment: { line in for i in builders.indices { builders[i].addStatementLine(line) } }
        ) { (p) throws(MoneyError) in
            for i in builders.indices { try builders[i].addMain(p) }
        }
        let derived = ledgerPath + ".roundups.journal"
        if FileManager.default.fileExists(atPath: derived) {
            try reader.forEachPosting(path: derived, commentPrefix: "; none", comment: { _ in }) { (p) throws(MoneyError) in
                for i in builders.indices { try builders[i].addDerived(p) }
            }
        }
        var rates = conversion?.rates
        if Set(currencies.values).count > 1 && LedgerPath.exists(ledgerPath) {
            let held: ExchangeRates
            if let rates { held = rates } else { held = try RateBook.load(rules: rules, ledgerPath: ledgerPath) }
            rates = held
            for exchange in try exchanges(ownAccounts: Set(names), rates: held) {
                for i in builders.indices { builders[i].addExchange(exchange) }
            }
        }
        // Loaded once, when a date first needs it (`balances(asOf:)` loads it then).
        var loaded: Result<ExchangeRates, PennyError>?
        return builders.map { builder in
            Result { () throws(PennyError) in
                var used = rates
                if used == nil && builder.needsRates && LedgerPath.exists(ledgerPath) {
                    if loaded == nil { loaded = Result { () throws(PennyError) in try RateBook.load(rules: rules, ledgerPath: ledgerPath) } }
                    used = try loaded!.get()
                }
                let report = try exact { [used] () throws(MoneyError) in try builder.build(rates: used ?? ExchangeRates()) }
                guard report.missingRates.isEmpty else {
                    let pairs = report.missingRates.sorted { $0.key < $1.key }.map { "\($0.key) on \($0.value)" }
                    throw PostingConverter.missingRates(pairs, for: "to value the balances", in: ledgerPath)
                }
                return report
            }
        }
    }

    /// The recurring report of these payments (the ledger's, up to the period's end).
    private func recurring(_ payments: PaymentGroups, latest: LocalDate?) throws(PennyError) -> (ReportDocument, () -> String) {
        let asOf = period.to ?? latest
        let items = try asOf.map { (day) throws(PennyError) in try self.items(payments, asOf: day, through: period.to) } ?? []
        return (RecurringRenderer.document(items, asOf: asOf), { RecurringRenderer.json(items, asOf: asOf) })
    }

    /// The recurring items of `payments` (those through `through`) as of `asOf`. Should
    /// their scratch file fail to read back, the payments are read again and held in memory:
    /// a report never leaves payments out.
    private func items(_ payments: PaymentGroups, asOf: LocalDate, through: LocalDate?) throws(PennyError) -> [RecurringItem] {
        let detector = RecurringDetector(asOf: asOf, overrides: overrides)
        let items = try exact { () throws(MoneyError) in try detector.detect(payments) }
        guard payments.lostPayments else { return items }
        let (held, _) = try RecurringDetector.payments(
            ledgerPath: ledgerPath, reader: reader, ownAccounts: Set(rules.accounts.map(\.name)), through: through, spillBudget: .max)
        return try exact { () throws(MoneyError) in try detector.detect(held) }
    }

    /// The forecast from these payments (all the ledger's).
    private func forecast(_ payments: PaymentGroups, latest: LocalDate?) throws(PennyError) -> (ReportDocument, () -> String) {
        let asOf = latest ?? LocalDate.today()
        let (balances, cards) = (try balances(asOf: asOf), try cards(asOf: asOf))
        let items = try self.items(payments, asOf: asOf, through: nil)
        let forecast = try exact { () throws(MoneyError) in
            try Forecast.make(balances: balances, items: items, cards: cards, asOf: asOf, months: months)
        }
        return (ForecastRenderer.document(forecast), { ForecastRenderer.json(forecast) })
    }

    /// The recurring report and the forecast of an open period from one reading of the
    /// payments (the report site's two pages): the documents `document(.recurring)` and
    /// `document(.forecast)` give.
    public func recurringAndForecast() throws(PennyError) -> (recurring: ReportDocument, forecast: ReportDocument) {
        guard period.to == nil else { return (try document(.recurring), try document(.forecast)) }
        let (payments, latest) = try RecurringDetector.payments(ledgerPath: ledgerPath, reader: reader, ownAccounts: Set(rules.accounts.map(\.name)))
        return (try recurring(payments, latest: latest).0, try forecast(payments, latest: latest).0)
    }

    /// The exchanges between own accounts in the ledger, each valued on the day its money
    /// left (the entry's date, or its paired leg's when that leg is the one leaving), so the
    /// cost is the same whichever statement came first.
    private func exchanges(ownAccounts: Set<String>, rates: ExchangeRates) throws(PennyError) -> [ExchangeCost] {
        var found: [(id: UInt64, date: LocalDate, postings: [(account: String, amount: Money?)])] = []
        var leaving: [UInt64: LocalDate] = [:]
        try reader.forEachTransaction(
            path: ledgerPath, tagNames: [], wantsDescription: false, commentPrefix: PennyComment.transferLegPrefix,
            comment: { line in
                if case .transferLeg(_, let date, let amount, let pairs, _, _) = PennyComment.parse(line), amount.isNegative { leaving[pairs] = date }
            }
        ) { t in
            let currencies = Set(t.postings.compactMap { $0.amount?.currency })
            if t.postings.count == 2, currencies.count == 2, t.postings.allSatisfy({ ownAccounts.contains($0.account) }) { found.append((t.id, t.date, t.postings)) }
        }
        return try exact { () throws(MoneyError) in
            var exchanges: [ExchangeCost] = []
            for t in found {
                if let e = try ExchangeCost.exchange(date: leaving[t.id] ?? t.date, postings: t.postings, ownAccounts: ownAccounts, rates: rates) { exchanges.append(e) }
            }
            return exchanges
        }
    }

    /// Each card with `closing-day` and `due-day`: its cycles from the main ledger.
    public func cards(asOf: LocalDate?) throws(PennyError) -> [CardReport] {
        try cards(asOf: [asOf])[0].get()
    }

    /// The cards' cycles as of each of `dates` from one reading of the ledger: what
    /// `cards(asOf:)` gives for each, or the error it throws for that date.
    public func cards(asOf dates: [LocalDate?]) throws(PennyError) -> [Result<[CardReport], PennyError>] {
        let cards = rules.accounts.compactMap { a in a.closingDay.flatMap { closing in a.dueDay.map { (a.name, closing, $0) } } }
        guard !cards.isEmpty else { return dates.map { _ in .success([]) } }
        let own = Set(rules.accounts.map(\.name))
        var builders = Dictionary(
            uniqueKeysWithValues: cards.map { name, closing, due in
                (name, CardCycleBuilder(account: name, closingDay: closing, dueDay: due, currency: rules.currency(ofAccount: name)))
            })
        var latest: LocalDate?
        try reader.forEachTransaction(path: ledgerPath, tagNames: [], wantsDescription: false, commentPrefix: "; none", comment: { _ in }) { t in
            if latest.map({ t.date > $0 }) ?? true { latest = t.date }
            guard t.postings.count == 2 else { return }
            for (index, posting) in t.postings.enumerated() where builders[posting.account] != nil {
                guard let amount = posting.amount else { continue }
                let other = t.postings[1 - index].account
                let kind: CardCycleBuilder.Kind = AccountName(other).isUnder(.equity) ? .opening : (own.contains(other) ? .payment : .charge)
                builders[posting.account]?.add(date: t.date, amount: amount, kind: kind)
            }
        }
        return dates.map { asOf in
            Result { () throws(PennyError) in
                try exact { () throws(MoneyError) in
                    var reports: [CardReport] = []
                    for (name, _, _) in cards { if let report = try builders[name]?.build(asOf: asOf ?? latest) { reports.append(report) } }
                    return reports
                }
            }
        }
    }
}
