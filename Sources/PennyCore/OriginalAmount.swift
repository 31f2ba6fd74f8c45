/// What a purchase abroad cost in its own currency, as the statement gives it (OFX
/// `ORIGCURRENCY`/`CURRENCY` with `CURRATE`, CAMT `InstdAmt` with `CcyXchg`): kept as tags
/// on the entry; the account is still charged the transaction's amount.
public struct OriginalAmount: Sendable, Hashable {
    /// The amount in the original currency, with the sign of the amount charged.
    public let amount: Money
    /// The rate the bank applied, as it wrote it (when it wrote one).
    public let rate: Rate?

    /// Makes an original amount.
    public init(amount: Money, rate: Rate?) {
        self.amount = amount
        self.rate = rate
    }

    /// `money` times `rate` (or divided by it, `dividing`) in `currency`: exact in 128 bits,
    /// rounded once, half away from zero, to the currency's minor unit.
    /// - Throws: `MoneyError.overflow` when the result passes 64 bits.
    public static func apply(_ rate: Rate, to money: Money, dividing: Bool, into currency: Currency) throws(MoneyError) -> Money {
        let step = Conversion.Step(rate: ExchangeRate(date: LocalDate(dayNumber: 0), from: money.currency, rate: rate, to: currency), reversed: dividing)
        return try Conversion(from: money.currency, to: currency, steps: [step]).apply(money)
    }
}
