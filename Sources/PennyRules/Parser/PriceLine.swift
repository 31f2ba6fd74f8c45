import PennyCore

/// `price DATE FROM RATE TO`: one FROM is worth RATE TO on DATE (`price 2024-03-01 EUR
/// 1.0813 USD`), the same words as a journal's `P` line, read by the same `PriceFields`;
/// the rate is an exact decimal.
extension RulesParser {
    mutating func price(_ head: RuleLine, _ body: [RuleLine]) {
        rejectBody(body, of: "price")
        let tokens = head.tokens
        guard tokens.count == 5 else {
            fail("expected 'price DATE FROM RATE TO', like: price 2024-03-01 EUR 1.0813 USD", head, tokens.count > 5 ? tokens[5] : tokens.last!)
            return
        }
        switch PriceFields.read(date: tokens[1].text, from: tokens[2].text, rate: tokens[3].text, to: tokens[4].text, exactCodes: false) {
        case .success(let rate): ruleSet.prices.append(rate)
        case .failure(.date): fail("cannot read the date '\(tokens[1].text)': expected YYYY-MM-DD", head, tokens[1])
        case .failure(.from): fail("'\(tokens[2].text)' is not a currency code: expected three letters like EUR", head, tokens[2])
        case .failure(.rate): fail("cannot read the rate '\(tokens[3].text)': expected a positive decimal with '.', like 1.0813", head, tokens[3])
        case .failure(.to): fail("'\(tokens[4].text)' is not a currency code: expected three letters like USD", head, tokens[4])
        case .failure(.sameCurrencies(let currency)):
            fail("a price of \(currency.code) in \(currency.code) says nothing: expected two different currencies", head, tokens[4])
        }
    }
}
