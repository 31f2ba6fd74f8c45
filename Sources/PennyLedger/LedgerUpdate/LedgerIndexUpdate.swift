import PennyCore

/// The ledger's index sidecar (`LedgerIndexFile`) as an update sees it: what the ledger
/// as read holds besides ids, whether the next index can be written, and writing it.
struct LedgerIndexUpdate {
    /// The sidecar's path.
    let path: String
    /// What the ledger as read holds besides ids (totals of its own lines, includes, …).
    var summary = LedgerSummary()
    /// The ledger version read, for an index of it when nothing is appended.
    var stampAtOpen: LedgerStamp?
    /// True when the next index can be written: the ledger was checked (or its index used).
    var indexable = false
    /// True when the ledger's current index was used: with nothing added, nothing to write.
    var isCurrent = false

    /// The sidecar of the ledger at `ledgerPath`.
    init(ledgerPath: String) {
        path = LedgerIndexFile.path(forLedger: ledgerPath)
    }

    /// The index for a ledger with nothing added, when it needs writing: its stamp.
    var stampToWriteUnchanged: LedgerStamp? { isCurrent ? nil : stampAtOpen }

    /// Writes the next index but for its header (`LedgerIndexWriter.writeBody`): the ledger
    /// as read plus `appended`; nil when there is to be none (or it could not be written:
    /// the next run reads the ledger). It may run on another thread: it reads only what it
    /// is given, and `ids`, which nothing else touches meanwhile.
    func writeBody(appended: Appended, ids: LedgerIDs) -> LedgerIndexWriter.IndexBody? {
        guard indexable, !ids.extra.failed, let totals = appended.totals.added(to: summary.totals) else { return nil }
        var next = summary
        next.newlines = summary.newlines + appended.newlines
        if let lastByte = appended.lastByte { next.lastByte = lastByte }
        next.totals = totals
        next.balances = appended.balances
        let count = ids.count
        let hasZero = ids.containsZero
        let streams = ids.sortedKeyStreams()
        guard !ids.extra.failed else { return nil }
        ids.extra.dropFilter()
        ids.indexed?.releaseMappedPages()
        // Derived data: if it cannot be written the ledger stands, and the next run reads it.
        return try? LedgerIndexWriter(path: path).writeBody(summary: next, count: count, hasZero: hasZero, keys: streams)
    }

    /// What an update appended, as the next index records it.
    struct Appended {
        /// Line ends written after the ledger's bytes.
        let newlines: Int
        /// The last byte written, if any.
        let lastByte: UInt8?
        /// The magnitudes the appended entries add.
        let totals: AppendedTotals
        /// The balances with the appended entries.
        let balances: StatementBalances
    }
}
