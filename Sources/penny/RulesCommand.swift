import ArgumentParser
import Foundation
import PennyRules

/// `penny rules ...`: work on the rules files.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "Check the rules files.", subcommands: [RulesCheckCommand.self])
}

/// `penny rules check`: parse and validate every rules file, reporting every error.
struct RulesCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Parse and validate every rules file; report all errors.")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let console = Console(quiet: options.quiet)
        let rules = try console.loadRules(options.rulesPath)
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        console.say(
            "\(options.rulesPath): \(count(rules.accounts.count, "account")), \(count(rules.csvProfiles.count, "csv profile")), \(count(rules.rules.count, "rule")); no errors"
        )
    }
}
