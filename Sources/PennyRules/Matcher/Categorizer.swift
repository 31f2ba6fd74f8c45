public import PennyCore

/// The rules compiled for matching, built once: every positive description value of
/// every rule in one Aho–Corasick automaton; other conditions checked only for rules
/// still in play.
///
/// A transaction's folded description is scanned once; the scan marks which description
/// conditions hold; the candidate rules (all such conditions held, or none to hold) are
/// then tried in rule order. The first whose other conditions also hold decides; with
/// `continue`, later candidates may still set what it did not. A transaction no rule
/// categorizes gets the default category for its sign.
/// - Complexity: per transaction O(description length + matches + candidates), whatever
///   the number of rules.
public struct Categorizer: Sendable {
    private let rules: [CompiledRule]
    private let automaton: AhoCorasick
    /// Per pattern: the description condition it belongs to and how it must match.
    private let patternUses: [(condition: Int32, op: Condition.TextOperator)]
    /// Per description condition: its rule.
    private let conditionRule: [Int32]
    /// Rules with no description condition for the automaton, in order.
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
            var checks: [Condition] = []
            for condition in rule.conditions {
                guard condition.field == .description, !condition.isNegated, case .text(let op, let values) = condition.test else {
                    checks.append(condition)
                    continue
                }
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
            if required == 0 { always.append(Int32(ruleIndex)) }
            rules.append(CompiledRule(rule: rule, requiredTextConditions: required, checks: checks))
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

    /// What the rules decide for a transaction of the own account `account`.
    public func categorize(_ transaction: Transaction, account: String = "") -> Categorization {
        categorize(transaction, foldedDescription: TextKey.fold(transaction.description), account: account)
    }

    /// The same, with the description already folded by `TextKey.fold`.
    public func categorize(_ transaction: Transaction, foldedDescription: String, account: String = "") -> Categorization {
        decide(transaction, foldedDescription: foldedDescription, account: account).decision
    }

    /// `categorize`'s decision, and the rule that made it alone when one did (the first rule
    /// that held sets a category and does not `continue`, and no regular expression gave
    /// up): the decision is then that rule's `ruleDecisions` entry.
    private func decide(_ transaction: Transaction, foldedDescription: String, account: String) -> (decision: Categorization, alone: Int?) {
        var description = foldedDescription
        let held = description.withUTF8 { heldConditions(in: $0) }
        var decision = Categorization(category: transaction.amount.isNegative ? defaultExpense : defaultIncome)
        let candidates = candidates(held)
        // Most rows of a statement no rule knows have no candidate: nothing more to build.
        if candidates.isEmpty { return (decision, nil) }
        var fields = FieldValues(transaction: transaction, foldedDescription: foldedDescription, account: account)
        var categorized = false
        var applied = 0
        for index in candidates {
            let rule = rules[Int(index)]
            let holds = rule.checks.allSatisfy({ ConditionEvaluator.holds($0, &fields) })
            if decision.matchFailure == nil, let condition = fields.gaveUp {
                decision.matchFailure = Self.gaveUp(rule: rule.name, condition, on: transaction.description)
            }
            guard holds else { continue }
            applied += 1
            rule.apply(to: &decision, categorized: &categorized)
            if applied == 1, rule.category != nil, !rule.continues, decision.matchFailure == nil { return (decision, Int(index)) }
            if !rule.continues { break }
        }
        return (decision, nil)
    }

    /// What the rules decide for a plain row of the own account `account`, given its
    /// description folded by `TextKey.fold` as bytes, as a `RowVerdict`: `.rule(i)` when the
    /// first rule that holds decides alone (it sets a category and does not `continue`),
    /// `.byDefault` when none holds; the full decision otherwise. A property test checks
    /// it against `categorize`.
    public func verdict(row: PlainRow, foldedDescription: UnsafeBufferPointer<UInt8>, account: String, scratch: inout MatchScratch) -> RowVerdict {
        if let verdict = accountFreeVerdict(row: row, foldedDescription: foldedDescription, scratch: &scratch) { return verdict }
        // Rules that read more than the amount and date, or several rules together: the
        // row's `Transaction` is asked. A rule that decides alone is still a slot's verdict,
        // so the lane writes the row.
        let (decision, alone) = decide(row.transaction(), foldedDescription: String(decoding: foldedDescription, as: UTF8.self), account: account)
        if let alone { return .rule(alone) }
        return decision.ruleName == nil && decision == defaultDecision(for: row.amount) ? .byDefault : .decision(decision)
    }

    /// The verdict when the rules reach it from the description, amount and date alone —
    /// the same for every own account, so it can be found before the account is known
    /// (on the reader's thread); nil when `verdict` needs more (a rule reading other
    /// fields, or several rules together).
    public func accountFreeVerdict(row: PlainRow, foldedDescription: UnsafeBufferPointer<UInt8>, scratch: inout MatchScratch) -> RowVerdict? {
        heldConditions(in: foldedDescription, into: &scratch.held)
        candidates(scratch.held, satisfied: &scratch.satisfied, into: &scratch.candidates)
        scratch.keys.reset()
        // The rule's fields are read in place: a copy of the rule retained and released each
        // of its strings and arrays for every candidate of every row.
        for index in scratch.candidates {
            let i = Int(index)
            guard rules[i].checksReadFromRow, let holds = RowConditions.allHold(rules[i].checks, row, folded: foldedDescription, keys: &scratch.keys) else {
                return nil
            }
            guard holds else { continue }
            return rules[i].decidesAlone ? .rule(i) : nil
        }
        // Every candidate was tried and none held.
        return .byDefault
    }

    /// Storage `verdict` reuses from one row to the next (one per thread).
    public struct MatchScratch {
        fileprivate var held: [Int32] = []
        fileprivate var satisfied: [Int32] = []
        fileprivate var candidates: [Int32] = []
        fileprivate var keys = RowFieldKeys()

        /// Empty storage.
        public init() {}
    }

    /// Each rule's decision when it decides alone, in rule order (what `.rule(i)` stands for).
    public var ruleDecisions: [Categorization] {
        rules.map { rule in
            var decision = Categorization(category: defaultExpense)
            var categorized = false
            rule.apply(to: &decision, categorized: &categorized)
            return decision
        }
    }

    /// The decision no rule made: the default category for the amount's sign.
    public func defaultDecision(for amount: Money) -> Categorization {
        Categorization(category: amount.isNegative ? defaultExpense : defaultIncome)
    }

    /// The error for a rule whose regular expression gave up on a description.
    static func gaveUp(rule: String, _ condition: Condition, on description: String) -> PennyError {
        let shown = description.count > 60 ? description.prefix(57) + "..." : Substring(description)
        if RegexBudget.isSpent {
            return .configuration(
                "rule '\(rule)': '\(condition.source)' gave up on \"\(shown)\": this file's regular expressions took over \(RegexBudget.fileLimit >= 100 ? "\(RegexBudget.fileLimit / 100) million" : "\(RegexBudget.fileLimit * 10_000)") backtracking steps in all; simplify the regular expression (no repetition inside a repetition)",
                at: condition.location)
        }
        return .configuration(
            "rule '\(rule)': '\(condition.source)' gave up on \"\(shown)\" after about \(RuleRegex.progressLimit * 10_000 / 1_000_000) million backtracking steps; simplify the regular expression (no repetition inside a repetition)",
            at: condition.location)
    }

    /// Candidate rules in rule order: those whose every description condition held,
    /// merged with those that have none.
    private func candidates(_ held: [Int32]) -> [Int32] {
        var satisfied: [Int32] = []
        var merged: [Int32] = []
        candidates(held, satisfied: &satisfied, into: &merged)
        return merged
    }

    /// `candidates(_:)` into storage the caller reuses.
    private func candidates(_ held: [Int32], satisfied: inout [Int32], into merged: inout [Int32]) {
        satisfied.empty()
        merged.empty()
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
        if satisfied.isEmpty {
            merged += alwaysCandidates
            return
        }
        var a = 0, b = 0
        while a < satisfied.count || b < alwaysCandidates.count {
            if b == alwaysCandidates.count || (a < satisfied.count && satisfied[a] < alwaysCandidates[b]) {
                merged.append(satisfied[a])
                a += 1
            } else {
                merged.append(alwaysCandidates[b])
                b += 1
            }
        }
    }

    /// Description conditions that hold, sorted and without repeats (so grouped by rule).
    private func heldConditions(in text: UnsafeBufferPointer<UInt8>) -> [Int32] {
        var held: [Int32] = []
        heldConditions(in: text, into: &held)
        return held
    }

    /// `heldConditions(in:)` into storage the caller reuses.
    private func heldConditions(in text: UnsafeBufferPointer<UInt8>, into held: inout [Int32]) {
        held.empty()
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
            var kept = 1
            for i in 1..<held.count where held[i] != held[kept - 1] {
                held[kept] = held[i]
                kept += 1
            }
            while held.count > kept { held.removeLast() }
        }
    }
}

