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
    private(set) var totals = RoundUpTotals()
    /// False once the tap lost track; its totals are then not to be used.
    private(set) var isExact = true

    private var accruer: RoundUpAccruer
    private let own: Set<String>
    /// Entries and comments appended so far (the update's `addedCount`, kept in step).
    private var count = 0
    /// The totals when the current file started, and the count then.
    private var checkpoint: (count: Int, totals: RoundUpTotals)?
    private var ownCaches = [NameCache(), NameCache()]
    private var accountNames = CleanNames()
    private var categoryNames = CleanNames()

    /// A tap for `engine`'s programs (which have no `if` lines), `own` the own accounts.
    init(engine: RoundUpEngine, own: Set<String>) {
        self.accruer = RoundUpAccruer(engine: engine)
        self.own = own
    }

    /// Remembers the totals before a file is imported: a failed file rolls back to here.
    func markFile() { checkpoint = (count, totals) }

    func appended(_ entry: JournalEntry) {
        count += 1
        guard isExact else { return }
        // The entry as the scan reads it back: `category  -amount`, then `account  amount`;
        // the own side is the second posting if it is an own account, else the first.
        guard accountNames.readsBack(entry.account), categoryNames.readsBack(entry.category), !entry.tags.contains(where: { $0.name == "id" }) else {
            isExact = false
            return
        }
        totals.see(entry.date)
        let account: String, category: String, amount: Money
        if ownCaches[1].holds(entry.account, in: own) {
            // A category that is an own account is a transfer.
            guard !ownCaches[0].holds(entry.category, in: own) else { return }
            (account, category, amount) = (entry.account, entry.category, entry.amount)
        } else if ownCaches[0].holds(entry.category, in: own) {
            (account, category, amount) = (entry.category, entry.account, Money(minorUnits: -entry.amount.minorUnits, currency: entry.amount.currency))
        } else {
            return
        }
        let excluded = entry.excludesRoundUp || entry.tags.contains { $0.name == "no-roundup" }
        do throws(MoneyError) {
            try accruer.accrue(date: entry.date, amount: amount, account: account, category: category, excludesRoundUp: excluded, into: &totals.tally)
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

/// Whether the ledger's reader reads a name, written as a posting's account, back as the
/// same string: not empty, no tab or line break, no two spaces in a row, no space at either
/// end, not starting like a comment. The last name that passed is remembered.
private struct CleanNames {
    var last = ""

    mutating func readsBack(_ name: String) -> Bool {
        if name == last { return true }
        var previous: UInt8 = 0x20
        for b in name.utf8 {
            if b == 0x09 || b == 0x0A || b == 0x0D || (b == 0x20 && previous == 0x20) { return false }
            previous = b
        }
        guard previous != 0x20, let first = name.utf8.first, first != UInt8(ascii: ";"), first != UInt8(ascii: "#") else { return false }
        last = name
        return true
    }
}

/// Whether an account is an own account, remembered for the last name asked.
private struct NameCache {
    var last: String?
    var answer = false

    mutating func holds(_ name: String, in set: Set<String>) -> Bool {
        if name == last { return answer }
        last = name
        answer = set.contains(name)
        return answer
    }
}
