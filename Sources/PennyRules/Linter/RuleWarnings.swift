public import PennyCore

/// Something in the rules that is legal but almost certainly not what was meant.
public struct RuleWarning: Sendable, Equatable {
    /// What looks wrong.
    public let message: String
    /// Where.
    public let location: SourceLocation

    /// `file:line:col: warning: message`.
    public var headline: String { "\(location): warning: \(message)" }
}

extension RuleSet {
    /// Legal but suspicious things, for `rules check`: rules that can never decide, and
    /// categories outside the five roots. Not computed when the rules are loaded, so no
    /// other command pays for it.
    public func lint() -> [RuleWarning] { RuleLinter.warnings(self) }
}

/// Finds shadowed rules and categories outside the five roots.
enum RuleLinter {
    static let roots = AccountName.Root.allCases.map(\.rawValue)

    static func warnings(_ ruleSet: RuleSet) -> [RuleWarning] {
        var warnings: [RuleWarning] = []
        for rule in ruleSet.rules {
            if let category = rule.category, AccountName(category).root == nil {
                warnings.append(
                    RuleWarning(
                        message: "rule '\(rule.name)': category '\(category)' is not under \(roots.joined(separator: ", ")); reports will not count it",
                        location: rule.location))
            }
        }
        let shadowed = ShadowedRules(ruleSet.rules)
        for (index, rule) in ruleSet.rules.enumerated() {
            guard let earlier = shadowed.shadower(of: index) else { continue }
            warnings.append(
                RuleWarning(
                    message: "rule '\(rule.name)' can never decide: rule '\(earlier.name)' (\(earlier.location)) comes first and holds for every transaction this one does",
                    location: rule.location))
        }
        return warnings
    }

    /// True when `b` holding guarantees `a` holds (a sound, incomplete check).
    static func implies(_ b: Condition, _ a: Condition) -> Bool {
        guard a.field == b.field, !a.isNegated, !b.isNegated else { return false }
        switch (a.test, b.test) {
        case (.text(let opA, let valuesA), .text(let opB, let valuesB)):
            if a.field == .account && valuesA.contains(where: { $0.contains("*") }) { return false }
            return valuesB.allSatisfy { v in
                valuesA.contains { x in
                    switch (opA, opB) {
                    case (.contains, _): return v.contains(x)
                    case (.startsWith, .startsWith), (.startsWith, .isEqual): return v.hasPrefix(x)
                    case (.isEqual, .isEqual): return v == x
                    default: return false
                    }
                }
            }
        case (.amount(let opA, let valuesA), .amount(let opB, let valuesB)):
            guard valuesA.count == 1, valuesB.count == 1, valuesA[0].currency == valuesB[0].currency else { return false }
            let x = valuesA[0].tenThousandths, y = valuesB[0].tenThousandths
            switch (opA, opB) {
            case (.less, .less), (.lessOrEqual, .lessOrEqual), (.lessOrEqual, .less): return y <= x
            case (.less, .lessOrEqual): return y < x
            case (.greater, .greater), (.greaterOrEqual, .greaterOrEqual), (.greaterOrEqual, .greater): return y >= x
            case (.greater, .greaterOrEqual): return y > x
            case (.equal, .equal): return x == y
            case (.less, .equal): return y < x
            case (.lessOrEqual, .equal): return y <= x
            case (.greater, .equal): return y > x
            case (.greaterOrEqual, .equal): return y >= x
            default: return false
            }
        default:
            return false
        }
    }
}
