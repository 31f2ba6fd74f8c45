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

    /// Transfer entries by (other account, amount on it, currency) and day; their `extra`
    /// numbers the account whose statement wrote them (`side`). In bounded memory: a
    /// ledger of millions of transfers spills them to sorted runs, each with a filter of
    /// its keys, since every default-filed row asks.
    let transferEntries: DefaultFiledEntries
    /// Entries only the default category filed, by (own account, amount): there can be one
    /// per transaction of the ledger, so they are kept in bounded memory.
    let uncategorized: DefaultFiledEntries
    /// The ledger (where a failure of the entries' scratch file is reported).
    private let ledgerPath: String
    /// How many transfer entries were ever added (read, kept or written).
    private(set) var transferCount = 0
    private(set) var paired: Set<UInt64> = []
    private var pairedLog: [UInt64] = []
    private let windows: (String, String) -> Int
    /// At least the largest pairing window of any two accounts (a leg with no category
    /// looks this far, then keeps what its pair's window allows).
    private let maxWindow: Int

    /// Makes an index; `windows` gives the pairing window in days for two accounts, never
    /// more than `maxWindow`. The entries beyond what memory keeps go to scratch files
    /// beside `scratchNear` (the ledger), else in the temporary folder.
    public init(windows: @escaping (String, String) -> Int, maxWindow: Int = 3_660, scratchNear: String = NSTemporaryDirectory() + "/penny") {
        self.windows = windows
        self.maxWindow = maxWindow
        self.uncategorized = DefaultFiledEntries(near: scratchNear)
        self.transferEntries = DefaultFiledEntries(near: scratchNear, filtersKeys: true)
        self.ledgerPath = scratchNear
    }

    /// An index whose default-filed entries are kept by `store` (tests give one that spills
    /// early, or whose scratch file fails).
    init(windows: @escaping (String, String) -> Int, defaultFiled store: DefaultFiledEntries, transfers: DefaultFiledEntries? = nil) {
        self.windows = windows
        self.maxWindow = 3_660
        self.uncategorized = store
        self.transferEntries = transfers ?? DefaultFiledEntries(near: NSTemporaryDirectory() + "/penny", filtersKeys: true)
        self.ledgerPath = ""
    }

    /// True when no transfer entry is known: no leg can pair (checked before a lookup).
    public var isEmpty: Bool { transferCount == 0 }

    /// Remembers a transfer entry (read from the ledger or just written).
    public func add(_ entry: Entry) {
        let key = DefaultFiledEntries.Key(account: entry.other, units: entry.otherAmount.minorUnits, currency: entry.otherAmount.currency.code)
        transferEntries.add(key, id: entry.id, day: Int32(entry.date.dayNumber), extra: transferEntries.accountNumber(entry.side))
        transferCount += 1
    }

    /// Starts from `count` transfer entries kept in the sidecar (`fromSidecar`).
    func adoptKept(transfers count: Int) { transferCount += count }

    /// Remembers an entry on an own account that only the default category filed
    /// (`side` is the own account, `otherAmount` the amount on it).
    public func addUncategorized(_ entry: Entry) {
        let key = DefaultFiledEntries.Key(account: entry.side, units: entry.otherAmount.minorUnits, currency: entry.otherAmount.currency.code)
        uncategorized.add(key, id: entry.id, day: Int32(entry.date.dayNumber))
    }

    /// Default-filed entries on `account` whose amount there is `amount`, within the window
    /// with `from`, best first (closest date, earlier date, smaller id); throws when the
    /// scratch file of the entries beyond memory failed.
    /// - Complexity: as `candidates`, with no key filter (asked once per leg a rule files
    ///   to an own account, not once per row).
    public func uncategorizedCandidates(account: String, amount: Money, date: LocalDate, from: String) throws(PennyError) -> [Entry] {
        let key = DefaultFiledEntries.Key(account: account, units: amount.minorUnits, currency: amount.currency.code)
        let window = windows(from, account)
        let day = date.dayNumber
        guard let found = uncategorized.lookup(key, days: (day - window)...(day + window)) else { throw scratchFailure("default-filed") }
        return
            found
            .filter { !paired.contains($0.id) }
            .map { Entry(id: $0.id, side: account, other: "", date: LocalDate(dayNumber: Int($0.day)), otherAmount: amount) }
            .sorted { Self.isBetter($0, $1, for: day) }
    }

    /// Remembers that an entry has paired (read from a `; transfer-leg:` line).
    public func markPaired(_ id: UInt64) {
        paired.insert(id)
        pairedLog.append(id)
    }

    /// The entries a leg on `account` of `amount` on `date` could pair with, best first:
    /// closest date, then earlier date, then smaller id. `category` is what the rules said
    /// for the leg: another own account (it must be the entry's side), or nil when only
    /// the default category applied. Throws when the entries' scratch file failed.
    /// - Complexity: O(entries of the key in memory) plus, per spilled run whose key filter
    ///   admits the key, a binary search of its fences and the pages holding the key's days.
    public func candidates(account: String, amount: Money, date: LocalDate, category: String?) throws(PennyError) -> [Entry] {
        guard transferCount > 0 else { return [] }
        let key = DefaultFiledEntries.Key(account: account, units: amount.minorUnits, currency: amount.currency.code)
        let day = date.dayNumber, reach = category.map { windows(account, $0) } ?? maxWindow
        guard let found = transferEntries.lookup(key, days: (day - reach)...(day + reach)) else { throw scratchFailure("transfer") }
        return found.compactMap { f -> Entry? in
            let side = transferEntries.accountNames[Int(f.extra)]
            guard !paired.contains(f.id), category == nil || category == side, abs(Int(f.day) - day) <= windows(account, side) else { return nil }
            return Entry(id: f.id, side: side, other: account, date: LocalDate(dayNumber: Int(f.day)), otherAmount: amount)
        }.sorted { Self.isBetter($0, $1, for: day) }
    }

    /// The entries in another currency than `amount` that a leg on `account` could pair
    /// with as an exchange (the same direction, within the window, `category` as for
    /// `candidates`, and `isPlausible` for the two amounts), best first as for `candidates`.
    /// - Complexity: O(the account's entries in other currencies than `amount`'s).
    public func exchangeCandidates(
        account: String, amount: Money, date: LocalDate, category: String?, isPlausible: (Entry) -> Bool
    ) throws(PennyError) -> [Entry] {
        guard transferCount > 0 else { return [] }
        let day = date.dayNumber
        guard let found = transferEntries.lookup(account: account, days: (day - maxWindow)...(day + maxWindow), except: amount.currency.code) else {
            throw scratchFailure("transfer")
        }
        return found.compactMap { key, f -> Entry? in
            let side = transferEntries.accountNames[Int(f.extra)]
            guard !paired.contains(f.id), (key.units < 0) == amount.isNegative, category == nil || category == side,
                abs(Int(f.day) - day) <= windows(account, side), let currency = Currency(code: key.currency)
            else { return nil }
            let entry = Entry(id: f.id, side: side, other: account, date: LocalDate(dayNumber: Int(f.day)), otherAmount: Money(minorUnits: key.units, currency: currency))
            return isPlausible(entry) ? entry : nil
        }.sorted { Self.isBetter($0, $1, for: day) }
    }

    /// Closest date to `day` first, then the earlier date, then the smaller id.
    private static func isBetter(_ a: Entry, _ b: Entry, for day: Int) -> Bool {
        (abs(a.date.dayNumber - day), a.date.dayNumber, a.id) < (abs(b.date.dayNumber - day), b.date.dayNumber, b.id)
    }

    private func scratchFailure(_ kind: String) -> PennyError {
        PennyError(
            .ledgerUnavailable, "cannot keep the ledger's \(kind) entries for transfer pairing: the temporary file beside it failed",
            at: SourceLocation(file: ledgerPath))
    }

    /// A point to roll back to when a file fails.
    public func checkpoint() -> Int { pairedLog.count }

    /// True when either store holds an entry (a rollback then has ids to forget in them).
    public var holdsEntries: Bool { !transferEntries.isEmpty || !uncategorized.isEmpty }

    /// Forgets the pairings since `checkpoint` and the entries with the given ids (those a
    /// failed file wrote). - Complexity: O(entries in memory): failures are rare, so
    /// nothing is logged per entry on the way.
    public func rollback(to checkpoint: Int, removing ids: ScratchIDSet) {
        for id in pairedLog[checkpoint...] { paired.remove(id) }
        pairedLog.removeSubrange(checkpoint...)
        guard !ids.isEmpty else { return }
        transferEntries.remove(ids)
        uncategorized.remove(ids)
    }
}
