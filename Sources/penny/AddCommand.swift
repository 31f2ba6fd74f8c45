import ArgumentParser
import Foundation
import PennyCore
import PennyPipeline
import PennyLedger
import PennyRules

/// `penny add café 2,30 ontem`: a transaction written in a few words, categorized by the
/// rules like an imported one, written under the ledger's lock.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Write down a transaction in a few words: café 2,30 ontem, uber 12.90 visa, recebi 50 da Ana.",
        discussion: """
            The amount takes a comma or a dot; today, yesterday and weekday names work in \
            en, pt, es, ca and it; an account is named by an alias declared in its block \
            (default: the account of type cash). Examples:
              penny add café 2,30 ontem
              penny add "recebi 50 da Ana" --yes
            """)

    @Argument(help: "The words: what, how much, when, from which account.")
    var words: [String]

    @Option(help: "The date, YYYY-MM-DD (default: from the words, else today).")
    var date: String?

    @Option(help: "The own account (default: from the words, else the account of type cash).")
    var account: String?

    @Flag(help: "Write without asking.")
    var yes = false

    @Flag(help: "Show the entry, write nothing.")
    var dryRun = false

    @OptionGroup var lock: LockOptions

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let rules = try RulesLoader.load(path: options.rulesPath)
        let entry = try QuickEntryWriter(rules: rules, ledgerPath: options.ledgerPath)
            .entry(words: words, today: LocalDate.today(), account: account, date: try dateOption(date, name: "date"), now: Date())
        // --quiet with --yes asks nothing, so it shows nothing: only errors.
        if !(options.quiet && yes && !dryRun) { print(entry.preview, terminator: "") }
        guard !dryRun else { return }
        guard yes || (isatty(STDIN_FILENO) == 1 && Self.confirm(entry.isTwin ? "The same entry was added less than a minute ago. Write a second one? [y/N] " : "Write it? [y/N] "))
        else {
            throw PennyError.configuration(isatty(STDIN_FILENO) == 1 ? "nothing written" : "not a terminal: add --yes to write without asking")
        }
        try entry.write(waitSeconds: lock.wait)
        if !options.quiet { print("written to \(options.ledgerPath)") }
    }

    private static func confirm(_ question: String) -> Bool {
        print(question, terminator: "")
        return ["y", "yes", "s", "sim", "si", "sí"].contains(readLine()?.lowercased().trimmingCharacters(in: .whitespaces) ?? "")
    }
}
