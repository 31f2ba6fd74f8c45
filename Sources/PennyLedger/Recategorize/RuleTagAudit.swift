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
        var census = Census(rules: rules, from: from, to: to)
        let found = journal.blocks.enumerated().compactMap { index, block in census.count(block).map { (index, $0) } }
        let written = census.written
        entries = found.map { index, candidate in candidate.entry(index: index, isHandEdit: census.isHandEdit(candidate, written: written)) }
    }

    /// An imported transaction as the audit reads it, before it is judged.
    public struct Candidate: Sendable {
        /// Index of the own account's posting (the other one is the category).
        public let ownIndex: Int
        /// The amount on the own account.
        public let amount: Money
        /// Its `rule` tag when that names a known rule or `default`.
        public let rule: String?
        /// The category posting's account.
        public let category: String

        /// The audit's entry: the block's index in its journal (-1 when read as a stream) and
        /// the judgment.
        public func entry(index: Int, isHandEdit: Bool) -> Entry {
            Entry(index: index, ownIndex: ownIndex, amount: amount, rule: rule, category: category, isHandEdit: isHandEdit)
        }
    }

    /// The audit in two passes over a journal read one block at a time
    /// (`JournalBlockStream`): `count` every block, then judge each candidate against
    /// `written`, the category most of each rule's transactions have.
    public struct Census: Sendable {
        private let rules: Rules
        private let known: Set<String>
        private let from: LocalDate?, to: LocalDate?
        private var counts: [String: [(category: String, count: Int)]] = [:]

        /// An empty census of the transactions dated within `from...to`.
        public init(rules: Rules, from: LocalDate? = nil, to: LocalDate? = nil) {
            self.rules = rules
            self.known = rules.ruleNames.union([JournalEntry.defaultRule])
            self.from = from
            self.to = to
        }

        /// The block as a candidate (nil when the audit does not consider it), counted.
        public mutating func count(_ block: JournalBlock) -> Candidate? {
            guard let candidate = candidate(block) else { return nil }
            if let group = candidate.rule, group != JournalEntry.defaultRule {
                if let i = counts[group]?.firstIndex(where: { $0.category == candidate.category }) {
                    counts[group]![i].count += 1
                } else {
                    counts[group, default: []].append((candidate.category, 1))
                }
            }
            return candidate
        }

        /// The block as a candidate, not counted (the second pass).
        public func candidate(_ block: JournalBlock) -> Candidate? {
            if let from, block.date < from { return nil }
            if let to, block.date > to { return nil }
            guard block.tags["id"] != nil, block.postings.count == 2, let ownIndex = block.postings.lastIndex(where: { rules.ownAccounts.contains($0.account) }),
                let amountText = block.postings[ownIndex].amount, let amount = PostingText.money(amountText, defaultCurrency: rules.defaultCurrency)
            else { return nil }
            let category = block.postings[1 - ownIndex].account
            if let rule = block.tags["rule"], known.contains(rule) {
                return Candidate(ownIndex: ownIndex, amount: amount, rule: rule, category: category)
            } else if block.tags["source"] != nil, block.tags["rule"] != JournalEntry.transferRule {
                return Candidate(ownIndex: ownIndex, amount: amount, rule: nil, category: category)
            }
            return nil
        }

        /// Each counted rule's category as Penny wrote it: the one most of its transactions
        /// have, on a tie the one the rules give now.
        public var written: [String: String] {
            counts.mapValues { seen in
                let most = seen.map(\.count).max() ?? 0
                let tied = seen.filter { $0.count == most }.map(\.category)
                return tied.first { rules.categories.contains($0) } ?? tied[0]
            }
        }

        /// True when the candidate's category or `rule` tag was changed by hand.
        public func isHandEdit(_ candidate: Candidate, written: [String: String]) -> Bool {
            switch candidate.rule {
            case nil: true
            case JournalEntry.defaultRule: !rules.isDefault(candidate.category, negative: candidate.amount.isNegative)
            case let rule?: written[rule] != candidate.category
            }
        }
    }

    /// The entries edited by hand.
    public var handEdits: [Entry] { entries.filter(\.isHandEdit) }
}
