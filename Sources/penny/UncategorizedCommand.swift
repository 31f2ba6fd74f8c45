import ArgumentParser
import PennyCore
import PennyPipeline
import PennyLedger
import PennyReport
import PennyRules

/// `penny uncategorized`: what the rules miss, most frequent first, with rules to paste.
struct UncategorizedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uncategorized", abstract: "Group uncategorized transactions and suggest a rule for each.",
        discussion: "Example:\n  penny uncategorized   # then paste the suggested rule blocks into a rules file")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print the groups, suggestions and transactions as JSON.")
    var json = false

    func run() throws {
        let rules = try RulesLoader.load(path: options.rulesPath)
        let report = try UncategorizedReport(ledgerPath: options.ledgerPath, ownAccounts: Set(rules.accounts.map(\.name)))
        print(json ? report.renderJSON() : report.render(), terminator: "")
    }
}
