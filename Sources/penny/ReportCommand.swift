import ArgumentParser
import Foundation
import PennyCore
import PennyLedger
import PennyReport
import PennyRoundUp
import PennyRules

/// `penny report KIND`: figures from the ledger.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Report on the ledger: summary, categories, balances, budget, roundups or cards.",
        discussion: """
            summary: income, expenses, net, savings rate and categories; categories: a time \
            series per category; balances: each own account against its bank's closing figure; \
            budget: limits and what remains; roundups: the round-up programs; cards: card \
            statement cycles. Examples:
              penny report summary --month 2024-03
              penny report categories --by month --format csv
            """)

    @Argument(help: "summary | categories | balances | budget | roundups | cards | html")
    var kind: String

    @Option(help: "For html: the file to write (default: standard output).")
    var output: String?

    @Option(help: "For html: the language and number format, e.g. pt-PT, en, es (default: LC_ALL, LC_MONETARY or LANG).")
    var locale: String?

    @Option(help: "2024, 2024-03, 2024-Q1, 2024-W09, 2024-03-05, 2024-01-01..2024-03-31, last-month, this-year.")
    var period: String?

    @Option(help: "A month, YYYY-MM.")
    var month: String?

    @Option(help: "First day, YYYY-MM-DD.")
    var from: String?

    @Option(help: "Last day, YYYY-MM-DD.")
    var to: String?

    @Option(help: "day | week | month | year (for time series).")
    var by: String?

    @Option(help: "table | csv | json | html.")
    var format = "table"

    @Option(help: "Report amounts in this currency (default: the rules' default currency).")
    var currency: String?

    @Option(help: "Category depth (default 2: expenses:food).")
    var depth = 2

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard ["summary", "categories", "balances", "cards", "budget", "roundups", "html"].contains(kind) else {
            throw ValidationError("unknown report '\(kind)': expected summary, categories, balances, budget, roundups, cards or html")
        }
        let formats = ["table", "json", "csv"]
        guard kind == "html" || formats.contains(format) else {
            throw ValidationError(
                ["table", "csv", "json", "html"].contains(format)
                    ? "--format \(format) is not supported yet for report \(kind) (use \(formats.joined(separator: ", ")))"
                    : "unknown format '\(format)': expected table, csv, json or html")
        }
        if let by, CategorySeries.Interval(rawValue: by) == nil { throw ValidationError("unknown --by '\(by)': expected day, week, month or year") }
        guard [period != nil, month != nil, from != nil || to != nil].filter({ $0 }).count <= 1 else {
            throw ValidationError("use one of --period, --month, or --from/--to")
        }
    }

    func run() throws {
        let console = Console(quiet: false)
        let rules = FileManager.default.fileExists(atPath: options.rulesPath) ? try console.loadRules(options.rulesPath) : RuleSet()
        guard let reportCurrency = currency.map({ Currency(code: $0) }) ?? rules.defaultCurrency else {
            throw ValidationError("--currency \(currency ?? ""): expected a three-letter code like EUR")
        }
        if kind == "html" {
            let page: String
            do throws(PennyError) { page = try recapPage(rules: rules, currency: reportCurrency) } catch { throw console.fail(error) }
            if let output {
                do throws(PennyError) { try AtomicFile.write(page, to: output) } catch { throw console.fail(error) }
                if !options.quiet { print("wrote \(output)") }
            } else {
                print(page, terminator: "")
            }
            return
        }
        if kind == "categories" {
            var series = CategorySeriesBuilder(
                period: try chosenPeriod(), interval: by.flatMap(CategorySeries.Interval.init) ?? .month, currency: reportCurrency, depth: depth)
            do throws(PennyError) {
                try JournalReader(defaultCurrency: rules.defaultCurrency).forEachPosting(path: options.ledgerPath) { series.add($0) }
            } catch { throw console.fail(error) }
            let built = series.build()
            emit(CategorySeriesRenderer.document(built), json: CategorySeriesRenderer.json(built))
            return
        }
        if kind == "cards" {
            let asOf = try chosenPeriod().to
            let cards: [CardReport]
            do throws(PennyError) { cards = try Self.cards(rules: rules, ledgerPath: options.ledgerPath, asOf: asOf) } catch { throw console.fail(error) }
            emit(CardRenderer.document(cards), json: CardRenderer.json(cards))
            return
        }
        if kind == "balances" {
            let asOf = try chosenPeriod().to
            let report: BalancesReport
            do throws(PennyError) {
                report = try Self.balances(rules: rules, ledgerPath: options.ledgerPath, currency: reportCurrency, asOf: asOf)
            } catch { throw console.fail(error) }
            emit(BalancesRenderer.document(report), json: BalancesRenderer.json(report))
            return
        }
        var builder = SummaryBuilder(period: try chosenPeriod(), currency: reportCurrency, depth: depth)
        do throws(PennyError) {
            try JournalReader(defaultCurrency: rules.defaultCurrency).forEachPosting(path: options.ledgerPath) { builder.add($0) }
        } catch { throw console.fail(error) }
        let summary = builder.build(budgets: rules.budgets)
        var roundUps: [RoundUpStatus] = []
        if !rules.roundUps.isEmpty {
            do throws(PennyError) {
                let result = try RoundUpRun(rules: rules, ledgerPath: options.ledgerPath).compute()
                roundUps = RoundUpStatus.make(result, programs: rules.roundUps, currencies: rules.roundUpCurrencies, from: summary.period.from, to: summary.period.to)
            } catch { throw console.fail(error) }
        }
        switch kind {
        case "budget":
            emit(SummaryRenderer.budgetDocument(summary), json: SummaryRenderer.budgetJSON(summary))
        case "roundups":
            emit(RoundUpRenderer.document(roundUps), json: RoundUpRenderer.json(roundUps))
        default:
            emit(SummaryRenderer.document(summary, roundUps: roundUps), json: SummaryRenderer.json(summary, roundUps: roundUps))
        }
    }

    /// Prints the report in the `--format` chosen; only that form is rendered.
    private func emit(_ document: @autoclosure () -> ReportDocument, json: @autoclosure () -> String) {
        switch format {
        case "json": print(json(), terminator: "")
        case "csv": print(CSVReportWriter.render(document()), terminator: "")
        default: print(TextReportWriter.render(document()), terminator: "")
        }
    }

    /// The monthly recap page for the chosen period (default: the ledger's latest month).
    private func recapPage(rules: RuleSet, currency: Currency) throws(PennyError) -> String {
        let reader = JournalReader(defaultCurrency: rules.defaultCurrency)
        var period: ReportPeriod
        do { period = try chosenPeriod() } catch { throw .configuration("\(error)") }
        if period.from == nil || period.to == nil {
            var all = SummaryBuilder(period: .all, currency: currency, depth: depth)
            try reader.forEachPosting(path: options.ledgerPath) { all.add($0) }
            let last = period.to ?? all.build().period.to ?? Self.today()
            period = ReportPeriod(from: period.from ?? LocalDate(year: last.year, month: last.month, day: 1), to: last)
            if period.to == last, let month = ReportPeriod.month(last.year, last.month), period.from == month.from { period = month }
        }
        let builder = RecapBuilder(period: period, currency: currency, depth: depth)
        var roundUps: [RoundUpStatus] = []
        if !rules.roundUps.isEmpty {
            let result = try RoundUpRun(rules: rules, ledgerPath: options.ledgerPath).compute()
            roundUps = RoundUpStatus.make(result, programs: rules.roundUps, currencies: rules.roundUpCurrencies, from: period.from, to: period.to)
        }
        let recap = try builder.build(
            ledgerPath: options.ledgerPath, reader: reader, budgets: rules.budgets, defaultExpenseCategory: rules.defaultExpenseCategory,
            defaultIncomeCategory: rules.defaultIncomeCategory, roundUps: roundUps,
            balances: try Self.balances(rules: rules, ledgerPath: options.ledgerPath, currency: currency, asOf: period.to),
            cards: try Self.cards(rules: rules, ledgerPath: options.ledgerPath, asOf: period.to))
        return HTMLRecapWriter(locale: ReportLocale(locale)).render(recap)
    }

    /// The balances of the own accounts: the main ledger (statement-backed), the derived
    /// round-up journal, and the statements' closing balances.
    static func balances(rules: RuleSet, ledgerPath: String, currency: Currency, asOf: LocalDate?) throws(PennyError) -> BalancesReport {
        var builder = BalancesBuilder(accounts: rules.accounts.map(\.name), currency: currency, asOf: asOf)
        let reader = JournalReader(defaultCurrency: rules.defaultCurrency)
        try reader.forEachPosting(path: ledgerPath, commentPrefix: "; statement-balance: ", comment: { builder.addStatementLine($0) }) { builder.addMain($0) }
        let derived = ledgerPath + ".roundups.journal"
        if FileManager.default.fileExists(atPath: derived) {
            try reader.forEachPosting(path: derived, commentPrefix: "; none", comment: { _ in }) { builder.addDerived($0) }
        }
        return builder.build()
    }

    /// Each card with `closing-day` and `due-day`: its cycles from the main ledger.
    static func cards(rules: RuleSet, ledgerPath: String, asOf: LocalDate?) throws(PennyError) -> [CardReport] {
        let cards = rules.accounts.filter { $0.closingDay != nil && $0.dueDay != nil }
        guard !cards.isEmpty else { return [] }
        let own = Set(rules.accounts.map(\.name))
        var builders = Dictionary(
            uniqueKeysWithValues: cards.map {
                ($0.name, CardCycleBuilder(account: $0.name, closingDay: $0.closingDay!, dueDay: $0.dueDay!, currency: rules.currency(ofAccount: $0.name)))
            })
        var latest: LocalDate?
        try JournalReader(defaultCurrency: rules.defaultCurrency).forEachTransaction(
            path: ledgerPath, tagNames: [], wantsDescription: false, commentPrefix: "; none", comment: { _ in }
        ) { t in
            if latest.map({ t.date > $0 }) ?? true { latest = t.date }
            guard t.postings.count == 2 else { return }
            for (index, posting) in t.postings.enumerated() where builders[posting.account] != nil {
                guard let amount = posting.amount else { continue }
                let other = t.postings[1 - index].account
                let kind: CardCycleBuilder.Kind = other.hasPrefix("equity") ? .opening : (own.contains(other) ? .payment : .charge)
                builders[posting.account]!.add(date: t.date, amount: amount, kind: kind)
            }
        }
        return cards.map { builders[$0.name]!.build(asOf: asOf ?? latest) }
    }

    private func chosenPeriod() throws -> ReportPeriod {
        if let period {
            guard let parsed = ReportPeriod.parse(period, today: Self.today()) else {
                throw ValidationError("cannot read --period '\(period)': expected 2024, 2024-03, 2024-Q1, 2024-W09, 2024-03-05, A..B, last-month or this-year")
            }
            return parsed
        }
        if let month {
            guard month.count == 7, let parsed = ReportPeriod.parse(month, today: Self.today()) else {
                throw ValidationError("cannot read --month '\(month)': expected YYYY-MM")
            }
            return parsed
        }
        return ReportPeriod(from: try dateOption(from, name: "from"), to: try dateOption(to, name: "to"))
    }

    static func today() -> LocalDate {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!
    }
}
