public import PennyCore

/// The rules compiled for matching, built once: every text value of every rule in one
/// Aho–Corasick automaton, amounts checked only for rules still in play.
///
/// A transaction's folded description is scanned once; the scan marks which text
/// conditions hold; the candidate rules (all text conditions held, or none to hold) are
/// then tried in rule order and the first whose amount conditions also hold decides.
/// A transaction no rule categorizes gets the default category for its sign.
/// - Complexity: per transaction O(description length + matches + candidates), whatever
///   the number of rules.
public struct Categorizer: Sendable {
    private let rules: [CompiledRule]
    private let automaton: AhoCorasick
    /// Per pattern: the text condition it belongs to and how it must match.
    private let patternUses: [(condition: Int32, op: Condition.TextOperator)]
    /// Per text condition: its rule.
    private let conditionRule: [Int32]
    /// Rules whose text conditions always hold (none, or an empty value), in order.
    private let alwaysCandidates: [Int32]
    /// Conditions `is ""`: they hold for an empty description only.
    private let emptyTextConditions: [Int32]
    private let defaultExpense: String
    private let defaultIncome: String

    /// Compiles a rule set.
    public init(_ ruleSet: RuleSet) {
        var rules: [CompiledRule] = []
        var patterns: [[UInt8]] = []
        var uses: [(condition: Int32, op: Condition.TextOperator)] = []
        var conditionRule: [Int32] = []
        var always: [Int32] = []
        var emptyText: [Int32] = []
        for (ruleIndex, rule) in ruleSet.rules.enumerated() {
            var required = 0
            var amounts: [(Condition.ComparisonOperator, [RuleAmount])] = []
            for condition in rule.conditions {
                switch condition {
                case .amount(let op, let values):
                    amounts.append((op, values))
                case .text(let op, let values):
                    // `contains ""` and `starts-with ""` hold for every text: they constrain nothing.
                    if op != .isEqual && values.contains(where: \.isEmpty) { continue }
                    let id = Int32(conditionRule.count)
                    conditionRule.append(Int32(ruleIndex))
                    required += 1
                    for value in values {
                        if value.isEmpty {
                            emptyText.append(id)
                            continue
                        }
                        patterns.append(Array(value.utf8))
                        uses.append((id, op))
                    }
                }
            }
            if required == 0 { always.append(Int32(ruleIndex)) }
            rules.append(CompiledRule(name: rule.name, category: rule.category, payee: rule.payee, requiredTextConditions: required, amounts: amounts))
        }
        self.rules = rules
        self.automaton = AhoCorasick(patterns: patterns)
        self.patternUses = uses
        self.conditionRule = conditionRule
        self.alwaysCandidates = always
        self.emptyTextConditions = emptyText
        defaultExpense = ruleSet.defaultExpenseCategory
        defaultIncome = ruleSet.defaultIncomeCategory
    }

    /// The category, payee and deciding rule for a transaction.
    public func categorize(_ transaction: Transaction) -> Categorization {
        categorize(transaction, foldedDescription: TextKey.fold(transaction.description))
    }

    /// The same, with the description already folded by `TextKey.fold`.
    public func categorize(_ transaction: Transaction, foldedDescription: String) -> Categorization {
        var description = foldedDescription
        let held = description.withUTF8 { heldConditions(in: $0) }
        let fallback = transaction.amount.isNegative ? defaultExpense : defaultIncome
        // Candidates in rule order: rules whose every text condition held, merged with
        // the rules that have none.
        var satisfied: [Int32] = []
        var i = 0
        while i < held.count {
            let rule = conditionRule[Int(held[i])]
            var count = 0
            while i < held.count, conditionRule[Int(held[i])] == rule {
                count += 1
                i += 1
            }
            if count == rules[Int(rule)].requiredTextConditions { satisfied.append(rule) }
        }
        var a = 0, b = 0
        while a < satisfied.count || b < alwaysCandidates.count {
            let next: Int32
            if b == alwaysCandidates.count || (a < satisfied.count && satisfied[a] < alwaysCandidates[b]) {
                next = satisfied[a]
                a += 1
            } else {
                next = alwaysCandidates[b]
                b += 1
            }
            let rule = rules[Int(next)]
            if rule.amountsHold(transaction.amount) {
                return Categorization(category: rule.category ?? fallback, payee: rule.payee, ruleName: rule.name)
            }
        }
        return Categorization(category: fallback)
    }

    /// Text conditions that hold, sorted and without repeats (so grouped by rule).
    private func heldConditions(in text: UnsafeBufferPointer<UInt8>) -> [Int32] {
        var held: [Int32] = []
        automaton.forEachMatch(in: text) { pattern, end in
            let use = patternUses[pattern]
            let start = end - automaton.patternLengths[pattern]
            switch use.op {
            case .contains: held.append(use.condition)
            case .startsWith: if start == 0 { held.append(use.condition) }
            case .isEqual: if start == 0 && end == text.count { held.append(use.condition) }
            }
        }
        // `is ""` has no occurrence to report.
        if text.isEmpty { held += emptyTextConditions }
        if held.count > 1 {
            held.sort()
            var unique: [Int32] = []
            unique.reserveCapacity(held.count)
            for c in held where unique.last != c { unique.append(c) }
            return unique
        }
        return held
    }
}

/// What matching needs of a rule once its text values are in the automaton.
private struct CompiledRule: Sendable {
    let name: String
    let category: String?
    let payee: String?
    let requiredTextConditions: Int
    let amounts: [(Condition.ComparisonOperator, [RuleAmount])]

    func amountsHold(_ amount: Money) -> Bool {
        amounts.allSatisfy { op, values in
            values.contains { value in
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
