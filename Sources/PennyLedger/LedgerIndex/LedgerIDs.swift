/// The dedup ids an update knows: the ledger's, from its index sidecar when that describes
/// it (mapped, nothing read into memory), and those read from the ledger otherwise or added
/// by the update (`SpillingIDSet`, bounded memory).
final class LedgerIDs {
    /// The sidecar the ledger's ids come from, if it was used.
    let indexed: LedgerIndexFile?
    /// Ids read from the ledger (when not indexed) and added since, in insertion order.
    let extra: SpillingIDSet

    /// Ids from `indexed` (if any) plus an empty set whose scratch files go beside `nearPath`.
    init(indexed: LedgerIndexFile?, near nearPath: String, memoryLimit: Int = SpillingIDSet.defaultMemoryLimit) {
        self.indexed = indexed
        self.extra = SpillingIDSet(near: nearPath, memoryLimit: memoryLimit)
    }

    /// The last id `contains` found absent, while nothing was added since: the importer asks
    /// `contains` and then appends the same id, which need not be looked up twice.
    private var lastAbsent: UInt64?

    /// True when the ledger or the update has `id`.
    @inline(__always) func contains(_ id: UInt64) -> Bool {
        if let indexed, indexed.contains(id) { return true }
        if extra.contains(id) { return true }
        lastAbsent = id
        return false
    }

    /// True when the sidecar has `id`; the read and added ids (`extra`) are not asked. For an
    /// id its caller knows `extra` lacks (`LedgerUpdate.indexContains`).
    @inline(__always) func indexContains(_ id: UInt64) -> Bool {
        if let indexed, indexed.contains(id) { return true }
        assert(!extra.contains(id), "an id thought new to the update was added already")
        lastAbsent = id
        return false
    }

    /// Brings what `indexContains(id)` reads first into the cache, and the slot where adding
    /// the id then writes (a hint).
    @inline(__always) func prefetchIndexed(_ id: UInt64) {
        indexed?.prefetch(id)
        extra.prefetchSlot(id)
    }

    /// Brings what `contains(id)` reads first into the cache (a hint; a table read behind
    /// the filter is left to the kernel).
    @inline(__always) func prefetch(_ id: UInt64) {
        indexed?.prefetch(id)
        extra.prefetch(id)
    }

    /// Adds `id`; false when it was there already.
    @inline(__always) func insert(_ id: UInt64) -> Bool {
        if lastAbsent == id {
            lastAbsent = nil
            extra.insertAbsent(id)
            return true
        }
        lastAbsent = nil
        if let indexed, indexed.contains(id) { return false }
        return extra.insert(id)
    }

    /// Forgets the ids added after the log had `start` entries.
    func rollback(to start: Int) {
        lastAbsent = nil
        extra.rollback(to: start)
    }

    /// How many ids.
    var count: Int { (indexed?.count ?? 0) + extra.count }

    /// True when one of the ids is 0 (kept outside the ordered table).
    var containsZero: Bool { (indexed?.containsZero ?? false) || extra.contains(0) }

    /// Every id as ascending key streams (the sidecar's table, the spilled runs), for the
    /// next index.
    func sortedKeyStreams() -> [WordStream] {
        (indexed.map { [$0.sortedKeys()] } ?? []) + extra.sortedRuns()
    }
}
