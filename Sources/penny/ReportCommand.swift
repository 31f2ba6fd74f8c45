import ArgumentParser
import Foundation
import PennyCore
import PennyPipeline
import PennyLedger
import PennyReport
import PennyRoundUp
import PennyRules

/// `penny report KIND`: figures from the ledger.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Report on the ledger: summary, categories, balances, budget, roundups, cards, recurring, forecast, html or site.",
        discussion: """
            Kinds:
              summary     income, expenses, net, savings rate, each category's share
              categories  each category over time (--by day, week, month or year)
              balances    each own account against its bank's latest closing figure
              budget      the rules' budgets against what was spent
              roundups    the round-up programs for the period
              cards       credit-card cycles: amount due, due date, carried balance
              recurring   subscriptions, bills and instalments, with their next dates
              forecast    each account's balance over the coming months (--months N)
              html        the monthly recap page: charts, budgets, accounts (--output FILE)
              site        every month, category, account and payee, linked (--output DIR)

            Examples:
              penny report summary --month 2024-03
              penny report categories --by month --format csv
              penny report html --month 2024-03 --output recap.html
            """)

    @Argument(help: "summary | categories | balances | budget | roundups | cards | recurring | forecast | html | site")
    var kind: ReportKind

    @Option(help: "2024, 2024-03, 2024-Q1, 2024-W09, 2024-03-05, 2024-01-01..2024-03-31, last-month, this-year.")
    var period: String?

    @Option(help: "A month, YYYY-MM.")
    var month: String?

    @Option(help: "First day, YYYY-MM-DD.")
    var from: String?

    @Option(help: "Last day, YYYY-MM-DD.")
    var to: String?

    @Option(help: "day | week | month | year (for time series).")
    var by: CategorySeries.Interval = .month

    @Option(help: "table | csv | json | html.")
    var format: OutputFormat = .table

    @Option(help: "Report amounts in this currency, converting the others at the rates held (default: the rules' default currency, others left out).")
    var currency: String?

    @Option(help: "With --currency: then (each amount at its date's rate) | end (at the period's end, like hledger -X).")
    var value: String?

    @Option(help: "Category depth (default 2: expenses:food).")
    var depth = 2

    @Option(help: "For html: the file to write (default: standard output); for site: the folder.")
    var output: String?

    @Option(
        help:
            "The language and number format of tables and HTML, e.g. pt-PT, en, es (default: LC_ALL, LC_MONETARY or LANG; plain English under C/POSIX). JSON and CSV never change.")
    var locale: String?

    @Option(help: "For forecast: how many months ahead (default 1).")
    var months = 1

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard [period != nil, month != nil, from != nil || to != nil].filter({ $0 }).count <= 1 else {
            throw ValidationError("use one of --period, --month, or --from/--to")
        }
    }

    func run() throws {
        let rules = FileManager.default.fileExists(atPath: options.rulesPath) ? try RulesLoader.load(path: options.rulesPath) : RuleSet()
        let reportCurrency = try self.reportCurrency(rules)
        try RoundUpRun(rules: rules, ledgerPath: options.ledgerPath).refreshIfStale()
        var assembly = ReportAssembly(
            rules: rules, ledgerPath: options.ledgerPath, currency: reportCurrency, period: try chosenPeriod(), interval: by, depth: depth, months: months)
        assembly.conversion = try conversion(rules)
        let chosenLocale = locale.map { ReportLocale($0) } ?? ReportLocale.fromEnvironment()
        if kind == .site { return try writeSite(assembly, currency: reportCurrency) }
        let text = kind == .html ? try assembly.recapPage(locale: locale) : try assembly.render(kind, as: format, locale: chosenLocale)
        guard let output else { return print(text, terminator: "") }
        try AtomicFile.write(text, to: output)
        if !options.quiet { print("wrote \(output)") }
    }

    /// `--currency`, or the rules' default currency.
    private func reportCurrency(_ rules: RuleSet) throws -> Currency {
        guard let reportCurrency = currency.map({ Currency(code: $0) }) ?? rules.defaultCurrency else {
            throw PennyError.configuration("--currency \(currency ?? ""): expected a three-letter code like EUR")
        }
        return reportCurrency
    }

    /// `report site`: the folder of pages, written to `--output`.
    private func writeSite(_ assembly: ReportAssembly, currency reportCurrency: Currency) throws {
        guard let output else { throw PennyError.configuration("report site writes a folder of pages: name it with --output DIR") }
        var site = ReportSite(assembly: assembly, locale: locale)
        site.configuration = SiteConfiguration.describe(
            version: pennyVersion, rulesPath: options.rulesPath,
            options: [locale ?? "", reportCurrency.code, String(depth), currency ?? "", value ?? ""])
        let written = try site.write(into: output)
        if !options.quiet { print(written.summary(folder: output)) }
    }

    /// With `--currency` or `--value`, the rates and the valuation day; else nil.
    private func conversion(_ rules: RuleSet) throws -> ReportConversion? {
        guard currency != nil || value != nil else { return nil }
        guard let valuation = ReportConversion.Valuation(rawValue: value ?? "then") else {
            throw PennyError.configuration("cannot read --value '\(value ?? "")': expected then or end")
        }
        return ReportConversion(rates: try RateBook.load(rules: rules, ledgerPath: options.ledgerPath), valuation: valuation, today: LocalDate.today())
    }

    private func chosenPeriod() throws -> ReportPeriod {
        if let period {
            guard let parsed = ReportPeriod.parse(period, today: LocalDate.today()) else {
                throw PennyError.configuration("cannot read --period '\(period)': expected 2024, 2024-03, 2024-Q1, 2024-W09, 2024-03-05, A..B, last-month or this-year")
            }
            return parsed
        }
        if let month {
            guard month.count == 7, let parsed = ReportPeriod.parse(month, today: LocalDate.today()) else {
                throw PennyError.configuration("cannot read --month '\(month)': expected YYYY-MM")
            }
            return parsed
        }
        return ReportPeriod(from: try dateOption(from, name: "from"), to: try dateOption(to, name: "to"))
    }
}
