import PennyCore

/// The lookups of a few rows of a run worked out ahead of their turn: each row's folded
/// description (when the reader's thread did not fold it), content key and first id (when
/// the reader's thread did not hash them for the run's account, `PlainRows.keys`), and
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
    /// The rows whose keys are still to hash: where their lookups go in `prepared`, and
    /// their key's parts.
    private var unhashed: [Unhashed] = []
    /// The account of the last row with a bank id, and its bank id key's and id's first
    /// parts (hashing the account's name per row took a tenth of a re-import's importer).
    private var bankPrefixes: (account: String, key: StableHash, id: StableHash)?

    /// A row's content key's parts, before they are hashed.
    private struct Unhashed {
        var slot: Int
        var datedPrefix: StableHash
        var amount: Int64
        /// The description folded by the reader's thread, or empty when this lookahead folded
        /// it (`prepared[slot].folded` then says where).
        var lentFolded: UnsafeBufferPointer<UInt8>
    }

    /// True when the rows' content ids are looked for in the ledger's sidecar alone
    /// (`ImportPass.asksIndexOnly`): only its cache lines are asked for.
    private var indexOnly = false

    /// Works out rows `range` of `rows` (an account's run in `own`) with `assigner`, and asks
    /// `update` for the cache lines of their first ids (of the sidecar's alone when
    /// `indexOnly`). The rows' fields are read where they
    /// lie (loading each as a `PlainRow` here and again to file it cost a twentieth of the
    /// importer's time).
    mutating func prepare(
        _ rows: PlainRows, _ range: Range<Int>, own: String, assigner: inout DedupIDAssigner, update: LedgerUpdate, indexOnly: Bool = false
    ) {
        self.indexOnly = indexOnly
        folded.removeAll(keepingCapacity: true)
        prepared.removeAll(keepingCapacity: true)
        unhashed.removeAll(keepingCapacity: true)
        let keyed = rows.keyedAccount == own
        for index in range {
            let lent = rows.foldedDescription(index)
            if keyed, lent != nil {
                let hashed = rows.keys[index]
                prepared.append((nil, 0, DedupID(value: 0), bankLookup(rows, index, own: own, assigner: &assigner, update: update)))
                found(key: hashed.key, first: DedupID(value: hashed.first), slot: prepared.count - 1, assigner: &assigner, update: update)
                continue
            }
            var range: Range<Int>?
            if lent == nil {
                guard let folding = fold(rows.description(index)) else {
                    prepared.append(nil)
                    continue
                }
                range = folding
            }
            let item = rows.items[index]
            let prefix = assigner.datedPrefix(account: own, date: item.date)
            unhashed.append(
                Unhashed(slot: prepared.count, datedPrefix: prefix, amount: item.minorUnits, lentFolded: lent ?? UnsafeBufferPointer(start: nil, count: 0)))
            prepared.append((range, 0, DedupID(value: 0), bankLookup(rows, index, own: own, assigner: &assigner, update: update)))
        }
        hashKeys(currency: rows.currency, assigner: &assigner, update: update)
    }

    /// The bank id lookup of row `index` of `rows` in `own`, if it has a bank id, with the
    /// cache lines its lookups read asked for.
    @inline(__always)
    private mutating func bankLookup(_ rows: PlainRows, _ index: Int, own: String, assigner: inout DedupIDAssigner, update: LedgerUpdate) -> BankLookup? {
        guard rows.items[index].details.bankID > 0 else { return nil }
        if bankPrefixes?.account != own {
            bankPrefixes = (own, DedupIDAssigner.bankKeyPrefix(account: own), DedupID.bankPrefix(account: own))
        }
        let bankID = rows.bankID(index)
        let amount = Money(minorUnits: rows.items[index].minorUnits, currency: rows.currency)
        let prefixes = bankPrefixes!
        let bank = (key: DedupIDAssigner.bankKey(prefix: prefixes.key, bankID: bankID), id: DedupID.bank(prefix: prefixes.id, bankID: bankID, amount: amount))
        assigner.prefetch(bankKey: bank.key)
        update.prefetch(bank.id)
        return bank
    }

    /// Hashes the unhashed rows' content keys and first ids, four rows side by side
    /// (`StableHash4`), and asks for the cache lines their lookups read.
    private mutating func hashKeys(currency: Currency, assigner: inout DedupIDAssigner, update: LedgerUpdate) {
        folded.withUnsafeBufferPointer { folded in
            func description(_ row: Unhashed) -> UnsafeBufferPointer<UInt8> {
                prepared[row.slot]!.folded.map { UnsafeBufferPointer(rebasing: folded[$0]) } ?? row.lentFolded
            }
            DedupID.contentKeys(count: unhashed.count, currency: currency) { index in
                let row = unhashed[index]
                return (row.datedPrefix, row.amount, description(row))
            } found: { index, key, first in
                found(key: key, first: first, slot: unhashed[index].slot, assigner: &assigner, update: update)
            }
        }
    }

    /// Keeps a row's key and first id, and asks for the cache lines their lookups read.
    @inline(__always)
    private mutating func found(key: UInt64, first: DedupID, slot: Int, assigner: inout DedupIDAssigner, update: LedgerUpdate) {
        prepared[slot]!.key = key
        prepared[slot]!.first = first
        assigner.prefetch(key: key)
        if indexOnly { update.prefetchIndexed(first) } else { update.prefetch(first) }
    }

    /// Appends `description` folded (`TextKey.foldLatin`) to `folded`: where it is, or nil
    /// (nothing appended) when it cannot be folded from its bytes.
    private mutating func fold(_ description: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let at = folded.count
        var length: Int?
        folded.appendWritten(upTo: description.count) { start in
            length = TextKey.foldLatin(description, into: start)
            return length ?? 0
        }
        guard let length else { return nil }
        return at..<at + length
    }
}
