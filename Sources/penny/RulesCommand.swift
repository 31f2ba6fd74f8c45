import ArgumentParser
import Foundation
import PennyCore
import PennyPipeline
import PennyRules

/// `penny rules ...`: work on the rules files.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "Check the rules files, and explain how they categorize a transaction.",
        discussion: "Examples:\n  penny rules check\n  penny rules explain --amount -23.47 \"COMPRA PINGO DOCE\"\n  penny rules learn",
        subcommands: [RulesCheckCommand.self, RulesExplainCommand.self, RulesLearnCommand.self])
}

/// `penny rules check`: parse and validate every rules file, reporting every error.
struct RulesCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Parse and validate every rules file; report all errors.",
        discussion: "Example:\n  penny rules check --rules ~/money/rules")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let console = Console(quiet: options.quiet)
        let rules = try RulesLoader.load(path: options.rulesPath)
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let found = rules.lint()
        for warning in found { console.warn(warning.headline) }
        let warnings = found.isEmpty ? "" : ", \(count(found.count, "warning"))"
        console.say(
            "\(options.rulesPath): \(count(rules.accounts.count, "account")), \(count(rules.csvProfiles.count, "csv profile")), \(count(rules.rules.count, "rule")); no errors\(warnings)"
        )
    }
}

/// `penny rules explain DESCRIPTION`: which rule decides, what it met, what was tried first.
struct RulesExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain", abstract: "Show which rule categorizes a transaction, and why.",
        discussion: "Example:\n  penny rules explain --amount -23.47 --date 2024-03-05 \"COMPRA PINGO DOCE\"")

    @Argument(help: "The bank's description text.")
    var description: String

    @Option(parsing: .unconditional, help: "The amount, like -12.50 (default -1.00: a purchase).")
    var amount = "-1.00"

    @Option(help: "The own account (default: the first declared account).")
    var account: String?

    @Option(help: "The date, YYYY-MM-DD (default: today).")
    var date: String?

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let rules = try RulesLoader.load(path: options.rulesPath)
        let accountName = account ?? rules.accounts.first?.name ?? "assets:unknown"
        let currency = rules.currency(ofAccount: accountName)
        guard let units = try? AmountParser.parse(amount, format: AmountFormat(decimalMark: "."), exponent: currency.exponent) else {
            throw PennyError.configuration("cannot read --amount '\(amount)': write it like -12.50")
        }
        let day = try dateOption(date, name: "date") ?? LocalDate.today()
        let transaction = Transaction(
            date: day, amount: Money(minorUnits: units, currency: currency), description: description, location: SourceLocation(file: "explain"))
        print(RuleExplainer(rules).report(transaction, account: accountName), terminator: "")
    }
}
