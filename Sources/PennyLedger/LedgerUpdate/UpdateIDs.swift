/// The ids an update knows (`LedgerIDs`: the ledger's and those it adds), borrowed by the
/// per-row lookups without a retain and release each, and how many of them the update added.
/// A class, held by a `let`: a lookup through it retains nothing (a struct holding `ids`
/// would be copied out of the update, `ids` retained, for each one).
final class UpdateIDs {
    /// The ledger's ids and the added ones.
    private(set) var ids: LedgerIDs {
        didSet { reference = Unmanaged.passUnretained(ids) }
    }
    /// `ids`, borrowed (`ids` keeps it).
    private var reference: Unmanaged<LedgerIDs>
    /// How many of `ids.extra`'s log were read from the ledger (the rest were added).
    private var scannedCount = 0

    /// No ids yet; `ids.extra`'s scratch files go beside `ledgerPath`.
    init(near ledgerPath: String) {
        let ids = LedgerIDs(indexed: nil, near: ledgerPath)
        self.ids = ids
        self.reference = Unmanaged.passUnretained(ids)
    }

    /// Takes the ledger's ids from its index sidecar.
    func use(_ file: LedgerIndexFile, near ledgerPath: String) {
        ids = LedgerIDs(indexed: file, near: ledgerPath)
    }

    /// Records the ids read so far as the ledger's own (not added).
    func endScan() { scannedCount = ids.extra.logCount }

    /// True when the ledger (or the update) has `id`.
    @inline(__always) func contains(_ id: UInt64) -> Bool { reference._withUnsafeGuaranteedRef { $0.contains(id) } }

    /// True when the ledger's sidecar has `id` (the read and added ids are not asked).
    @inline(__always) func indexContains(_ id: UInt64) -> Bool { reference._withUnsafeGuaranteedRef { $0.indexContains(id) } }

    /// Brings what `indexContains(id)` reads first into the cache.
    @inline(__always) func prefetchIndexed(_ id: UInt64) { reference._withUnsafeGuaranteedRef { $0.prefetchIndexed(id) } }

    /// How many ids were read from the ledger or added (the sidecar's are not counted).
    var extraCount: Int { ids.extra.count }

    /// Brings what `contains(id)` reads first into the cache.
    @inline(__always) func prefetch(_ id: UInt64) { reference._withUnsafeGuaranteedRef { $0.prefetch(id) } }

    /// Adds `id`; false when it was there already.
    @inline(__always) func insert(_ id: UInt64) -> Bool { reference._withUnsafeGuaranteedRef { $0.insert(id) } }

    /// The length of the log of ids read and added (a mark to roll back to).
    var logCount: Int { ids.extra.logCount }

    /// How many ids the update added.
    var addedCount: Int { ids.extra.logCount - scannedCount }

    /// The ids added after the log had `start` entries, in a set whose scratch file goes
    /// beside `ledgerPath`.
    func added(since start: Int, near ledgerPath: String) -> ScratchIDSet {
        let added = ScratchIDSet(near: ledgerPath)
        // The log holds each id once.
        ids.extra.forEachID(from: start) { added.insertAbsent($0) }
        return added
    }

    /// Forgets the ids added after the log had `start` entries.
    func rollback(to start: Int) { ids.rollback(to: start) }
}
