public import PennyCore
import PennyReport

/// How a report converts amounts into its currency: the rates, and the day they are taken.
public struct ReportConversion: Sendable {
    /// When each amount is valued.
    public enum Valuation: String, Sendable, CaseIterable {
        /// At its transaction's date (the latest rate on or before it).
        case then
        /// At the period's end (today when the period is open), like `hledger bal -X`.
        case end
    }

    /// The rates held.
    public let rates: ExchangeRates
    /// When amounts are valued.
    public let valuation: Valuation
    /// The day `end` values at when the period has no end (the caller's today).
    public let today: LocalDate

    /// Makes a conversion.
    public init(rates: ExchangeRates, valuation: Valuation, today: LocalDate) {
        self.rates = rates
        self.valuation = valuation
        self.today = today
    }

    /// The one day every amount is valued at, or nil for each posting's own date.
    func valuationDate(_ period: ReportPeriod) -> LocalDate? {
        valuation == .end ? period.to ?? today : nil
    }
}
