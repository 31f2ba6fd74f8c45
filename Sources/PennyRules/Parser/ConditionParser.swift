import Foundation
import PennyCore

/// `if FIELD [not] OP VALUES` lines of rules and round-up programs.
extension RulesParser {
    mutating func condition(_ line: RuleLine) -> Condition? {
        let tokens = line.tokens
        guard tokens.count >= 2 else {
            fail("expected 'if FIELD OPERATOR VALUE'", line, tokens[0])
            return nil
        }
        let fieldToken = tokens[1]
        guard let field = Condition.Field(rawValue: fieldToken.text) else {
            fail(
                "unknown field '\(fieldToken.text)'\(Suggestion.hint(for: fieldToken.text, in: Self.fields)); expected one of \(Self.fields.joined(separator: ", "))",
                line, fieldToken)
            return nil
        }
        var index = 2
        let negated = index < tokens.count && tokens[index].text == "not" && tokens[index].kind == .word
        if negated { index += 1 }
        guard index + 1 < tokens.count else {
            fail("expected an operator and a value after '\(tokens[index - 1].text)'", line, tokens.last!)
            return nil
        }
        let op = tokens[index]
        let rest = Array(tokens[(index + 1)...])
        let test: Condition.Test?
        switch field {
        case .amount: test = amountTest(op, rest, line)
        case .date: test = dateTest(op, rest, line)
        default: test = textTest(field, op, rest, line)
        }
        guard let test else { return nil }
        return Condition(
            field: field, isNegated: negated, test: test, location: line.location(tokens[0].column),
            source: line.text.trimmingCharacters(in: .whitespaces))
    }

    mutating func textTest(_ field: Condition.Field, _ op: RuleToken, _ rest: [RuleToken], _ line: RuleLine) -> Condition.Test? {
        if op.text == "matches" {
            guard let values = valueList(rest, line) else { return nil }
            var expressions: [RuleRegex] = []
            for value in values {
                guard value.kind == .regex else {
                    fail("expected a regular expression in slashes after 'matches', like /^TRF .*ORDENADO/", line, value)
                    return nil
                }
                if let bad = value.flags.first(where: { !"csx".contains($0) }) {
                    fail("unknown regular expression flag '\(bad)': expected c (exact case and accents), s or x", line, value)
                    return nil
                }
                if let nested = RegexNesting.finding(in: value.text, extended: value.flags.contains("x")) {
                    // The lexer turned each `\/` into `/`: count them back to find the column.
                    let escapes = value.text.prefix(nested.offset).filter { $0 == "/" }.count
                    let column = value.column + 1 + nested.offset + escapes
                    errors.append(
                        .configuration(
                            "\(conditionOwner): /\(value.text)/ repeats '\(nested.text)', a repetition inside a repetition, which can take minutes on a long description; repeat the group or what is inside it, not both (or make the inner one possessive, like 'a++')",
                            at: line.location(column), excerpt: line.text, caretColumn: column))
                    return nil
                }
                do {
                    expressions.append(try RuleRegex(pattern: value.text, flags: value.flags))
                } catch {
                    fail("invalid regular expression /\(value.text)/", line, value)
                    return nil
                }
            }
            return .matches(expressions)
        }
        let names = Condition.TextOperator.allCases.map(\.rawValue) + ["matches"]
        guard let textOperator = Condition.TextOperator(rawValue: op.text) else {
            fail(
                "unknown text operator '\(op.text)'\(Suggestion.hint(for: op.text, in: names + ["not"])); expected one of \(names.joined(separator: ", "))",
                line, op)
            return nil
        }
        guard let values = valueList(rest, line) else { return nil }
        if let regex = values.first(where: { $0.kind == .regex }) {
            fail("a /regex/ goes with 'matches', not '\(op.text)'", line, regex)
            return nil
        }
        return .text(textOperator, values: values.map { Self.key($0.text, field: field) })
    }

    /// The folded form a text value is compared in (IBANs also lose their spaces).
    static func key(_ text: String, field: Condition.Field) -> String {
        let folded = TextKey.fold(text)
        return field == .iban ? folded.replacingOccurrences(of: " ", with: "") : folded
    }

    mutating func amountTest(_ op: RuleToken, _ rest: [RuleToken], _ line: RuleLine) -> Condition.Test? {
        if op.text == "between" {
            guard let (low, high) = betweenBounds(rest, line) else { return nil }
            guard let a = ruleAmount(low, line), let b = ruleAmount(high, line) else { return nil }
            if a.tenThousandths > b.tenThousandths {
                fail("'between A and B' needs A <= B", line, low)
                return nil
            }
            return .amountBetween(a, b)
        }
        guard let comparison = comparison(op, line, field: "amount"), let values = valueList(rest, line) else { return nil }
        var amounts: [RuleAmount] = []
        for value in values {
            guard let amount = ruleAmount(value, line) else { return nil }
            amounts.append(amount)
        }
        return .amount(comparison, values: amounts)
    }

    mutating func dateTest(_ op: RuleToken, _ rest: [RuleToken], _ line: RuleLine) -> Condition.Test? {
        if op.text == "between" {
            guard let (low, high) = betweenBounds(rest, line), let a = date(low, line), let b = date(high, line) else { return nil }
            if a > b {
                fail("'between A and B' needs A <= B", line, low)
                return nil
            }
            return .dateBetween(a, b)
        }
        guard let comparison = comparison(op, line, field: "date"), let values = valueList(rest, line) else { return nil }
        var dates: [LocalDate] = []
        for value in values {
            guard let d = date(value, line) else { return nil }
            dates.append(d)
        }
        return .date(comparison, values: dates)
    }

    mutating func date(_ token: RuleToken, _ line: RuleLine) -> LocalDate? {
        guard let date = LocalDate(iso: token.text) else {
            fail("cannot read date '\(token.text)': rules write dates as YYYY-MM-DD", line, token)
            return nil
        }
        return date
    }

    mutating func comparison(_ op: RuleToken, _ line: RuleLine, field: String) -> Condition.ComparisonOperator? {
        if let comparison = Condition.ComparisonOperator(rawValue: op.text) { return comparison }
        let names = Condition.ComparisonOperator.allCases.map(\.rawValue) + ["between"]
        fail("unknown \(field) operator '\(op.text)'; expected one of \(names.joined(separator: " "))", line, op)
        return nil
    }

    /// `A and B`; an amount may carry a currency: `between 5.00 EUR and 10.00 EUR`.
    mutating func betweenBounds(_ rest: [RuleToken], _ line: RuleLine) -> (RuleToken, RuleToken)? {
        guard let and = rest.firstIndex(where: { $0.kind == .word && $0.text == "and" }), and > 0, and < rest.count - 1,
            let low = valueList(Array(rest[..<and]), line), let high = valueList(Array(rest[(and + 1)...]), line),
            low.count == 1, high.count == 1
        else {
            fail("expected 'between A and B'", line, rest.first ?? line.tokens.last!)
            return nil
        }
        return (low[0], high[0])
    }

    mutating func ruleAmount(_ token: RuleToken, _ line: RuleLine) -> RuleAmount? {
        let parts = token.text.split(separator: " ")
        var currency: Currency?
        if parts.count == 2 { currency = Currency(code: parts[1]) }
        do {
            let units = try AmountParser.parse(parts[0], format: .standard, exponent: 4)
            return RuleAmount(tenThousandths: units, currency: currency)
        } catch {
            fail("cannot read amount '\(token.text)': \(error.reason); rules write amounts like -12.50 or 5.00 EUR", line, token)
            return nil
        }
    }
}
