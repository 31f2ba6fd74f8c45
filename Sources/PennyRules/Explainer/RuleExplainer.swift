public import PennyCore

/// Why the rules categorize a transaction the way they do: every rule tried in order,
/// the first condition each failed, and the conditions the deciding rule met.
///
/// Slow on purpose (it evaluates every rule one by one); `Categorizer` is the fast path
/// and must agree with it.
public struct RuleExplainer {
    /// One rule's verdict.
    public struct Step: Sendable {
        /// The rule's name.
        public let rule: String
        /// Where the rule starts.
        public let location: SourceLocation
        /// The first condition that failed, or nil when all held.
        public let failed: Condition?
        /// The conditions that held (all of them when `failed` is nil).
        public let held: [Condition]
    }

    private let ruleSet: RuleSet

    /// Explains with a rule set.
    public init(_ ruleSet: RuleSet) {
        self.ruleSet = ruleSet
    }

    /// The steps up to and including the deciding rule(s), and the decision.
    public func explain(_ transaction: Transaction, account: String) -> (steps: [Step], decision: Categorization) {
        var fields = FieldValues(transaction: transaction, foldedDescription: TextKey.fold(transaction.description), account: account)
        var steps: [Step] = []
        let decision = Categorizer(ruleSet).categorize(transaction, account: account)
        for rule in ruleSet.rules {
            var held: [Condition] = []
            var failed: Condition?
            for condition in rule.conditions {
                if ConditionEvaluator.holds(condition, &fields) {
                    held.append(condition)
                } else {
                    failed = condition
                    break
                }
            }
            steps.append(Step(rule: rule.name, location: rule.location, failed: failed, held: held))
            if failed == nil && !rule.continues { break }
        }
        return (steps, decision)
    }

    /// The explanation as text for a person.
    public func report(_ transaction: Transaction, account: String) -> String {
        let (steps, decision) = explain(transaction, account: account)
        var out = ""
        if let failure = decision.matchFailure { out += "\(failure.headline)\n" }
        if let name = decision.ruleName, let step = steps.last(where: { $0.rule == name }) {
            out += "rule '\(name)' (\(step.location)) decides: category \(decision.category)\n"
            for condition in step.held { out += "  met: \(condition.source)\n" }
        } else {
            out += "no rule categorizes it: default category \(decision.category)\n"
        }
        if let payee = decision.payee { out += "  payee: \(payee)\n" }
        for tag in decision.tags { out += "  tag: \(tag.name)\(tag.value.map { "=\($0)" } ?? "")\n" }
        if let note = decision.note { out += "  note: \(note)\n" }
        if decision.skips { out += "  skipped: not imported\n" }
        if decision.excludesRoundUp { out += "  no round-up\n" }
        let tried = steps.filter { $0.failed != nil }
        if !tried.isEmpty {
            out += "tried before:\n"
            for step in tried {
                out += "  \(step.rule) (\(step.location)): failed '\(step.failed!.source)'\n"
            }
        }
        let alsoMatched = steps.filter { $0.failed == nil && $0.rule != decision.ruleName }
        for step in alsoMatched { out += "also applied (continue): \(step.rule) (\(step.location))\n" }
        return out
    }
}
