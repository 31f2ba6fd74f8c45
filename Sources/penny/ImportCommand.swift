import ArgumentParser
import PennyImport

/// `penny import PATH...`: reads statements, categorizes them and merges them into the ledger.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import", abstract: "Import statement files or directories into the ledger.")

    @Argument(help: "Statement files, or directories whose files are imported in name order.")
    var paths: [String]

    @Flag(help: "Read and categorize everything, write nothing.")
    var dryRun = false

    @Option(help: "The statement format: auto, csv, ofx, camt or json.")
    var format = "auto"

    @Option(help: "Import every statement into this own account, whatever the file says.")
    var account: String?

    @Option(help: "Seconds to wait for another run's lock on the ledger.")
    var wait = 10

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let console = Console(quiet: options.quiet)
        let rules = try console.loadRules(options.rulesPath)
        let forcedFormat: StatementFormat?
        if format == "auto" {
            forcedFormat = nil
        } else if let chosen = StatementFormat(rawValue: format) {
            forcedFormat = chosen
        } else {
            throw ValidationError("unknown format '\(format)': expected auto, csv, ofx, camt or json")
        }
        if let account, rules.account(named: account) == nil {
            throw ValidationError("--account \(account): no 'account \(account)' block in the rules")
        }
        let run = ImportRun(rules: rules, options: options, console: console, forcedFormat: forcedFormat, accountOverride: account, dryRun: dryRun, waitSeconds: wait)
        let status = try run.perform(paths: paths)
        if status != .success { throw status.exitCode }
    }
}
