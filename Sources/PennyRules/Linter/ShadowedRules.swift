/// Finds, for each rule, the first earlier rule that holds for every transaction it does
/// (so it can never decide), without comparing every pair of rules.
///
/// An earlier rule with a positive text condition (`if FIELD contains|starts-with|is`) can
/// only shadow a later rule whose same field's values contain one of its values, so each
/// such rule is indexed by that condition's values in one Aho–Corasick automaton per field;
/// a later rule's first value is scanned once to find its candidates. Rules without such a
/// condition (amount or date only) are few and are tried against every later rule.
/// - Complexity: O(total text + candidate pairs) instead of O(rules²) string searches.
struct ShadowedRules {
    private struct Anchor {
        let field: Condition.Field
        let values: [String]
    }

    private let rules: [Rule]
    private var automata: [Condition.Field: (automaton: AhoCorasick, owners: [Int])] = [:]
    private var anchorless: [Int] = []

    init(_ rules: [Rule]) {
        self.rules = rules
        var patterns: [Condition.Field: (bytes: [[UInt8]], owners: [Int])] = [:]
        for (index, rule) in rules.enumerated() where !rule.continues {
            guard let anchor = Self.anchor(rule) else {
                anchorless.append(index)
                continue
            }
            for value in anchor.values {
                patterns[anchor.field, default: ([], [])].bytes.append(Array(value.utf8))
                patterns[anchor.field, default: ([], [])].owners.append(index)
            }
        }
        for (field, entry) in patterns { automata[field] = (AhoCorasick(patterns: entry.bytes), entry.owners) }
    }

    /// The first earlier rule that shadows rule `index`, if any.
    func shadower(of index: Int) -> Rule? {
        let rule = rules[index]
        var candidates = anchorless.filter { $0 < index }
        for condition in rule.conditions where !condition.isNegated {
            guard case .text(_, let values) = condition.test, let first = values.first, let entry = automata[condition.field] else { continue }
            var bytes = Array(first.utf8)
            bytes.withUnsafeMutableBufferPointer { buffer in
                entry.automaton.forEachMatch(in: UnsafeBufferPointer(buffer)) { pattern, _ in
                    if entry.owners[pattern] < index { candidates.append(entry.owners[pattern]) }
                }
            }
        }
        for candidate in Set(candidates).sorted() {
            let earlier = rules[candidate]
            if earlier.conditions.allSatisfy({ c in rule.conditions.contains { RuleLinter.implies($0, c) } }) { return earlier }
        }
        return nil
    }

    /// A rule's first positive text condition on a field other than `account` (whose values
    /// may be globs), the one its candidates are found by.
    private static func anchor(_ rule: Rule) -> Anchor? {
        for condition in rule.conditions where !condition.isNegated && condition.field != .account {
            if case .text(_, let values) = condition.test, !values.isEmpty { return Anchor(field: condition.field, values: values) }
        }
        return nil
    }
}
