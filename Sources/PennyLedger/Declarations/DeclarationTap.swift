public import PennyCore

/// Follows a `LedgerUpdate` (`LedgerUpdateObserver`) and gathers the accounts, commodities
/// and tags of what it appends, for the ledger's declarations file. A row-lane entry costs
/// a comparison with the last row's account and currency and a look at its slot's flag:
/// each slot's decision is taken in once.
///
/// Rollbacks are not followed: names of a file rolled back stay, and declaring a name the
/// ledger does not use is harmless.
public final class DeclarationTap: LedgerUpdateObserver {
    /// The names seen so far.
    public private(set) var names = LedgerDeclarations()
    /// True once an entry was appended.
    public private(set) var sawAppend = false
    private var lastAccount = ""
    private var lastCurrency: Currency?
    /// The renderer whose slots `seen` describes (held, so another is never taken for it)
    /// and its identity, compared per row without touching its reference count.
    private var slotsOf: RowEntryRenderer?
    private var slotsOfID: ObjectIdentifier?
    /// Per slot of `slotsOf`, whether its decision was taken in.
    private var seen = UnsafeMutableBufferPointer<Bool>(start: nil, count: 0)

    /// A tap with Penny's own tags declared.
    public init() { names.tags = LedgerDeclarations.pennyTags }

    deinit { seen.deallocate() }

    /// An entry was appended: its two accounts, its commodity, its tags.
    public func appended(_ entry: JournalEntry) {
        see(account: entry.account, currency: entry.amount.currency)
        see(decision: entry.category, tags: entry.tags)
    }

    /// Penny's comment lines are comments to both tools: nothing to declare.
    public func appended(_ comment: PennyComment) {}

    /// Names seen stay declared.
    public func rolledBack(keeping: Int) {}

    /// A refiling names own accounts, which their own entries declare.
    public func refiled() {}

    /// A row's entry: its account and commodity, and its slot's category and tags once.
    public func appended(date: LocalDate, amount: Money, account: String, slot: Int, of renderer: RowEntryRenderer) {
        see(account: account, currency: amount.currency)
        if ObjectIdentifier(renderer) != slotsOfID { bind(renderer) }
        guard !seen[slot] else { return }
        seen[slot] = true
        let decision = renderer.decisions[slot]
        see(decision: decision.category, tags: decision.tags)
    }

    /// Starts on `renderer`'s slots, none taken in yet.
    private func bind(_ renderer: RowEntryRenderer) {
        seen.deallocate()
        seen = .allocate(capacity: renderer.decisions.count)
        seen.initialize(repeating: false)
        slotsOf = renderer
        slotsOfID = ObjectIdentifier(renderer)
    }

    /// A row's entry with its decision given whole.
    public func appended(date: LocalDate, amount: Money, account: String, decision: Categorization) {
        see(account: account, currency: amount.currency)
        see(decision: decision.category, tags: decision.tags)
    }

    private func see(account: String, currency: Currency) {
        sawAppend = true
        // The caller's string kept even when equal: its next row compares by identity (an
        // equal name from elsewhere, such as the opening balance's, compared byte by byte),
        // and is stored only when it is another string (a store per row retained and
        // released it).
        if !account.sharesStorage(with: lastAccount) {
            if account != lastAccount { names.accounts.insert(account) }
            lastAccount = account
        }
        if currency != lastCurrency {
            lastCurrency = currency
            names.commodities.insert(currency.code)
        }
    }

    private func see(decision category: String, tags: [Tag]) {
        names.accounts.insert(category)
        for tag in tags { names.tags.insert(tag.name) }
    }
}
