import ArgumentParser
import Foundation
import PennyCore
import PennyPipeline
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
        discussion: "Examples:\n  penny roundup status spare-change --format json\n  penny roundup status --detail spare-change")

    @Argument(help: "One program (default: all).")
    var name: String?

    @Option(help: "table | json.")
    var format = "table"

    @Flag(help: "Each purchase's spare change, computed from the ledger, in the ledger's order.")
    var detail = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard ["table", "json"].contains(format) else { throw ValidationError("unknown format '\(format)': expected table or json") }
    }

    func run() throws {
        let rules = try RulesLoader.load(path: options.rulesPath)
        if let name, !rules.roundUps.contains(where: { $0.name == name }) {
            throw PennyError.configuration("no roundup program named '\(name)' in the rules")
        }
        let run = RoundUpRun(rules: rules, ledgerPath: options.ledgerPath)
        try run.refreshIfStale()
        if detail { return try printDetail(run) }
        let statuses = try run.statuses(of: rules.roundUps.filter { name == nil || $0.name == name })
        print(
            format == "json" ? RoundUpRenderer.json(statuses) : TextReportWriter.render(RoundUpRenderer.document(statuses), locale: ReportLocale.fromEnvironment()), terminator: "")
    }
}

extension RoundUpStatusCommand {
    /// Streams each purchase's accrual, then each program's total.
    func printDetail(_ run: RoundUpRun) throws {
        var totals: [String: (total: Money, purchases: Int)] = [:]
        var first = true
        var overflowed = false
        if format == "json" { print(#"{"purchases": ["#, terminator: "") }
        try run.forEachAccrual { accrual in
            guard name == nil || accrual.program == name else { return }
            let before = totals[accrual.program] ?? (Money(minorUnits: 0, currency: accrual.amount.currency), 0)
            var sum = before.total.minorUnits
            do throws(MoneyError) { try sum.add(checked: accrual.amount.minorUnits) } catch { overflowed = true }
            totals[accrual.program] = (Money(minorUnits: sum, currency: accrual.amount.currency), before.purchases + 1)
            if format == "json" {
                print((first ? "\n  " : ",\n  ") + RoundUpRenderer.detailJSON(accrual), terminator: "")
            } else {
                print(RoundUpRenderer.detailLine(accrual))
            }
            first = false
        }
        if overflowed { throw PennyError.badInput("a round-up total passes what Penny counts exactly (\(Int64.max) minor units)", at: SourceLocation(file: run.ledgerPath)) }
        if format == "json" { return print(first ? "]}" : "\n]}") }
        for program in run.rules.roundUps where totals[program.name] != nil {
            let (total, purchases) = totals[program.name]!
            print(RoundUpRenderer.detailTotal(program: program.name, total: total, purchases: purchases))
        }
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

    @OptionGroup var lock: LockOptions

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let console = Console(quiet: options.quiet)
        let rules = try RulesLoader.load(path: options.rulesPath)
        guard rules.roundUps.contains(where: { $0.name == name }) else { throw PennyError.configuration("no roundup program named '\(name)' in the rules") }
        var apply = RoundUpApply(rules: rules, ledgerPath: options.ledgerPath)
        apply.ledger.waitSeconds = lock.wait
        say(try apply.perform(program: name, date: try dateOption(date, name: "date")), console)
    }

    /// What applying did, in words.
    private func say(_ outcome: RoundUpApply.Outcome, _ console: Console) {
        switch outcome {
        case .nothingToSweep:
            console.say("nothing to sweep: the ledger has no transactions")
        case .emptyPot(let day):
            console.say("\(name): the pot is empty on \(day); nothing swept")
        case .swept(let sweep):
            console.say("\(name): swept \(sweep.total) on \(sweep.date)")
            for share in sweep.shares { console.say("  \(share.account)  \(share.amount)") }
        }
    }
}
