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

    /// A change.
    public init(line: Int, date: LocalDate, description: String, oldCategory: String, oldRule: String, newCategory: String, newRule: String) {
        self.line = line
        self.date = date
        self.description = description
        self.oldCategory = oldCategory
        self.oldRule = oldRule
        self.newCategory = newCategory
        self.newRule = newRule
    }
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
/// Eligible: the transactions `RuleTagAudit` finds as Penny wrote them (an `id` tag, a
/// `rule` tag naming a rule of the current rules or `default`, two postings of which one is
/// an own account, and the category Penny wrote). A hand edit is left alone — also when the
/// rule's category has since changed in the rules (then the transactions with the old
/// category move, the hand-edited ones stay). The category posting and the `rule` tag
/// change; amounts, other tags and everything else in the file stay byte for byte.
public struct LedgerRecategorizer {
    /// Decides a transaction for an own account (the rules' categorizer).
    public typealias Decide = (_ transaction: Transaction, _ account: String) -> Categorization

    private let rules: RuleTagAudit.Rules
    private let decide: Decide

    /// Makes a recategorizer for the current `rules`.
    public init(rules: RuleTagAudit.Rules, decide: @escaping Decide) {
        self.rules = rules
        self.decide = decide
    }

    /// Finds the changes in `from...to` and, unless `dryRun`, writes them atomically; throws
    /// the first rule's regular expression that gave up, before writing anything. Hold a
    /// `LedgerLock` while calling it.
    ///
    /// The ledger is read one transaction at a time (`JournalBlockStream`), so memory does
    /// not grow with it: once to count each rule's categories (`RuleTagAudit.Census`), once
    /// to decide, and, when something changes, once more to write the new ledger.
    public func run(ledgerPath: String, from: LocalDate?, to: LocalDate?, dryRun: Bool) throws(PennyError) -> Recategorization {
        let result = try find(ledgerPath: ledgerPath, from: from, to: to)
        if !dryRun { try write(result, to: ledgerPath) }
        return result
    }

    /// The changes in `from...to`, nothing written; throws the first rule's regular
    /// expression that gave up. Two passes over the ledger: the census, then the decisions.
    public func find(ledgerPath: String, from: LocalDate?, to: LocalDate?) throws(PennyError) -> Recategorization {
        var census = RuleTagAudit.Census(rules: rules, from: from, to: to)
        try JournalBlockStream.forEachBlock(path: ledgerPath) { block in _ = census.count(block) }
        let written = census.written
        var result = Recategorization()
        // The first rule whose regular expression gave up: the command stops with it, nothing written.
        var matchFailure: PennyError?
        try JournalBlockStream.forEachBlock(path: ledgerPath) { block in
            guard let candidate = census.candidate(block) else { return }
            guard !census.isHandEdit(candidate, written: written), let oldRule = candidate.rule else {
                result.handEdits.append(block.firstLine + 1)
                return
            }
            let decision = decide(Self.transaction(block, amount: candidate.amount, path: ledgerPath), block.postings[candidate.ownIndex].account)
            if matchFailure == nil { matchFailure = decision.matchFailure }
            let newRule = decision.ruleName ?? JournalEntry.defaultRule
            guard !decision.skips, decision.category != candidate.category || newRule != oldRule else { return }
            result.changes.append(
                CategoryChange(
                    line: block.firstLine + 1, date: block.date, description: block.description, oldCategory: candidate.category, oldRule: oldRule,
                    newCategory: decision.category, newRule: newRule))
        }
        if let matchFailure { throw matchFailure }
        return result
    }

    /// Writes the ledger again with the changes `find` found in it (the ledger unchanged
    /// since, under the same lock), every other line as it was, and replaces it in one step
    /// (`AtomicFileWriter`); nothing when there are none.
    public func write(_ found: Recategorization, to ledgerPath: String) throws(PennyError) {
        guard !found.changes.isEmpty else { return }
        let byLine = Dictionary(found.changes.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        let ending = try LedgerLineEnds(path: ledgerPath)
        let writer = try AtomicFileWriter(path: ledgerPath)
        var output = RefiledOutput(writer: writer, separator: ending.bytes)
        try JournalBlockStream.forEach(path: ledgerPath) { (piece) throws(PennyError) in
            switch piece {
            case .line(let bytes): output.line(bytes)
            case .block(let block):
                for text in Self.lines(of: block, changed: byLine[block.firstLine + 1], rules: rules) { output.line(text.utf8) }
            }
            if let failure = output.failure { throw failure }
        }
        if ending.atEnd { output.end() }
        if let failure = output.failure { throw failure }
        try writer.commit()
    }

    /// The block's lines, with the category posting and the `rule` tag of `change` if any.
    static func lines(of block: JournalBlock, changed change: CategoryChange?, rules: RuleTagAudit.Rules) -> [String] {
        guard let change, let ownIndex = block.postings.lastIndex(where: { rules.ownAccounts.contains($0.account) }) else { return block.lines }
        var lines = block.lines
        let categoryLine = block.postings[1 - ownIndex].line
        lines[categoryLine] = replacingAccount(in: lines[categoryLine], old: change.oldCategory, new: change.newCategory)
        if let ruleLine = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("; rule:") }) {
            lines[ruleLine] = "    ; rule: \(change.newRule)"
        }
        return lines
    }

    /// The ledger transaction as the rules see it: the bank's text and the tags Penny kept.
    public static func transaction(_ block: JournalBlock, amount: Money, path: String) -> Transaction {
        Transaction(
            date: block.date, amount: amount, description: block.bankText, location: SourceLocation(file: path, line: block.firstLine + 1),
            payee: block.tags["bank-payee"], memo: block.tags["memo"], counterpartyName: block.tags["counterparty"],
            counterpartyIBAN: block.tags["iban"], type: block.tags["type"])
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
