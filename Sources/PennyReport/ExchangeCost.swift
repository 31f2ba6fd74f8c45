public import PennyCore

/// One exchange between two own accounts in different currencies (a transaction with the
/// two postings, `assets:revolut  100.00 USD @@ 92.50 EUR`), and what it cost against the
/// reference rate of its day: what was paid, less what was received valued at that rate.
public struct ExchangeCost: Sendable, Equatable {
    /// The exchange's date.
    public let date: LocalDate
    /// The own account the money left.
    public let from: String
    /// The own account it arrived at.
    public let to: String
    /// What left `from` (positive, in its currency).
    public let paid: Money
    /// What arrived at `to` (positive, in its currency).
    public let received: Money
    /// `received` in `paid`'s currency at the reference rate of `date`, or nil when no rate
    /// reaches it (the report then fails naming the pair).
    public let reference: Money?
    /// `paid - reference`: positive when the exchange gave less than the reference rate; nil
    /// when `reference` is.
    public let cost: Money?

    /// Values an exchange with `rates` (the latest rate on or before `date`).
    /// - Throws: `MoneyError.overflow` when the valued amount or the cost passes 64 bits.
    public init(date: LocalDate, from: String, to: String, paid: Money, received: Money, rates: ExchangeRates) throws(MoneyError) {
        self.date = date
        self.from = from
        self.to = to
        self.paid = paid
        self.received = received
        let reference = try rates.conversion(from: received.currency, to: paid.currency, on: date).map { (c) throws(MoneyError) in try c.apply(received) }
        self.reference = reference
        self.cost = try reference.map { (r) throws(MoneyError) in
            var units = paid.minorUnits
            try units.subtract(checked: r.minorUnits)
            return Money(minorUnits: units, currency: paid.currency)
        }
    }

    /// The exchange in a transaction of two postings on own accounts in two currencies, one
    /// leaving and one arriving; nil for any other transaction.
    public static func exchange(
        date: LocalDate, postings: [(account: String, amount: Money?)], ownAccounts: Set<String>, rates: ExchangeRates
    ) throws(MoneyError) -> ExchangeCost? {
        guard postings.count == 2, let a = postings[0].amount, let b = postings[1].amount, a.currency != b.currency,
            ownAccounts.contains(postings[0].account), ownAccounts.contains(postings[1].account), a.isNegative != b.isNegative
        else { return nil }
        let (leaving, arriving) = a.isNegative ? (postings[0], postings[1]) : (postings[1], postings[0])
        let paid = leaving.amount!, received = arriving.amount!
        return try ExchangeCost(
            date: date, from: leaving.account, to: arriving.account, paid: try paid.negated(), received: received,
            rates: rates)
    }
}
