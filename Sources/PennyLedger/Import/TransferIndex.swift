public import PennyCore
import Foundation

/// Transfers between own accounts already in the ledger, so the second leg of a transfer
/// (from the other account's statement) is recognized and recorded once (SPEC §5).
///
/// A transfer entry is written from one statement (`side`, its own account) with the other
/// own account as category. When the other statement's leg arrives — the opposite amount
/// on the other account within the pairing window — it pairs with the entry instead of
/// adding a second one. Each entry pairs once; a choice among several is deterministic.
public final class TransferIndex {
    /// One transfer entry that may still pair.
    public struct Entry: Sendable, Equatable {
        /// Its dedup id.
        public let id: UInt64
        /// The own account whose statement wrote it.
        public let side: String
        /// The other own account (its category).
        public let other: String
        /// Its date.
        public let date: LocalDate
        /// The amount on the other account's posting (what that statement's leg shows).
        public let otherAmount: Money

        /// Makes an entry.
        public init(id: UInt64, side: String, other: String, date: LocalDate, otherAmount: Money) {
            self.id = id
            self.side = side
            self.other = other
            self.date = date
            self.otherAmount = otherAmount
        }
    }

    /// An entry's account and the amount there: what a leg is matched on.
    private struct Key: Hashable {
        let account: String
        let units: Int64
        let currency: String
    }

    /// Transfer entries by (other account, amount on it).
    private var transfers: [Key: [Entry]] = [:]
    /// Entries only the default category filed, by (own account, amount): there can be one
    /// per transaction of the ledger, so they are kept in bounded memory.
    let uncategorized: DefaultFiledEntries
    /// The ledger (where a failure of the entries' scratch file is reported).
    private let ledgerPath: String
    /// Transfer entries by the other account alone, for legs in another currency (exchanges).
    private(set) var byOther: [String: [Entry]] = [:]
    private(set) var paired: Set<UInt64> = []
    private var pairedLog: [UInt64] = []
    private let windows: (String, String) -> Int

    /// Makes an index; `windows` gives the pairing window in days for two accounts. The
    /// default-filed entries beyond what memory keeps go to a scratch file beside
    /// `scratchNear` (the ledger), else in the temporary folder.
    public init(windows: @escaping (String, String) -> Int, scratchNear: String = NSTemporaryDirectory() + "/penny") {
        self.windows = windows
        self.uncategorized = DefaultFiledEntries(near: scratchNear)
        self.ledgerPath = scratchNear
    }

    /// An index whose default-filed entries are kept by `store` (tests give one that spills
    /// early, or whose scratch file fails).
    init(windows: @escaping (String, String) -> Int, defaultFiled store: DefaultFiledEntries) {
        self.windows = windows
        self.uncategorized = store
        self.ledgerPath = ""
    }

    /// True when no transfer entry is known: no leg can pair (checked before a lookup).
    public var isEmpty: Bool { transfers.isEmpty }

    /// Remembers a transfer entry (read from the ledger or just written).
    public func add(_ entry: Entry) {
        let key = Key(account: entry.other, units: entry.otherAmount.minorUnits, currency: entry.otherAmount.currency.code)
        transfers[key, default: []].append(entry)
        byOther[entry.other, default: []].append(entry)
    }

    /// Remembers an entry on an own account that only the default category filed
    /// (`side` is the own account, `otherAmount` the amount on it).
    public func addUncategorized(_ entry: Entry) {
        let key = DefaultFiledEntries.Key(account: entry.side, units: entry.otherAmount.minorUnits, currency: entry.otherAmount.currency.code)
        uncategorized.add(key, id: entry.id, day: Int32(entry.date.dayNumber))
    }

    /// Default-filed entries on `account` whose amount there is `amount`, within the window
    /// with `from`, best first (closest date, earlier date, smaller id); throws when the
    /// scratch file of the entries beyond memory failed.
    public func uncategorizedCandidates(account: String, amount: Money, date: LocalDate, from: String) throws(PennyError) -> [Entry] {
        let key = DefaultFiledEntries.Key(account: account, units: amount.minorUnits, currency: amount.currency.code)
        let window = windows(from, account)
        let day = date.dayNumber
        guard let found = uncategorized.lookup(key, days: (day - window)...(day + window)) else {
            throw PennyError(
                .ledgerUnavailable, "cannot keep the ledger's default-filed entries for transfer pairing: the temporary file beside it failed",
                at: SourceLocation(file: ledgerPath)
            )
        }
        return
            found
            .filter { !paired.contains($0.id) }
            .sorted { (abs(Int($0.day) - day), $0.day, $0.id) < (abs(Int($1.day) - day), $1.day, $1.id) }
            .map { Entry(id: $0.id, side: account, other: "", date: LocalDate(dayNumber: Int($0.day)), otherAmount: amount) }
    }

    /// Remembers that an entry has paired (read from a `; transfer-leg:` line).
    public func markPaired(_ id: UInt64) {
        paired.insert(id)
        pairedLog.append(id)
    }

    /// The entries a leg on `account` of `amount` on `date` could pair with, best first:
    /// closest date, then earlier date, then smaller id. `category` is what the rules said
    /// for the leg: another own account (it must be the entry's side), or nil when only
    /// the default category applied.
    public func candidates(account: String, amount: Money, date: LocalDate, category: String?) -> [Entry] {
        let key = Key(account: account, units: amount.minorUnits, currency: amount.currency.code)
        return (transfers[key] ?? []).filter { e in
            !paired.contains(e.id) && (category == nil || category == e.side) && abs(e.date.dayNumber - date.dayNumber) <= windows(account, e.side)
        }.sorted { a, b in
            let da = abs(a.date.dayNumber - date.dayNumber), db = abs(b.date.dayNumber - date.dayNumber)
            return (da, a.date.dayNumber, a.id) < (db, b.date.dayNumber, b.id)
        }
    }

    /// The entries in another currency than `amount` that a leg on `account` could pair
    /// with as an exchange (the same direction, within the window, `category` as for
    /// `candidates`, and `isPlausible` for the two amounts), best first as for `candidates`.
    public func exchangeCandidates(account: String, amount: Money, date: LocalDate, category: String?, isPlausible: (Entry) -> Bool) -> [Entry] {
        (byOther[account] ?? []).filter { e in
            !paired.contains(e.id) && e.otherAmount.currency != amount.currency && e.otherAmount.isNegative == amount.isNegative
                && (category == nil || category == e.side) && abs(e.date.dayNumber - date.dayNumber) <= windows(account, e.side) && isPlausible(e)
        }.sorted { a, b in
            let da = abs(a.date.dayNumber - date.dayNumber), db = abs(b.date.dayNumber - date.dayNumber)
            return (da, a.date.dayNumber, a.id) < (db, b.date.dayNumber, b.id)
        }
    }

    /// A point to roll back to when a file fails.
    public func checkpoint() -> Int { pairedLog.count }

    /// Forgets the pairings since `checkpoint` and the entries with the given ids (those a
    /// failed file wrote). - Complexity: O(entries): failures are rare, so nothing is logged
    /// per entry on the way.
    public func rollback(to checkpoint: Int, removing ids: Set<UInt64>) {
        for id in pairedLog[checkpoint...] { paired.remove(id) }
        pairedLog.removeSubrange(checkpoint...)
        guard !ids.isEmpty else { return }
        for key in transfers.keys { transfers[key]!.removeAll { ids.contains($0.id) } }
        for key in byOther.keys { byOther[key]!.removeAll { ids.contains($0.id) } }
        uncategorized.remove(ids)
    }
}
