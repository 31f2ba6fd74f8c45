import ArgumentParser
import Foundation
import PennyCore
import PennyPipeline
import PennyRules

/// `penny status`: the last runs the log recorded, and what needs a person's attention.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "The last import runs and what needs attention: quarantined files, unreconciled accounts, uncategorized transactions, pots waiting for apply.",
        discussion: "Example:\n  penny status --log ~/money/penny-runs.jsonl")

    @Option(help: "The run log `penny import --log FILE` writes (default: LEDGER.runs.jsonl, where batch runs log).")
    var log: String?

    @Option(help: "How many runs to show (default 5).")
    var runs = 5

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let defaultLog = RunLog.defaultPath(ledger: options.ledgerPath)
        let log = self.log ?? (FileManager.default.fileExists(atPath: defaultLog) ? defaultLog : nil)
        let lines = log.map(RunLog.records) ?? []
        if let log {
            print(lines.isEmpty ? "No runs in \(log) yet." : "Last runs (\(log)):")
            for line in lines.suffix(runs) { print("  " + RunLog.describe(line)) }
            print()
        }
        let rules = FileManager.default.fileExists(atPath: options.rulesPath) ? try RulesLoader.load(path: options.rulesPath) : RuleSet()
        let attention = try RunLog.attention(rules: rules, ledgerPath: options.ledgerPath, lastRun: lines.last)
        print(attention.isEmpty ? "Nothing needs attention." : "Needs attention:")
        for item in attention { print("  " + item) }
    }
}
