import Foundation
import PennyCore

/// `default currency|expense-category|income-category VALUE`.
extension RulesParser {
    mutating func defaultLine(_ head: RuleLine, _ body: [RuleLine]) {
        rejectBody(body, of: "default")
        let keys = DefaultKey.words
        guard head.tokens.count == 3 else {
            fail("expected 'default KEY VALUE' with KEY one of \(keys.joined(separator: ", "))", head, head.tokens.last!)
            return
        }
        let key = head.tokens[1], value = head.tokens[2]
        switch key.text {
        case "currency":
            guard let currency = Currency(code: value.text) else {
                fail("'\(value.text)' is not a currency code: expected three letters like EUR", head, value)
                return
            }
            ruleSet.defaultCurrency = currency
        case "expense-category":
            if checkAccountName(value, head) { ruleSet.defaultExpenseCategory = value.text }
        case "income-category":
            if checkAccountName(value, head) { ruleSet.defaultIncomeCategory = value.text }
        default:
            fail("unknown default '\(key.text)'\(Suggestion.hint(for: key.text, in: keys)); expected one of \(keys.joined(separator: ", "))", head, key)
        }
    }
}
