import PennyCore

/// `price DATE FROM RATE TO`: one FROM is worth RATE TO on DATE (`price 2024-03-01 EUR
/// 1.0813 USD`), the same words as a journal's `P` line; the rate is an exact decimal.
extension RulesParser {
    mutating func price(_ head: RuleLine, _ body: [RuleLine]) {
        rejectBody(body, of: "price")
        let tokens = head.tokens
        guard tokens.count == 5 else {
            fail("expected 'price DATE FROM RATE TO', like: price 2024-03-01 EUR 1.0813 USD", head, tokens.count > 5 ? tokens[5] : tokens.last!)
            return
        }
        guard let date = LocalDate(iso: tokens[1].text) else {
            fail("cannot read the date '\(tokens[1].text)': expected YYYY-MM-DD", head, tokens[1])
            return
        }
        guard let from = Currency(code: tokens[2].text) else {
            fail("'\(tokens[2].text)' is not a currency code: expected three letters like EUR", head, tokens[2])
            return
        }
        guard let rate = Rate(parsing: tokens[3].text) else {
            fail("cannot read the rate '\(tokens[3].text)': expected a positive decimal with '.', like 1.0813", head, tokens[3])
            return
        }
        guard let to = Currency(code: tokens[4].text) else {
            fail("'\(tokens[4].text)' is not a currency code: expected three letters like USD", head, tokens[4])
            return
        }
        guard from != to else {
            fail("a price of \(from.code) in \(to.code) says nothing: expected two different currencies", head, tokens[4])
            return
        }
        ruleSet.prices.append(ExchangeRate(date: date, from: from, rate: rate, to: to))
    }
}
