public import PennyCore
import PennyLedger
public import PennyRules

/// The exchange rates Penny converts with: the ledger's `P` lines (its includes, so the
/// prices journal, too) and the rules' `price` lines, which win for the same day and pair.
public enum RateBook {
    /// The rates held for `ledgerPath` (none when the ledger does not exist yet).
    public static func load(rules: RuleSet, ledgerPath: String) throws(PennyError) -> ExchangeRates {
        let journal = LedgerPath.exists(ledgerPath) ? try PriceJournalReader.rates(path: ledgerPath) : []
        return ExchangeRates(journal + rules.prices)
    }

    /// `penny convert`: `amount` (text, in `from`) in `to` at the rates held on `date`,
    /// with the conversion used.
    public static func convert(
        _ amount: String, from: Currency, to: Currency, on date: LocalDate, rules: RuleSet, ledgerPath: String
    ) throws(PennyError) -> (Money, Money, Conversion) {
        let units: Int64
        do { units = try AmountParser.parse(amount, format: AmountFormat(decimalMark: "."), exponent: from.exponent) } catch {
            throw .configuration("cannot read the amount '\(amount)': \(error.reason)")
        }
        let money = Money(minorUnits: units, currency: from)
        let rates = try load(rules: rules, ledgerPath: ledgerPath)
        guard let conversion = rates.conversion(from: from, to: to, on: date) else {
            throw .configuration(ConversionError.noRate(from: from, to: to, on: date).description)
        }
        do { return (money, try conversion.apply(money), conversion) } catch {
            throw .configuration("\(money) in \(to.code) is too large to count exactly")
        }
    }
}
