import ArgumentParser
import Foundation
import PennyCore
import PennyPipeline
import PennyReport
import PennyRules

/// `penny categorize`: the uncategorized groups one by one, largest first; the answers
/// become rule blocks and the ledger is recategorized at the end.
struct CategorizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categorize", abstract: "Categorize the uncategorized transactions group by group, in the terminal, into rules.",
        discussion: """
            For each group: Enter accepts the suggestion, a category answers (Tab completes from
            the categories in use), 'e' edits the match text, 's' skips, 'q' finishes. The answers
            are written as rules to one file and the ledger is recategorized, after you confirm.
            Without a terminal, 'penny uncategorized' prints the groups with rules to paste.
            Example:
              penny categorize --to rules/mine.rules
            """)

    @Option(help: "The rules file for the answers (default: learned.rules in the rules directory, or the rules file).")
    var to: String?

    @OptionGroup var lock: LockOptions

    @OptionGroup var options: GlobalOptions

    func run() throws {
        guard RawTerminal.isInteractive else {
            throw PennyError.configuration(
                "penny categorize asks questions and needs a terminal; without one, 'penny uncategorized' prints the groups with rule blocks to paste")
        }
        let rules = try RulesLoader.load(path: options.rulesPath)
        let session = try CategorizingSession(
            rules: rules, rulesPath: options.rulesPath, ledgerPath: options.ledgerPath, destination: to ?? RulesFileEdit.defaultFile(rulesPath: options.rulesPath))
        guard !session.groups.isEmpty else {
            print("No uncategorized transactions.")
            return
        }
        try converse(session)
    }

    /// Asks about each group in the terminal, then writes the answers and recategorizes; a
    /// conversation stopped early writes nothing (exit 130).
    private func converse(_ session: CategorizingSession) throws {
        guard let terminal = RawTerminal() else { throw PennyError.configuration("penny categorize cannot set up the terminal") }
        defer { terminal.restore() }
        var conversation = CategorizeConversation(terminal: terminal, session: session)
        guard conversation.walk() else {
            terminal.write("Stopped: nothing written.\n")
            throw ExitCode(130)
        }
        try conversation.finish(waitSeconds: lock.wait)
    }
}
