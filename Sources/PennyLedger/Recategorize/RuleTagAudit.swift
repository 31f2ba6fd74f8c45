public import PennyCore

/// The imported transactions of a journal, each judged as Penny wrote it or as edited by
/// hand: the one place `recategorize`, `rules learn` and `categorize` tell the two apart.
///
/// Considered: transactions with an `id` tag and two postings, one of them an own account.
/// A transaction whose `rule` tag names a known rule is as Penny wrote it when its category
/// is the one most of that rule's transactions have (on a tie, the one the rules give now),
/// so a rule whose category changed still moves what it filed; otherwise it was edited by
/// hand. A `rule: default` transaction is as Penny wrote it only with the default category
/// for its sign (the current one, or the built-in `expenses:uncategorized` /
/// `income:uncategorized`): filing an uncategorized transaction by hand is the commonest
/// correction, and a majority of such corrections must not pass for Penny's. An imported
/// transaction (a `source` tag) whose `rule` tag was removed or renamed is a hand edit too;
/// a paired transfer's `rule: transfer` is Penny's own and is neither.
public struct RuleTagAudit: Sendable {
    /// One imported transaction.
    public struct Entry: Sendable {
        /// Index of its block in the journal.
        public let index: Int
        /// Index of the own account's posting (the other one is the category).
        public let ownIndex: Int
        /// The amount on the own account.
        public let amount: Money
        /// Its `rule` tag when that names a known rule or `default`.
        public let rule: String?
        /// The category posting's account.
        public let category: String
        /// True when the category or the `rule` tag was changed by hand.
        public let isHandEdit: Bool
    }

    /// The entries in journal order (transfers Penny paired left out).
    public let entries: [Entry]

    /// What the audit needs of the current rules.
    public struct Rules: Sendable {
        /// The own accounts.
        public var ownAccounts: Set<String>
        /// The rules' names.
        public var ruleNames: Set<String>
        /// The categories the rules give.
        public var categories: Set<String>
        /// The default categories for money out and money in.
        public var defaultExpense: String, defaultIncome: String
        /// The currency of amounts written without one.
        public var defaultCurrency: Currency

        /// The facts.
        public init(ownAccounts: Set<String>, ruleNames: Set<String>, categories: Set<String>, defaultExpense: String, defaultIncome: String, defaultCurrency: Currency) {
            self.ownAccounts = ownAccounts
            self.ruleNames = ruleNames
            self.categories = categories
            self.defaultExpense = defaultExpense
            self.defaultIncome = defaultIncome
            self.defaultCurrency = defaultCurrency
        }

        /// True when `category` is what the default gives (or gave) an amount of this sign.
        func isDefault(_ category: String, negative: Bool) -> Bool {
            category == (negative ? defaultExpense : defaultIncome) || category == (negative ? "expenses:uncategorized" : "income:uncategorized")
        }
    }

    /// Judges the transactions of `journal` dated within `from...to` against `rules`.
    public init(journal: JournalBlocks, rules: Rules, from: LocalDate? = nil, to: LocalDate? = nil) {
        let (ownAccounts, defaultCurrency) = (rules.ownAccounts, rules.defaultCurrency)
        let known = rules.ruleNames.union([JournalEntry.defaultRule])
        var found: [(index: Int, ownIndex: Int, amount: Money, rule: String?, category: String)] = []
        for (index, block) in journal.blocks.enumerated() {
            if let from, block.date < from { continue }
            if let to, block.date > to { continue }
            guard block.tags["id"] != nil, block.postings.count == 2, let ownIndex = block.postings.lastIndex(where: { ownAccounts.contains($0.account) }),
                let amountText = block.postings[ownIndex].amount, let amount = PostingText.money(amountText, defaultCurrency: defaultCurrency)
            else { continue }
            let category = block.postings[1 - ownIndex].account
            if let rule = block.tags["rule"], known.contains(rule) {
                found.append((index, ownIndex, amount, rule, category))
            } else if block.tags["source"] != nil, block.tags["rule"] != JournalEntry.transferRule {
                found.append((index, ownIndex, amount, nil, category))
            }
        }
        var counts: [String: [(category: String, count: Int)]] = [:]
        for item in found where item.rule != nil && item.rule != JournalEntry.defaultRule {
            let group = item.rule!
            if let i = counts[group]?.firstIndex(where: { $0.category == item.category }) {
                counts[group]![i].count += 1
            } else {
                counts[group, default: []].append((item.category, 1))
            }
        }
        let written = counts.mapValues { seen in
            let most = seen.map(\.count).max() ?? 0
            let tied = seen.filter { $0.count == most }.map(\.category)
            return tied.first { rules.categories.contains($0) } ?? tied[0]
        }
        entries = found.map { item in
            let isHandEdit: Bool
            switch item.rule {
            case nil: isHandEdit = true
            case JournalEntry.defaultRule: isHandEdit = !rules.isDefault(item.category, negative: item.amount.isNegative)
            case let rule?: isHandEdit = written[rule] != item.category
            }
            return Entry(index: item.index, ownIndex: item.ownIndex, amount: item.amount, rule: item.rule, category: item.category, isHandEdit: isHandEdit)
        }
    }

    /// The entries edited by hand.
    public var handEdits: [Entry] { entries.filter(\.isHandEdit) }
}
