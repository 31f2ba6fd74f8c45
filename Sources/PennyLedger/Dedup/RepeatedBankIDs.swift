import Foundation

/// Bank ids found more than once in one file (as `DedupIDAssigner.bankKey`s): the next
/// reading of the file takes them as absent and tells their transactions apart by content.
/// A `SpillingIDSet` (memory, then sorted runs in a scratch file), so a file whose every id
/// repeats — an export pasted twice — does not hold millions of them in memory; its log
/// lists them again for `formUnion`.
public final class RepeatedBankIDs: ExpressibleByArrayLiteral, @unchecked Sendable {
    private let ids = SpillingIDSet(near: NSTemporaryDirectory() + "/penny-repeats")
    /// How many ids.
    public private(set) var count = 0

    /// No ids.
    public init() {}

    /// The ids listed.
    public convenience init(arrayLiteral keys: UInt64...) {
        self.init()
        for key in keys { insert(key) }
    }

    /// True when there are none.
    public var isEmpty: Bool { count == 0 }

    /// The last key asked and its answer: the guard and the assigner ask for the same key
    /// one after the other, and a spilled key's answer reads a page.
    private var lastAsked: (key: UInt64, answer: Bool)?

    /// True when `key` is one of them.
    @inline(__always) public func contains(_ key: UInt64) -> Bool {
        guard count > 0 else { return false }
        if let lastAsked, lastAsked.key == key { return lastAsked.answer }
        let answer = ids.contains(key)
        lastAsked = (key, answer)
        return answer
    }

    /// Adds `key`; false when it was there already.
    @discardableResult
    public func insert(_ key: UInt64) -> Bool {
        lastAsked = nil
        guard ids.insert(key) else { return false }
        count += 1
        return true
    }

    /// Adds every id of `other`.
    public func formUnion(_ other: RepeatedBankIDs) {
        other.ids.forEachID(from: 0) { insert($0) }
    }

    /// True once the scratch file failed: the answers are then not to be trusted.
    public var failed: Bool { ids.failed }
}
