public import PennyCore

/// Writes the row lane's entries from text prepared once: per decision (a rule alone, or
/// the default for a sign) its category's posting start and its tag lines; per statement
/// the own account's posting start and the `; source:` prefix. A row then costs its date,
/// description, id, line number and two amounts — and no `String`s.
///
/// The text is exactly what `JournalWriter.render` writes for the `JournalEntry` the
/// importer would make of the row (`RowLaneEquivalenceTests` compares the two).
public final class RowEntryRenderer {
    /// Where one decision's prepared bytes are in `arena`.
    private struct Slot {
        var isReady = false
        /// `    CATEGORY`.
        var category = 0..<0
        var categoryScalars = 0
        /// `    ; rule: NAME` line, note, `no-roundup`, tags.
        var tail = 0..<0
        /// The payee a rule set, or an empty range.
        var payee = 0..<0
        var payeeIsASCII = true
    }

    /// The decisions by slot: each rule's alone (`RowVerdict.rule`), then the default
    /// expense and income decisions.
    public let decisions: [Categorization]
    @exclusivity(unchecked) private var arena: [UInt8] = []
    @exclusivity(unchecked) private var slots: [Slot]
    /// `isFiledAsIs` by slot, once asked (one importer's own accounts).
    @exclusivity(unchecked) private var filedAsIs: [Bool?]
    private var account: String?
    private var accountText = 0..<0
    private var accountScalars = 0
    private var file: String?
    /// `    ; source: FILE:`.
    private var sourcePrefix = 0..<0

    /// Prepares for `ruleDecisions` (in rule order) and the two default decisions.
    public init(ruleDecisions: [Categorization], defaultExpense: Categorization, defaultIncome: Categorization) {
        decisions = ruleDecisions + [defaultExpense, defaultIncome]
        slots = Array(repeating: Slot(), count: decisions.count)
        filedAsIs = Array(repeating: nil, count: decisions.count)
    }

    /// The slot of a verdict that is not `.decision`.
    public func slot(_ verdict: RowVerdict, amount: Money) -> Int? {
        switch verdict {
        case .rule(let index): index
        case .byDefault: decisions.count - (amount.isNegative ? 2 : 1)
        case .decision: nil
        }
    }

    /// Sets the own account and file of the rows `render` writes next.
    public func begin(account: String, file: String) {
        prepare(account: account, file: file)
    }

    /// Appends the entry of `row` decided as `slot` says, with `id`, on the account and
    /// file `begin` set.
    func render(row: PlainRow, slot index: Int, id: DedupID, into out: inout [UInt8]) {
        prepare(index)
        let slot = slots[index]
        let text = row.description
        var joinsPayee = !slot.payee.isEmpty
        if joinsPayee {
            let payee = arena[slot.payee]
            joinsPayee =
                !payee.elementsEqual(text)
                && ((slot.payeeIsASCII && text.allSatisfy { $0 < 0x80 }) || decisions[index].payee != String(decoding: text, as: UTF8.self))
        }
        let descriptionLength = text.count + (joinsPayee ? slot.payee.count + 3 : 0)
        let bound = 96 + 2 * JournalWriter.postingBound + max(14, descriptionLength) + slot.category.count + accountText.count + sourcePrefix.count + slot.tail.count
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: bound))
        let used = out.withUnsafeMutableBufferPointer { buffer in
            arena.withUnsafeBufferPointer { arena in
                var w = ByteWriter(base: buffer.baseAddress! + start, capacity: bound)
                w.put(0x0A)
                w.date(row.date)
                w.put(" * ")
                w.sanitized(payee: joinsPayee ? UnsafeBufferPointer(rebasing: arena[slot.payee]) : nil, text: text)
                w.put("\n    ; id: ")
                w.hex(id.value)
                w.put(0x0A)
                w.put(UnsafeBufferPointer(rebasing: arena[sourcePrefix]))
                w.decimal(Int64(row.line), exponent: 0)
                w.put(0x0A)
                w.put(UnsafeBufferPointer(rebasing: arena[slot.tail]))
                w.posting(UnsafeBufferPointer(rebasing: arena[slot.category]), scalars: slot.categoryScalars, minorUnits: -row.amount.minorUnits, row.amount.currency)
                w.posting(UnsafeBufferPointer(rebasing: arena[accountText]), scalars: accountScalars, minorUnits: row.amount.minorUnits, row.amount.currency)
                return w.count
            }
        }
        out.removeLast(bound - used)
    }

    /// True when the slot's decision is a rule's (not the default for a sign).
    public func isRuleDecision(_ slot: Int) -> Bool { slot < decisions.count - 2 }

    /// True when a row decided so is written as it is: the decision does not skip it and
    /// its category is not one of `ownAccounts` (a transfer, which may pair).
    func isFiledAsIs(_ slot: Int, ownAccounts: Set<String>) -> Bool {
        if let known = filedAsIs[slot] { return known }
        let decision = decisions[slot]
        let answer = !decision.skips && !ownAccounts.contains(decision.category)
        filedAsIs[slot] = answer
        return answer
    }

    /// The category of a slot's decision.
    func category(_ slot: Int) -> String { decisions[slot].category }

    /// Makes the slot's text once.
    private func prepare(_ index: Int) {
        guard !slots[index].isReady else { return }
        let decision = decisions[index]
        var slot = Slot(isReady: true)
        (slot.category, slot.categoryScalars) = add(posting: decision.category)
        slot.tail = append(
            JournalWriter.tagLines(rule: decision.ruleName ?? JournalEntry.defaultRule, note: decision.note, excludesRoundUp: decision.excludesRoundUp, tags: decision.tags))
        let payee = Array((decision.payee ?? "").utf8)
        slot.payee = append(payee)
        slot.payeeIsASCII = payee.allSatisfy { $0 < 0x80 }
        slots[index] = slot
    }

    /// Makes the statement's account and source text when they change.
    private func prepare(account name: String, file name2: String) {
        if account != name {
            account = name
            (accountText, accountScalars) = add(posting: name)
        }
        if file != name2 {
            file = name2
            sourcePrefix = append(JournalWriter.sourcePrefix(name2))
        }
    }

    private func add(posting account: String) -> (Range<Int>, Int) {
        let bytes = Array("    ".utf8) + Array(account.utf8)
        return (append(bytes), account.unicodeScalars.count)
    }

    private func append(_ bytes: [UInt8]) -> Range<Int> {
        let start = arena.count
        arena += bytes
        return start..<arena.count
    }
}
