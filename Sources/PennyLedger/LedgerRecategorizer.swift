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

/// Re-applies the rules to ledger transactions a rule (or the default) categorized.
///
/// Eligible: transactions Penny imported (an `id` tag) whose `rule` tag is `default` or
/// names a rule of the current rules, with two postings of which one is an own account.
/// A transaction whose `rule` tag was removed or changed by hand is left alone. The
/// category posting and the `rule` tag change; amounts, other tags and everything else in
/// the file stay byte for byte.
public struct LedgerRecategorizer {
    /// Decides a transaction for an own account (the rules' categorizer).
    public typealias Decide = (_ transaction: Transaction, _ account: String) -> Categorization

    private let ownAccounts: Set<String>
    private let knownRules: Set<String>
    private let decide: Decide
    private let defaultCurrency: Currency

    /// Makes a recategorizer.
    public init(ownAccounts: Set<String>, ruleNames: Set<String>, defaultCurrency: Currency, decide: @escaping Decide) {
        self.ownAccounts = ownAccounts
        self.knownRules = ruleNames.union([JournalEntry.defaultRule])
        self.decide = decide
        self.defaultCurrency = defaultCurrency
    }

    /// Finds the changes in `from...to` and, unless `dryRun`, writes them atomically.
    /// Hold a `LedgerLock` while calling it.
    public func run(ledgerPath: String, from: LocalDate?, to: LocalDate?, dryRun: Bool) throws(PennyError) -> [CategoryChange] {
        var journal = try JournalBlocks(path: ledgerPath)
        var changes: [CategoryChange] = []
        for (index, block) in journal.blocks.enumerated() {
            if let from, block.date < from { continue }
            if let to, block.date > to { continue }
            guard block.tags["id"] != nil, let oldRule = block.tags["rule"], knownRules.contains(oldRule), block.postings.count == 2,
                let ownIndex = block.postings.lastIndex(where: { ownAccounts.contains($0.account) }),
                let amountText = block.postings[ownIndex].amount, let amount = PostingText.money(amountText, defaultCurrency: defaultCurrency)
            else { continue }
            // Penny writes the category posting first and the own account last, so a transfer
            // between two own accounts is still read the right way round.
            let own = block.postings[ownIndex]
            let category = block.postings[1 - ownIndex]
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
            changes.append(
                CategoryChange(
                    line: block.firstLine + 1, date: block.date, description: block.description, oldCategory: category.account, oldRule: oldRule,
                    newCategory: decision.category, newRule: newRule))
        }
        if !dryRun && !changes.isEmpty { try AtomicFile.write(journal.text, to: ledgerPath) }
        return changes
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
