import ArgumentParser
import Foundation
import PennyCore
import PennyImport
import PennyPipeline
import PennyRules

/// `penny csv ...`: work with bank CSV layouts.
struct CSVCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv", abstract: "Work out how to read a bank's CSV export.",
        discussion: "Example:\n  penny csv guess ~/Downloads/extrato.csv",
        subcommands: [CSVGuessCommand.self])
}

/// `penny csv guess FILE`: how `penny import` reads the file with no profile of its own (the
/// same verdict, `CSVVerdict`), why, and its first rows as read.
struct CSVGuessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guess", abstract: "Show how penny import reads a CSV: the profile, the evidence, and its first rows as read.",
        discussion: """
            The verdict is the import's own: the rules' profiles, then the built-in ones, then the \
            file itself; the own account as the import works it out (when the rules exist); every \
            row read. Exits 0 exactly when penny import would read the file, 1 when it would refuse \
            it (the same reason, then the profile with the candidates as comments).
            Example:
              penny csv guess extrato.csv
            """)

    @Argument(help: "The CSV file.")
    var file: String

    @Option(help: "The own account, as penny import --account takes it.")
    var account: String?

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let (rules, hasRules) = try loadRules()
        let override = try account.map { try ImportCommand.declaredAccount($0, in: rules) }
        XMLLibrary.initialize()
        let verdict = CSVVerdict.decide(file: file, rules: rules, rulesPath: options.rulesPath, accountOverride: override, resolvesAccount: hasRules)
        print(CSVGuess.describe(verdict), terminator: "")
        if !hasRules, verdict.format == nil { print("\n(no rules at \(options.rulesPath): the own account is not worked out; penny import needs it declared)") }
        if verdict.isRead, let profile = verdict.profile {
            print("\npreview (the first rows as penny reads them):")
            print(CSVGuess.preview(profile, file: file), terminator: "")
        }
        if !verdict.isRead { throw ExitCode(ExitStatus.rejectedInput.rawValue) }
    }

    /// The import's rules when there are any (`exist`); with none (a file looked at before
    /// `penny init`), empty rules, so the profile is still worked out, without the own account.
    private func loadRules() throws -> (rules: RuleSet, exist: Bool) {
        let explicit = options.rules != nil || ProcessInfo.processInfo.environment["PENNY_RULES"] != nil
        let hasRules = explicit || FileManager.default.fileExists(atPath: options.rulesPath)
        return (hasRules ? try RulesLoader.load(path: options.rulesPath) : try RulesLoader.load(text: ""), hasRules)
    }
}
