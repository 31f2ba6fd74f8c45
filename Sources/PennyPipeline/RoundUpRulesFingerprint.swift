import PennyCore
import PennyRules

/// What of the rules a ledger's round-up day totals depend on, as one hash: the programs'
/// origins, funding, pot, unit, multiplier, `until` and `if` lines, their currencies, the
/// own accounts and the default currency. Schedules and destinations only shape the
/// sweeps, which are derived from the totals on every run, so they are left out.
enum RoundUpRulesFingerprint {
    /// The hash of `rules`' round-up inputs, as 16 hex digits.
    static func of(_ rules: RuleSet) -> String {
        var hash = StableHash()
        hash.combine("default \(rules.defaultCurrency.code)")
        for account in rules.accounts.map(\.name).sorted() { hash.combine("own \(account)") }
        let currencies = rules.roundUpCurrencies
        for program in rules.roundUps {
            hash.combine("program \(program.name)")
            for origin in program.origins { hash.combine("from \(origin)") }
            hash.combine("funding \(program.funding ?? "-") pot \(program.pot ?? "-") currency \(currencies[program.name]?.code ?? "-")")
            hash.combine("unit \(describe(program.unit)) multiplier \(program.multiplier) until \(program.until.map { "\($0)" } ?? "-")")
            for condition in rules.roundUpConditions[program.name] ?? [] { hash.combine("if \(describe(condition))") }
        }
        return StableHash.hex(hash.value)
    }

    private static func describe(_ amount: DecimalAmount) -> String { "\(amount.tenThousandths) \(amount.currency?.code ?? "-")" }

    private static func describe(_ c: Condition) -> String {
        let test: String
        switch c.test {
        case .text(let op, let values): test = "text \(op.rawValue) \(values.map { "\($0.utf8.count):\($0)" }.joined(separator: " "))"
        case .matches(let regexes): test = "matches \(regexes.map { "\($0.isExact) \($0.pattern.utf8.count):\($0.pattern)" }.joined(separator: " "))"
        case .amount(let op, let values): test = "amount \(op.rawValue) \(values.map(describe).joined(separator: " "))"
        case .amountBetween(let low, let high): test = "between \(describe(low)) \(describe(high))"
        case .date(let op, let values): test = "date \(op.rawValue) \(values.map { "\($0)" }.joined(separator: " "))"
        case .dateBetween(let low, let high): test = "dates \(low) \(high)"
        }
        return "\(c.field.rawValue) \(c.isNegated) \(test) \(c.source.utf8.count):\(c.source)"
    }
}
