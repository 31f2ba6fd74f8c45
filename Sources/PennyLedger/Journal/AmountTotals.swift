public import PennyCore

/// The sum of the magnitudes of a ledger's amounts per currency, kept below 64 bits: while it
/// fits, no report's sum of any of those amounts can overflow.
public final class AmountTotals: @unchecked Sendable {
    /// The totals, per currency.
    public var totals: [Currency: Int64] {
        get { sums.dictionary }
        set { sums = CurrencyTotals(newValue) }
    }
    @exclusivity(unchecked) private var sums: CurrencyTotals

    /// Starts from a ledger's totals (`LedgerCheck.requireReadable`).
    public init(_ totals: [Currency: Int64] = [:]) { self.sums = CurrencyTotals(totals) }

    /// Counts a new entry (its two postings); an error at `location` when the total would
    /// pass 64 bits.
    public func add(_ amount: Money, at location: SourceLocation) throws(PennyError) {
        do throws(MoneyError) { try sums.addPostings(of: amount) } catch {
            throw .badInput(
                "the amount \(amount) would make the ledger's \(amount.currency.code) amounts add up beyond what Penny counts exactly (\(Int64.max) minor units)",
                at: location)
        }
    }
}
