import ArgumentParser
import Foundation
import PennyCore
import PennyLedger
import PennyPipeline
import PennyRules

/// `penny rules learn`: rules that would have made the hand corrections in the ledger.
struct RulesLearnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn", abstract: "Propose rules from the categories you corrected by hand in the ledger.",
        discussion: """
            Shows each proposed rule with the corrections it makes, where it goes, what it would
            change in the past and what it conflicts with. Nothing is written without --accept.
            Examples:
              penny rules learn
              penny rules learn --accept 1,3
              penny rules learn --accept all --to rules/mine.rules
            """)

    @Option(help: "Write these proposals: all, or their numbers like 1,3.")
    var accept: String?

    @Option(help: "The rules file for rules no existing rule stands in front of (default: learned.rules in the rules directory, or the rules file).")
    var to: String?

    @OptionGroup var lock: LockOptions

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let console = Console(quiet: options.quiet)
        let rules = try RulesLoader.load(path: options.rulesPath)
        let destination = to ?? RulesFileEdit.defaultFile(rulesPath: options.rulesPath)
        guard let accept else {
            let learning = try RuleLearning(rules: rules, rulesPath: options.rulesPath, ledgerPath: options.ledgerPath, destination: destination)
            print(learning.render(), terminator: "")
            return
        }
        try write(accepting: accept, rules: rules, destination: destination, console: console)
    }

    /// Writes the proposals `accept` names (under the ledger's lock, so the corrections read
    /// are the ones the rules answer) and says what they now move.
    private func write(accepting accept: String, rules: RuleSet, destination: String, console: Console) throws {
        let held = try LedgerLock(ledgerPath: options.ledgerPath, waitSeconds: lock.wait)
        defer { withExtendedLifetime(held) {} }
        let learning = try RuleLearning(rules: rules, rulesPath: options.rulesPath, ledgerPath: options.ledgerPath, destination: destination)
        let numbers = try Self.numbers(accept, count: learning.proposals.count)
        try learning.edit(accepting: numbers).write()
        let changes = numbers.reduce(0) { $0 + learning.proposals[$1 - 1].effect.changes.count }
        let names = numbers.map { "'\(learning.proposals[$0 - 1].draft.name)'" }.joined(separator: ", ")
        let files = Set(numbers.map { learning.proposals[$0 - 1].placement.file }).sorted().joined(separator: ", ")
        let next = changes == 0 ? "" : "; 'penny recategorize' now moves \(changes) past transaction\(changes == 1 ? "" : "s")"
        console.say("wrote \(numbers.count) rule\(numbers.count == 1 ? "" : "s") (\(names)) to \(files)\(next)")
    }

    /// `all` or `1,3` as proposal numbers, each checked against how many there are.
    static func numbers(_ text: String, count: Int) throws -> [Int] {
        guard count > 0 else { throw PennyError.configuration("--accept: there is no proposal to accept") }
        if text == "all" { return Array(1...count) }
        var numbers: [Int] = []
        for part in text.split(separator: ",") {
            guard let n = Int(part.trimmingCharacters(in: .whitespaces)), (1...count).contains(n) else {
                throw PennyError.configuration("--accept: '\(part)' is not a proposal number (1 to \(count)) nor 'all'")
            }
            if !numbers.contains(n) { numbers.append(n) }
        }
        guard !numbers.isEmpty else { throw PennyError.configuration("--accept: name proposals by number (1 to \(count)) or write 'all'") }
        return numbers
    }
}
