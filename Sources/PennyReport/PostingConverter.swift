public import PennyCore
public import PennyLedger

/// Converts each posting into a report's currency before a builder counts it: at the rate
/// of the posting's own date (`--value then`, the default) or of one day (`--value end`),
/// rounded half away from zero to the currency's minor unit, one posting at a time, so
/// every converted line is a real amount and the totals are the sums of the lines.
///
/// A posting no rate reaches is not counted and not forgotten: `missingRates` names each
/// pair and its first day, and the report fails with it (never a silent zero).
public struct PostingConverter {
    /// The rates held.
    public let rates: ExchangeRates
    /// The report's currency.
    public let currency: Currency
    /// The day every amount is valued at; nil for each posting's own date.
    public let valuationDate: LocalDate?
    /// Per pair (`USD→EUR`), the first day without a rate and how many postings lacked one.
    public private(set) var missing: [String: (first: LocalDate, count: Int)] = [:]

    /// A converter into `currency`.
    public init(rates: ExchangeRates, currency: Currency, valuationDate: LocalDate?) {
        self.rates = rates
        self.currency = currency
        self.valuationDate = valuationDate
    }

    /// The posting in the report's currency, or nil when no rate reaches it (recorded).
    /// - Throws: `MoneyError.overflow` when the converted amount passes 64 bits (the
    ///   journal reader names the transaction's line).
    public mutating func convert(_ posting: Posting) throws(MoneyError) -> Posting? {
        guard posting.amount.currency != currency else { return posting }
        let day = valuationDate ?? posting.date
        guard let conversion = rates.conversion(from: posting.amount.currency, to: currency, on: day) else {
            let key = "\(posting.amount.currency.code)→\(currency.code)"
            let seen = missing[key]
            missing[key] = (min(seen?.first ?? day, day), (seen?.count ?? 0) + 1)
            return nil
        }
        return Posting(date: posting.date, account: posting.account, amount: try conversion.apply(posting.amount))
    }

    /// The error naming every missing rate, or nil when every posting was converted.
    public func missingRates(in ledgerPath: String) -> PennyError? {
        guard !missing.isEmpty else { return nil }
        let pairs = missing.sorted { $0.key < $1.key }.map { key, value in
            "\(key) on \(value.first) (\(value.count) posting\(value.count == 1 ? "" : "s"))"
        }
        return Self.missingRates(pairs, in: ledgerPath)
    }

    /// The one error for rates a report needs and the ledger lacks: each `pair` as named,
    /// and what the rates were for (`to value the balances`), if said.
    public static func missingRates(_ pairs: [String], for purpose: String? = nil, in ledgerPath: String) -> PennyError {
        .configuration(
            "no exchange rate for \(pairs.joined(separator: ", "))\(purpose.map { " " + $0 } ?? ""): add 'price' lines to the rules or run 'penny prices import'",
            at: SourceLocation(file: ledgerPath))
    }
}
