public import PennyCore

/// A market-price line, as hledger and ledger-cli read it: `P 2024-03-01 EUR 1.0813 USD`
/// (one EUR is worth 1.0813 USD on that day). One type renders and parses it, so the
/// prices journal Penny writes is the one it reads back (a property test checks it).
///
/// Both tools use such a rate in reverse too (`hledger bal -X EUR` values USD with it).
public struct PriceDirective: Hashable, Sendable {
    /// The rate the line states.
    public let rate: ExchangeRate

    /// Makes a line for a rate.
    public init(_ rate: ExchangeRate) { self.rate = rate }

    /// The line, without its line end.
    public var line: String { "P \(rate.date) \(rate.from.code) \(rate.rate) \(rate.to.code)" }

    /// Parses `P DATE FROM RATE TO` (or `P DATE FROM TO RATE`, as ledger-cli also writes),
    /// its words read by `PriceFields` as the rules' `price` line's are; nil for a line that
    /// is not a price between two currencies (a commodity like `AAPL` or `$` is left to
    /// hledger), an error with its column for a price line Penny cannot read exactly.
    public static func parse(_ text: some StringProtocol) throws(PriceLineError) -> PriceDirective? {
        let line = String(text)
        guard line.hasPrefix("P ") || line.hasPrefix("P\t") else { return nil }
        var words: [(text: Substring, column: Int)] = []
        var index = line.startIndex, column = 1
        while index < line.endIndex {
            if line[index] == " " || line[index] == "\t" {
                index = line.index(after: index)
                column += 1
                continue
            }
            if line[index] == ";" { break }
            let start = index, startColumn = column
            while index < line.endIndex, line[index] != " ", line[index] != "\t" {
                index = line.index(after: index)
                column += 1
            }
            words.append((line[start..<index], startColumn))
        }
        guard words.count == 5 else {
            // A time after the date, or a commodity with a space, is hledger's business
            // unless both ends are currencies Penny knows.
            return nil
        }
        // Commodities other than currencies (`AAPL`, `$`, `eur`) are hledger's business.
        guard PriceFields.currency(words[2].text, exactCodes: true) != nil else { return nil }
        let (rateWord, codeWord) = PriceFields.currency(words[3].text, exactCodes: false) != nil ? (words[4], words[3]) : (words[3], words[4])
        guard PriceFields.currency(codeWord.text, exactCodes: true) != nil else { return nil }
        switch PriceFields.read(date: words[1].text, from: words[2].text, rate: rateWord.text, to: codeWord.text, exactCodes: true) {
        case .success(let rate): return PriceDirective(rate)
        case .failure(.date):
            throw PriceLineError(reason: "cannot read the price's date '\(words[1].text)': expected YYYY-MM-DD", column: words[1].column)
        case .failure(.rate):
            throw PriceLineError(reason: "cannot read the rate '\(rateWord.text)': expected a positive decimal like 1.0813", column: rateWord.column)
        case .failure(.sameCurrencies(let currency)):
            throw PriceLineError(reason: "a price of \(currency.code) in \(currency.code) says nothing: expected two different currencies", column: codeWord.column)
        case .failure(.from), .failure(.to): return nil  // both are codes: checked above
        }
    }
}

/// Why a `P` line could not be read: the reason and the 1-based column of the bad word.
public struct PriceLineError: Error, Equatable, Sendable {
    /// A sentence for a person.
    public let reason: String
    /// Where on the line.
    public let column: Int
}
