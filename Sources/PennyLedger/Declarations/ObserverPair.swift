public import PennyCore

/// Tells two observers of a `LedgerUpdate` everything, in order (round-ups and declarations).
public final class ObserverPair: LedgerUpdateObserver {
    private let first: any LedgerUpdateObserver
    private let second: any LedgerUpdateObserver

    /// Forwards to `first`, then `second`.
    public init(_ first: any LedgerUpdateObserver, _ second: any LedgerUpdateObserver) {
        self.first = first
        self.second = second
    }

    /// Forwards the entry.
    public func appended(_ entry: JournalEntry) {
        first.appended(entry)
        second.appended(entry)
    }

    /// Forwards the comment.
    public func appended(_ comment: PennyComment) {
        first.appended(comment)
        second.appended(comment)
    }

    /// Forwards the rollback.
    public func rolledBack(keeping: Int) {
        first.rolledBack(keeping: keeping)
        second.rolledBack(keeping: keeping)
    }

    /// Forwards the refiling.
    public func refiled() {
        first.refiled()
        second.refiled()
    }

    /// Forwards the row.
    public func appended(date: LocalDate, amount: Money, account: String, decision: Categorization) {
        first.appended(date: date, amount: amount, account: account, decision: decision)
        second.appended(date: date, amount: amount, account: account, decision: decision)
    }

    /// Forwards the row's slot.
    public func appended(date: LocalDate, amount: Money, account: String, slot: Int, of renderer: RowEntryRenderer) {
        first.appended(date: date, amount: amount, account: account, slot: slot, of: renderer)
        second.appended(date: date, amount: amount, account: account, slot: slot, of: renderer)
    }
}
