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
}
