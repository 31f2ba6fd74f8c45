import PennyCore
import Testing

/// `PriceFields`, the one reading of a price's words (the rules' `price`, the journal's `P`).
struct PriceFieldsTests {
    func read(_ words: String, exactCodes: Bool = false) -> Result<ExchangeRate, PriceFields.Problem> {
        let w = words.split(separator: " ")
        return PriceFields.read(date: w[0], from: w[1], rate: w[2], to: w[3], exactCodes: exactCodes)
    }

    @Test func theWordsAreAnExactRate() throws {
        #expect(try read("2024-03-01 EUR 1.0813 USD").get().description == "2024-03-01 EUR 1.0813 USD")
        #expect(try read("2024-03-01 eur 1.0813 usd").get().description == "2024-03-01 EUR 1.0813 USD")
    }

    @Test func exactCodesAreUpperCaseOnly() {
        #expect(read("2024-03-01 eur 1.0813 USD", exactCodes: true) == .failure(.from))
        #expect(read("2024-03-01 EUR 1.0813 usd", exactCodes: true) == .failure(.to))
        #expect(PriceFields.currency("eur", exactCodes: true) == nil)
        #expect(PriceFields.currency("eur", exactCodes: false)?.code == "EUR")
    }

    @Test func theFirstProblemInTheWordsOrderIsTheOneReported() {
        #expect(read("2024-13-01 EURO 1,08 $") == .failure(.date))
        #expect(read("2024-03-01 EURO 1,08 $") == .failure(.from))
        #expect(read("2024-03-01 EUR 1,08 $") == .failure(.rate))
        #expect(read("2024-03-01 EUR 1.08 $") == .failure(.to))
        #expect(read("2024-03-01 EUR 1.08 eur") == .failure(.sameCurrencies(.euro)))
    }
}
