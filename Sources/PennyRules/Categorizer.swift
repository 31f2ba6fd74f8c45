public import PennyCore

/// The rules compiled for matching: patterns folded once, tried in order.
///
/// First match wins; a transaction no rule matches gets the default category for its
/// sign. - Complexity: O(rules × patterns × description length) per transaction;
/// a one-pass multi-pattern matcher replaces this when rule sets grow (issue 4).
public struct Categorizer: Sendable {
    private let rules: [CompiledRule]
    private let defaultExpense: String
    private let defaultIncome: String

    /// Compiles a rule set.
    public init(_ ruleSet: RuleSet) {
        rules = ruleSet.rules.map(CompiledRule.init)
        defaultExpense = ruleSet.defaultExpenseCategory
        defaultIncome = ruleSet.defaultIncomeCategory
    }

    /// The category, payee and deciding rule for a transaction.
    public func categorize(_ transaction: Transaction) -> Categorization {
        categorize(transaction, foldedDescription: TextKey.fold(transaction.description))
    }

    /// The same, with the description already folded by `TextKey.fold`.
    public func categorize(_ transaction: Transaction, foldedDescription: String) -> Categorization {
        let description = Array(foldedDescription.utf8)
        let fallback = transaction.amount.isNegative ? defaultExpense : defaultIncome
        for rule in rules where rule.matches(description: description, amount: transaction.amount) {
            return Categorization(category: rule.category ?? fallback, payee: rule.payee, ruleName: rule.name)
        }
        return Categorization(category: fallback)
    }
}

private struct CompiledRule: Sendable {
    enum Test: Sendable {
        case text(Condition.TextOperator, [[UInt8]])
        case amount(Condition.ComparisonOperator, [RuleAmount])
    }

    let name: String
    let category: String?
    let payee: String?
    let tests: [Test]

    init(_ rule: Rule) {
        name = rule.name
        category = rule.category
        payee = rule.payee
        tests = rule.conditions.map { condition in
            switch condition {
            case .text(let op, let values): .text(op, values.map { Array($0.utf8) })
            case .amount(let op, let values): .amount(op, values)
            }
        }
    }

    func matches(description: [UInt8], amount: Money) -> Bool {
        tests.allSatisfy { test in
            switch test {
            case .text(let op, let patterns):
                return patterns.contains { pattern in
                    switch op {
                    case .contains: description.containsSequence(pattern)
                    case .startsWith: description.starts(with: pattern)
                    case .isEqual: description == pattern
                    }
                }
            case .amount(let op, let values):
                return values.contains { value in
                    guard let order = value.compare(amount) else { return false }
                    switch op {
                    case .less: return order < 0
                    case .lessOrEqual: return order <= 0
                    case .greater: return order > 0
                    case .greaterOrEqual: return order >= 0
                    case .equal: return order == 0
                    }
                }
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// True when `pattern` occurs in the bytes. - Complexity: O(n × m) worst case.
    func containsSequence(_ pattern: [UInt8]) -> Bool {
        guard !pattern.isEmpty else { return true }
        guard pattern.count <= count else { return false }
        let first = pattern[0]
        var i = 0
        let last = count - pattern.count
        while i <= last {
            if self[i] == first {
                var j = 1
                while j < pattern.count, self[i + j] == pattern[j] { j += 1 }
                if j == pattern.count { return true }
            }
            i += 1
        }
        return false
    }
}