/// What matching needs of a rule once its description values are in the automaton.
private struct CompiledRule: Sendable {
    let name: String
    let category: String?
    let payee: String?
    let tags: [Tag]
    let note: String?
    let skips: Bool
    let excludesRoundUp: Bool
    let continues: Bool
    let requiredTextConditions: Int
    /// Conditions the automaton does not decide, checked in order.
    let checks: [Condition]
    /// True when every one of `checks` may be decided from a `PlainRow`'s bytes
    /// (`RowConditions`), without its `Transaction`.
    let checksReadFromRow: Bool
    /// True when the rule sets a category and stops there: when it holds, its decision is
    /// the row's (`RowVerdict.rule`).
    let decidesAlone: Bool

    /// Adds what this rule sets to `decision` (the category only if no earlier rule set
    /// one; payee and note only if none is set; tags by name, once).
    func apply(to decision: inout Categorization, categorized: inout Bool) {
        if !categorized, let category {
            decision.category = category
            decision.ruleName = name
            categorized = true
        }
        if decision.payee == nil { decision.payee = payee }
        if decision.note == nil { decision.note = note }
        for tag in tags where !decision.tags.contains(where: { $0.name == tag.name }) { decision.tags.append(tag) }
        decision.skips = decision.skips || skips
        decision.excludesRoundUp = decision.excludesRoundUp || excludesRoundUp
    }

    init(rule: Rule, requiredTextConditions: Int, checks: [Condition]) {
        name = rule.name
        category = rule.category
        payee = rule.payee
        tags = rule.tags
        note = rule.note
        skips = rule.skips
        excludesRoundUp = rule.excludesRoundUp
        continues = rule.continues
        self.requiredTextConditions = requiredTextConditions
        self.checks = checks
        checksReadFromRow = checks.allSatisfy(RowConditions.isReadFromRow)
        decidesAlone = rule.category != nil && !rule.continues
    }
}

extension [Int32] {
    /// Empties a short list and keeps its storage: a few `removeLast`s cost less than
    /// `removeAll(keepingCapacity:)`, a general range replacement (three lists a row).
    fileprivate mutating func empty() {
        while !isEmpty { removeLast() }
    }
}
