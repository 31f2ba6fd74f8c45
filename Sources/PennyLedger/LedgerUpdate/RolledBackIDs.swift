import Foundation

/// The ids a reading added and then took back (a file read again, or refused), for the
/// stores that must forget them too (`TransferIndex.rollback`): a `SpillingIDSet` without a
/// log, so memory stays flat however many there are. A file whose dates come back only in
/// its second half (an export pasted twice) is read again after its whole first half: as a
/// `Set`, its ids took 110 MB at 5 million rows.
public final class RolledBackIDs: ExpressibleByArrayLiteral {
    private let ids: SpillingIDSet
    /// How many ids.
    public private(set) var count = 0

    /// An empty set whose scratch file goes beside `nearPath`.
    init(near nearPath: String) {
        ids = SpillingIDSet(near: nearPath, logs: false)
    }

    /// The ids of `sequence` (each once).
    public convenience init(_ sequence: some Sequence<UInt64>) {
        self.init(near: NSTemporaryDirectory() + "/penny-rolled-back")
        for id in sequence where ids.insert(id) { count += 1 }
    }

    /// The ids listed.
    public convenience init(arrayLiteral ids: UInt64...) { self.init(ids) }

    /// Adds `id`, not added before.
    func insertAbsent(_ id: UInt64) {
        ids.insertAbsent(id)
        count += 1
    }

    /// True when there are none.
    public var isEmpty: Bool { count == 0 }

    /// True when `id` is one of them.
    public func contains(_ id: UInt64) -> Bool { ids.contains(id) }

    /// True once the scratch file failed: the answers are then not to be trusted.
    public var failed: Bool { ids.failed }
}
