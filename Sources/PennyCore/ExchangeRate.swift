/// One published rate on one day: `1 from = rate to` (the ECB's `1 EUR = 1.0813 USD` is
/// from EUR, to USD), what a journal's `P DATE FROM RATE TO` line says.
public struct ExchangeRate: Hashable, Sendable, CustomStringConvertible {
    /// The day the rate is for.
    public let date: LocalDate
    /// The currency one unit of which is priced.
    public let from: Currency
    /// How many units of `to` one `from` is worth.
    public let rate: Rate
    /// The currency the price is in.
    public let to: Currency

    /// Makes a rate.
    public init(date: LocalDate, from: Currency, rate: Rate, to: Currency) {
        self.date = date
        self.from = from
        self.rate = rate
        self.to = to
    }

    /// `2024-03-01 EUR 1.0813 USD`.
    public var description: String { "\(date) \(from.code) \(rate) \(to.code)" }
}
