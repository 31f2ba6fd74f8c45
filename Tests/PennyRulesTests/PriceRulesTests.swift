import PennyCore
import PennyRules
import Testing

/// `price DATE FROM RATE TO` in the rules; one case per error message.
struct PriceRulesTests {
    @Test func aPriceLineIsAnExactRate() throws {
        let rules = try RulesLoader.load(text: "price 2024-03-01 EUR 1.0813 USD\nprice 2024-03-01 EUR 0.85600 GBP\n", file: "p.rules")
        #expect(rules.prices.map(\.description) == ["2024-03-01 EUR 1.0813 USD", "2024-03-01 EUR 0.85600 GBP"])
    }

    static let cases: [(text: String, error: String)] = [
        ("price 2024-03-01 EUR 1.0813\n", "p.rules:1:22: error: expected 'price DATE FROM RATE TO', like: price 2024-03-01 EUR 1.0813 USD"),
        ("price 2024-03-01 EUR 1.0813 USD x\n", "p.rules:1:33: error: expected 'price DATE FROM RATE TO', like: price 2024-03-01 EUR 1.0813 USD"),
        ("price 01-03-2024 EUR 1.0813 USD\n", "p.rules:1:7: error: cannot read the date '01-03-2024': expected YYYY-MM-DD"),
        ("price 2024-03-01 EURO 1.0813 USD\n", "p.rules:1:18: error: 'EURO' is not a currency code: expected three letters like EUR"),
        ("price 2024-03-01 EUR 1.0.8 USD\n", "p.rules:1:22: error: cannot read the rate '1.0.8': expected a positive decimal with '.', like 1.0813"),
        ("price 2024-03-01 EUR 1.0813 $\n", "p.rules:1:29: error: '$' is not a currency code: expected three letters like USD"),
        ("price 2024-03-01 EUR 1 EUR\n", "p.rules:1:24: error: a price of EUR in EUR says nothing: expected two different currencies"),
        ("price 2024-03-01 EUR 1.0813 USD\n  extra\n", "p.rules:2:3: error: 'price' takes no indented lines"),
    ]

    @Test(arguments: cases.indices)
    func message(index: Int) {
        let item = Self.cases[index]
        do {
            _ = try RulesLoader.load(text: item.text, file: "p.rules")
            Issue.record("no error for \(item.text)")
        } catch {
            #expect(error.errors.map(\.headline) == [item.error])
        }
    }
}
