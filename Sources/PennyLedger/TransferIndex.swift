public import PennyCore

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

    private var entries: [Entry] = []
    /// Entries the default category got (`rule: default`) on own accounts: the other leg of
    /// a transfer whose first leg no rule recognized. `other` is unused for them.
    private var uncategorized: [Entry] = []
    private var paired: Set<UInt64> = []
    private var undo: [(entries: Int, uncategorized: Int, paired: [UInt64])] = []
    private var pairedLog: [UInt64] = []
    private let windows: (String, String) -> Int

    /// Makes an index; `windows` gives the pairing window in days for two accounts.
    public init(windows: @escaping (String, String) -> Int) {
        self.windows = windows
    }

    /// Remembers a transfer entry (read from the ledger or just written).
    public func add(_ entry: Entry) { entries.append(entry) }

    /// Remembers an entry on an own account that only the default category filed.
    public func addUncategorized(_ entry: Entry) { uncategorized.append(entry) }

    /// Default-filed entries on `account` whose amount there is `amount`, within the window
    /// with `from`, best first (closest date, earlier date, smaller id).
    public func uncategorizedCandidates(account: String, amount: Money, date: LocalDate, from: String) -> [Entry] {
        uncategorized.filter { e in
            e.side == account && e.otherAmount == amount && !paired.contains(e.id) && abs(e.date.dayNumber - date.dayNumber) <= windows(from, account)
        }.sorted { a, b in
            let da = abs(a.date.dayNumber - date.dayNumber), db = abs(b.date.dayNumber - date.dayNumber)
            return (da, a.date.dayNumber, a.id) < (db, b.date.dayNumber, b.id)
        }
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
        entries.filter { e in
            e.other == account && e.otherAmount == amount && !paired.contains(e.id) && (category == nil || category == e.side)
                && abs(e.date.dayNumber - date.dayNumber) <= windows(account, e.side)
        }.sorted { a, b in
            let da = abs(a.date.dayNumber - date.dayNumber), db = abs(b.date.dayNumber - date.dayNumber)
            return (da, a.date.dayNumber, a.id) < (db, b.date.dayNumber, b.id)
        }
    }

    /// A point to roll back to when a file fails.
    public func checkpoint() -> Int {
        undo.append((entries.count, uncategorized.count, pairedLog))
        return undo.count - 1
    }

    /// Forgets what was added or paired since `checkpoint`.
    public func rollback(to checkpoint: Int) {
        let state = undo[checkpoint]
        entries.removeSubrange(state.entries...)
        uncategorized.removeSubrange(state.uncategorized...)
        for id in pairedLog[state.paired.count...] { paired.remove(id) }
        pairedLog = state.paired
        undo.removeSubrange(checkpoint...)
    }
}
