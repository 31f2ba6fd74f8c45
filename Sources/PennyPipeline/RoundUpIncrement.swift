import PennyCore
import PennyRoundUp

/// One import's round-ups kept up without reading the ledger again: the sidecar's totals of
/// the ledger as the import read it, and the tap that follows what the import appends.
struct RoundUpIncrement {
    /// The totals of the ledger before the import.
    let base: RoundUpTotals
    /// What the import appends, as it is appended.
    let tap: RoundUpTap

    /// The totals of the committed ledger: `base` plus the tap's; nil when the tap lost
    /// track or a sum passes 64 bits (then the ledger is read whole, which names the error).
    func totals() -> RoundUpTotals? {
        guard tap.isExact else { return nil }
        var totals = base
        do throws(MoneyError) { try totals.add(tap.totals) } catch { return nil }
        return totals
    }
}
