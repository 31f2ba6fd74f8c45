import ArgumentParser
import Foundation
import PennyCore
import PennyPipeline
import PennyRules

/// `penny prices import FILE...`: exchange rates for the ledger (docs/currencies.md).
struct PricesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prices", abstract: "Exchange rates: import the ECB's reference rates as P directives.",
        discussion: "Example:\n  penny prices import eurofxref-hist.csv",
        subcommands: [PricesImportCommand.self])
}

/// `penny prices import FILE...`.
struct PricesImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Write the ECB's rates (eurofxref-hist.csv, eurofxref-daily.xml) to <ledger>.prices.journal.",
        discussion: "Each day and pair is written once; the ledger includes the file, so hledger and ledger-cli read the same rates.")

    @Argument(help: "ECB reference-rate files: the historical CSV or the daily/90-day XML.")
    var files: [String]

    @OptionGroup var lock: LockOptions

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let rules = FileManager.default.fileExists(atPath: options.rulesPath) ? try RulesLoader.load(path: options.rulesPath) : RuleSet()
        var prices = PricesImport(ledgerPath: options.ledgerPath, defaultCurrency: rules.defaultCurrency)
        prices.waitSeconds = lock.wait
        let outcome = try prices.perform(files: files)
        Console(quiet: options.quiet).say("\(outcome.added) new rates, \(outcome.duplicates) already held: \(outcome.path)")
    }
}

/// `penny convert AMOUNT FROM TO [--date D]`: a quick conversion from the rates held.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert", abstract: "Convert an amount at the rates held (the latest on or before the date).",
        discussion: "Example:\n  penny convert 100 USD EUR --date 2024-03-04")

    @Argument(help: "The amount, with '.' as decimal mark.")
    var amount: String

    @Argument(help: "Its currency.")
    var from: String

    @Argument(help: "The currency to convert into.")
    var to: String

    @Option(help: "The day, YYYY-MM-DD (default: today).")
    var date: String?

    @OptionGroup var options: GlobalOptions

    func run() throws {
        guard let source = Currency(code: from), let target = Currency(code: to) else {
            throw PennyError.configuration("expected three-letter currency codes like USD EUR")
        }
        let rules = FileManager.default.fileExists(atPath: options.rulesPath) ? try RulesLoader.load(path: options.rulesPath) : RuleSet()
        let day = try dateOption(date, name: "date") ?? LocalDate.today()
        let (money, converted, conversion) = try RateBook.convert(amount, from: source, to: target, on: day, rules: rules, ledgerPath: options.ledgerPath)
        print("\(money) = \(converted)")
        if !options.quiet { print("  at \(conversion)") }
    }
}
