public import PennyCore

/// Told of what a `LedgerUpdate` appends, rolls back and refiles, so derived data (the
/// round-ups' day totals) can follow the update without reading the ledger again.
///
/// Calls come from the thread that drives the update, in order: each entry and comment
/// as it is appended (a duplicate is not), a rollback with the count of entries and
/// comments that stay (`LedgerUpdate.addedCount` at the mark), and each refiling of an
/// entry (which rewrites text already written).
public protocol LedgerUpdateObserver: AnyObject {
    /// An entry was appended.
    func appended(_ entry: JournalEntry)
    /// One of Penny's comment lines was appended.
    func appended(_ comment: PennyComment)
    /// Everything after the first `keeping` appended entries and comments was forgotten.
    func rolledBack(keeping: Int)
    /// An entry already written (in the ledger or in this update) will be rewritten at commit.
    func refiled()
    /// A plain row's entry was appended (`LedgerUpdate.append(row:...)`): the `JournalEntry`
    /// it stands for has these date, amount, account, and the decision's category, tags
    /// and `no-roundup`.
    func appended(date: LocalDate, amount: Money, account: String, decision: Categorization)
    /// The same, with the decision given as `renderer`'s `slot` (`renderer.decisions[slot]`),
    /// so an observer can work out what it needs of a decision once per slot.
    func appended(date: LocalDate, amount: Money, account: String, slot: Int, of renderer: RowEntryRenderer)
}

extension LedgerUpdateObserver {
    /// Tells `appended(_:)` of the entry the row stands for.
    public func appended(date: LocalDate, amount: Money, account: String, decision: Categorization) {
        var entry = JournalEntry(
            date: date, description: "", account: account, category: decision.category, amount: amount, id: DedupID(value: 0), source: nil,
            rule: decision.ruleName ?? JournalEntry.defaultRule)
        entry.tags = decision.tags
        entry.note = decision.note
        entry.excludesRoundUp = decision.excludesRoundUp
        appended(entry)
    }

    /// Tells `appended(date:amount:account:decision:)` of the slot's decision.
    public func appended(date: LocalDate, amount: Money, account: String, slot: Int, of renderer: RowEntryRenderer) {
        appended(date: date, amount: amount, account: account, decision: renderer.decisions[slot])
    }
}
