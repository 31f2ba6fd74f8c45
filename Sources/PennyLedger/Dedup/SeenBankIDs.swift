import Foundation

/// The bank ids a file has had so far (as `DedupIDAssigner.bankKey`s), in bounded memory: a
/// `SpillingIDSet` without a log, so past its memory limit the ids go to sorted runs in a
/// scratch file behind a Bloom filter (a statement of ten million transactions with ids
/// took 250 MB in a `Set`). One reading uses it at a time (the assigner that holds it is
/// handed between statements, never used from two threads).
final class SeenBankIDs: @unchecked Sendable {
    private let ids: SpillingIDSet

    /// An empty set that keeps `spillsPast` ids in memory at most.
    init(spillsPast: Int) {
        ids = SpillingIDSet(near: NSTemporaryDirectory() + "/penny-bank-ids", memoryLimit: spillsPast, logs: false)
    }

    /// Adds `key`; false when the file had it already.
    func insert(_ key: UInt64) -> Bool { ids.insert(key) }

    /// True once the scratch file failed: the answers are then not to be trusted.
    var failed: Bool { ids.failed }
}
