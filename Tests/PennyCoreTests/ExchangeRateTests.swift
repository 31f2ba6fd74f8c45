import PennyCore
import Testing

/// Rates are exact decimals; conversions multiply or divide exactly in 128 bits and round
/// once, half away from zero, to the target's minor unit.
struct ExchangeRateTests {
    let eur = Currency.euro, usd = Currency(code: "USD")!, gbp = Currency(code: "GBP")!, jpy = Currency(code: "JPY")!

    func rate(_ day: String, _ from: Currency, _ value: String, _ to: Currency) -> ExchangeRate {
        ExchangeRate(date: LocalDate(iso: day)!, from: from, rate: Rate(parsing: value)!, to: to)
    }

    @Test func ratesParseExactlyAndKeepTheirPlaces() {
        #expect(Rate(parsing: "1.0813") == Rate(mantissa: 10813, scale: 4))
        #expect(Rate(parsing: "0.85420")?.description == "0.85420")
        #expect(Rate(parsing: "161")?.description == "161")
        for bad in ["", "0", "0.000", "-1.2", "1,08", "1.", ".5", "1e3", "N/A", "1.2.3", "1234567890123456789"] {
            #expect(Rate(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func publishedRatesMultiplyAndReversedOnesDivide() throws {
        let book = ExchangeRates([rate("2024-03-01", eur, "1.0813", usd), rate("2024-03-04", eur, "1.0845", usd)])
        let day = LocalDate(iso: "2024-03-04")!
        #expect(try book.convert(Money(minorUnits: 10000, currency: eur), to: usd, on: day) == Money(minorUnits: 10845, currency: usd))
        // 23.47 / 1.0845 = 21.6413...
        #expect(try book.convert(Money(minorUnits: 2347, currency: usd), to: eur, on: day) == Money(minorUnits: 2164, currency: eur))
        // The latest on or before: 2024-03-02 uses 2024-03-01's rate; 100 / 1.0813 = 92.4813...
        #expect(try book.convert(Money(minorUnits: -10000, currency: usd), to: eur, on: LocalDate(iso: "2024-03-02")!) == Money(minorUnits: -9248, currency: eur))
        #expect(throws: ConversionError.noRate(from: usd, to: eur, on: LocalDate(iso: "2024-02-29")!)) {
            try book.convert(Money(minorUnits: 1, currency: usd), to: eur, on: LocalDate(iso: "2024-02-29")!)
        }
    }

    @Test func halvesRoundAwayFromZero() throws {
        let book = ExchangeRates([rate("2024-03-01", eur, "1.5", usd)])
        let day = LocalDate(iso: "2024-03-01")!
        // 0.01 EUR = 0.015 USD → 0.02; -0.01 → -0.02.
        #expect(try book.convert(Money(minorUnits: 1, currency: eur), to: usd, on: day).minorUnits == 2)
        #expect(try book.convert(Money(minorUnits: -1, currency: eur), to: usd, on: day).minorUnits == -2)
    }

    @Test func aThirdCurrencyBridgesTwoThatHaveNoRate() throws {
        let book = ExchangeRates([rate("2024-03-04", eur, "1.0845", usd), rate("2024-03-04", eur, "0.85573", gbp), rate("2024-03-04", eur, "162.81", jpy)])
        let day = LocalDate(iso: "2024-03-05")!
        let conversion = try #require(book.conversion(from: usd, to: gbp, on: day))
        #expect(conversion.steps.count == 2)
        // 100 USD × 0.85573 / 1.0845 = 78.905...
        #expect(try conversion.apply(Money(minorUnits: 10000, currency: usd)) == Money(minorUnits: 7891, currency: gbp))
        // Exponents differ: 10.00 USD in JPY = 10 × 162.81 / 1.0845 = 1501.24 → 1501 yen.
        #expect(try book.convert(Money(minorUnits: 1000, currency: usd), to: jpy, on: day) == Money(minorUnits: 1501, currency: jpy))
    }

    @Test func overflowIsAnErrorNotATrap() {
        let book = ExchangeRates([rate("2024-03-01", eur, "999999999", usd)])
        #expect(throws: ConversionError.overflow) {
            try book.convert(Money(minorUnits: .max, currency: eur), to: usd, on: LocalDate(iso: "2024-03-01")!)
        }
    }

    @Test func theLastRateGivenForADayWins() throws {
        let book = ExchangeRates([rate("2024-03-01", eur, "1.0813", usd), rate("2024-03-01", eur, "1.2", usd)])
        #expect(book.published(from: "EUR", to: "USD", on: LocalDate(iso: "2024-03-09")!)?.rate.description == "1.2")
        #expect(book.all.count == 1)
    }
}
