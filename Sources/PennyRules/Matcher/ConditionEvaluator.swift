import Foundation
import PennyCore

/// A transaction's fields as conditions compare them, folded on first use.
struct FieldValues {
    let transaction: Transaction
    let foldedDescription: String
    let account: String
    private var folded: [Condition.Field: String] = [:]
    /// The first `matches` condition whose regular expression gave up on this transaction.
    var gaveUp: Condition?

    init(transaction: Transaction, foldedDescription: String, account: String) {
        self.transaction = transaction
        self.foldedDescription = foldedDescription
        self.account = account
    }

    /// The field as written (for exact `/regex/c`).
    func original(_ field: Condition.Field) -> String {
        let t = transaction
        switch field {
        case .description: return t.description
        case .payee: return t.payee ?? ""
        case .memo: return t.memo ?? ""
        case .counterparty: return t.counterpartyName ?? ""
        case .iban: return t.counterpartyIBAN ?? ""
        case .account: return account
        case .currency: return t.amount.currency.code
        case .type: return t.type ?? ""
        case .amount: return t.amount.decimalString
        case .date: return t.date.description
        }
    }

    /// The field folded like rule values (`RulesParser.key`).
    mutating func key(_ field: Condition.Field) -> String {
        if field == .description { return foldedDescription }
        if let cached = folded[field] { return cached }
        let value = RulesParser.key(original(field), field: field)
        folded[field] = value
        return value
    }
}

/// Decides one condition for one transaction.
enum ConditionEvaluator {
    static func holds(_ condition: Condition, _ fields: inout FieldValues) -> Bool {
        test(condition, &fields) != condition.isNegated
    }

    private static func test(_ condition: Condition, _ fields: inout FieldValues) -> Bool {
        let t = fields.transaction
        switch condition.test {
        case .text(let op, let values):
            let text = fields.key(condition.field)
            return values.contains { value in
                switch op {
                case .contains: return value.isEmpty || text.contains(value)
                case .startsWith: return text.hasPrefix(value)
                case .isEqual:
                    if condition.field == .account && value.contains("*") { return fnmatch(value, text, 0) == 0 }
                    return text == value
                }
            }
        case .matches(let expressions):
            // A regular expression that gives up holds nowhere; the caller reports it.
            for regex in expressions {
                switch regex.matches(regex.isExact ? fields.original(condition.field) : fields.key(condition.field)) {
                case true?: return true
                case false?: continue
                case nil: if fields.gaveUp == nil { fields.gaveUp = condition }
                }
            }
            return false
        case .amount, .amountBetween, .date, .dateBetween:
            return testAmountOrDate(condition.test, amount: t.amount, date: t.date)
        }
    }

    /// Decides a condition on amount or date alone (a `PlainRow`'s); nil for the others.
    static func holds(_ condition: Condition, amount: Money, date: LocalDate) -> Bool? {
        switch condition.test {
        case .text, .matches: return nil
        case .amount, .amountBetween, .date, .dateBetween: return testAmountOrDate(condition.test, amount: amount, date: date) != condition.isNegated
        }
    }

    private static func testAmountOrDate(_ test: Condition.Test, amount: Money, date: LocalDate) -> Bool {
        switch test {
        case .text, .matches:
            return false
        case .amount(let op, let values):
            return values.contains { value in
                guard let order = value.compare(amount) else { return false }
                return compare(order, op)
            }
        case .amountBetween(let low, let high):
            guard let above = low.compare(amount), let below = high.compare(amount) else { return false }
            return above >= 0 && below <= 0
        case .date(let op, let values):
            return values.contains { compare(date < $0 ? -1 : (date == $0 ? 0 : 1), op) }
        case .dateBetween(let low, let high):
            return date >= low && date <= high
        }
    }

    private static func compare(_ order: Int, _ op: Condition.ComparisonOperator) -> Bool {
        switch op {
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        case .equal: order == 0
        }
    }
}
