import PennyCore
import PennyTestSupport
import Testing

@testable import PennyLedger

/// A `P` line parses back to exactly the rate rendered, and lines Penny cannot read
/// exactly are refused at their column.
struct PriceDirectivePropertyTests {
    static let codes = ["EUR", "USD", "GBP", "JPY", "BHD", "CHF"]

    @Test func parsingWhatWasRenderedGivesTheSameRate() throws {
        var g = SeededGenerator(seed: 14)
        for _ in 0..<2_000 {
            let from = Self.codes.randomElement(using: &g)!
            let to = Self.codes.filter { $0 != from }.randomElement(using: &g)!
            let rate = Rate(mantissa: Int64.random(in: 1...999_999_999_999, using: &g), scale: Int.random(in: 0...10, using: &g))!
            let price = PriceDirective(
                ExchangeRate(date: LocalDate(dayNumber: Int.random(in: 0...40_000, using: &g)), from: Currency(code: from)!, rate: rate, to: Currency(code: to)!))
            #expect(try PriceDirective.parse(price.line) == price, "\(price.line)")
        }
    }

    @Test func theLineIsWhatHledgerReads() throws {
        let rate = ExchangeRate(date: LocalDate(iso: "2024-03-01")!, from: .euro, rate: Rate(parsing: "0.85600")!, to: Currency(code: "GBP")!)
        #expect(PriceDirective(rate).line == "P 2024-03-01 EUR 0.85600 GBP")
        #expect(try PriceDirective.parse("P 2024-03-01 EUR GBP 0.85600  ; ledger-cli's order") == PriceDirective(rate))
    }

    @Test func otherCommoditiesAreLeftAlone() throws {
        #expect(try PriceDirective.parse("P 2024-03-01 AAPL 170.12 USD") == nil)
        #expect(try PriceDirective.parse("P 2024-03-01 00:00:00 EUR 1.08 USD") == nil)
        #expect(try PriceDirective.parse("2024-03-01 payee") == nil)
    }

    @Test func badRatesAndDatesAreRefusedAtTheirColumn() {
        #expect(throws: PriceLineError(reason: "cannot read the rate '1,0813': expected a positive decimal like 1.0813", column: 18)) {
            try PriceDirective.parse("P 2024-03-01 EUR 1,0813 USD")
        }
        #expect(throws: PriceLineError(reason: "cannot read the price's date '2024-13-01': expected YYYY-MM-DD", column: 3)) {
            try PriceDirective.parse("P 2024-13-01 EUR 1.0813 USD")
        }
        #expect(throws: PriceLineError(reason: "a price of EUR in EUR says nothing: expected two different currencies", column: 25)) {
            try PriceDirective.parse("P 2024-03-01 EUR 1.0813 EUR")
        }
    }
}
