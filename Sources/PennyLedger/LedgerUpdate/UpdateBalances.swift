import PennyCore

/// The own accounts' balances an update keeps while it reads the ledger and appends to it
/// (`StatementBalances`), for the statements' closing checks and the next index.
struct UpdateBalances {
    /// The balances tracked: the asked accounts, or the index's (a superset of them).
    var tracked: StatementBalances
    /// The accounts the caller asked balances for.
    let requested: Set<String>
    /// The renderer whose slots `categoryTracked` answers for, and per slot -1 (not asked)
    /// or whether the balances track its category.
    private var trackedRenderer: RowEntryRenderer?
    private var categoryTracked: [Int8] = []

    /// Tracks `accounts`.
    init(accounts: Set<String>) {
        tracked = StatementBalances(accounts: accounts)
        requested = accounts
    }

    /// The balances of the asked accounts.
    var asked: StatementBalances {
        tracked.accounts == requested ? tracked : tracked.restricted(to: requested)
    }

    /// Adds an entry's two postings: its amount to its account, the negation to its
    /// category; throws when a balance would not fit (and adds neither).
    mutating func add(_ entry: JournalEntry) throws(MoneyError) {
        try add(entry.account, entry.category, date: entry.date, amount: entry.amount, category: true)
    }

    /// Adds `amount` to `account` and, when `category`, its negation to `categoryAccount`:
    /// both or (throwing) neither. Undoing the first add cannot fail: it restores the value
    /// before it, and the failed second one changed nothing.
    @inline(__always)
    private mutating func add(_ account: String, _ categoryAccount: String, date: LocalDate, amount: Money, category: Bool) throws(MoneyError) {
        try tracked.add(account: account, date: date, amount: amount)
        guard category else { return }
        do throws(MoneyError) {
            try tracked.add(account: categoryAccount, date: date, amount: amount, sign: -1)
        } catch {
            try? tracked.add(account: account, date: date, amount: amount, sign: -1)
            throw error
        }
    }

    /// Adds the postings of a plain row of `date` and `amount` decided as `renderer`'s
    /// `slot` on `account`; false when a balance would not fit (nothing added).
    @inline(__always)
    mutating func add(rowOf renderer: RowEntryRenderer, slot: Int, account: String, date: LocalDate, amount: Money) -> Bool {
        let category = isCategoryTracked(renderer, slot)
        do throws(MoneyError) {
            try add(account, category ? renderer.category(slot) : "", date: date, amount: amount, category: category)
            return true
        } catch {
            return false
        }
    }

    /// Whether the balances track the category of `renderer`'s `slot`: asked once per slot
    /// (the renderer is held, so another one is never taken for it).
    private mutating func isCategoryTracked(_ renderer: RowEntryRenderer, _ slot: Int) -> Bool {
        if trackedRenderer !== renderer {
            trackedRenderer = renderer
            categoryTracked = Array(repeating: -1, count: renderer.decisions.count)
        }
        if categoryTracked[slot] < 0 { categoryTracked[slot] = tracked.tracks(renderer.category(slot)) ? 1 : 0 }
        return categoryTracked[slot] == 1
    }

    /// Adds (`sign` 1) or takes back (-1) a refiling's changes; throws when a balance would
    /// not fit.
    /// Adds all of them or (throwing) none: the ones added are undone, in reverse.
    mutating func adjust(_ adjustments: [(account: String, date: LocalDate, amount: Money)], sign: Int64) throws(MoneyError) {
        for (n, a) in adjustments.enumerated() {
            do throws(MoneyError) { try tracked.add(account: a.account, date: a.date, amount: a.amount, sign: sign) } catch {
                for done in adjustments[..<n].reversed() { try? tracked.add(account: done.account, date: done.date, amount: done.amount, sign: -sign) }
                throw error
            }
        }
    }

    /// A failed file's postings taken back out of a copy of the balances, a run of whole
    /// lines at a time; the copy replaces the balances only once all of it is taken.
    struct Subtraction {
        private var parser = PostingLineParser()
        private(set) var balances: StatementBalances

        init(balances: StatementBalances) {
            self.balances = balances
        }

        /// Takes the postings of whole lines of journal text.
        mutating func take(_ bytes: [UInt8]) throws(MoneyError) {
            // Each line read in place (a copy of each line per row rolled back cost more
            // than reading it).
            try bytes.withUnsafeBufferPointer { (all) throws(MoneyError) in
                var start = 0
                while start <= all.count {
                    var end = start
                    while end < all.count && all[end] != 0x0A { end += 1 }
                    try parser.take(UnsafeBufferPointer(rebasing: all[start..<end]), into: &balances, sign: -1)
                    start = end + 1
                }
            }
        }
    }
}
