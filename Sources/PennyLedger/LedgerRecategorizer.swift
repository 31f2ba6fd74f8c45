public import PennyCore

/// One transaction whose category the current rules change.
public struct CategoryChange: Sendable {
    /// 1-based line of the transaction's header.
    public let line: Int
    /// Its date.
    public let date: LocalDate
    /// Its description line.
    public let description: String
    /// Category and rule before.
    public let oldCategory: String, oldRule: String
    /// Category and rule after.
    public let newCategory: String, newRule: String
}

/// What `LedgerRecategorizer.run` did.
public struct Recategorization: Sendable {
    /// The transactions whose category the rules change.
    public var changes: [CategoryChange] = []
    /// 1-based header lines of imported transactions left alone as hand edits: a category
    /// changed by hand (see `LedgerRecategorizer`), or the `rule` tag removed or renamed.
    public var handEdits: [Int] = []
}

/// Re-applies the rules to ledger transactions a rule (or the default) categorized.
///
/// Eligible: transactions Penny imported (an `id` tag) whose `rule` tag is `default` or
/// names a rule of the current rules, with two postings of which one is an own account,
/// and whose category is still the one Penny wrote. That is the category most of the
/// rule's transactions have (for `default`, per sign): a transaction of the rule with
/// another category was edited by hand, and is left alone — also when the rule's category
/// has since changed in the rules (then the transactions with the old category move, the
/// hand-edited ones stay). A transaction whose `rule` tag was removed or renamed is left
/// alone too. The category posting and the `rule` tag change; amounts, other tags and
/// everything else in the file stay byte for byte.
public struct LedgerRecategorizer {
    /// Decides a transaction for an own account (the rules' categorizer).
    public typealias Decide = (_ transaction: Transaction, _ account: String) -> Categorization

    private let ownAccounts: Set<String>
    private let knownRules: Set<String>
    /// The categories the rules (and defaults) give now, to break a tie in `writtenCategories`.
    private let currentCategories: Set<String>
    private let decide: Decide
    private let defaultCurrency: Currency

    /// Makes a recategorizer; `categories` are the ones the rules and defaults give now.
    public init(ownAccounts: Set<String>, ruleNames: Set<String>, categories: Set<String>, defaultCurrency: Currency, decide: @escaping Decide) {
        self.ownAccounts = ownAccounts
        self.knownRules = ruleNames.union([JournalEntry.defaultRule])
        self.currentCategories = categories
        self.decide = decide
        self.defaultCurrency = defaultCurrency
    }

    /// One imported transaction the rules may decide again.
    private struct Candidate {
        let index: Int
        let rule: String
        let ownIndex: Int
        let amount: Money
        /// The rule and, for `default`, the sign: whose transactions share one written category.
        var group: String { rule == JournalEntry.defaultRule ? "\(rule) \(amount.isNegative)" : rule }
    }

    /// Finds the changes in `from...to` and, unless `dryRun`, writes them atomically.
    /// Hold a `LedgerLock` while calling it.
    public func run(ledgerPath: String, from: LocalDate?, to: LocalDate?, dryRun: Bool) throws(PennyError) -> Recategorization {
        var journal = try JournalBlocks(path: ledgerPath)
        var result = Recategorization()
        var candidates: [Candidate] = []
        for (index, block) in journal.blocks.enumerated() {
            if let from, block.date < from { continue }
            if let to, block.date > to { continue }
            guard block.tags["id"] != nil, block.postings.count == 2, let ownIndex = block.postings.lastIndex(where: { ownAccounts.contains($0.account) }),
                let amountText = block.postings[ownIndex].amount, let amount = PostingText.money(amountText, defaultCurrency: defaultCurrency)
            else { continue }
            guard let rule = block.tags["rule"], knownRules.contains(rule) else {
                // An imported transaction (a `source`) whose rule tag was removed or renamed
                // (a paired transfer's `transfer` is Penny's own, not an edit).
                if block.tags["source"] != nil, block.tags["rule"] != JournalEntry.transferRule { result.handEdits.append(block.firstLine + 1) }
                continue
            }
            candidates.append(Candidate(index: index, rule: rule, ownIndex: ownIndex, amount: amount))
        }
        let written = writtenCategories(candidates, journal)
        for candidate in candidates {
            let block = journal.blocks[candidate.index]
            let category = block.postings[1 - candidate.ownIndex]
            guard category.account == written[candidate.group] else {
                result.handEdits.append(block.firstLine + 1)
                continue
            }
            // Penny writes the category posting first and the own account last, so a transfer
            // between two own accounts is still read the right way round.
            let (index, oldRule, amount) = (candidate.index, candidate.rule, candidate.amount)
            let own = block.postings[candidate.ownIndex]
            let transaction = Transaction(
                date: block.date, amount: amount, description: block.bankText, location: SourceLocation(file: ledgerPath, line: block.firstLine + 1),
                payee: block.tags["bank-payee"], memo: block.tags["memo"], counterpartyName: block.tags["counterparty"],
                counterpartyIBAN: block.tags["iban"], type: block.tags["type"])
            let decision = decide(transaction, own.account)
            let newRule = decision.ruleName ?? JournalEntry.defaultRule
            guard !decision.skips, decision.category != category.account || newRule != oldRule else { continue }
            var lines = block.lines
            lines[category.line] = Self.replacingAccount(in: lines[category.line], old: category.account, new: decision.category)
            if let ruleLine = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("; rule:") }) {
                lines[ruleLine] = "    ; rule: \(newRule)"
            }
            journal.replace(index, lines: lines)
            result.changes.append(
                CategoryChange(
                    line: block.firstLine + 1, date: block.date, description: block.description, oldCategory: category.account, oldRule: oldRule,
                    newCategory: decision.category, newRule: newRule))
        }
        if !dryRun && !result.changes.isEmpty { try AtomicFile.write(journal.text, to: ledgerPath) }
        result.handEdits.sort()
        return result
    }

    /// Per rule (per rule and sign for `default`), the category Penny wrote: the one most of
    /// its transactions have; on a tie, the one the rule gives now, else the first seen.
    private func writtenCategories(_ candidates: [Candidate], _ journal: JournalBlocks) -> [String: String] {
        var counts: [String: [(category: String, count: Int)]] = [:]
        for candidate in candidates {
            let category = journal.blocks[candidate.index].postings[1 - candidate.ownIndex].account
            if let i = counts[candidate.group]?.firstIndex(where: { $0.category == category }) {
                counts[candidate.group]![i].count += 1
            } else {
                counts[candidate.group, default: []].append((category, 1))
            }
        }
        return counts.mapValues { seen in
            let most = seen.map(\.count).max() ?? 0
            let tied = seen.filter { $0.count == most }.map(\.category)
            return tied.first { currentCategories.contains($0) } ?? tied[0]
        }
    }

    /// The posting line with another account, the amount kept in its column where it fits.
    static func replacingAccount(in line: String, old: String, new: String) -> String {
        guard let range = line.range(of: old) else { return line }
        let indent = String(line[..<range.lowerBound])
        let amount = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
        let width = max(2, line.count - indent.count - new.count - amount.count)
        return indent + new + String(repeating: " ", count: width) + amount
    }
}
