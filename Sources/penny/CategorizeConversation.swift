import PennyCore
import PennyPipeline
import PennyReport

/// The questions and answers of `penny categorize` on a terminal.
struct CategorizeConversation {
    let terminal: RawTerminal
    var session: CategorizingSession
    private var editor: LineEditor { LineEditor(terminal: terminal) }

    init(terminal: RawTerminal, session: CategorizingSession) {
        self.terminal = terminal
        self.session = session
    }

    /// Asks about every group until the user finishes; false when interrupted (Ctrl-C).
    mutating func walk() -> Bool {
        let groups = session.groups
        let count = groups.reduce(0) { $0 + $1.count }
        say("\(groups.count) group\(groups.count == 1 ? "" : "s") of uncategorized transactions (\(count) in all), largest first.")
        say("Enter accepts the suggestion, a category answers (Tab completes), 'e' edits the match, 's' skips, 'q' finishes.")
        for (number, group) in groups.enumerated() where !session.isAnswered(group) {
            show(group, number: number + 1, of: groups.count)
            switch ask(group) {
            case .next: continue
            case .finish: return true
            case .interrupted: return false
            }
        }
        return true
    }

    private enum Step { case next, finish, interrupted }

    /// The questions about one group, until it is answered or skipped.
    private mutating func ask(_ group: UncategorizedReport.Group) -> Step {
        var matchText: String?
        while true {
            let completions = Array(Set(session.categories + session.drafts.map(\.category))).sorted()
            let answer: String
            switch editor.read(prompt: "category> ", completions: completions) {
            case .interrupted: return .interrupted
            case .endOfInput: return .finish
            case .line(let text): answer = text.trimmingCharacters(in: .whitespaces)
            }
            var category = answer
            switch answer {
            case "s": return .next
            case "q": return .finish
            case "e":
                let current = matchText ?? session.draft(for: group, category: "x").matchText
                switch editor.read(prompt: "match> ", initial: current) {
                case .interrupted: return .interrupted
                case .endOfInput: return .finish
                case .line(let text):
                    let edited = text.trimmingCharacters(in: .whitespaces)
                    matchText = edited.isEmpty ? nil : edited
                }
                say("  match: \(describe(session.draft(for: group, category: "x", matchText: matchText)))")
                continue
            case "":
                guard let suggestion = group.suggestion else {
                    say("  no suggestion here: type a category, or 's' to skip")
                    continue
                }
                category = suggestion
            default: break
            }
            let draft = session.draft(for: group, category: category, matchText: matchText)
            switch session.check(draft, for: group) {
            case .failure(let error):
                say("  \(error.message)")
            case .success(let check) where check.filesOfGroup == 0:
                say("  that match files none of these transactions; 'e' edits it")
            case .success(let check):
                if !check.takesOver.isEmpty && !confirmTakeover(check) { continue }
                session.accept(draft)
                say("  rule '\(draft.name)': \(category), files \(check.filesOfGroup) of \(group.count)")
                return .next
            }
        }
    }

    /// Asks before a rule takes categorized transactions from other rules.
    private func confirmTakeover(_ check: CategorizingSession.Check) -> Bool {
        let n = check.takesOver.count
        say("  it would also move \(n) categorized transaction\(n == 1 ? "" : "s") from other rules, like:")
        for change in check.takesOver.prefix(3) { say("    \(change.date) \(change.description) (\(change.oldCategory), rule \(change.oldRule))") }
        guard case .line(let yes) = editor.read(prompt: "keep this answer? [y/N] ") else { return false }
        return yes.lowercased().hasPrefix("y")
    }

    /// The group, its transactions (the first five), the match and the suggestion.
    private func show(_ group: UncategorizedReport.Group, number: Int, of total: Int) {
        let totals = group.totals.map(\.description).joined(separator: ", ")
        say("\n[\(number)/\(total)] \(group.count)× \"\(group.key)\", \(totals) in all")
        for member in group.members.prefix(5) { say("  \(member.date)  \(member.amount)  \(member.description)") }
        if group.members.count > 5 { say("  … and \(group.members.count - 5) more") }
        say("  match: \(describe(session.draft(for: group, category: "x")))")
        if let suggestion = group.suggestion {
            say("  suggested: \(suggestion) (\(group.evidence))")
        } else {
            say("  \(group.evidence)")
        }
    }

    /// `description contains "X", amount < 0`.
    private func describe(_ draft: RuleDraft) -> String { draft.conditions.joined(separator: ", ") }

    /// Shows the answers and, when confirmed, writes them and recategorizes.
    func finish(waitSeconds: Int) throws {
        let drafts = session.drafts
        guard !drafts.isEmpty else {
            say("No answers: nothing written.")
            return
        }
        say("\n\(drafts.count) rule\(drafts.count == 1 ? "" : "s") for \(session.destination):")
        for draft in drafts { say("  \(draft.name): \(describe(draft)) -> \(draft.category)") }
        guard case .line(let answer) = editor.read(prompt: "Write them and recategorize the ledger? [Y/n] "),
            answer.trimmingCharacters(in: .whitespaces).isEmpty || answer.lowercased().hasPrefix("y")
        else {
            say("Nothing written.")
            return
        }
        let result = try session.finish(waitSeconds: waitSeconds)
        let n = result.changes.count
        say("Wrote \(drafts.count) rule\(drafts.count == 1 ? "" : "s") to \(session.destination); \(n) transaction\(n == 1 ? "" : "s") recategorized.")
    }

    private func say(_ line: String) { terminal.write(line + "\n") }
}
