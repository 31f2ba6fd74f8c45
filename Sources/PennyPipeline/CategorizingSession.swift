public import PennyCore
public import PennyLedger
public import PennyReport
public import PennyRules

/// The state of `penny categorize`: the uncategorized groups largest first, the answers
/// given so far as rule drafts, each checked with all the others in the rules, and the end
/// (rules written, ledger recategorized). The terminal conversation is the command's; the
/// decisions are here.
public struct CategorizingSession {
    /// The groups, most transactions first.
    public let groups: [UncategorizedReport.Group]
    /// The categories in use (ledger and rules), sorted: what Tab completes.
    public let categories: [String]
    /// The answers so far, in the order given.
    public private(set) var drafts: [RuleDraft] = []
    /// Where the answers are written.
    public let destination: String
    private let rules: RuleSet
    private let rulesPath: String
    private let ledgerPath: String
    private let journal: JournalBlocks
    /// The ledger's transactions judged as Penny wrote them or edited by hand (the journal
    /// does not change during a session, so once).
    private let audit: RuleTagAudit
    /// Ledger lines the answers so far file.
    private var filed: Set<Int> = []

    /// Reads the ledger's uncategorized groups; answers go to `destination`.
    public init(rules: RuleSet, rulesPath: String, ledgerPath: String, destination: String) throws(PennyError) {
        self.rules = rules
        self.rulesPath = rulesPath
        self.ledgerPath = ledgerPath
        self.destination = destination
        journal = try JournalBlocks(path: ledgerPath)
        audit = RuleTagAudit(journal: journal, rules: rules.auditFacts)
        let own = Set(rules.accounts.map(\.name))
        groups = try UncategorizedReport(journal: journal, ownAccounts: own, path: ledgerPath).groups
        var used = Set(rules.rules.compactMap(\.category))
        for block in journal.blocks where block.postings.count == 2 {
            for posting in block.postings where !own.contains(posting.account) { used.insert(posting.account) }
        }
        used.subtract([rules.defaultExpenseCategory, rules.defaultIncomeCategory])
        categories = used.sorted()
    }

    /// The draft for a group: its match text (or `matchText` as the user edited it), its
    /// sign, `category`.
    public func draft(for group: UncategorizedReport.Group, category: String, matchText: String? = nil) -> RuleDraft {
        let sign: Bool? = group.allNegative ? true : group.allPositive ? false : nil
        var draft = RuleDraft.matching(group.members[0].description, isNegative: sign, category: category, taken: takenNames)
        if let matchText { draft.match = .contains(matchText) }
        return draft
    }

    /// Rule names in use: the rules' and the answers'.
    private var takenNames: Set<String> { Set(rules.rules.map(\.name) + drafts.map(\.name)) }

    /// What an answer does, checked with the answers before it.
    public struct Check: Sendable {
        /// How many of the group's transactions it files.
        public let filesOfGroup: Int
        /// Categorized transactions (not of the uncategorized) it would take over.
        public let takesOver: [CategoryChange]
    }

    /// Checks `draft` with the answers so far: the rules must pass `rules check` (the error
    /// is returned as text) and the rule must file at least one of the group's transactions.
    public func check(_ draft: RuleDraft, for group: UncategorizedReport.Group) -> Result<Check, PennyError> {
        if AccountName(draft.category).root == nil {
            let roots = AccountName.Root.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(.configuration("'\(draft.category)' is under none of \(roots): Tab completes the categories in use"))
        }
        let newRules: RuleSet
        do { newRules = try edit(drafts + [draft]).check() } catch {
            return .failure(.configuration("that rule would not pass 'penny rules check': \(error.errors.first?.message ?? error.summary)"))
        }
        let impact = RuleImpact(rules: newRules, newRules: [draft.name], audit: audit, journal: journal, ledgerPath: ledgerPath)
        let changes = impact.effects[draft.name]?.changes ?? []
        let lines = Set(group.members.map(\.line))
        let files = changes.filter { lines.contains($0.line) }.count
        let others = changes.filter { $0.oldRule != JournalEntry.defaultRule }
        return .success(Check(filesOfGroup: files, takesOver: others))
    }

    /// The rules edit that appends `drafts` to the destination file.
    private func edit(_ drafts: [RuleDraft]) -> RulesFileEdit {
        var edit = RulesFileEdit(rulesPath: rulesPath)
        edit.insert(drafts.map { ($0, RulePlacement(file: destination, beforeLine: nil)) })
        return edit
    }

    /// Keeps an answer that `check` passed.
    public mutating func accept(_ draft: RuleDraft) {
        drafts.append(draft)
        guard let newRules = try? edit(drafts).check() else { return }
        let impact = RuleImpact(rules: newRules, newRules: Set(drafts.map(\.name)), audit: audit, journal: journal, ledgerPath: ledgerPath)
        filed = Set(impact.effects.values.flatMap { $0.changes.map(\.line) })
    }

    /// True when the answers so far already file every transaction of `group`.
    public func isAnswered(_ group: UncategorizedReport.Group) -> Bool {
        group.members.allSatisfy { filed.contains($0.line) }
    }

    /// Writes the answers to `destination` and recategorizes the ledger in one atomic write,
    /// both under the ledger's lock.
    public func finish(waitSeconds: Int) throws(PennyError) -> Recategorization {
        let edit = edit(drafts)
        let newRules: RuleSet
        do { newRules = try edit.check() } catch {
            throw .configuration("the answers would not pass 'penny rules check' (\(error.errors.first?.message ?? error.summary)); nothing written")
        }
        var run = RecategorizeRun(rules: newRules, ledgerPath: ledgerPath)
        run.ledger.waitSeconds = waitSeconds
        return try run.perform(from: nil, to: nil, dryRun: false, underLock: { () throws(PennyError) in try edit.write() })
    }
}
