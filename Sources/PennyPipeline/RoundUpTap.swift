import PennyCore
import PennyLedger
import PennyRoundUp

/// Follows an import's `LedgerUpdate` (`LedgerUpdateObserver`): each appended entry's spare
/// change goes into a tally as it is written, read from the entry exactly as the ledger
/// scan would read its text back, so after the commit the round-ups add these totals to
/// the sidecar's instead of reading the ledger again.
///
/// When something happens that it cannot follow exactly (an entry refiled, a rollback to a
/// point it did not mark, an account name the ledger's reader would read differently, a
/// total past 64 bits) it says so (`isExact` false) and the ledger is read whole.
final class RoundUpTap: LedgerUpdateObserver {
    /// What the appended entries and comments add.
    @exclusivity(unchecked) private(set) var totals = RoundUpTotals()
    /// False once the tap lost track; its totals are then not to be used.
    private(set) var isExact = true

    // Touched for every appended entry, by the one thread that drives the update.
    @exclusivity(unchecked) private var accruer: RoundUpAccruer
    @exclusivity(unchecked) private var names: AccountNames
    /// The renderer whose slots `slotFacts` describes (held, so another is never taken for it).
    private var slotsOf: RowEntryRenderer?
    /// Per slot of `slotsOf`, what the tap needs of its decision, once asked.
    private var slotFacts: [DecisionFacts?] = []
    /// Entries and comments appended so far (the update's `addedCount`, kept in step).
    private var count = 0
    /// The declarations' tap, told of everything too (a direct call: no second observer
    /// per row).
    var declarations: DeclarationTap?
    /// The totals when the current file started, and the count then.
    private var checkpoint: (count: Int, totals: RoundUpTotals)?

    /// A tap for `engine`'s programs (which have no `if` lines), `own` the own accounts.
    init(engine: RoundUpEngine, own: Set<String>) {
        self.accruer = RoundUpAccruer(engine: engine)
        self.names = AccountNames(own: own)
    }

    /// Remembers the totals before a file is imported: a failed file rolls back to here.
    func markFile() { checkpoint = (count, totals) }

    func appended(_ entry: JournalEntry) {
        declarations?.appended(entry)
        see(date: entry.date, amount: entry.amount, accountName: entry.account, categoryName: entry.category, excludesRoundUp: entry.excludesRoundUp, tags: entry.tags)
    }

    func appended(date: LocalDate, amount: Money, account: String, decision: Categorization) {
        declarations?.appended(date: date, amount: amount, account: account, decision: decision)
        see(date: date, amount: amount, accountName: account, categoryName: decision.category, excludesRoundUp: decision.excludesRoundUp, tags: decision.tags)
    }

    /// A row-lane entry: what the tap needs of its slot's decision is worked out once per
    /// slot (the category's facts, whether it is excluded, whether the scan would read it
    /// back the same), not per row.
    func appended(date: LocalDate, amount: Money, account: String, slot: Int, of renderer: RowEntryRenderer) {
        declarations?.appended(date: date, amount: amount, account: account, slot: slot, of: renderer)
        if slotsOf !== renderer {
            slotsOf = renderer
            slotFacts = Array(repeating: nil, count: renderer.decisions.count)
        }
        let facts: DecisionFacts
        if let known = slotFacts[slot] {
            facts = known
        } else {
            let decision = renderer.decisions[slot]
            facts = DecisionFacts(decision.excludesRoundUp, decision.tags, category: names.category(decision.category))
            slotFacts[slot] = facts
        }
        count += 1
        guard isExact else { return }
        see(date: date, amount: amount, accountName: account, account: names.account(account), category: facts.category, excluded: facts.excluded, exact: facts.exact) {
            renderer.decisions[slot].category
        }
    }

    /// An appended entry, by the fields the scan reads back.
    private func see(date: LocalDate, amount: Money, accountName: String, categoryName: String, excludesRoundUp: Bool, tags: [Tag]) {
        count += 1
        guard isExact else { return }
        let facts = DecisionFacts(excludesRoundUp, tags, category: names.category(categoryName))
        see(date: date, amount: amount, accountName: accountName, account: names.account(accountName), category: facts.category, excluded: facts.excluded, exact: facts.exact) {
            categoryName
        }
    }

