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

    /// Adds an entry's two postings: its amount to its account, the negation to its category.
    mutating func add(_ entry: JournalEntry) {
        tracked.add(account: entry.account, date: entry.date, amount: entry.amount)
        tracked.add(account: entry.category, date: entry.date, amount: entry.amount, sign: -1)
    }

    /// Adds the postings of a plain row decided as `renderer`'s `slot` on `account`.
    @inline(__always)
    mutating func add(row: PlainRow, account: String, renderer: RowEntryRenderer, slot: Int) {
        tracked.add(account: account, date: row.date, amount: row.amount)
        if isCategoryTracked(renderer, slot) {
            tracked.add(account: renderer.category(slot), date: row.date, amount: row.amount, sign: -1)
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

    /// Adds (`sign` 1) or takes back (-1) a refiling's changes.
    mutating func adjust(_ adjustments: [(account: String, date: LocalDate, amount: Money)], sign: Int64) {
        for a in adjustments { tracked.add(account: a.account, date: a.date, amount: a.amount, sign: sign) }
    }

    /// Takes the postings of journal text `bytes` (a failed file's) back out of the balances.
    mutating func subtract(written bytes: [UInt8]) {
        var parser = PostingLineParser()
        var balances = tracked
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            Array(line).withUnsafeBufferPointer { parser.take($0, into: &balances, sign: -1) }
        }
        tracked = balances
    }
}
