import ArgumentParser
import Foundation
import PennyCore
import PennyLedger
import PennyReport
import PennyRoundUp
import PennyRules

/// `penny roundup status|apply`: round-up programs (SPEC §7).
struct RoundUpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roundup", abstract: "Round-up programs: status, and sweeping a 'later' pot.",
        discussion: "Examples:\n  penny roundup status\n  penny roundup apply spare-change --date 2024-03-31",
        subcommands: [RoundUpStatusCommand.self, RoundUpApplyCommand.self])
}

/// `penny roundup status [NAME]`.
struct RoundUpStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Accrued, swept, pot, destinations and goals of each program.",
        discussion: "Example:\n  penny roundup status spare-change --format json")

    @Argument(help: "One program (default: all).")
    var name: String?

    @Option(help: "table | json.")
    var format = "table"

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard ["table", "json"].contains(format) else { throw ValidationError("unknown format '\(format)': expected table or json") }
    }

    func run() throws {
        let console = Console(quiet: false)
        let rules = try console.loadRules(options.rulesPath)
        if let name, !rules.roundUps.contains(where: { $0.name == name }) {
            throw ValidationError("no roundup program named '\(name)' in the rules")
        }
        let run = RoundUpRun(rules: rules, ledgerPath: options.ledgerPath)
        try run.refreshIfStale()
        let result = try run.compute()
        let statuses = RoundUpStatus.make(result, programs: rules.roundUps.filter { name == nil || $0.name == name }, currencies: rules.roundUpCurrencies)
        print(format == "json" ? RoundUpRenderer.json(statuses) : TextReportWriter.render(RoundUpRenderer.document(statuses)), terminator: "")
    }
}

/// `penny roundup apply NAME [--date D]`: a person's decision to sweep the whole pot.
struct RoundUpApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply", abstract: "Sweep a program's whole pot now (recorded in the ledger as your decision).",
        discussion: "Example:\n  penny roundup apply spare-change --date 2024-03-31")

    @Argument(help: "The program.")
    var name: String

    @Option(help: "The sweep's date, YYYY-MM-DD (default: the latest transaction date).")
    var date: String?

    @Option(help: "Seconds to wait for another run's lock on the ledger.")
    var wait = 10

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let console = Console(quiet: options.quiet)
        let rules = try console.loadRules(options.rulesPath)
        guard rules.roundUps.contains(where: { $0.name == name }) else { throw ValidationError("no roundup program named '\(name)' in the rules") }
        let day = try dateOption(date, name: "date")
        let run = RoundUpRun(rules: rules, ledgerPath: options.ledgerPath)
        do {
            let lock = try LedgerLock(ledgerPath: options.ledgerPath, waitSeconds: wait)
            defer { withExtendedLifetime(lock) {} }
            try LedgerCheck.requireReadable(options.ledgerPath, defaultCurrency: rules.defaultCurrency)
            let before = try run.compute()
            guard let sweepDate = day ?? before.asOf else {
                console.say("nothing to sweep: the ledger has no transactions")
                return
            }
            let update = try LedgerUpdate(ledgerPath: options.ledgerPath, dryRun: false)
            try run.ensureDerivedFileExists()
            try update.ensureInclude(run.includeName)
            try update.appendOnce(.roundUpApply(program: name, date: sweepDate))
            try update.commit()
            let after = try run.compute()
            try run.write(after)
            if let sweep = after.sweeps.first(where: { $0.program == name && $0.date == sweepDate }) {
                console.say("\(name): swept \(sweep.total) on \(sweepDate)")
                for share in sweep.shares { console.say("  \(share.account)  \(share.amount)") }
            } else {
                console.say("\(name): the pot is empty on \(sweepDate); nothing swept")
            }
        }
    }
}
