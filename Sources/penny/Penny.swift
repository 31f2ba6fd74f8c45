import ArgumentParser

/// The `penny` command: imports bank statements into a plain-text ledger and reports on it.
struct Penny: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "penny",
        abstract: "Import bank statements, categorize them with rules, and report on a plain-text ledger.",
        version: pennyVersion,
        subcommands: [
            InitCommand.self, ImportCommand.self, AddCommand.self, ReportCommand.self, StatusCommand.self, RulesCommand.self, RecategorizeCommand.self, UncategorizedCommand.self,
            CategorizeCommand.self,
            RoundUpCommand.self, CSVCommand.self, PricesCommand.self, ConvertCommand.self, LedgerCommand.self, ExportCommand.self,
        ]
    )
}
