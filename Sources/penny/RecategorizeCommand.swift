import ArgumentParser
import Foundation
import PennyCore
import PennyLedger
import PennyRules

/// `penny recategorize`: re-apply the current rules to transactions a rule categorized.
struct RecategorizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recategorize", abstract: "Re-apply the rules to rule-categorized transactions (never to hand-edited ones).",
        discussion: "Example:\n  penny recategorize --from 2024-01-01 --dry-run")

    @Option(help: "First date, YYYY-MM-DD.")
    var from: String?

    @Option(help: "Last date, YYYY-MM-DD.")
    var to: String?

    @Flag(help: "Show what would change; write nothing.")
    var dryRun = false

    @Option(help: "Seconds to wait for another run's lock on the ledger.")
    var wait = 10

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let console = Console(quiet: options.quiet)
        let rules = try console.loadRules(options.rulesPath)
        let first = try dateOption(from, name: "from"), last = try dateOption(to, name: "to")
        let categorizer = Categorizer(rules)
        let matchFailure = MatchFailureBox()
        let recategorizer = LedgerRecategorizer(
            ownAccounts: Set(rules.accounts.map(\.name)), ruleNames: Set(rules.rules.map(\.name)), defaultCurrency: rules.defaultCurrency,
            decide: { transaction, account in
                let decision = categorizer.categorize(transaction, account: account)
                if matchFailure.error == nil { matchFailure.error = decision.matchFailure }
                return decision
            })
        let changes: [CategoryChange]
        do {
            let lock = try LedgerLock(ledgerPath: options.ledgerPath, waitSeconds: wait)
            defer { withExtendedLifetime(lock) {} }
            try LedgerCheck.requireReadable(options.ledgerPath, defaultCurrency: rules.defaultCurrency)
            // With regular expressions in the rules, a dry run first: one that gives up
            // stops the command before the ledger is rewritten.
            let hasRegex = rules.rules.contains { $0.conditions.contains { if case .matches = $0.test { true } else { false } } }
            if hasRegex && !dryRun {
                _ = try recategorizer.run(ledgerPath: options.ledgerPath, from: first, to: last, dryRun: true)
                if let error = matchFailure.error { throw error }
            }
            changes = try recategorizer.run(ledgerPath: options.ledgerPath, from: first, to: last, dryRun: dryRun)
            if let error = matchFailure.error { throw error }
        }
        // New categories can change which purchases round up: derive the round-ups again.
        if !dryRun { try RoundUpRun(rules: rules, ledgerPath: options.ledgerPath).refreshIfStale() }
        for change in changes {
            console.say("\(options.ledgerPath):\(change.line): \(change.date) \(change.description)")
            console.say("  - \(change.oldCategory) (rule \(change.oldRule))")
            console.say("  + \(change.newCategory) (rule \(change.newRule))")
        }
        let n = changes.count
        console.say("\(n) transaction\(n == 1 ? "" : "s") recategorized\(dryRun ? " (dry run: ledger not written)" : "")")
    }
}
