import PennyCore
public import PennyLedger
public import PennyRules

/// What new rule blocks would do to the ledger's past: the transactions Penny filed that
/// they would file elsewhere (`penny recategorize` would move them), and the hand edits they
/// match — with the hand's category (reproduced) or another (contradicted, left alone).
public struct RuleImpact: Sendable {
    /// The effect of one new rule.
    public struct Effect: Sendable {
        /// Transactions as Penny wrote them that the rule would file under another category.
        public var changes: [CategoryChange] = []
        /// 1-based lines of hand edits the rule files as the hand did.
        public var reproduced: [Int] = []
        /// 1-based lines of hand edits the rule files otherwise (recategorize leaves them).
        public var contradicted: [Int] = []
    }

    /// Per new rule name, its effect (rules that touch nothing are absent).
    public let effects: [String: Effect]
    /// Per hand-edit line, the rule that decides it under the new rules (`default` when none).
    public let deciders: [Int: String]

    /// Runs the new rules over the audited transactions; `newRules` are the names of the
    /// rules being added.
    public init(rules: RuleSet, newRules: Set<String>, audit: RuleTagAudit, journal: JournalBlocks, ledgerPath: String) {
        var tally = Tally(rules: rules, newRules: newRules, ledgerPath: ledgerPath)
        for entry in audit.entries { tally.add(entry, of: journal.blocks[entry.index]) }
        self.init(effects: tally.effects, deciders: tally.deciders)
    }

    /// Runs the new rules over the transactions of the ledger at `ledgerPath`, read one at a
    /// time (`JournalBlockStream`) and judged by `census` (counted over the same ledger).
    public init(rules: RuleSet, newRules: Set<String>, census: RuleTagAudit.Census, ledgerPath: String) throws(PennyError) {
        var tally = Tally(rules: rules, newRules: newRules, ledgerPath: ledgerPath)
        let written = census.written
        try JournalBlockStream.forEachBlock(path: ledgerPath) { block in
            guard let candidate = census.candidate(block) else { return }
            tally.add(candidate.entry(index: -1, isHandEdit: census.isHandEdit(candidate, written: written)), of: block)
        }
        self.init(effects: tally.effects, deciders: tally.deciders)
    }

    private init(effects: [String: Effect], deciders: [Int: String]) {
        self.effects = effects
        self.deciders = deciders
    }

    /// The effects and deciders, gathered transaction by transaction.
    private struct Tally {
        let categorizer: Categorizer
        let newRules: Set<String>
        let ledgerPath: String
        var effects: [String: Effect] = [:]
        var deciders: [Int: String] = [:]

        init(rules: RuleSet, newRules: Set<String>, ledgerPath: String) {
            self.categorizer = Categorizer(rules)
            self.newRules = newRules
            self.ledgerPath = ledgerPath
        }

        /// What the new rules decide for one audited transaction (`block` is its block).
        mutating func add(_ entry: RuleTagAudit.Entry, of block: JournalBlock) {
            let line = block.firstLine + 1
            let decision = categorizer.categorize(entry, of: block, ledgerPath: ledgerPath)
            let rule = decision.ruleName ?? JournalEntry.defaultRule
            if entry.isHandEdit { deciders[line] = rule }
            guard newRules.contains(rule), !decision.skips else { return }
            if entry.isHandEdit {
                if decision.category == entry.category {
                    effects[rule, default: Effect()].reproduced.append(line)
                } else {
                    effects[rule, default: Effect()].contradicted.append(line)
                }
            } else if decision.category != entry.category {
                effects[rule, default: Effect()].changes.append(
                    CategoryChange(
                        line: line, date: block.date, description: block.description, oldCategory: entry.category, oldRule: entry.rule ?? JournalEntry.defaultRule,
                        newCategory: decision.category, newRule: rule))
            }
        }
    }
}

extension RuleSet {
    /// What `RuleTagAudit` needs to tell Penny's categories from hand edits.
    public var auditFacts: RuleTagAudit.Rules {
        RuleTagAudit.Rules(
            ownAccounts: Set(accounts.map(\.name)), ruleNames: Set(rules.map(\.name)), categories: Set(rules.compactMap(\.category)),
            defaultExpense: defaultExpenseCategory, defaultIncome: defaultIncomeCategory, defaultCurrency: defaultCurrency)
    }
}

extension Categorizer {
    /// What the rules decide for an audited ledger transaction (`block` is its block), on
    /// its own account.
    func categorize(_ entry: RuleTagAudit.Entry, of block: JournalBlock, ledgerPath: String) -> Categorization {
        categorize(LedgerRecategorizer.transaction(block, amount: entry.amount, path: ledgerPath), account: block.postings[entry.ownIndex].account)
    }
}
