public import PennyCore

/// Tells whether two legs in different currencies are one exchange between own accounts:
/// what left one account and what arrived at the other must be within `tolerancePercent`
/// of each other at the reference rate of the day the money left (docs/accounts.md).
public struct ExchangeMatcher: Sendable {
    /// The rates held (the ledger's `P` lines and the rules' `price` lines).
    public let rates: ExchangeRates
    /// How far the implied rate may be from the reference rate, in percent.
    public let tolerancePercent: Int

    /// The default tolerance: banks' and cards' exchange margins stay well inside it, and a
    /// different transfer of a similar size rarely falls in it on the same days.
    public static let defaultTolerancePercent = 5

    /// A matcher with `rates`.
    public init(rates: ExchangeRates, tolerancePercent: Int = defaultTolerancePercent) {
        self.rates = rates
        self.tolerancePercent = tolerancePercent
    }

    /// True when `paid` (positive, what left) and `received` (positive, what arrived) are
    /// within the tolerance of each other at the rate of `date`; false without a rate.
    public func isPlausible(paid: Money, received: Money, on date: LocalDate) -> Bool {
        guard paid.currency != received.currency, paid.minorUnits > 0, received.minorUnits > 0,
            let conversion = rates.conversion(from: received.currency, to: paid.currency, on: date),
            let reference = try? conversion.apply(received), reference.minorUnits > 0
        else { return false }
        let difference = Int128(paid.minorUnits) - Int128(reference.minorUnits)
        return difference.magnitude * 100 <= Int128(reference.minorUnits).magnitude * UInt128(tolerancePercent)
    }

    /// The exchange's two posting lines, the same whichever leg came first: the leaving
    /// posting, then the arriving one with what it cost (`@@`), so hledger and ledger-cli
    /// balance the entry.
    public static func postingLines(leaving: (account: String, amount: Money), arriving: (account: String, amount: Money)) -> [String] {
        let paid = Money(minorUnits: -leaving.amount.minorUnits, currency: leaving.amount.currency)
        return [
            JournalWriter.postingLine(leaving.account, leaving.amount),
            JournalWriter.postingLine(arriving.account, arriving.amount, cost: paid),
        ]
    }
}
