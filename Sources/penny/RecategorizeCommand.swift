import ArgumentParser
import Foundation
import PennyCore
import PennyLedger
import PennyPipeline
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

    @OptionGroup var lock: LockOptions

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let console = Console(quiet: options.quiet)
        var run = RecategorizeRun(rules: try RulesLoader.load(path: options.rulesPath), ledgerPath: options.ledgerPath)
        run.ledger.waitSeconds = lock.wait
        let result = try run.perform(from: try dateOption(from, name: "from"), to: try dateOption(to, name: "to"), dryRun: dryRun)
        for change in result.changes {
            console.say("\(options.ledgerPath):\(change.line): \(change.date) \(change.description)")
            console.say("  - \(change.oldCategory) (rule \(change.oldRule))")
            console.say("  + \(change.newCategory) (rule \(change.newRule))")
        }
        console.say(Self.summary(result, dryRun: dryRun))
    }

    /// The closing line: how many transactions moved, the ones edited by hand left alone
    /// (the first five lines named), and whether the ledger was written.
    static func summary(_ result: Recategorization, dryRun: Bool) -> String {
        let n = result.changes.count
        let edits = result.handEdits
        let left =
            edits.isEmpty
            ? ""
            : "; \(edits.count) edited by hand left alone (line\(edits.count == 1 ? "" : "s") \(edits.prefix(5).map(String.init).joined(separator: ", "))\(edits.count > 5 ? ", …" : ""))"
        return "\(n) transaction\(n == 1 ? "" : "s") recategorized\(left)\(dryRun ? " (dry run: ledger not written)" : "")"
    }
}
