import Foundation

/// A set of 64-bit ids in bounded memory that value types can hold and public APIs can
/// take: a `SpillingIDSet` (memory, then sorted runs in a scratch file behind a Bloom
/// filter) and its count, used by one reading at a time (never from two threads). It holds
/// the bank ids a file has had and those it repeats, and the ids of a reading taken back for
/// the transfer stores to forget: as `Set`s, a file whose every id repeats (an export pasted
/// twice) or whose first reading was taken back held millions of them in memory.
public final class ScratchIDSet: ExpressibleByArrayLiteral, @unchecked Sendable {
    private let ids: SpillingIDSet
    /// How many ids.
    public private(set) var count = 0
    /// The last key asked and its answer: the repeated-statement guard and the dedup
    /// assigner ask for the same key one after the other, and a spilled key's answer reads
    /// a page.
    private var lastAsked: (key: UInt64, answer: Bool)?

    /// An empty set whose scratch files go beside `nearPath`, with `memoryLimit` ids in
    /// memory at most; a `listable` set keeps its ids in order too (`formUnion` lists them).
    init(near nearPath: String = NSTemporaryDirectory() + "/penny-ids", memoryLimit: Int = SpillingIDSet.defaultMemoryLimit, listable: Bool = false) {
        ids = SpillingIDSet(near: nearPath, memoryLimit: memoryLimit, logs: listable)
    }

    /// The ids of `sequence` (each once), in a listable set.
    public convenience init(_ sequence: some Sequence<UInt64>) {
        self.init(listable: true)
        for id in sequence { insert(id) }
    }

    /// The ids listed, in a listable set.
    public convenience init(arrayLiteral ids: UInt64...) { self.init(ids) }

    /// True when there are none.
    public var isEmpty: Bool { count == 0 }

    /// True when `key` is one of them.
    @inline(__always) public func contains(_ key: UInt64) -> Bool {
        guard count > 0 else { return false }
        if let lastAsked, lastAsked.key == key { return lastAsked.answer }
        let answer = ids.contains(key)
        lastAsked = (key, answer)
        return answer
    }

    /// Brings `key`'s place into the cache (a hint).
    @inline(__always) func prefetch(_ key: UInt64) { ids.prefetch(key) }

    /// Adds `key`; false when it was there already.
    @discardableResult
    public func insert(_ key: UInt64) -> Bool {
        lastAsked = nil
        guard ids.insert(key) else { return false }
        count += 1
        return true
    }

    /// Adds `key`, known to be absent.
    func insertAbsent(_ key: UInt64) {
        lastAsked = nil
        ids.insertAbsent(key)
        count += 1
    }

    /// Adds every id of `other`, a listable set.
    public func formUnion(_ other: ScratchIDSet) {
        other.ids.forEachID(from: 0) { insert($0) }
    }

    /// True once a scratch file failed: the answers are then not to be trusted.
    public var failed: Bool { ids.failed }
}
