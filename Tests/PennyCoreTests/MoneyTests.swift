import PennyCore
import Testing

struct MoneyTests {
    let eur = Currency.euro

    @Test func formatsByExponent() {
        #expect(Money(minorUnits: -2347, currency: eur).description == "-23.47 EUR")
        #expect(Money(minorUnits: 5, currency: eur).decimalString == "0.05")
        #expect(Money(minorUnits: -5, currency: eur).decimalString == "-0.05")
        #expect(Money(minorUnits: 1500, currency: Currency(code: "JPY")!).decimalString == "1500")
        #expect(Money(minorUnits: 1500, currency: Currency(code: "BHD")!).decimalString == "1.500")
        #expect(DecimalFormatter.format(minorUnits: .min, exponent: 2) == "-92233720368547758.08")
    }

    @Test func currencyCodes() {
        #expect(Currency(code: "eur") == .euro)
        #expect(Currency(code: "EURO") == nil)
        #expect(Currency(code: "E1R") == nil)
        #expect(Currency(code: "KWD")?.exponent == 3)
    }

    @Test func arithmeticChecksOverflowAndCurrency() throws {
        let a = Money(minorUnits: .max, currency: eur)
        #expect(throws: MoneyError.overflow) { try a.adding(Money(minorUnits: 1, currency: eur)) }
        let usd = Money(minorUnits: 1, currency: Currency(code: "USD")!)
        #expect(throws: MoneyError.currencyMismatch(eur, usd.currency)) { try Money(minorUnits: 1, currency: eur).adding(usd) }
        #expect(try Money(minorUnits: 150, currency: eur).adding(Money(minorUnits: -200, currency: eur)).minorUnits == -50)
        #expect(throws: MoneyError.overflow) { try Money(minorUnits: .min, currency: eur).negated() }
    }
}
