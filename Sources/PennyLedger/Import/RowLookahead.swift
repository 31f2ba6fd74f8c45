import PennyCore

/// The lookups of a few rows of a run worked out ahead of their turn: each row's folded
/// description (when the reader's thread did not fold it), content key and first id, and
/// its bank id's key and id when it has one, with the cache lines their lookups read asked for (`StatementImporter.fileRows` files the
/// rows after, so the lookups' cache misses overlap). Reused from one batch to the next.
struct RowLookahead {
    /// One row's lookups; nil for a row whose description cannot be folded from its
    /// bytes (it is filed as a `Transaction`).
    typealias Prepared = (folded: Range<Int>?, key: UInt64, first: DedupID, bank: BankLookup?)?

    /// A bank id's key (`DedupIDAssigner.bankKey`) and id (`DedupID.bank`).
    typealias BankLookup = (key: UInt64, id: DedupID)

    /// The folded descriptions of the batch, one after another.
    private(set) var folded: [UInt8] = []
    /// The batch's rows' lookups, in row order.
    private(set) var prepared: [Prepared] = []

    /// Works out rows `range` of `rows` (an account's run in `own`) with `assigner`, and asks
    /// `update` for the cache lines of their first ids; `row` is storage to load rows into.
    mutating func prepare(
        _ rows: PlainRows, _ range: Range<Int>, own: String, row: inout PlainRow, assigner: inout DedupIDAssigner, update: LedgerUpdate
    ) {
        folded.removeAll(keepingCapacity: true)
        prepared.removeAll(keepingCapacity: true)
        for index in range {
            rows.load(index, into: &row)
            var range: Range<Int>?
            if row.foldedDescription == nil {
                guard let folding = fold(row.description) else {
                    prepared.append(nil)
                    continue
                }
                range = folding
            }
            let key = folded.withUnsafeBufferPointer { folded in
                assigner.contentKey(
                    account: own, date: row.date, amount: row.amount, foldedDescription: range.map { UnsafeBufferPointer(rebasing: folded[$0]) } ?? row.foldedDescription!)
            }
            let first = DedupID.content(key: key, occurrence: 1)
            assigner.prefetch(key: key)
            update.prefetch(first)
            var bank: BankLookup?
            if row.detailLengths.bankID > 0 {
                let bankID = row.bankID
                bank = (DedupIDAssigner.bankKey(account: own, bankID: bankID), DedupID.bank(account: own, bankID: bankID, amount: row.amount))
                assigner.prefetch(bankKey: bank!.key)
                update.prefetch(bank!.id)
            }
            prepared.append((range, key, first, bank))
        }
    }

    /// Appends `description` folded (`TextKey.foldLatin`) to `folded`: where it is, or nil
    /// (nothing appended) when it cannot be folded from its bytes.
    private mutating func fold(_ description: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let at = folded.count
        folded.appendZeros(description.count)
        let length = folded.withUnsafeMutableBufferPointer { TextKey.foldLatin(description, into: $0.baseAddress! + at) }
        guard let length else {
            folded.removeLast(description.count)
            return nil
        }
        folded.removeLast(description.count - length)
        return at..<at + length
    }
}