    /// An appended entry by the facts of its names; `categoryName` is asked only when the
    /// category is an own account.
    private func see(
        date: LocalDate, amount: Money, accountName: String, account: NameFacts, category: NameFacts, excluded: Bool, exact: Bool, categoryName: () -> String
    ) {
        if !exact { isExact = false }
        // A name the reader would read back differently: the scan decides.
        guard account.readsBack, category.readsBack, isExact else {
            isExact = false
            return
        }
        totals.see(date)
        // The entry as the scan reads it back: `category  -amount`, then `account  amount`;
        // the own side is the second posting if it is an own account, else the first; a
        // category that is an own account is a transfer.
        do throws(MoneyError) {
            if account.isOwn {
                guard !category.isOwn else { return }
                try accruer.accrue(
                    date: date, amount: amount, account: accountName, categoryRoundsUp: category.roundsUp, excludesRoundUp: excluded,
                    into: &totals.tally)
            } else if category.isOwn {
                try accruer.accrue(
                    date: date, amount: Money(minorUnits: -amount.minorUnits, currency: amount.currency), account: categoryName(),
                    categoryRoundsUp: account.roundsUp, excludesRoundUp: excluded, into: &totals.tally)
            }
        } catch {
            isExact = false
        }
    }

    func appended(_ comment: PennyComment) {
        count += 1
        if case .roundUpApply(let program, let date, _) = comment { totals.manualSweeps.append(ManualSweep(program: program, date: date)) }
    }

    func rolledBack(keeping: Int) {
        guard let checkpoint, checkpoint.count == keeping else {
            isExact = false
            return
        }
        count = keeping
        totals = checkpoint.totals
    }

    func refiled() { isExact = false }
}

/// What the tap needs of a decision: its category's facts, whether the entry is excluded
/// from round-ups (`no-roundup`, as a flag or a tag), and whether the scan would read the
/// entry back the same (an `id` tag would be read as the entry's id; rules reserve it).
private struct DecisionFacts {
    let category: NameFacts
    let excluded: Bool
    let exact: Bool

    init(_ excludesRoundUp: Bool, _ tags: [Tag], category: NameFacts) {
        self.category = category
        excluded = excludesRoundUp || tags.contains { $0.name == "no-roundup" }
        exact = !tags.contains { $0.name == "id" }
    }
}

/// What the tap needs to know of an account name, worked out once per name: whether the
/// ledger's reader reads it, written as a posting's account, back as the same string (not
/// empty, no tab or line break, no two spaces in a row, no space at either end, not
/// starting like a comment), whether it is an own account, and whether a purchase filed
/// under it rounds up.
private struct NameFacts {
    var readsBack: Bool
    var isOwn: Bool
    var roundsUp: Bool

    init(_ name: String, own: Set<String>) {
        var clean = true
        var previous: UInt8 = 0x20
        for b in name.utf8 {
            if b == 0x09 || b == 0x0A || b == 0x0D || (b == 0x20 && previous == 0x20) { clean = false }
            previous = b
        }
        let first = name.utf8.first
        readsBack = clean && previous != 0x20 && first != nil && first != UInt8(ascii: ";") && first != UInt8(ascii: "#")
        isOwn = own.contains(name)
        roundsUp = RoundUpEngine.roundsUp(category: name)
    }
}

/// The facts of each name seen, the last own account's and last category's kept apart
/// (an import's own account never changes within a statement). The last names are the
/// caller's strings, so the next row's usually compare by identity (`sharesStorage`):
/// an account name is too long to be a small string, and comparing its bytes cost a
/// hundred instructions a row.
private struct AccountNames {
    let own: Set<String>
    var known: [String: NameFacts] = [:]
    var lastAccount: (name: String, facts: NameFacts)?
    var lastCategory: (name: String, facts: NameFacts)?

    init(own: Set<String>) { self.own = own }

    mutating func account(_ name: String) -> NameFacts {
        if let facts = Self.recall(name, from: &lastAccount) { return facts }
        let facts = facts(name)
        lastAccount = (name, facts)
        return facts
    }

    mutating func category(_ name: String) -> NameFacts {
        if let facts = Self.recall(name, from: &lastCategory) { return facts }
        let facts = facts(name)
        lastCategory = (name, facts)
        return facts
    }

    /// The facts `last` keeps when it names `name`: by identity, else by its bytes, and then
    /// the caller's string is kept in it (a statement's run after run names its account anew).
    @inline(__always)
    private static func recall(_ name: String, from last: inout (name: String, facts: NameFacts)?) -> NameFacts? {
        guard let kept = last else { return nil }
        if kept.name.sharesStorage(with: name) { return kept.facts }
        guard kept.name == name else { return nil }
        last = (name, kept.facts)
        return kept.facts
    }

    private mutating func facts(_ name: String) -> NameFacts {
        if let facts = known[name] { return facts }
        let facts = NameFacts(name, own: own)
        // Bounded: a statement of ever new names keeps only the last thousands.
        if known.count >= 4096 { known.removeAll(keepingCapacity: true) }
        known[name] = facts
        return facts
    }
}
