/// The four words of a price — DATE FROM RATE TO, `2024-03-01 EUR 1.0813 USD`: one FROM is
/// worth RATE TO on DATE — read into an `ExchangeRate`. The one reading behind the rules'
/// `price` line (PennyRules) and the journal's `P` line (`PriceDirective`, PennyLedger);
/// each finds the words on its line and words its own errors.
public enum PriceFields {
    /// The first word that cannot be read, or the two currencies being one.
    public enum Problem: Error, Equatable, Sendable {
        /// The date is not YYYY-MM-DD.
        case date
        /// The first currency is not a code.
        case from
        /// The rate is not a positive decimal with `.` (`Rate(parsing:)`).
        case rate
        /// The second currency is not a code.
        case to
        /// Both currencies are this one: a price that says nothing.
        case sameCurrencies(Currency)
    }

    /// The rate the words state, or the first problem in the words' order (date, from,
    /// rate, to), then two currencies that are one.
    /// - Parameter exactCodes: a currency only as ISO writes its code, in upper case (a
    ///   journal's `eur` is a commodity of its own); else any case (`eur` is EUR).
    public static func read(
        date: some StringProtocol, from: some StringProtocol, rate: some StringProtocol, to: some StringProtocol, exactCodes: Bool
    ) -> Result<ExchangeRate, Problem> {
        guard let day = LocalDate(iso: date) else { return .failure(.date) }
        guard let source = currency(from, exactCodes: exactCodes) else { return .failure(.from) }
        guard let value = Rate(parsing: rate) else { return .failure(.rate) }
        guard let target = currency(to, exactCodes: exactCodes) else { return .failure(.to) }
        guard source != target else { return .failure(.sameCurrencies(source)) }
        return .success(ExchangeRate(date: day, from: source, rate: value, to: target))
    }

    /// The currency `word` names; with `exactCodes`, only when it is the code as written.
    public static func currency(_ word: some StringProtocol, exactCodes: Bool) -> Currency? {
        guard let currency = Currency(code: word) else { return nil }
        return !exactCodes || currency.code == word ? currency : nil
    }
}
